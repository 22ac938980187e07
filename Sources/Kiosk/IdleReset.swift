/// When an unattended kiosk resets, and the attract loop it runs afterwards.
///
/// Time is what the caller steps (the app's fixed steps), so a headless run resets at
/// the same frame every time. After `limit` seconds without input it asks for one
/// reset; the attract loop then moves to the next favorite every `attractInterval`
/// seconds until input arrives again.
public struct IdleReset: Sendable, Equatable {
    public static let attractInterval: Double = 5

    public var limit: Double
    public private(set) var idleTime: Double = 0
    /// True from the reset until the next input.
    public private(set) var isAttracting = false
    /// Seconds since the attract loop last moved (or started).
    public private(set) var attractTime: Double = 0

    public init(limit: Double) {
        self.limit = limit
    }

    /// Someone did something: the countdown starts over and the attract loop stops.
    public mutating func noteActivity() {
        idleTime = 0
        isAttracting = false
        attractTime = 0
    }

    /// What a step of `dt` seconds calls for.
    public enum Step: Equatable, Sendable {
        case nothing
        /// Time to reset: back to the main screen and the default target, attract on.
        case reset
        /// The attract loop moves on to the next favorite.
        case advanceAttract
    }

    public mutating func step(_ dt: Double) -> Step {
        if isAttracting {
            attractTime += dt
            guard attractTime >= Self.attractInterval else { return .nothing }
            attractTime -= Self.attractInterval
            return .advanceAttract
        }
        idleTime += dt
        guard idleTime >= limit else { return .nothing }
        isAttracting = true
        attractTime = 0
        return .reset
    }
}
