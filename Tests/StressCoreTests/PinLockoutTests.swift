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
