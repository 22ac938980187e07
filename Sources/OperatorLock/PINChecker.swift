import Foundation
import StressCore
import Locking
import TargetStore

/// Checks entered PINs off the frame path. The memory-hard hash takes about a tenth
/// of a second and the lockout lives in SQLite, so both run on a queue of their own;
/// the app polls for the answer once a frame.
public final class PINChecker: Sendable {
    /// What came back from the queue.
    public enum Answer: Equatable, Sendable {
        case checked(PINCheck)
        /// The saved lockout, read when the PIN pad opened.
        case lockout(PinLockout)
        case failed(String)
    }

    /// Everything that changes: `answer` and `generation` are shared with the queue;
    /// `isChecking` is used on the main thread only but is kept here too.
    private struct State {
        var answer: Answer?
        var generation = 0
        var isChecking = false
    }

    private let pin: OperatorPIN
    private let queue = DispatchQueue(label: "stresspunch.pin-check", qos: .userInitiated)
    private let state = Locked(State())
    /// Headless runs check synchronously, so a script's frames never depend on timing.
    private let synchronous: Bool

    /// True from `check` until its answer is taken.
    public var isChecking: Bool { state.withLock { $0.isChecking } }

    public init(pin: OperatorPIN, synchronous: Bool = false) {
        self.pin = pin
        self.synchronous = synchronous
    }

    /// Starts checking `entered` as of `now`.
    public func check(_ entered: String, now: Date) {
        state.withLock { $0.isChecking = true }
        let pin = self.pin
        run { () -> Answer in
            do { return .checked(try pin.check(entered, now: now)) } catch { return .failed(String(describing: error)) }
        }
    }

    /// Starts reading the saved lockout (to show a running lock when the pad opens).
    public func readLockout() {
        let pin = self.pin
        run { .lockout(pin.lockout) }
    }

    /// Forgets work in flight: its answer will not be handed out.
    public func cancel() {
        state.withLock { state in
            state.generation += 1
            state.answer = nil
            state.isChecking = false
        }
    }

    /// The answer that arrived since the last call, if any (main thread, once a frame).
    public func takeAnswer() -> Answer? {
        state.withLock { state in
            let taken = state.answer
            state.answer = nil
            switch taken {
            case .checked?, .failed?: state.isChecking = false
            default: break
            }
            return taken
        }
    }

    private func run(_ work: @escaping @Sendable () -> Answer) {
        let ticket = state.withLock { $0.generation }
        let deliver: @Sendable () -> Void = { [weak self] in
            let result = work()
            guard let self else { return }
            self.state.withLock { state in
                if state.generation == ticket { state.answer = result }
            }
        }
        if synchronous { queue.sync(execute: deliver) } else { queue.async(execute: deliver) }
    }
}
