import Foundation
import TargetStore

/// Saves punch counts without ever making a frame wait for the disk, and without ever
/// losing one silently.
///
/// Punches are counted in memory; `tick` (every fixed step, on the simulation's clock,
/// so a headless run saves as often in simulated time as the app does in real time)
/// writes the sums about twice a second, one transaction per write, on a background
/// queue (inline in headless runs). A write that fails (a full disk, a library locked
/// by another program) keeps its counts and is tried again, less often each time;
/// `problem` says why in words for a toast. `flush()` writes what is left on quit and
/// answers how many punches could still not be saved.
public final class PunchRecorder: @unchecked Sendable {
    // @unchecked: `pending`, the counters and `problem` are guarded by `lock`; the
    // store is only used on `queue`.
    private let store: TargetStore
    private let queue = DispatchQueue(label: "stresspunch.punch-recorder", qos: .utility)
    private let lock = NSLock()
    private var pending: [Int64: Int] = [:]
    private var writing = false
    private let interval: Double
    private let synchronous: Bool
    /// Simulation time of the next write, and how long to wait after a failed one.
    private var nextWrite: Double = 0
    private var retryDelay: Double
    private var failedWrites = 0
    private var problemText: String?
    private var causeText: String?
    /// Punches written to the library, and punches on targets deleted before they
    /// could be: together, every punch recorded (the UI monkey checks the sum).
    private var saved = 0
    private var onDeleted = 0

    public init(store: TargetStore, interval: Double = 0.5, synchronous: Bool = false) {
        self.store = store
        self.interval = interval
        self.synchronous = synchronous
        retryDelay = interval
    }

    /// Counts one punch on `targetID`. Cheap: a dictionary update under a lock.
    public func record(targetID: Int64) {
        lock.lock()
        pending[targetID, default: 0] += 1
        lock.unlock()
    }

    /// Called every fixed step with the simulation's time: starts a write when one is
    /// due and something waits to be saved.
    public func tick(now: Double) {
        lock.lock()
        let due = !pending.isEmpty && !writing && now >= nextWrite
        if due {
            writing = true
            nextWrite = now + retryDelay
        }
        lock.unlock()
        guard due else { return }
        if synchronous {
            write()
        } else {
            queue.async { [weak self] in self?.write() }
        }
    }

    /// Punches counted but not yet written, per target.
    public func unsaved(for targetID: Int64) -> Int {
        lock.lock(); defer { lock.unlock() }
        return pending[targetID] ?? 0
    }

    /// Punches counted but not yet written, in all.
    public var unsavedTotal: Int {
        lock.lock(); defer { lock.unlock() }
        return pending.values.reduce(0, +)
    }

    /// Why punches are not being saved right now, for the user; nil while saves work.
    public var problem: String? {
        lock.lock(); defer { lock.unlock() }
        return problemText
    }

    public var punchesSaved: Int {
        lock.lock(); defer { lock.unlock() }
        return saved
    }

    public var punchesOnDeletedTargets: Int {
        lock.lock(); defer { lock.unlock() }
        return onDeleted
    }

    /// Writes everything now and waits for it (on quit), trying a few times over about
    /// two seconds if the library is locked or the disk is full. Returns how many
    /// punches could still not be saved (0 when all were).
    @discardableResult
    public func flush(attempts: Int = 5) -> Int {
        for attempt in 0..<max(1, attempts) {
            queue.sync {
                lock.lock(); writing = true; lock.unlock()
                write()
            }
            let left = unsavedTotal
            if left == 0 { return 0 }
            if attempt + 1 < attempts { usleep(400_000) }
        }
        return unsavedTotal
    }

    private func write() {
        lock.lock()
        let batch = pending
        pending.removeAll(keepingCapacity: true)
        lock.unlock()
        var failure: (cause: String, advice: String)?
        for (id, count) in batch {
            do {
                try store.recordPunches(count, for: id)
                lock.lock(); saved += count; lock.unlock()
            } catch TargetStoreError.targetNotFound {
                // Deleted meanwhile: its punches go with it.
                lock.lock(); onDeleted += count; lock.unlock()
            } catch {
                // Kept for the next attempt rather than lost.
                lock.lock(); pending[id, default: 0] += count; lock.unlock()
                failure = Self.reason(error)
            }
        }
        lock.lock()
        writing = false
        if let failure {
            failedWrites += 1
            causeText = failure.cause
            problemText = "Punches are not being saved: \(failure.cause). \(failure.advice); they are kept until then."
            // Back off to once every 5 s: a full disk is not fixed in half a second.
            retryDelay = min(5, interval * Double(1 << min(failedWrites, 4)))
        } else {
            failedWrites = 0
            problemText = nil
            causeText = nil
            retryDelay = interval
        }
        lock.unlock()
    }

    /// Why saving fails right now, short ("the disk is full"), for the quit message.
    public var problemCause: String? {
        lock.lock(); defer { lock.unlock() }
        return causeText
    }

    /// Why a write failed, in words about the cause rather than SQLite's, and what to do.
    static func reason(_ error: any Error) -> (cause: String, advice: String) {
        guard case TargetStoreError.database(let database) = error else {
            return ((error as? TargetStoreError)?.description ?? String(describing: error), "Check the data folder")
        }
        if database.isDiskFull { return ("the disk is full", "Free some space") }
        if database.isBusy { return ("another program is holding the library", "Close it") }
        if database.isReadOnly { return ("the library cannot be written", "Check the data folder's permissions") }
        if database.isIOError { return ("the disk reports errors (\(database.message))", "Check the disk") }
        return (database.message, "Check the data folder")
    }
}
