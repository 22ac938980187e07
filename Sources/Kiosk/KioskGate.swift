import Foundation
import OperatorLock

/// What the operator PIN opens in kiosk mode.
public enum OperatorAction: Sendable, Equatable {
    case quit
    case operatorMenu
    case manage
    case add
}

/// The kiosk's lock: whether the operator has unlocked it, and the PIN pad while it
/// is open. Entered digits stay here, in memory, and are dropped as soon as they are
/// checked; the check itself runs on `PINChecker`'s queue.
final class KioskGate {
    /// The PIN pad's state while it is open.
    struct Pad: Equatable {
        enum Status: Equatable {
            case prompt
            case checking
            case wrong(attemptsLeft: Int)
            /// Locked until this wall-clock time (seconds since 1970).
            case locked(until: Double)
            case notSet
            case failed(String)
        }

        var purpose: OperatorAction
        var digits = ""
        var status = Status.prompt
        /// Set when the wrong-PIN shake starts (seconds of app time).
        var shakeStart: Double?
        /// The pad was opened from a gamepad, so its keys start focused.
        var openedByGamepad: Bool
    }

    static let maxDigits = 12

    private let checker: PINChecker
    private(set) var isUnlocked = false
    private(set) var pad: Pad?

    init(checker: PINChecker) {
        self.checker = checker
    }

    /// Asks for `action`: granted at once while unlocked (returned), otherwise the PIN
    /// pad opens for it and the action comes from `poll` once the PIN is right.
    func request(_ action: OperatorAction, byGamepad: Bool = false) -> OperatorAction? {
        if isUnlocked { return action }
        if pad == nil {
            pad = Pad(purpose: action, openedByGamepad: byGamepad)
            checker.readLockout()
        } else {
            pad?.purpose = action
        }
        return nil
    }

    func type(_ digit: Character) {
        guard var current = pad, digit.isASCII, digit.isNumber, current.digits.count < Self.maxDigits, acceptsInput else { return }
        current.digits.append(digit)
        if case .wrong = current.status { current.status = .prompt }
        pad = current
    }

    func deleteDigit() {
        guard acceptsInput, pad?.digits.isEmpty == false else { return }
        pad?.digits.removeLast()
    }

    /// Whether keys do anything now (not while checking or locked).
    var acceptsInput: Bool {
        guard let pad else { return false }
        switch pad.status {
        case .checking, .locked, .notSet: return false
        default: return true
        }
    }

    func submit(now: Date) {
        guard var current = pad, acceptsInput, !current.digits.isEmpty else { return }
        checker.check(current.digits, now: now)
        current.digits = ""
        current.status = .checking
        pad = current
    }

    /// Closes the pad without unlocking.
    func cancel() {
        checker.cancel()
        pad = nil
    }

    /// Locks the kiosk again and closes the pad (leaving the operator screens, or
    /// the idle reset).
    func lock() {
        cancel()
        isUnlocked = false
    }

    /// Takes the checker's answer; returns the action the right PIN unlocked.
    func poll(now: Date, time: Double) -> OperatorAction? {
        guard let answer = checker.takeAnswer(), var current = pad else { return nil }
        switch answer {
        case .lockout(let lockout):
            if lockout.isLocked(now: now.timeIntervalSince1970) {
                current.status = .locked(until: lockout.lockedUntil)
            } else if case .locked = current.status {
                // Cleared from a shell (`kiosk reset-lockout`) while the pad counted down.
                current.status = .prompt
            }
        case .checked(.accepted):
            pad = nil
            isUnlocked = true
            return current.purpose
        case .checked(.rejected(let left)):
            current.status = .wrong(attemptsLeft: left)
            current.shakeStart = time
        case .checked(.locked(let seconds)):
            current.status = .locked(until: now.timeIntervalSince1970 + Double(seconds))
            current.shakeStart = time
        case .checked(.notSet):
            current.status = .notSet
        case .failed(let message):
            current.status = .failed(message)
        }
        pad = current
        return nil
    }

    /// Opens the pad's keys again once a lock has run out; while it counts down, reads
    /// the saved lockout again about once a second (`time`: app seconds), so a lock the
    /// operator cleared from a shell ends here too.
    func expireLock(now: Date, time: Double) {
        guard case .locked(let until)? = pad?.status else { return }
        if now.timeIntervalSince1970 >= until {
            pad?.status = .prompt
        } else if time - lockoutReadAt >= 1 {
            lockoutReadAt = time
            checker.readLockout()
        }
    }

    /// When the locked pad last asked for the saved lockout (app seconds).
    private var lockoutReadAt = -Double.infinity

    var isChecking: Bool { checker.isChecking }
}
