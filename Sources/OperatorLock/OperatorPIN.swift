// OperatorLock owns the kiosk operator's PIN: hashing it with libsodium's
// memory-hard password hash (Argon2id, salted), checking an entered PIN, and the
// lockout after wrong PINs, all saved in the library so they survive a restart.
// It never stores or logs the PIN itself.

import CSodium
import Foundation
import StressCore
import TargetStore

/// Why a PIN could not be set or checked.
public enum OperatorPINError: Error, Equatable, Sendable, CustomStringConvertible {
    case badFormat
    case cryptoUnavailable
    case storage(String)

    public var description: String {
        switch self {
        case .badFormat:
            return "an operator PIN is 4 to 12 digits; type only digits"
        case .cryptoUnavailable:
            return "the password-hashing library could not start; reinstall libsodium"
        case .storage(let message):
            return message
        }
    }
}

/// What checking an entered PIN found.
public enum PINCheck: Equatable, Sendable {
    case accepted
    /// Wrong; this many more tries before the pad locks.
    case rejected(attemptsLeft: Int)
    /// The pad is locked for this many more seconds (the PIN was not even checked).
    case locked(secondsLeft: Int)
    /// No PIN has been set: `stresspunch kiosk set-pin` sets one.
    case notSet
}

/// The operator PIN of one library.
public struct OperatorPIN: Sendable {
    static let hashKey = "kiosk.pin.hash"
    static let failuresKey = "kiosk.pin.failures"
    static let levelKey = "kiosk.pin.lockLevel"
    static let untilKey = "kiosk.pin.lockedUntil"
    static let lastFailureKey = "kiosk.pin.lastFailure"

    public let store: TargetStore

    public init(store: TargetStore) {
        self.store = store
    }

    /// A PIN as typed: 4 to 12 ASCII digits (spaces around it are ignored).
    public static func validated(_ pin: String) throws(OperatorPINError) -> String {
        let digits = pin.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (4...12).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { throw .badFormat }
        return digits
    }

    /// Whether a PIN has been set.
    public var isSet: Bool { ((try? store.setting(Self.hashKey)) ?? nil) != nil }

    /// Sets a new PIN (replacing any old one) and clears the lockout.
    public func set(_ pin: String) throws(OperatorPINError) {
        let digits = try Self.validated(pin)
        let hash = try Self.hash(digits)
        do {
            try store.setSettings([Self.hashKey: hash, Self.failuresKey: "0", Self.levelKey: "0", Self.untilKey: "0"])
        } catch {
            throw .storage(error.description)
        }
    }

    /// Checks an entered PIN, counting wrong ones toward the lockout (saved, so a
    /// restart does not reset it).
    public func check(_ pin: String, now: Date = Date()) throws(OperatorPINError) -> PINCheck {
        let stored: String?
        do { stored = try store.setting(Self.hashKey) } catch { throw .storage(error.description) }
        guard let stored else { return .notSet }
        let time = now.timeIntervalSince1970
        var lockout = self.lockout.decayed(now: time)
        if lockout.isLocked(now: time) { return .locked(secondsLeft: Self.wholeSeconds(lockout.secondsLeft(now: time))) }
        let result: PINCheck
        if Self.verify(pin, against: stored) {
            lockout.recordSuccess()
            result = .accepted
        } else {
            lockout.recordFailure(now: time)
            result = lockout.isLocked(now: time)
                ? .locked(secondsLeft: Self.wholeSeconds(lockout.secondsLeft(now: time)))
                : .rejected(attemptsLeft: lockout.attemptsLeft)
        }
        do {
            try store.setSettings([Self.failuresKey: String(lockout.failures), Self.levelKey: String(lockout.lockLevel),
                                   Self.untilKey: String(lockout.lockedUntil), Self.lastFailureKey: String(lockout.lastFailure)])
        } catch {
            throw .storage(error.description)
        }
        return result
    }

    /// The saved lockout state.
    public var lockout: PinLockout {
        // A damaged value (not a number, infinite, absurd) reads as the nearest sane one;
        // a lock never runs past a day from its saved end.
        func number(_ key: String, limit: Double) -> Double {
            guard let value = ((try? store.setting(key)) ?? nil).flatMap(Double.init), value.isFinite else { return 0 }
            return min(max(0, value), limit)
        }
        return PinLockout(failures: Int(number(Self.failuresKey, limit: 1000)), lockLevel: Int(number(Self.levelKey, limit: 64)),
                          lockedUntil: number(Self.untilKey, limit: 1e12), lastFailure: number(Self.lastFailureKey, limit: 1e12))
    }

    /// Clears the lockout (the operator, at a shell: `kiosk reset-lockout`).
    public func resetLockout() throws(OperatorPINError) {
        do {
            try store.setSettings([Self.failuresKey: "0", Self.levelKey: "0", Self.untilKey: "0", Self.lastFailureKey: "0"])
        } catch {
            throw .storage(error.description)
        }
    }

    /// Seconds rounded up, within what an Int holds.
    static func wholeSeconds(_ seconds: Double) -> Int {
        guard seconds.isFinite else { return 0 }
        return Int(min(max(0, seconds), 1e12).rounded(.up))
    }

    // MARK: libsodium

    static func startSodium() throws(OperatorPINError) {
        // 0: started now, 1: already started, -1: failed.
        if sodium_init() < 0 { throw .cryptoUnavailable }
    }

    static func hash(_ pin: String) throws(OperatorPINError) -> String {
        try startSodium()
        var output = [CChar](repeating: 0, count: crypto_pwhash_strbytes())
        let bytes = Array(pin.utf8)
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { pointer in
                    crypto_pwhash_str(&output, pointer, UInt64(bytes.count),
                                      UInt64(crypto_pwhash_opslimit_interactive()), crypto_pwhash_memlimit_interactive())
                }
            } ?? -1
        }
        guard status == 0 else { throw .cryptoUnavailable }
        return String(cString: output)
    }

    static func verify(_ pin: String, against hash: String) -> Bool {
        guard (try? startSodium()) != nil else { return false }
        var stored = Array(hash.utf8CString)
        // crypto_pwhash_str_verify expects a buffer of crypto_pwhash_STRBYTES.
        if stored.count < crypto_pwhash_strbytes() { stored += [CChar](repeating: 0, count: crypto_pwhash_strbytes() - stored.count) }
        let bytes = Array(pin.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { pointer in
                crypto_pwhash_str_verify(&stored, pointer, UInt64(bytes.count)) == 0
            }
        }
    }
}
