import AppShell
import Testing

/// Every value the app keeps in the library's settings table, declared by its owner.
@Suite("The stored settings' registry")
struct StoredSettingsRegistryTests {
    @Test("every owner's keys are listed once, no two owners share one, and each says what it holds")
    func oneOwnerPerKey() {
        let all = StoredSettingsRegistry.all
        let keys = all.map(\.key)
        // The control: each owner's keys are there.
        for key in ["settings.volume", "rush.bestPunches", "kiosk.idleSeconds", "window.width", "hint.firstLaunch"] {
            #expect(StoredSettingsRegistry.declares(key), "\(key)")
        }
        #expect(Set(keys).count == keys.count, "a key claimed twice: \(keys)")
        #expect(all.allSatisfy { !$0.holds.isEmpty })
        #expect(!StoredSettingsRegistry.declares("settings.nonsense"))
    }
}
