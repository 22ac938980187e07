// StressCore owns the model and its rules: what a stress target is, which targets
// may be favorites, what a valid name and message are, and the built-in catalog.
// It must not touch C libraries, files, the database or the screen.

/// Where a target's picture comes from.
public enum TargetPicture: Sendable, Hashable {
    /// A picture shipped with the app, named by its asset name (e.g. "alarm-clock").
    case builtin(assetName: String)
    /// A user's picture, stored as a file of this name in the data folder's images/.
    case stored(fileName: String)
}

/// A thing the user punches: a picture with a name and a message.
public struct StressTarget: Sendable, Hashable, Identifiable {
    public var id: Int64
    public var name: String
    public var message: String
    public var picture: TargetPicture
    public var isFavorite: Bool
    public var isSelected: Bool
    public var punchCount: Int
    /// The strongest punch it took (0...999; 0 when never punched) and its longest combo.
    public var strongest: Int
    public var bestCombo: Int
    /// When it was first and last punched, in seconds since 1970 (nil: never).
    public var firstPunched: Double?
    public var lastPunched: Double?
    /// The catalog key for a target that shipped with the app (even after the user
    /// edited it); nil for the user's own targets.
    public var builtinKey: String?
    /// The part of a stored picture that shows (the whole of it by default). Built-in
    /// art always shows whole: it is drawn to its own silhouette, margin and shadow,
    /// and a crop would only cut its outline to a hard edge.
    public var crop: PictureCrop

    public init(
        id: Int64, name: String, message: String, picture: TargetPicture,
        isFavorite: Bool = false, isSelected: Bool = false, punchCount: Int = 0,
        builtinKey: String? = nil, strongest: Int = 0, bestCombo: Int = 0, firstPunched: Double? = nil, lastPunched: Double? = nil,
        crop: PictureCrop = .full
    ) {
        self.crop = crop
        self.strongest = strongest
        self.bestCombo = bestCombo
        self.firstPunched = firstPunched
        self.lastPunched = lastPunched
        self.id = id
        self.name = name
        self.message = message
        self.picture = picture
        self.isFavorite = isFavorite
        self.isSelected = isSelected
        self.punchCount = punchCount
        self.builtinKey = builtinKey
    }

    /// Whether the target came with the app.
    public var isBuiltin: Bool { builtinKey != nil }

    /// The crop that applies: the stored one for a photo, the whole for built-in art.
    public var shownCrop: PictureCrop {
        if case .stored = picture { return crop }
        return .full
    }
}
