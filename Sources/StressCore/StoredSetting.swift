/// One value kept in the library's settings table. Every one is declared below, by
/// whose it is (the user's settings, the rush's record, the kiosk's choices, the
/// operator PIN's, the window's place, the first-launch hint), and listed in `all`.
/// Only this file can make one (the initializer is not public), and the library's
/// `setSettings` takes only these: a key not declared here cannot be written.
public struct StoredSetting: Sendable, Hashable, CustomStringConvertible {
    /// The key in the settings table.
    public let key: String
    /// What it holds, in a few words.
    public let holds: String

    init(_ key: String, holds: String) {
        self.key = key
        self.holds = holds
    }

    public var description: String { key }

    // One key is one setting, whatever words describe it (a user setting's are in the
    // user's language).
    public static func == (lhs: StoredSetting, rhs: StoredSetting) -> Bool { lhs.key == rhs.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

extension StoredSetting {
    /// A user's setting (`UserSettings`: the Settings screen and `stresspunch settings`),
    /// stored as settings.KEY.
    public static func user(_ key: UserSettings.Key) -> StoredSetting {
        StoredSetting("settings." + key.rawValue, holds: key.summary)
    }

    // The rush's record (Challenges).
    public static let rushBestPunches = StoredSetting("rush.bestPunches", holds: "the best rush's punch count")
    public static let rushBestStrongest = StoredSetting("rush.bestStrongest", holds: "the best rush's strongest punch")
    public static let rushBestCombo = StoredSetting("rush.bestCombo", holds: "the best rush's longest combo")

    // The kiosk operator's choices (Kiosk).
    public static let kioskIdleSeconds = StoredSetting("kiosk.idleSeconds", holds: "seconds idle before the kiosk resets itself")
    public static let kioskDefaultTarget = StoredSetting("kiosk.defaultTarget", holds: "the target the kiosk resets to")
    public static let kioskMuted = StoredSetting("kiosk.muted", holds: "the kiosk's sound off")
    public static let kioskSummaryOnQuit = StoredSetting("kiosk.summaryOnQuit", holds: "the session summary on the operator's quit")
    public static let kioskKeepMarks = StoredSetting("kiosk.keepMarks", holds: "marks kept through an idle reset")

    /// The operator PIN's values all start so: an export leaves them out unless asked,
    /// since anyone holding the file could search all short PINs offline against the hash.
    public static let pinPrefix = "kiosk.pin."
    // The operator PIN and its lockout (OperatorLock).
    public static let pinHash = StoredSetting(pinPrefix + "hash", holds: "the operator PIN's salted hash")
    public static let pinFailures = StoredSetting(pinPrefix + "failures", holds: "wrong PINs toward the lockout")
    public static let pinLockLevel = StoredSetting(pinPrefix + "lockLevel", holds: "how long the next lockout lasts")
    public static let pinLockedUntil = StoredSetting(pinPrefix + "lockedUntil", holds: "when the PIN pad unlocks")
    public static let pinLastFailure = StoredSetting(pinPrefix + "lastFailure", holds: "when the last wrong PIN came")

    // The window's place (AppShell).
    public static let windowX = StoredSetting("window.x", holds: "the window's left edge")
    public static let windowY = StoredSetting("window.y", holds: "the window's top edge")
    public static let windowWidth = StoredSetting("window.width", holds: "the window's width")
    public static let windowHeight = StoredSetting("window.height", holds: "the window's height")
    public static let windowDisplay = StoredSetting("window.display", holds: "the display the window was on")

    // The session's own.
    public static let firstLaunchHint = StoredSetting("hint.firstLaunch", holds: "the first-launch hint already shown")

    /// Every value the settings table may hold.
    public static var all: [StoredSetting] {
        UserSettings.Key.allCases.map(user)
            + [rushBestPunches, rushBestStrongest, rushBestCombo]
            + [kioskIdleSeconds, kioskDefaultTarget, kioskMuted, kioskSummaryOnQuit, kioskKeepMarks]
            + [pinHash, pinFailures, pinLockLevel, pinLockedUntil, pinLastFailure]
            + [windowX, windowY, windowWidth, windowHeight, windowDisplay]
            + [firstLaunchHint]
    }

    /// The declared value stored under `key`, or nil for a key nothing declares.
    public static func declared(_ key: String) -> StoredSetting? {
        all.first { $0.key == key }
    }
}
