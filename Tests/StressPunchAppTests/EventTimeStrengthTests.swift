import Input
import Raster
import StressPunchApp
import Testing

/// A punch's strength is read from the motion just before it, measured on each
/// event's own time. Events reach the session in batches, one per frame; a swing whose
/// moves all arrive in one frame used to share that frame's single time, which made a
/// slow swing look as fast as the fastest one a frame allows.
@Suite("Strength from the events' own times")
struct EventTimeStrengthTests {
    /// A 120-pixel swing right over the target, a move every `interval` seconds, and
    /// a press where it ends, starting at `start`.
    static func swing(from center: Point, start: Double, interval: Double) -> [TimedInputEvent] {
        var events: [TimedInputEvent] = []
        for step in 0...6 {
            let x = center.x - 60 + Float(step) * 20
            events.append(TimedInputEvent(.pointerMoved(x: x, y: center.y), at: start + Double(step) * interval))
        }
        events.append(TimedInputEvent(.pointerDown(x: center.x + 60, y: center.y, button: 1), at: start + 6 * interval))
        events.append(TimedInputEvent(.pointerUp(x: center.x + 60, y: center.y, button: 1), at: start + 6 * interval))
        return events
    }

    /// The strength of the punch that lands after `events`, delivered in one frame
    /// (`oneFrame`) or each in a frame at its own time.
    static func strength(of events: (Point) -> [TimedInputEvent], oneFrame: Bool) throws -> Int {
        let app = try ScreenHarness()
        app.frame()
        let center = app.session.controller.pictureRect.center
        let swing = events(center)
        func frame(_ batch: [TimedInputEvent], at time: Double) {
            _ = app.session.frame(FrameInput(timedEvents: batch, elapsed: 1.0 / 60, time: time, width: app.width, height: app.height))
        }
        if oneFrame {
            frame(swing, at: (swing.last?.time ?? 1) + 0.001)
        } else {
            for event in swing { frame([event], at: event.time) }
        }
        #expect(app.session.controller.punchesLanded == 1)
        return app.session.controller.lastStrength
    }

    @Test("a slow swing whose moves arrive in one frame is as hard as when they arrive over several")
    func batchedSwingKeepsItsTimes() throws {
        // 120 px in 60 ms: a gentle swing (2,000 px/s).
        let slow = { (center: Point) in Self.swing(from: center, start: 1, interval: 0.01) }
        let batched = try Self.strength(of: slow, oneFrame: true)
        let spread = try Self.strength(of: slow, oneFrame: false)
        #expect(batched == spread)
        // The control: the same path in 12 ms is a harder punch, so the times matter.
        let fast = { (center: Point) in Self.swing(from: center, start: 1, interval: 0.002) }
        #expect(try Self.strength(of: fast, oneFrame: true) > batched)
    }
}
