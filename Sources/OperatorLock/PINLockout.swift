/// The operator PIN's lockout rule: five wrong PINs lock the PIN pad for a minute;
/// after that, each further wrong PIN locks it again for twice as long as the last
/// lock, until the right PIN is entered. The lockout decays: an hour without a wrong
/// PIN puts it back to none, so visitors trying PINs on a busy day cannot lock the
/// operator out for days. Times are seconds since 1970, so the state can be saved
/// and survive a restart.
public struct PinLockout: Sendable, Equatable {
    public static let attemptsBeforeLock = 5
    public static let firstLockSeconds: Double = 60
    /// After this long without a wrong PIN (and no lock running), all is forgiven.
    public static let decaySeconds: Double = 3600

    /// Wrong PINs since the last success or lock.
    public var failures = 0
    /// How many locks in a row (0 when none since the last success).
    public var lockLevel = 0
    /// When the current lock ends (0 when not locked).
    public var lockedUntil: Double = 0
    /// When the last wrong PIN was entered (0: never).
    public var lastFailure: Double = 0

    public init(failures: Int = 0, lockLevel: Int = 0, lockedUntil: Double = 0, lastFailure: Double = 0) {
        self.failures = failures
        self.lockLevel = lockLevel
        self.lockedUntil = lockedUntil
        self.lastFailure = lastFailure
    }

    /// The lockout as it stands at `now`, an hour's quiet forgiven.
    public func decayed(now: Double) -> PinLockout {
        guard !isLocked(now: now), now - max(lastFailure, lockedUntil) >= Self.decaySeconds else { return self }
        return PinLockout()
    }

    public func isLocked(now: Double) -> Bool { now < lockedUntil }

    /// Seconds until the PIN pad opens again (0 when open).
    public func secondsLeft(now: Double) -> Double { max(0, lockedUntil - now) }

    /// Wrong PINs still allowed before the next lock.
    public var attemptsLeft: Int { lockLevel > 0 ? 1 : Self.attemptsBeforeLock - failures }

    public mutating func recordFailure(now: Double) {
        self = decayed(now: now)
        lastFailure = now
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
        lastFailure = 0
    }
}
