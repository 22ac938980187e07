import Localization

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
        case .countdown: return Localization.formatted(Int((Self.countdownSeconds - time).rounded(.up)))
        // TRANSLATORS: the start of a game, after the 3, 2, 1 countdown (short: it fills a disc).
        case .running: return time - Self.countdownSeconds < 0.6 ? tr("Go!") : nil
        case .finished: return nil
        }
    }

    /// Whole seconds left in the game (all of them during the countdown, 0 when done).
    public var secondsLeft: Int {
        Int(max(0, Self.countdownSeconds + duration - max(time, Self.countdownSeconds)).rounded(.up))
    }

    /// "0:27".
    public var text: String {
        let seconds = secondsLeft % 60
        // TRANSLATORS: the game's clock, minutes and seconds left ("0:27"); %s is the
        // seconds with two digits.
        return tr("%d:%s", secondsLeft / 60, (seconds < 10 ? Localization.formatted(0) : "") + Localization.formatted(seconds))
    }
}
