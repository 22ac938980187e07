import AppModel
import Foundation
import Input
import Pictures
import PunchScene
import Raster
import StressCore
import TargetStore
import Testing
import TestSupport

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
        controller = PunchController(library: library, configuration: configuration, width: 1280, height: 720)
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
        guard case .playSound(.hit(let tool, let variant), let volume, let pitch)? = requests.first else {
            Issue.record("no hit sound requested: \(requests)")
            return
        }
        #expect(tool == .fist && (0..<PunchTool.fist.soundVariants).contains(variant))
        // A still click is a gentle 300: quieter than a haymaker, pitch varied around 1.
        #expect((0.55...1).contains(volume) && (0.9...1.12).contains(pitch))
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

    @Test("a landed punch carries its target, the picture rectangle it was tested against and its event's time")
    func landedPunchCarriesWhatItHit() throws {
        let fixture = try ControllerFixture()
        let target = try #require(fixture.library.selected)
        fixture.controller.handle(.pointerDown(x: fixture.center.x, y: fixture.center.y, button: 1), at: 12.5)
        fixture.controller.punch(atX: fixture.center.x, y: fixture.center.y, gamepad: nil)  // no event: the scene's clock
        var landed: [PunchController.LandedPunch] = []
        fixture.controller.takeLanded { landed.append($0) }
        #expect(landed.count == 2)
        #expect(landed.allSatisfy { $0.targetID == target.id && $0.targetName == target.name })
        #expect(landed.allSatisfy { $0.pictureRect == fixture.controller.pictureRect && $0.pictureRect.width > 0 })
        #expect(landed.map(\.time) == [12.5, fixture.controller.clock])
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
        #expect(fixture.requests().contains { request in
            if case .rumble(1, let strength, let milliseconds) = request { return (0.35...1).contains(strength) && milliseconds >= 50 }
            return false
        })
        for value: Float in [0.7, 0.9, 1.0, 0.5, 0.8] {
            fixture.controller.handle(.gamepadAxis(id: 1, axis: .rightTrigger, value: value))
        }
        #expect(fixture.controller.punchesLanded == 2)  // A, then one trigger pull (0.5 is not a release)
        fixture.controller.handle(.gamepadAxis(id: 1, axis: .rightTrigger, value: 0.1))
        fixture.controller.handle(.gamepadAxis(id: 1, axis: .rightTrigger, value: 0.9))
        // Held at 0.9, it punches once it stops going deeper.
        for _ in 0..<12 { fixture.controller.step(1 / 120) }
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

    @Test("keys: Space punches the middle, 1-4 pick favorites; M, Escape and F11 are the session's, not the scene's")
    func keys() throws {
        let fixture = try ControllerFixture()
        // Space punches when let go (as hard as it was held long).
        fixture.controller.handle(.keyDown(.space, modifiers: [], isRepeat: false))
        #expect(fixture.controller.punchesLanded == 0)
        fixture.controller.handle(.keyUp(.space, modifiers: []))
        #expect(fixture.controller.punchesLanded == 1)
        _ = fixture.requests()
        fixture.controller.handle(.keyDown(.character("3"), modifiers: [], isRepeat: false))
        #expect(fixture.library.selectedID == fixture.library.favorites[2].id)
        fixture.controller.handle(.keyDown(.character("m"), modifiers: [], isRepeat: false))
        fixture.controller.handle(.keyDown(.f11, modifiers: [], isRepeat: false))
        fixture.controller.handle(.keyDown(.escape, modifiers: [], isRepeat: false))
        // Escape goes back a level, and M turns the sound setting off or on: both the
        // session's, so the scene asks nothing of the platform for them.
        #expect(fixture.requests() == [])
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

@Suite("Hit strength and combos in the punch controller")
struct StrengthAndComboTests {
    @Test("Space held longer punches harder; a tap is gentle and a long hold is full strength")
    func spaceHold() throws {
        let fixture = try ControllerFixture()
        fixture.controller.handle(.keyDown(.space, modifiers: [], isRepeat: false))
        fixture.controller.handle(.keyUp(.space, modifiers: []))
        let tap = fixture.controller.lastStrength
        fixture.controller.handle(.keyDown(.space, modifiers: [], isRepeat: false))
        for _ in 0..<24 { fixture.controller.step(1 / 120) }
        // Repeats while held do not punch.
        fixture.controller.handle(.keyDown(.space, modifiers: [], isRepeat: true))
        #expect(fixture.controller.punchesLanded == 1)
        fixture.controller.handle(.keyUp(.space, modifiers: []))
        let held = fixture.controller.lastStrength
        fixture.controller.handle(.keyDown(.space, modifiers: [], isRepeat: false))
        for _ in 0..<120 { fixture.controller.step(1 / 120) }
        fixture.controller.handle(.keyUp(.space, modifiers: []))
        #expect(tap == 300)
        #expect(held > tap && held < 999)
        #expect(fixture.controller.lastStrength == 999)
    }

    @Test("a harder punch squashes deeper, sounds louder and rumbles longer")
    func strengthScalesEffects() throws {
        func punch(_ strength: Int) throws -> (squash: Float, volume: Float, rumble: Int) {
            let fixture = try ControllerFixture()
            fixture.controller.handle(.gamepadAdded(id: 1, name: "pad"))
            fixture.controller.punch(atX: fixture.center.x, y: fixture.center.y, gamepad: 1, strength: strength)
            var deepest: Float = 0
            for _ in 0..<30 {
                fixture.controller.step(1 / 120)
                deepest = max(deepest, fixture.controller.effects.squash.value)
            }
            var volume: Float = 0, rumble = 0
            for request in fixture.requests() {
                if case .playSound(_, let v, _) = request { volume = v }
                if case .rumble(_, _, let milliseconds) = request { rumble = milliseconds }
            }
            return (deepest, volume, rumble)
        }
        let soft = try punch(150), hard = try punch(950)
        #expect(hard.squash > soft.squash * 1.3)
        #expect(hard.volume > soft.volume + 0.3)
        #expect(hard.rumble > soft.rumble + 60)
    }

    @Test("hits within 350 ms chain; a longer gap or a miss-free pause starts again at 1")
    func comboChain() throws {
        let fixture = try ControllerFixture()
        func click() { fixture.controller.handle(.pointerDown(x: fixture.center.x, y: fixture.center.y, button: 1)) }
        func wait(_ seconds: Double) { for _ in 0..<Int(seconds * 120) { fixture.controller.step(1 / 120) } }
        click(); wait(0.2); click(); wait(0.3); click()
        #expect(fixture.controller.combo == 3)
        #expect(fixture.controller.effects.comboText == "×3 combo")
        wait(0.4); click()
        #expect(fixture.controller.combo == 1)
        #expect(fixture.library.selected?.bestCombo == 3)
    }

    @Test("the strength mapping: a still click 300, speed and depth raise it, and nothing leaves 0...999")
    func mapping() {
        #expect(PunchStrength.mouse(speed: 0) == 300)
        #expect(PunchStrength.mouse(speed: 1_000) < PunchStrength.mouse(speed: 3_000))
        #expect((850...950).contains(PunchStrength.mouse(speed: 3_000)))
        #expect(PunchStrength.mouse(speed: 1e9) == 999 && PunchStrength.mouse(speed: -5) == 300)
        #expect(PunchStrength.trigger(peak: 0.6) == 250 && PunchStrength.trigger(peak: 1) == 999)
        #expect(PunchStrength.touch(pressure: 0) == 150 && PunchStrength.touch(pressure: 1) == 999)
        #expect(PunchStrength.keyHold(seconds: 10) == 999 && PunchStrength.stickFlick(rate: 100) == 999)
    }
}
