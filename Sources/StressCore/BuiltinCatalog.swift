/// One target that ships with the app.
public struct BuiltinTarget: Sendable, Hashable {
    /// Stable key stored with the row, so restoring defaults can tell which are missing
    /// even after the user renamed one.
    public let key: String
    public let name: String
    public let message: String
    /// The picture's asset name in the app's assets.
    public let assetName: String
    /// Whether it starts on the main screen's favorites bar.
    public let startsAsFavorite: Bool
}

/// The eight targets a new library starts with, in display order. The first is
/// selected on first launch; the first four are the starting favorites.
public enum BuiltinCatalog {
    public static let targets: [BuiltinTarget] = [
        BuiltinTarget(
            key: "monday-alarm", name: "Monday Alarm",
            message: "Five more minutes? Not today. Give it a good whack.",
            assetName: "alarm-clock", startsAsFavorite: true),
        BuiltinTarget(
            key: "jammed-printer", name: "The Printer",
            message: "PC LOAD LETTER?! It jammed again. You know what to do.",
            assetName: "printer", startsAsFavorite: true),
        BuiltinTarget(
            key: "inbox", name: "Overflowing Inbox",
            message: "4,812 unread. Punch a few into the archive.",
            assetName: "inbox", startsAsFavorite: true),
        BuiltinTarget(
            key: "meeting", name: "Pointless Meeting",
            message: "This could have been an email. Let it out.",
            assetName: "meeting", startsAsFavorite: true),
        BuiltinTarget(
            key: "loading-wheel", name: "Loading Wheel",
            message: "Still spinning. Maybe a punch will speed it up.",
            assetName: "loading-wheel", startsAsFavorite: false),
        BuiltinTarget(
            key: "empty-coffee", name: "Empty Coffee Pot",
            message: "Whoever took the last cup did not make more.",
            assetName: "coffee-pot", startsAsFavorite: false),
        BuiltinTarget(
            key: "slow-wifi", name: "Slow Wi-Fi",
            message: "One bar, in the middle of a video call. Again.",
            assetName: "wifi-router", startsAsFavorite: false),
        BuiltinTarget(
            key: "deadline", name: "The Deadline",
            message: "It was due yesterday. Punch it into next week.",
            assetName: "deadline", startsAsFavorite: false),
    ]

    /// The built-in target with this key, if there is one.
    public static func target(forKey key: String) -> BuiltinTarget? {
        targets.first { $0.key == key }
    }
}
