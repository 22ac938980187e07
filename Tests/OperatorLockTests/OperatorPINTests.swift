import Foundation
import OperatorLock
import StressCore
import TargetStore
import TestSupport
import Testing

@Suite("Operator PIN")
struct OperatorPINTests {
    @Test("the stored hash is not the PIN, is salted, and verifies the PIN")
    func hashing() throws {
        let folder = TemporaryDirectory("pin")
        let store = try TargetStore(dataDirectory: folder.url)
        let pin = OperatorPIN(store: store)
        #expect(!pin.isSet)
        try pin.set("2468")
        #expect(pin.isSet)
        let hash = try #require(try store.setting(.pinHash))
        #expect(!hash.contains("2468"))
        #expect(hash.hasPrefix("$argon2id$"))
        try pin.set("2468")
        #expect(try store.setting(.pinHash) != hash)  // a fresh salt each time
        #expect(try pin.check("2468") == .accepted)
        #expect(try pin.check("1357") == .rejected(attemptsLeft: 4))
    }

    @Test("PINs are 4 to 12 digits", arguments: ["123", "1234567890123", "12a4", "", "１２３４"])
    func badFormats(candidate: String) throws {
        #expect(throws: OperatorPINError.badFormat) { _ = try OperatorPIN.validated(candidate) }
    }

    @Test("five wrong PINs lock the pad, the lock survives reopening the library, and the right PIN works after it")
    func lockoutPersists() throws {
        let folder = TemporaryDirectory("lock")
        let start = Date(timeIntervalSince1970: 1_000_000)
        do {
            let pin = OperatorPIN(store: try TargetStore(dataDirectory: folder.url))
            try pin.set("9876")
            for attempt in 1...4 { #expect(try pin.check("0000", now: start) == .rejected(attemptsLeft: 5 - attempt)) }
            #expect(try pin.check("0000", now: start) == .locked(secondsLeft: 60))
        }
        let reopened = OperatorPIN(store: try TargetStore(dataDirectory: folder.url))
        // Even the right PIN is not checked while locked.
        #expect(try reopened.check("9876", now: start.addingTimeInterval(30)) == .locked(secondsLeft: 30))
        #expect(try reopened.check("9876", now: start.addingTimeInterval(61)) == .accepted)
        #expect(reopened.lockout == PinLockout())
    }

    @Test("with no PIN set, checking says so")
    func notSet() throws {
        let folder = TemporaryDirectory("unset")
        #expect(try OperatorPIN(store: try TargetStore(dataDirectory: folder.url)).check("1234") == .notSet)
    }

    @Test("a damaged lockout in the library reads as a sane one instead of crashing", arguments: ["inf", "nan", "1e300", "-5", "soon"])
    func damagedLockout(value: String) throws {
        let folder = TemporaryDirectory("damaged-lock")
        let store = try TargetStore(dataDirectory: folder.url)
        let pin = OperatorPIN(store: store)
        try pin.set("2468")
        try store.setSettings([.pinFailures: value, .pinLockLevel: value, .pinLockedUntil: value])
        let lockout = pin.lockout
        #expect(lockout.failures >= 0 && lockout.failures <= 1000)
        #expect(lockout.lockLevel >= 0 && lockout.lockLevel <= 64)
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        switch try pin.check("2468", now: now) {
        case .accepted, .locked: break
        case let other: Issue.record("unexpected \(other)")
        }
    }
}
