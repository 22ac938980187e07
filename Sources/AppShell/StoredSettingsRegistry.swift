// StoredSettingsRegistry owns the list of every value the app keeps in the library's
// settings table, gathered from the modules that own them.

import Challenges
import Kiosk
import StressCore
import StressPunchApp

/// Every key of the settings table with what it holds, each declared by its owner:
/// the user's settings, the rush's record, the kiosk's choices, the window's place
/// and the first-launch hint. Nothing writes a key that is not here.
public enum StoredSettingsRegistry {
    public static var all: [StoredSetting] {
        UserSettings.storedSettings + RushRecord.storedSettings + KioskPreferences.storedSettings
            + WindowMemory.storedSettings + AppSession.storedSettings
    }

    /// Whether `key` is one of them.
    public static func declares(_ key: String) -> Bool { all.contains { $0.key == key } }
}
