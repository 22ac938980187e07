/// The clock every timed challenge runs on: a 3-second countdown, then the game's
/// time, on the session's fixed steps (so a script plays the same game every time).
public struct ChallengeClock: Sendable, Equatable {
    public enum Phase: Equatable, Sendable { case countdown, running, finished }

    public static let countdownSeconds = 3.0
    public let duration: Double
    public private(set) var time = 0.0

    public init(duration: Double) {
        self.duration = duration
    }

    public var phase: Phase {
        if time < Self.countdownSeconds { return .countdown }
        return time < Self.countdownSeconds + duration ? .running : .finished
    }

    public mutating func step(_ dt: Double) { time += dt }

    /// "3", "2", "1" before the start, "Go!" for its first moment, else nil.
    public var countdownText: String? {
        switch phase {
        case .countdown: return String(Int((Self.countdownSeconds - time).rounded(.up)))
        case .running: return time - Self.countdownSeconds < 0.6 ? "Go!" : nil
        case .finished: return nil
        }
    }

    /// Whole seconds left in the game (all of them during the countdown, 0 when done).
    public var secondsLeft: Int {
        Int(max(0, Self.countdownSeconds + duration - max(time, Self.countdownSeconds)).rounded(.up))
    }

    /// "0:27".
    public var text: String { "\(secondsLeft / 60):\(secondsLeft % 60 < 10 ? "0" : "")\(secondsLeft % 60)" }
}
