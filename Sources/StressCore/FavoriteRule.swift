import Localization

/// The favorites rule: at most four targets sit on the main screen.
public enum FavoriteRule {
    /// The most favorites there can be at once.
    public static let limit = 4

    /// Whether a target may be marked favorite.
    ///
    /// A target that already is a favorite is always allowed (so the toggle can turn it
    /// off, and re-marking it is a no-op); any other target only while there is room.
    public static func canFavorite(currentFavoriteCount: Int, isAlreadyFavorite: Bool) -> Bool {
        if isAlreadyFavorite { return true }
        return currentFavoriteCount < limit
    }

    /// The sentence shown when a fifth favorite is refused.
    public static var refusalReason: String {
        // TRANSLATORS: %d is the most favorites there can be (4).
        trn("You already have %d favorite. Remove one from the main screen first.",
            "You already have %d favorites. Remove one from the main screen first.", limit)
    }
}
