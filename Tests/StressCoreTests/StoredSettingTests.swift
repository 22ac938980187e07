import StressCore
import Testing

/// Every value the app keeps in the library's settings table is declared in one
/// registry, `StoredSetting`, and the library writes nothing else.
@Suite("The stored settings' registry")
struct StoredSettingTests {
    @Test("every key is declared once, each says what it holds, and the user's, the kiosk's and the PIN's are all there")
    func oneRegistry() {
        let all = StoredSetting.all
        let keys = all.map(\.key)
        #expect(Set(keys).count == keys.count, "a key declared twice: \(keys)")
        #expect(all.allSatisfy { !$0.holds.isEmpty })
        // Each owner's keys, the operator PIN's five included.
        for key in ["settings.volume", "settings.tool", "rush.bestPunches", "kiosk.idleSeconds", "kiosk.keepMarks", "window.width",
                    "hint.firstLaunch", "kiosk.pin.hash", "kiosk.pin.failures", "kiosk.pin.lockLevel", "kiosk.pin.lockedUntil",
                    "kiosk.pin.lastFailure"] {
            #expect(StoredSetting.declared(key) != nil, "\(key)")
        }
        #expect(all.filter { $0.key.hasPrefix(StoredSetting.pinPrefix) }.count == 5)
        // The user's settings are the Settings screen's and the command line's keys, in their order.
        #expect(all.prefix(UserSettings.Key.allCases.count).map(\.key) == UserSettings.Key.allCases.map { "settings." + $0.rawValue })
        // The control: what nothing declares is not found.
        #expect(StoredSetting.declared("settings.nonsense") == nil && StoredSetting.declared("kiosk.pin.") == nil)
    }

    @Test("a setting is its key: the same key described in another language is the same setting")
    func sameKeySameSetting() {
        let volume = StoredSetting.user(.volume)
        #expect(StoredSetting.declared("settings.volume") == volume)
        #expect(Set([volume, StoredSetting.user(.volume), .user(.sound)]).count == 2)
        #expect(UserSettings().stored[volume] == "80")
    }
}
