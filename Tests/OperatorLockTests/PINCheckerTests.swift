import Foundation
import OperatorLock
import StressCore
import TargetStore
import TestSupport
import Testing

@Suite("PIN checks off the frame path")
struct PINCheckerTests {
    /// Polls like the frame loop does until an answer comes (at most 10 s).
    func answer(from checker: PINChecker) -> PINChecker.Answer? {
        for _ in 0..<1000 {
            if let answer = checker.takeAnswer() { return answer }
            usleep(10_000)
        }
        return nil
    }

    /// A library in `folder` with the PIN 2468.
    func pin(in folder: TemporaryDirectory) throws -> OperatorPIN {
        let pin = OperatorPIN(store: try TargetStore(dataDirectory: folder.url))
        try pin.set("2468")
        return pin
    }

    @Test("a check answers later on the frame thread, without blocking the call")
    func answersLater() throws {
        let folder = TemporaryDirectory("checker")
        let checker = PINChecker(pin: try pin(in: folder))
        checker.check("2468", now: Date())
        #expect(checker.isChecking)
        #expect(answer(from: checker) == .checked(.accepted))
        #expect(!checker.isChecking)
        checker.check("1111", now: Date())
        #expect(answer(from: checker) == .checked(.rejected(attemptsLeft: 4)))
    }

    @Test("a cancelled check's answer is never handed out, but the wrong PIN still counts")
    func cancelDropsAnswer() throws {
        let folder = TemporaryDirectory("checker-cancel")
        let checker = PINChecker(pin: try pin(in: folder))
        checker.check("0000", now: Date())
        checker.cancel()
        checker.readLockout()
        guard case .lockout(let lockout)? = answer(from: checker) else {
            Issue.record("expected the lockout answer only")
            return
        }
        #expect(lockout.failures == 1)
        #expect(checker.takeAnswer() == nil)
    }

    @Test("the lockout read when the pad opens shows a running lock")
    func readsLockout() throws {
        let folder = TemporaryDirectory("checker-lock")
        let operatorPIN = try pin(in: folder)
        let now = Date()
        for _ in 0..<5 { _ = try operatorPIN.check("0000", now: now) }
        let checker = PINChecker(pin: operatorPIN, synchronous: true)
        checker.readLockout()
        guard case .lockout(let lockout)? = checker.takeAnswer() else {
            Issue.record("no lockout answer")
            return
        }
        #expect(lockout.isLocked(now: now.timeIntervalSince1970 + 30))
        checker.check("2468", now: now)
        #expect(checker.takeAnswer() == .checked(.locked(secondsLeft: 60)))
    }
}
