import CommandLineInterface
import Foundation
import Localization
import StressCore
import TargetStore

/// Carries out `stresspunch settings ...` on a library: the same keys and values the
/// Settings screen changes.
struct SettingsCommandRunner {
    let store: TargetStore

    func run(_ command: SettingsCommand) throws(TargetStoreError) -> String {
        let settings = try current()
        switch command {
        case .list(let json):
            return json ? Self.json(settings) : Self.table(settings)
        case .get(let key):
            return settings.value(key)
        case .set(let key, let text):
            var changed = settings
            // The parser checked the value already; a refusal here cannot happen.
            do { try changed.set(key, text) } catch { return error.description }
            try store.setSettings(changed.stored(key))
            if key == .language {
                // A language with no translation is kept (one may be installed later) and
                // said once; the answer is then in the language now spoken.
                if let note = Localization.use(setting: changed.language) {
                    FileHandle.standardError.write(Data("stresspunch: \(note)\n".utf8))
                }
            }
            // TRANSLATORS: `settings set`: the setting's key and its new value, both as typed ("volume is now 35").
            return tr("%s is now %s", key.rawValue, changed.value(key))
        }
    }

    private func current() throws(TargetStoreError) -> UserSettings {
        var values: [StoredSetting: String] = [:]
        for key in UserSettings.Key.allCases {
            if let value = try store.setting(key.stored) { values[key.stored] = value }
        }
        return UserSettings { values[$0] }
    }

    /// `key  value  what it is`, aligned.
    static func table(_ settings: UserSettings) -> String {
        UserSettings.Key.allCases.map { key in
            key.rawValue.padding(toLength: 15, withPad: " ", startingAt: 0)
                + settings.value(key).padding(toLength: 8, withPad: " ", startingAt: 0) + key.summary
        }.joined(separator: "\n")
    }

    /// One JSON array: key, value and default of each setting, in the screen's order.
    static func json(_ settings: UserSettings) -> String {
        let defaults = UserSettings()
        let items = UserSettings.Key.allCases.map { key -> [String: String] in
            ["key": key.rawValue, "value": settings.value(key), "default": defaults.value(key), "about": key.summary]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(items) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }
}
