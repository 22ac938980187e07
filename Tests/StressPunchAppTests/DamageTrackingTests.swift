import Input
import Raster
import StressPunchApp
import Testing

/// The session's damage through its frame contract: each frame's input says the last
/// one was drawn, as the shell's does, so its damage counts from it.
@Suite("Damage through the session")
struct DamageTrackingTests {
    static func union(_ rects: [PixelRect]) -> PixelRect? {
        guard var box = rects.first else { return nil }
        for rect in rects.dropFirst() {
            let left = min(box.x, rect.x), top = min(box.y, rect.y)
            box = PixelRect(x: left, y: top, width: max(box.maxX, rect.maxX) - left, height: max(box.maxY, rect.maxY) - top)
        }
        return box
    }

    @Test("the first frame is damaged whole; once nothing moves a frame damages nothing; a punch damages the target and no more")
    func restAndPunch() throws {
        let app = try ScreenHarness()
        app.drawsFrames = true
        func drawn(_ events: [InputEvent] = []) -> FrameOutput { app.frame(events) }
        app.replacesCanvas = true
        #expect(drawn().damage == [PixelRect(x: 0, y: 0, width: 1280, height: 720)])
        // Past the first launch's hint (a toast for 7 s).
        for _ in 0..<480 { _ = drawn() }
        #expect(drawn().damage.isEmpty, "at rest nothing is drawn")
        let picture = app.session.controller.pictureRect
        var damaged: [PixelRect] = []
        app.session.controller.punch(atX: picture.center.x, y: picture.center.y, gamepad: nil, strength: 500)
        for _ in 0..<30 { damaged += drawn().damage }
        let box = try #require(Self.union(damaged))
        #expect(box.intersects(picture.enclosingPixels), "the target is redrawn")
        #expect(box.width * box.height < 1280 * 720 / 2, "but not the whole window: \(box)")
        #expect(!box.intersects(PixelRect(x: 0, y: 0, width: 200, height: 60)), "the corner's buttons are not")
    }

    @Test("a toast damages its own box")
    func toast() throws {
        let app = try ScreenHarness()
        app.drawsFrames = true
        func drawn(_ events: [InputEvent] = []) -> FrameOutput { app.frame(events) }
        for _ in 0..<480 { _ = drawn() }
        #expect(drawn().damage.isEmpty)
        app.notices = [FrameInput.Notice("Hello there", duration: 2)]
        var damaged: [PixelRect] = []
        for _ in 0..<20 { damaged += drawn().damage }
        let box = try #require(Self.union(damaged))
        #expect(box.width * box.height < 1280 * 720 / 6, "a toast's box, not the window: \(box)")
    }
}
