import AppModel
import Input
import PolicySeam
import Raster
import StressCore
import StressPunchApp
import Testing

/// Each fact of the punch screen is held in one place, and every way of changing or
/// adding to it goes there: a second keeper that one route forgot to update would
/// disagree with the first, and each test below walks every route to catch that.
@Suite("One owner per fact on the punch screen")
struct OneOwnerTests {
    /// The frames' requests while `events` are handled and two frames after.
    private func requests(_ app: ScreenHarness, _ events: [InputEvent]) -> [AppRequest] {
        app.frame(events).requests + app.frame().requests + app.frame().requests
    }

    private func mutes(_ requests: [AppRequest]) -> [Bool] {
        requests.compactMap { if case .setMuted(let muted) = $0 { return muted } else { return nil } }
    }

    private func savedSound(_ app: ScreenHarness) throws -> String? {
        try app.store.setting(.user(.sound))
    }

    @Test("sound: M, a policy's switch and the Settings screen change one setting, and the platform hears each change once")
    func soundHasOneOwner() throws {
        let app = try ScreenHarness()
        #expect(app.session.settings.sound && !app.session.isMuted)
        // M on the punch screen.
        let m: [InputEvent] = [.keyDown(.character("m"), modifiers: [], isRepeat: false), .keyUp(.character("m"), modifiers: [])]
        #expect(mutes(requests(app, m)) == [true])
        #expect(!app.session.settings.sound && app.session.isMuted)
        #expect(try savedSound(app) == "off", "M is remembered like the switch")
        // A policy (a kiosk's operator menu) turns it back on.
        app.session.setMuted(false)
        #expect(mutes(requests(app, [])) == [false])
        #expect(app.session.settings.sound && !app.session.isMuted)
        // The Settings screen's switch turns it off.
        var new = app.session.settings
        new.sound = false
        app.session.changeSettings(new)
        #expect(mutes(requests(app, [])) == [true])
        #expect(app.session.isMuted)
        // M flips what every route left: on again, heard once.
        #expect(mutes(requests(app, m)) == [false])
        #expect(app.session.settings.sound && !app.session.isMuted)
        #expect(try savedSound(app) == "on")
        // Nothing changed, nothing said.
        app.session.setMuted(false)
        #expect(mutes(requests(app, [])) == [])
    }

    @Test("tool: whatever chose it (E, the wheel, the strip, the setting), the next punch hits with the setting's tool")
    func toolHasOneOwner() throws {
        let app = try ScreenHarness()
        let center = app.session.controller.pictureRect.center
        func punchHitsWith(_ expected: PunchTool, sourceLocation: SourceLocation = #_sourceLocation) {
            let index = PunchTool.allCases.firstIndex(of: expected) ?? 0
            let before = app.session.controller.punchesByTool[index]
            app.frame([.pointerMoved(x: center.x, y: center.y), .pointerDown(x: center.x, y: center.y, button: 1),
                       .pointerUp(x: center.x, y: center.y, button: 1)])
            app.frame()
            #expect(app.session.tool == expected && app.session.settings.tool == expected, sourceLocation: sourceLocation)
            #expect(app.session.controller.punchesByTool[index] == before + 1, "the punch hit with another tool",
                    sourceLocation: sourceLocation)
        }
        punchHitsWith(.fist)
        // E steps along the strip.
        app.key(.character("e"))
        punchHitsWith(.slap)
        // The wheel steps back.
        app.frame([.pointerMoved(x: center.x, y: center.y), .wheel(dx: 0, dy: 1)])
        app.frame()
        punchHitsWith(.fist)
        // The strip's button.
        app.press(PunchTool.mallet.displayName)
        punchHitsWith(.mallet)
        // The Settings screen (or the command line's settings) sets it directly.
        var new = app.session.settings
        new.tool = .pie
        app.session.changeSettings(new)
        punchHitsWith(.pie)
        #expect(try app.store.setting(.user(.tool)) == "pie")
    }

    @Test("landed punches: the summary on the way out counts every punch the scene landed, however it landed")
    func landedPunchesHaveOneCount() throws {
        let app = try ScreenHarness()
        let center = app.session.controller.pictureRect.center
        for _ in 0..<8 {
            app.frame([.pointerMoved(x: center.x, y: center.y), .pointerDown(x: center.x, y: center.y, button: 1),
                       .pointerUp(x: center.x, y: center.y, button: 1)])
        }
        for _ in 0..<8 {
            app.frame([.keyDown(.space, modifiers: [], isRepeat: false)])
            app.frame([.keyUp(.space, modifiers: [])])
        }
        // A pad: its A, and trigger pulls held part way, which land in a later step.
        app.frame([.gamepadAdded(id: 3, name: "pad")])
        for _ in 0..<3 {
            app.frame([.gamepadButton(id: 3, button: .a, pressed: true)])
            app.frame([.gamepadButton(id: 3, button: .a, pressed: false)])
        }
        for _ in 0..<3 {
            app.frame([.gamepadAxis(id: 3, axis: .rightTrigger, value: 0.7)])
            for _ in 0..<12 { app.frame() }
            app.frame([.gamepadAxis(id: 3, axis: .rightTrigger, value: 0)])
        }
        app.frame()
        let landed = app.session.controller.punchesLanded
        #expect(landed == 22, "every punch above lands on the middle of the target")
        app.key(.character("q"), [.control])
        #expect(app.session.page == .summary)
        #expect(app.shows("\(landed)"), "the summary shows \(app.session.visibleLabels)")
    }
}
