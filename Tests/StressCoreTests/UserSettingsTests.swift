import StressCore
import Testing

@Suite("The user's settings")
struct UserSettingsTests {
    @Test("a library without settings reads as the defaults")
    func defaults() {
        let settings = UserSettings { _ in nil }
        #expect(settings == UserSettings())
        #expect(settings.sound && settings.volume == 80 && !settings.reduceMotion && settings.uiScale == 100)
    }

    @Test("values round-trip through the settings table, key by key")
    func roundTrip() throws {
        var settings = UserSettings()
        try settings.set(.volume, "35")
        try settings.set(.sound, "off")
        try settings.set(.uiScale, "150%")
        try settings.set(.reduceMotion, " Yes ")
        let stored = settings.stored
        let byKey = Dictionary(uniqueKeysWithValues: stored.map { ($0.key.key, $0.value) })
        #expect(byKey["settings.volume"] == "35" && byKey["settings.sound"] == "off" && byKey["settings.ui-scale"] == "150")
        #expect(UserSettings { stored[$0] } == settings)
        #expect(settings.stored(.volume).map { "\($0.key.key)=\($0.value)" } == ["settings.volume=35"])
    }

    @Test("a value outside its range, or a word that is not on or off, is refused with what it takes", arguments: [
        (UserSettings.Key.volume, "101", "volume takes a whole number from 0 to 100, not \"101\""),
        (.uiScale, "99", "ui-scale takes a whole number from 100 to 200, not \"99\""),
        (.shake, "lots", "shake takes a whole number from 0 to 200, not \"lots\""),
        (.fullscreen, "maybe", "fullscreen takes on or off, not \"maybe\""),
    ])
    func refusals(key: UserSettings.Key, value: String, message: String) {
        var settings = UserSettings()
        #expect(throws: UserSettings.Refusal.badValue(key, value)) { try settings.set(key, value) }
        #expect(UserSettings.Refusal.badValue(key, value).description == message)
        #expect(settings == UserSettings(), "a refused value changes nothing")
    }

    @Test("a damaged value in the library keeps that setting's default and the others")
    func damagedValues() {
        let stored = ["settings.volume": "loud", "settings.shake": "150", "settings.sound": "0"]
        let settings = UserSettings { stored[$0.key] }
        #expect(settings.volume == 80 && settings.shake == 150 && !settings.sound)
    }
}
