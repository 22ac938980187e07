import Input
import StressCore

/// What the punch scene remembers of the last moments of each input, to tell how
/// hard a punch is (`PunchStrength` has the mapping): where the pointer and fingers
/// were over the last 80 ms, how the sticks moved, how deep a trigger went, when
/// Space went down. Fixed-size buffers, so tracking allocates nothing per event.
struct StrengthTracker {
    /// How far back motion counts before a press.
    static let window = 0.08

    private struct Sample {
        var time: Double
        var x: Float
        var y: Float
    }

    /// A ring of the latest samples of one moving thing.
    private struct Trail {
        private var samples = [Sample](repeating: Sample(time: -1, x: 0, y: 0), count: 12)
        private var next = 0

        mutating func add(_ sample: Sample) {
            samples[next] = sample
            next = (next + 1) % samples.count
        }

        /// Path length per second over the window before `now`, ending at `end`.
        func speed(now: Double, endingAt end: (x: Float, y: Float)?) -> Float {
            var length: Float = 0
            var oldest = now
            var previous: Sample?
            for offset in 0..<samples.count {
                let sample = samples[(next + offset) % samples.count]
                guard sample.time >= 0, now - sample.time <= StrengthTracker.window else { continue }
                if let previous { length += Self.hypot(sample.x - previous.x, sample.y - previous.y) }
                oldest = min(oldest, sample.time)
                previous = sample
            }
            guard let last = previous else { return 0 }
            if let end { length += Self.hypot(end.x - last.x, end.y - last.y) }
            // A frame at least: moves stamped closer together (or in one SDL tick)
            // are not an infinite speed.
            return length / Float(max(now - oldest, 1.0 / 60))
        }

        static func hypot(_ dx: Float, _ dy: Float) -> Float { (dx * dx + dy * dy).squareRoot() }
    }

    private var pointer = Trail()
    private var fingers = Trail()
    private var sticks: [Int32: Trail] = [:]
    private var stickPositions: [Int32: (x: Float, y: Float)] = [:]
    private var spaceDownAt: Double?

    // MARK: Noting motion

    mutating func pointerMoved(x: Float, y: Float, scale: Float, now: Double) {
        pointer.add(Sample(time: now, x: x / scale, y: y / scale))
    }

    mutating func fingerMoved(x: Float, y: Float, scale: Float, now: Double) {
        fingers.add(Sample(time: now, x: x / scale, y: y / scale))
    }

    mutating func stickMoved(gamepad: Int32, axis: GamepadAxis, value: Float, now: Double) {
        var position = stickPositions[gamepad] ?? (0, 0)
        if axis == .leftX { position.x = value } else { position.y = value }
        stickPositions[gamepad] = position
        sticks[gamepad, default: Trail()].add(Sample(time: now, x: position.x, y: position.y))
    }

    mutating func forget(gamepad: Int32) {
        sticks[gamepad] = nil
        stickPositions[gamepad] = nil
    }

    mutating func spacePressed(now: Double) {
        if spaceDownAt == nil { spaceDownAt = now }
    }

    /// How long Space was held, when it was down (nil when its press was not seen).
    mutating func spaceReleased(now: Double) -> Double? {
        defer { spaceDownAt = nil }
        return spaceDownAt.map { now - $0 }
    }

    // MARK: Strengths

    func mouseStrength(atX x: Float, y: Float, scale: Float, now: Double) -> Int {
        PunchStrength.mouse(speed: pointer.speed(now: now, endingAt: (x / scale, y / scale)))
    }

    func touchStrength(atX x: Float, y: Float, pressure: Float?, scale: Float, now: Double) -> Int {
        if let pressure { return PunchStrength.touch(pressure: pressure) }
        return PunchStrength.touch(speed: fingers.speed(now: now, endingAt: nil))
    }

    func stickFlickStrength(gamepad: Int32, now: Double) -> Int {
        PunchStrength.stickFlick(rate: sticks[gamepad]?.speed(now: now, endingAt: nil) ?? 0)
    }
}
