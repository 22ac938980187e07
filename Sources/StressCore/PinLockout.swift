/// The operator PIN's lockout rule: five wrong PINs lock the PIN pad for a minute;
/// after that, each further wrong PIN locks it again for twice as long as the last
/// lock, until the right PIN is entered. Times are seconds since 1970, so the state
/// can be saved and survive a restart.
public struct PinLockout: Sendable, Equatable {
    public static let attemptsBeforeLock = 5
    public static let firstLockSeconds: Double = 60

    /// Wrong PINs since the last success or lock.
    public var failures = 0
    /// How many locks in a row (0 when none since the last success).
    public var lockLevel = 0
    /// When the current lock ends (0 when not locked).
    public var lockedUntil: Double = 0

    public init(failures: Int = 0, lockLevel: Int = 0, lockedUntil: Double = 0) {
        self.failures = failures
        self.lockLevel = lockLevel
        self.lockedUntil = lockedUntil
    }

    public func isLocked(now: Double) -> Bool { now < lockedUntil }

    /// Seconds until the PIN pad opens again (0 when open).
    public func secondsLeft(now: Double) -> Double { max(0, lockedUntil - now) }

    /// Wrong PINs still allowed before the next lock.
    public var attemptsLeft: Int { lockLevel > 0 ? 1 : Self.attemptsBeforeLock - failures }

    public mutating func recordFailure(now: Double) {
        failures += 1
        if lockLevel > 0 || failures >= Self.attemptsBeforeLock {
            lockLevel += 1
            lockedUntil = now + Self.firstLockSeconds * Double(1 << min(lockLevel - 1, 20))
            failures = 0
        }
    }

    public mutating func recordSuccess() {
        failures = 0
        lockLevel = 0
        lockedUntil = 0
    }
}
