import Foundation
import Input
import Raster
import StressCore
import StressPunchApp
import TargetStore
import TestSupport
import Testing

/// A controller over a fresh in-memory library whose selected target has an opaque
/// 100x100 picture, in a 1280x720 window.
struct ControllerFixture {
    let folder = TemporaryDirectory("controller")
    let store: TargetStore
    let library: LibraryModel
    let controller: PunchController

    init(configuration: AppConfiguration = AppConfiguration()) throws {
        store = try TargetStore.inMemory(picturesDirectory: folder.url.appendingPathComponent("images"))
        library = try LibraryModel(store: store)
        controller = PunchController(
            library: library, recorder: PunchRecorder(store: store), configuration: configuration, width: 1280, height: 720)
        controller.selectedPicture = RasterImage(width: 100, height: 100, fill: .white)
    }

    var center: Point { controller.pictureRect.center }

    func requests() -> [AppRequest] {
        var taken: [AppRequest] = []
        controller.drainRequests { taken.append($0) }
        return taken
    }
}

@Suite("Punch controller")
struct ControllerTests {
    @Test("a click on the picture lands: counted, squashed, with a punch sound of varied pitch and volume")
    func clickLands() throws {
        let fixture = try ControllerFixture()
        fixture.controller.handle(.pointerDown(x: fixture.center.x, y: fixture.center.y, button: 1))
        #expect(fixture.controller.punchesLanded == 1)
        #expect(fixture.library.selected?.punchCount == 1)
        let requests = fixture.requests()
        guard case .playSound(let name, let volume, let pitch)? = requests.first else {
            Issue.record("no sound requested: \(requests)")
            return
        }
        #expect(PunchController.punchSounds.contains(name))
        #expect((0.8...1).contains(volume) && (0.92...1.08).contains(pitch))
    }

    @Test("a click beside the picture, or on a transparent part of it, only shows the burst")
    func missesDoNotCount() throws {
        let fixture = try ControllerFixture()
        fixture.controller.handle(.pointerDown(x: 10, y: 10, button: 1))
        let picture = RasterImage(width: 100, height: 100)  // fully transparent
        fixture.controller.selectedPicture = picture
        fixture.controller.handle(.pointerDown(x: fixture.center.x, y: fixture.center.y, button: 1))
        #expect(fixture.controller.punchesLanded == 0)
        #expect(fixture.controller.effects.sprites.count == 2)
        #expect(fixture.requests().isEmpty)
    }

    @Test("the right mouse button does not punch")
    func rightButton() throws {
        let fixture = try ControllerFixture()
        fixture.controller.handle(.pointerDown(x: fixture.center.x, y: fixture.center.y, button: 3))
        #expect(fixture.controller.effects.sprites.isEmpty)
    }

    @Test("every finger is its own punch")
    func fingers() throws {
        let fixture = try ControllerFixture()
        for id in 0..<3 {
            fixture.controller.handle(.fingerDown(id: Int64(id), x: fixture.center.x + Float(id * 10), y: fixture.center.y))
        }
        #expect(fixture.controller.punchesLanded == 3)
    }

    @Test("each gamepad gets its own reticle colour, moved by its stick with a dead zone")
    func reticles() throws {
        let fixture = try ControllerFixture()
        fixture.controller.handle(.gamepadAdded(id: 3, name: "Pad A"))
        fixture.controller.handle(.gamepadAdded(id: 7, name: "Pad B"))
        let reticles = fixture.controller.reticles
        #expect(reticles.count == 2)
        #expect(reticles[0].colorIndex != reticles[1].colorIndex)

        let start = fixture.controller.reticles[0].x
        fixture.controller.handle(.gamepadAxis(id: 3, axis: .leftX, value: 0.1))  // inside the dead zone
        for _ in 0..<60 { fixture.controller.step(1 / 120) }
        #expect(fixture.controller.reticles[0].x == start)
        fixture.controller.handle(.gamepadAxis(id: 3, axis: .leftX, value: 1))
        for _ in 0..<60 { fixture.controller.step(1 / 120) }
        #expect(fixture.controller.reticles[0].x > start + 200)
        #expect(fixture.controller.reticles[1].x == start)

        fixture.controller.handle(.gamepadRemoved(id: 3))
        #expect(fixture.controller.reticles.map(\.gamepad) == [7])
    }

    @Test("A punches at the reticle with rumble; the trigger punches once per pull")
    func gamepadPunches() throws {
        let fixture = try ControllerFixture()
        fixture.controller.handle(.gamepadButton(id: 1, button: .a, pressed: true))
        #expect(fixture.requests().contains(.rumble(gamepad: 1, strength: 0.75, milliseconds: 90)))
        for value: Float in [0.7, 0.9, 1.0, 0.5, 0.8] {
            fixture.controller.handle(.gamepadAxis(id: 1, axis: .rightTrigger, value: value))
        }
        #expect(fixture.controller.punchesLanded == 2)  // A, then one trigger pull (0.5 is not a release)
        fixture.controller.handle(.gamepadAxis(id: 1, axis: .rightTrigger, value: 0.1))
        fixture.controller.handle(.gamepadAxis(id: 1, axis: .rightTrigger, value: 0.9))
        #expect(fixture.controller.punchesLanded == 3)
    }

    @Test("shoulder buttons step through the favorites, wrapping around")
    func shoulders() throws {
        let fixture = try ControllerFixture()
        let favorites = fixture.library.favorites.map(\.id)
        fixture.controller.handle(.gamepadButton(id: 1, button: .rightShoulder, pressed: true))
        #expect(fixture.library.selectedID == favorites[1])
        fixture.controller.handle(.gamepadButton(id: 1, button: .leftShoulder, pressed: true))
        fixture.controller.handle(.gamepadButton(id: 1, button: .leftShoulder, pressed: true))
        #expect(fixture.library.selectedID == favorites.last)
    }

    @Test("keys: Space punches the middle, 1-4 pick favorites, M mutes; Escape and F11 are not the punch screen's")
    func keys() throws {
        let fixture = try ControllerFixture()
        fixture.controller.handle(.keyDown(.space, modifiers: [], isRepeat: false))
        #expect(fixture.controller.punchesLanded == 1)
        _ = fixture.requests()
        fixture.controller.handle(.keyDown(.character("3"), modifiers: [], isRepeat: false))
        #expect(fixture.library.selectedID == fixture.library.favorites[2].id)
        fixture.controller.handle(.keyDown(.character("m"), modifiers: [], isRepeat: false))
        fixture.controller.handle(.keyDown(.f11, modifiers: [], isRepeat: false))
        fixture.controller.handle(.keyDown(.escape, modifiers: [], isRepeat: false))
        // Escape goes back a level (the session's job) and never quits from here.
        #expect(fixture.requests() == [.setMuted(true)])
    }

    @Test("punch counts reach the database after a flush")
    func recorderSaves() throws {
        let fixture = try ControllerFixture()
        let recorder = PunchRecorder(store: fixture.store, interval: 60)
        let id = try #require(fixture.library.selected?.id)
        for _ in 0..<5 { recorder.record(targetID: id) }
        #expect(recorder.unsaved(for: id) == 5)
        recorder.flush()
        #expect(try fixture.store.target(id: id)?.punchCount == 5)
        #expect(recorder.unsaved(for: id) == 0)
    }
}

@Suite("Headless script parsing")
struct HeadlessScriptTests {
    @Test("every command of the contract parses, comments and blank lines are skipped")
    func contractCommands() throws {
        let lines = try HeadlessScript.parse("""
            # a comment
            0.50 click 640 360        # mouse
            0.50 down 1 2
            0.50 up 3 4
            0.50 move 5 6
            0.60 touch 320 200
            0.60 touchdown 1 320 200
            0.60 touchup 1 320 200
            0.60 touchmove 2 10 20

            0.70 pad a
            0.70 padaxis leftx 0.8
            0.80 key Tab
            0.80 key Ctrl+L
            0.90 text "Büro 🥊"
            1.00 drop /path/to.png
            1.20 screenshot out.png
            2.00 quit
            """)
        #expect(lines.count == 16)
        #expect(lines[0].command == .click(x: 640, y: 360))
        #expect(lines[0].lineNumber == 2)
        #expect(lines.contains { $0.command == .key(name: "L", modifiers: [.control]) })
        #expect(lines.contains { $0.command == .text("Büro 🥊") })
        #expect(lines.contains { $0.command == .padAxis(.leftX, value: 0.8) })
        #expect(lines.last?.command == .quit)
    }

    @Test("wheel lines carry their notches")
    func wheel() throws {
        let lines = try HeadlessScript.parse("0.65 wheel 0 -3\n0.7 wheel 1.5 2\n")
        #expect(lines.map(\.command) == [.wheel(dx: 0, dy: -3), .wheel(dx: 1.5, dy: 2)])
    }

    @Test("lines with the same time keep their file order; earlier times come first")
    func ordering() throws {
        let lines = try HeadlessScript.parse("1.0 quit\n0.5 click 1 1\n0.5 click 2 2\n")
        #expect(lines.map(\.command) == [.click(x: 1, y: 1), .click(x: 2, y: 2), .quit])
    }

    @Test("quoted text keeps spaces and escapes; modifiers are case-insensitive")
    func quoting() throws {
        let lines = try HeadlessScript.parse("0 text \"say \\\"hi\\\" # not a comment\"\n0 key shift+ALT+a\n")
        #expect(lines[0].command == .text("say \"hi\" # not a comment"))
        #expect(lines[1].command == .key(name: "a", modifiers: [.shift, .alt]))
    }

    @Test("malformed lines are refused with their line number", arguments: [
        ("0.1 clack 1 2", "unknown command"),
        ("soon click 1 2", "not a time"),
        ("0.1 click 1", "X Y"),
        ("0.1 click a b", "whole number"),
        ("0.1 pad z", "not a gamepad button"),
        ("0.1 padaxis leftx 3", "-1...1"),
        ("0.1 key Hyper+a", "not a modifier"),
        ("0.1 text \"open", "not closed"),
        ("-1 quit", "not a time"),
        // Numbers that once trapped the runner (Double to Int, Int32 overflow).
        ("1e300 quit", "past the longest script"),
        ("1e17 quit", "past the longest script"),
        ("0.1 click 3000000000 5", "out of range"),
        ("0.1 touchdown 1 5 -3000000000", "out of range"),
        ("0.1 wheel 0 1e9", "notches"),
        ("0.1 wheel 0", "DX DY"),
    ])
    func malformed(line: String, words: String) {
        do {
            _ = try HeadlessScript.parse("0.0 quit\n" + line + "\n")
            Issue.record("accepted: \(line)")
        } catch {
            #expect(error.lineNumber == 2)
            #expect(error.description.contains(words), "\(error.description)")
        }
    }
}
