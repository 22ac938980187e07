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
