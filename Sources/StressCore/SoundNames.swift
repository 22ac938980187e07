/// The app's sounds by name: the one list the punch scene picks from, the asset
/// catalog finds files by and asset-forge makes.
public enum SoundNames {
    /// The fist's punch sounds, one picked per punch so repeated hits do not sound mechanical.
    public static let punches = ["punch-1", "punch-2", "punch-3"]
    /// The deep thump layered under the tool's own sound for the big one (950 and up).
    public static let bigThump = "big-thump"
    /// The soft tick for buttons and toggles.
    public static let click = "click"
    /// Every tool's sounds, the fist's first (see `PunchTool.soundNames`).
    public static var tools: [String] { PunchTool.allCases.flatMap(\.soundNames) }
    public static var all: [String] { tools + [bigThump, click] }
}

/// A sound the punch scene asks for, by what it is rather than by file name: a tool's
/// hit (one of its variants, picked per hit) or the big one's thump. The shell plays
/// the built-in sound by `builtinName`, or one of the user's own for `tool`.
public enum SoundCue: Sendable, Hashable {
    /// Variant `variant` (0..<`tool.soundVariants`) of a tool's hit sounds.
    case hit(PunchTool, variant: Int)
    /// The deep thump layered under the tool's own sound for the big one.
    case bigThump

    /// The built-in sound's name: the asset catalog's file and the mixer's key.
    public var builtinName: String {
        switch self {
        case .hit(let tool, let variant):
            let names = tool.soundNames
            return names[min(max(0, variant), names.count - 1)]
        case .bigThump:
            return SoundNames.bigThump
        }
    }

    /// The tool whose hit this is (the user's own sounds for it stand in), or nil.
    public var tool: PunchTool? {
        if case .hit(let tool, _) = self { return tool }
        return nil
    }
}
