import AppModel
import Foundation
import Input
import Pictures
import PolicySeam
import Raster
import RenderTestSupport
import StressCore
import StressPunchApp
import TargetStore
import Testing
import TestSupport

/// A session as the running app has one: the library's saves, the punch recorder's
/// writes, picture decodes and the picker's listing all on their own queues (the other
/// session tests and headless runs do them inline). Frames go on while the queues
/// work, so ThreadSanitizer (`make sanitize`) sees where they meet the frame thread.
private final class BackgroundSession {
    let folder = TemporaryDirectory("background-session")
    let store: TargetStore
    let session: AppSession
    private var time = 0.0

    init() throws {
        store = try TargetStore(dataDirectory: folder.url)
        for index in 0..<6 {
            let bytes = TestPNG.solid(width: 120, height: 90, rgba: (UInt8(40 * index), 120, 60, 255))
            let picture = try PictureImporter(codec: TestPNGCodec()).importPicture(bytes: bytes, fileName: "p\(index).png")
            _ = try store.insert(name: "Photo \(index)", message: "", picture: .imported(picture))
        }
        session = try AppSession(
            store: store, codec: TestPNGCodec(), builtinPictureURL: { _ in nil }, burst: nil, glyphs: BoxGlyphSource(),
            configuration: AppConfiguration(), width: 1280, height: 720, synchronousPictures: false, policy: DesktopPolicy())
        session.wallClock = { Date(timeIntervalSince1970: 1_800_000_000) }
        frames(3)
    }

    /// `count` frames of 1/60 s, a couple of real milliseconds apart so the queues run
    /// beside them.
    func frames(_ count: Int, _ events: [InputEvent] = []) {
        for index in 0..<count {
            _ = session.frame(FrameInput(events: index == 0 ? events : [], elapsed: 1.0 / 60, time: time, width: 1280, height: 720))
            time += 1.0 / 60
            usleep(2_000)
        }
    }

    func press(_ label: String, first: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) {
        // A screen whose rows come from a queue may take a few frames to show them.
        for _ in 0..<200 where session.widgetCenters(labelled: label).isEmpty { frames(1) }
        let points = session.widgetCenters(labelled: label)
        guard let point = first ? points.first : points.last else {
            Issue.record("no “\(label)” on screen; it shows \(session.visibleLabels)", sourceLocation: sourceLocation)
            return
        }
        frames(1, [.pointerMoved(x: point.x, y: point.y), .pointerDown(x: point.x, y: point.y, button: 1),
                   .pointerUp(x: point.x, y: point.y, button: 1)])
        frames(4)
    }
}

@Suite("A session with its queues running, as in the app")
struct ConcurrentSessionTests {
    @Test("a target's shown count never goes back when another target is deleted while its punches wait to be written")
    func countsHoldThroughABackgroundReload() throws {
        let app = try BackgroundSession()
        let punched = try #require(app.session.library.selectedID)
        let other = try #require(app.session.library.targets.first { $0.id != punched }?.id)
        let center = app.session.controller.pictureRect.center
        // The first punch is written at once; the recorder then waits half a second.
        app.session.controller.punch(atX: center.x, y: center.y, gamepad: nil, strength: 600)
        app.frames(3)
        for _ in 0..<3 {
            app.session.controller.punch(atX: center.x, y: center.y, gamepad: nil, strength: 600)
        }
        app.frames(1)
        // The recorder writes half a second later; the delete's reload comes back first.
        app.session.library.delete(other)
        var shown: [Int] = []
        for _ in 0..<60 {
            app.frames(1)
            shown.append(app.session.library.targets.first { $0.id == punched }?.punchCount ?? -1)
        }
        #expect(!app.session.library.targets.contains { $0.id == other }, "the delete's fresh list arrived")
        #expect(shown.allSatisfy { $0 == 4 }, "the count shown, frame by frame: \(shown)")
        app.session.shutdown()
        #expect(try app.store.allTargets().first { $0.id == punched }?.punchCount == 4)
    }

    @Test("punching, the grid, deleting and undoing, Stats and the picker, with saves and decodes on their queues, lose nothing")
    func everydayUseWithQueues() throws {
        let app = try BackgroundSession()
        let count = app.session.library.targets.count
        let center = app.session.controller.pictureRect.center
        for _ in 0..<24 {
            app.session.controller.punch(atX: center.x, y: center.y, gamepad: nil, strength: 600)
            app.frames(3)
        }
        app.frames(40)  // past the recorder's half-second write
        app.press("More targets")
        app.frames(20)
        app.press("Back")
        app.press("Manage")
        app.press("Delete", first: true)
        app.press("Delete")
        app.press("Undo")
        app.frames(20)
        app.press("Edit", first: true)
        app.press("Choose picture…")
        app.frames(20)
        app.press("Cancel")
        app.press("Cancel")
        app.press("Back")
        app.press("Stats")
        app.frames(20)
        #expect(app.session.shutdown() == nil, "every punch was saved")
        #expect(try app.store.allTargets().count == count, "the undone delete came back")
        #expect(try app.store.allTargets().reduce(0) { $0 + $1.punchCount } == 24)
    }
}
