import Foundation
import StressCore
import TargetStore

/// Checks entered PINs off the frame path. The memory-hard hash takes about a tenth
/// of a second and the lockout lives in SQLite, so both run on a queue of their own;
/// the app polls for the answer once a frame.
public final class PINChecker: @unchecked Sendable {
    // @unchecked: `answer` and `generation` are shared with the queue under `lock`;
    // everything else is used on the main thread only.

    /// What came back from the queue.
    public enum Answer: Equatable, Sendable {
        case checked(PINCheck)
        /// The saved lockout, read when the PIN pad opened.
        case lockout(PinLockout)
        case failed(String)
    }

    private let pin: OperatorPIN
    private let queue = DispatchQueue(label: "stresspunch.pin-check", qos: .userInitiated)
    private let lock = NSLock()
    private var answer: Answer?
    private var generation = 0
    /// Headless runs check synchronously, so a script's frames never depend on timing.
    private let synchronous: Bool
    /// True from `check` until its answer is taken.
    public private(set) var isChecking = false

    public init(pin: OperatorPIN, synchronous: Bool = false) {
        self.pin = pin
        self.synchronous = synchronous
    }

    /// Starts checking `entered` as of `now`.
    public func check(_ entered: String, now: Date) {
        isChecking = true
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
        lock.lock()
        generation += 1
        answer = nil
        lock.unlock()
        isChecking = false
    }

    /// The answer that arrived since the last call, if any (main thread, once a frame).
    public func takeAnswer() -> Answer? {
        lock.lock()
        let taken = answer
        answer = nil
        lock.unlock()
        switch taken {
        case .checked?, .failed?: isChecking = false
        default: break
        }
        return taken
    }

    private func run(_ work: @escaping @Sendable () -> Answer) {
        lock.lock()
        let ticket = generation
        lock.unlock()
        let deliver: @Sendable () -> Void = { [weak self] in
            let result = work()
            guard let self else { return }
            self.lock.lock()
            if self.generation == ticket { self.answer = result }
            self.lock.unlock()
        }
        if synchronous { queue.sync(execute: deliver) } else { queue.async(execute: deliver) }
    }
}
