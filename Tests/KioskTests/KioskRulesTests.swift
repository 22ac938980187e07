import Kiosk
import StressCore
import Testing

@Suite("Kiosk preferences and the idle reset")
struct KioskRulesTests {
    @Test("missing or damaged settings fall back to a 60 s reset and no chosen target")
    func defaults() {
        let none = KioskPreferences { _ in nil }
        #expect(none == KioskPreferences(idleSeconds: 60, defaultTargetID: nil, muted: false))
        let damaged = KioskPreferences { key in
            [KioskPreferences.idleSecondsKey: "soon", KioskPreferences.defaultTargetKey: "-3", KioskPreferences.mutedKey: "yes"][key]
        }
        #expect(damaged == KioskPreferences())
    }

    @Test("saved preferences read back the same; an idle time out of range is clamped")
    func roundTrip() {
        let saved = KioskPreferences(idleSeconds: 120, defaultTargetID: 7, muted: true)
        #expect(KioskPreferences { saved.settings[$0] } == saved)
        #expect(KioskPreferences { $0 == KioskPreferences.idleSecondsKey ? "2" : nil }.idleSeconds == 10)
        #expect(KioskPreferences { $0 == KioskPreferences.idleSecondsKey ? "999999" : nil }.idleSeconds == 3600)
    }

    @Test("an idle time must be whole seconds from 10 to 3600", arguments: ["9", "3601", "1.5", "", "abc", "-60"])
    func refusedIdleTimes(text: String) {
        #expect(KioskPreferences.parseIdleSeconds(text) == .failure(.idleOutOfRange(text)))
    }

    @Test("the operator menu steps the idle time through its choices and wraps")
    func idleChoices() {
        #expect(KioskPreferences.parseIdleSeconds(" 90 ") == .success(90))
        #expect(KioskPreferences(idleSeconds: 60).nextIdleChoice() == 120)
        #expect(KioskPreferences(idleSeconds: 90).nextIdleChoice() == 120)
        #expect(KioskPreferences(idleSeconds: 600).nextIdleChoice() == 30)
        #expect(KioskPreferences.describe(seconds: 60) == "60 s")
        #expect(KioskPreferences.describe(seconds: 300) == "5 min")
    }

    @Test("after the idle limit one reset comes, then the attract loop moves every 5 s until input")
    func idleSequence() {
        var idle = IdleReset(limit: 10)
        var events: [IdleReset.Step] = []
        // 30 s in steps of 1/120 s.
        for _ in 0..<3600 {
            let step = idle.step(1.0 / 120)
            if step != .nothing { events.append(step) }
        }
        #expect(events == [.reset, .advanceAttract, .advanceAttract, .advanceAttract, .advanceAttract])
        #expect(idle.isAttracting)
        idle.noteActivity()
        #expect(!idle.isAttracting)
        #expect(idle.step(9.9) == .nothing)
        #expect(idle.step(0.2) == .reset)
    }

    @Test("input before the limit keeps the kiosk from resetting")
    func activityPostpones() {
        var idle = IdleReset(limit: 10)
        for _ in 0..<5 {
            #expect(idle.step(8) == .nothing)
            idle.noteActivity()
        }
        #expect(!idle.isAttracting)
    }
}
