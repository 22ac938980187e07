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
