/// One value kept in the library's settings table, declared once, by the module that
/// owns it (the user's settings here, the rush's record in Challenges, the kiosk's
/// choices in Kiosk, the window's place in AppShell, the first-launch hint in the
/// session). `StoredSettingsRegistry` in AppShell lists every owner's, so nothing
/// else may write a key of its own, and two owners cannot claim one key.
public struct StoredSetting: Sendable, Hashable {
    /// The key in the settings table.
    public let key: String
    /// What it holds, in a few words.
    public let holds: String

    public init(_ key: String, holds: String) {
        self.key = key
        self.holds = holds
    }
}

extension UserSettings {
    /// The user's settings as they are stored ("settings." and the key).
    public static var storedSettings: [StoredSetting] {
        Key.allCases.map { StoredSetting($0.storageKey, holds: $0.summary) }
    }
}
