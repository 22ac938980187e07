// OperatorLock owns the kiosk operator's PIN: hashing it with libsodium's
// memory-hard password hash (Argon2id, salted), checking an entered PIN, and the
// lockout after wrong PINs, all saved in the library so they survive a restart.
// It never stores or logs the PIN itself.

import CSodium
import Foundation
import Localization
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
            // TRANSLATORS: an error of `stresspunch kiosk set-pin` (after "stresspunch: ").
            return tr("an operator PIN is %d to %d digits (%d or more are much harder to guess); type only digits", 4, 12, OperatorPIN.suggestedDigits)
        case .cryptoUnavailable:
            // TRANSLATORS: libsodium is the library's name.
            return tr("the password-hashing library could not start; reinstall libsodium")
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
    // All under the prefix an export leaves out unless asked (`--with-pin`).
    static let hashKey = StoredSetting.pinHash
    static let failuresKey = StoredSetting.pinFailures
    static let levelKey = StoredSetting.pinLockLevel
    static let untilKey = StoredSetting.pinLockedUntil
    static let lastFailureKey = StoredSetting.pinLastFailure

    /// The digits a PIN should have: 4 are still accepted (a kiosk keypad habit), but
    /// 10,000 PINs fall to an offline search of a stolen hash in hours.
    public static let suggestedDigits = 6

    /// Whether a valid PIN is shorter than suggested.
    public static func isShort(_ pin: String) -> Bool {
        ((try? validated(pin)) ?? "").count < suggestedDigits
    }

    /// Argon2id's cost: 128 MiB and 4 passes, about 0.5 s a hash on a small PC (the
    /// interactive preset's 64 MiB and 2 passes took 0.13 s, so all 4-digit PINs fell
    /// in 20 minutes). A kiosk checks a PIN rarely, so half a second is affordable.
    /// Older hashes carry their own cost and still verify.
    static let hashOpsLimit: UInt64 = 4
    static let hashMemoryLimit = 128 * 1024 * 1024

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
        var upgraded: [StoredSetting: String] = [:]
        if Self.verify(pin, against: stored) {
            lockout.recordSuccess()
            result = .accepted
            // A hash made at an older, cheaper cost is made again at today's, once.
            if Self.needsRehash(stored), let digits = try? Self.validated(pin), let hash = try? Self.hash(digits) {
                upgraded[Self.hashKey] = hash
            }
        } else {
            lockout.recordFailure(now: time)
            result = lockout.isLocked(now: time)
                ? .locked(secondsLeft: Self.wholeSeconds(lockout.secondsLeft(now: time)))
                : .rejected(attemptsLeft: lockout.attemptsLeft)
        }
        do {
            try store.setSettings([Self.failuresKey: String(lockout.failures), Self.levelKey: String(lockout.lockLevel),
                                   Self.untilKey: String(lockout.lockedUntil), Self.lastFailureKey: String(lockout.lastFailure)]
                .merging(upgraded) { _, new in new })
        } catch {
            throw .storage(error.description)
        }
        return result
    }

    /// The saved lockout state.
    public var lockout: PinLockout {
        // A damaged value (not a number, infinite, absurd) reads as the nearest sane one;
        // a lock never runs past a day from its saved end.
        func number(_ key: StoredSetting, limit: Double) -> Double {
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
                    crypto_pwhash_str(&output, pointer, UInt64(bytes.count), hashOpsLimit, hashMemoryLimit)
                }
            } ?? -1
        }
        guard status == 0 else { throw .cryptoUnavailable }
        return String(cString: output)
    }

    /// Whether `hash` was made at another cost than today's.
    static func needsRehash(_ hash: String) -> Bool {
        guard (try? startSodium()) != nil else { return false }
        var stored = Array(hash.utf8CString)
        if stored.count < crypto_pwhash_strbytes() { stored += [CChar](repeating: 0, count: crypto_pwhash_strbytes() - stored.count) }
        return crypto_pwhash_str_needs_rehash(&stored, hashOpsLimit, hashMemoryLimit) == 1
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
