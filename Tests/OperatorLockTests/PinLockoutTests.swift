import OperatorLock
import StressCore
import Testing

@Suite("Operator PIN lockout")
struct PinLockoutTests {
    @Test("four wrong PINs do not lock; the fifth locks for a minute")
    func fifthLocks() {
        var lockout = PinLockout()
        for _ in 0..<4 { lockout.recordFailure(now: 1000) }
        #expect(!lockout.isLocked(now: 1000))
        #expect(lockout.attemptsLeft == 1)
        lockout.recordFailure(now: 1000)
        #expect(lockout.isLocked(now: 1059))
        #expect(!lockout.isLocked(now: 1060))
    }

    @Test("each further wrong PIN after a lock doubles the lock")
    func doubling() {
        var lockout = PinLockout()
        for _ in 0..<5 { lockout.recordFailure(now: 0) }
        lockout.recordFailure(now: 100)
        #expect(lockout.secondsLeft(now: 100) == 120)
        lockout.recordFailure(now: 300)
        #expect(lockout.secondsLeft(now: 300) == 240)
    }

    @Test("the right PIN resets everything")
    func successResets() {
        var lockout = PinLockout()
        for _ in 0..<6 { lockout.recordFailure(now: 0) }
        lockout.recordSuccess()
        #expect(lockout == PinLockout())
        #expect(lockout.attemptsLeft == 5)
    }
}

@Suite("Operator PIN lockout decay")
struct PinLockoutDecayTests {
    @Test("an hour without a wrong PIN puts the lockout back to none")
    func decaysAfterAnHour() {
        var lockout = PinLockout()
        for _ in 0..<6 { lockout.recordFailure(now: 0) }
        #expect(lockout.lockLevel == 2)
        let calm = lockout.decayed(now: 120 + PinLockout.decaySeconds)
        #expect(calm.lockLevel == 0 && calm.failures == 0 && !calm.isLocked(now: 120 + PinLockout.decaySeconds))
        // A wrong PIN after the quiet hour counts from zero: no lock at once.
        lockout.recordFailure(now: 120 + PinLockout.decaySeconds)
        #expect(!lockout.isLocked(now: 121 + PinLockout.decaySeconds))
        #expect(lockout.lockLevel == 0 && lockout.failures == 1)
    }

    @Test("the lockout does not decay while a lock runs, nor within the hour")
    func noEarlyDecay() {
        var lockout = PinLockout()
        for _ in 0..<5 { lockout.recordFailure(now: 0) }
        #expect(lockout.decayed(now: 30).lockLevel == 1)
        #expect(lockout.decayed(now: 60 + PinLockout.decaySeconds - 1).lockLevel == 1)
    }
}
