import Localization

/// One target that ships with the app. Its name and message are stored in English
/// and shown in the user's language for as long as the user has not changed them,
/// so a library made under one language reads right under another.
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

    /// The name as the user sees it: translated.
    public var shownName: String { Localization.translation(ofStored: name) }
    public var shownMessage: String { Localization.translation(ofStored: message) }
}

/// The eight targets a new library starts with, in display order. The first is
/// selected on first launch; the first four are the starting favorites.
public enum BuiltinCatalog {
    public static let targets: [BuiltinTarget] = [
        BuiltinTarget(
            key: "monday-alarm", name: trNoop("Monday Alarm").description,
            message: trNoop("Five more minutes? Not today. Give it a good whack.").description,
            assetName: "alarm-clock", startsAsFavorite: true),
        BuiltinTarget(
            key: "jammed-printer", name: trNoop("The Printer").description,
            message: trNoop("PC LOAD LETTER?! It jammed again. You know what to do.").description,
            assetName: "printer", startsAsFavorite: true),
        BuiltinTarget(
            key: "inbox", name: trNoop("Overflowing Inbox").description,
            message: trNoop("4,812 unread. Punch a few into the archive.").description,
            assetName: "inbox", startsAsFavorite: true),
        BuiltinTarget(
            key: "meeting", name: trNoop("Pointless Meeting").description,
            message: trNoop("This could have been an email. Let it out.").description,
            assetName: "meeting", startsAsFavorite: true),
        BuiltinTarget(
            key: "loading-wheel", name: trNoop("Loading Wheel").description,
            message: trNoop("Still spinning. Maybe a punch will speed it up.").description,
            assetName: "loading-wheel", startsAsFavorite: false),
        BuiltinTarget(
            key: "empty-coffee", name: trNoop("Empty Coffee Pot").description,
            message: trNoop("Whoever took the last cup did not make more.").description,
            assetName: "coffee-pot", startsAsFavorite: false),
        BuiltinTarget(
            key: "slow-wifi", name: trNoop("Slow Wi-Fi").description,
            message: trNoop("One bar, in the middle of a video call. Again.").description,
            assetName: "wifi-router", startsAsFavorite: false),
        BuiltinTarget(
            key: "deadline", name: trNoop("The Deadline").description,
            message: trNoop("It was due yesterday. Punch it into next week.").description,
            assetName: "deadline", startsAsFavorite: false),
    ]

    /// The built-in target with this key, if there is one.
    public static func target(forKey key: String) -> BuiltinTarget? {
        targets.first { $0.key == key }
    }

    /// A target's name and message as the library shows them: a built-in one's own
    /// (English, stored) words translated, anything the user wrote as it is.
    public static func shown(name: String, message: String, key: String?) -> (name: String, message: String) {
        guard let builtin = key.flatMap(target(forKey:)) else { return (name, message) }
        return (name == builtin.name ? builtin.shownName : name, message == builtin.message ? builtin.shownMessage : message)
    }

    /// The other way: what to store for text the user saved. A built-in target's name
    /// saved as shown (its translation) is stored as its English original, so it keeps
    /// following the language.
    public static func stored(name: String, message: String, key: String?) -> (name: String, message: String) {
        guard let builtin = key.flatMap(target(forKey:)) else { return (name, message) }
        return (name == builtin.shownName ? builtin.name : name, message == builtin.shownMessage ? builtin.message : message)
    }
}
