import Foundation
import TargetStore

/// Saves punch counts without ever making a frame wait for the disk: punches are
/// counted in memory, and a background queue writes the sums about twice a second
/// (one transaction per flush, however many punches landed). `flush()` writes what
/// is left, synchronously, on quit.
public final class PunchRecorder: @unchecked Sendable {
    // @unchecked: `pending` is guarded by `lock`; the store is only used on `queue`.
    private let store: TargetStore
    private let queue = DispatchQueue(label: "stresspunch.punch-recorder", qos: .utility)
    private let lock = NSLock()
    private var pending: [Int64: Int] = [:]
    private var flushScheduled = false
    private let interval: Double
    /// The last error writing counts, for the UI to show once.
    public private(set) var lastError: String?
    /// Punches written to the library, and punches on targets deleted before they
    /// could be: together, every punch recorded (the UI monkey checks the sum).
    public private(set) var punchesSaved = 0
    public private(set) var punchesOnDeletedTargets = 0

    public init(store: TargetStore, interval: Double = 0.5) {
        self.store = store
        self.interval = interval
    }

    /// Counts one punch on `targetID`. Cheap: a dictionary update under a lock.
    public func record(targetID: Int64) {
        lock.lock()
        pending[targetID, default: 0] += 1
        let schedule = !flushScheduled
        flushScheduled = true
        lock.unlock()
        if schedule {
            queue.asyncAfter(deadline: .now() + interval) { [weak self] in self?.write() }
        }
    }

    /// Punches counted but not yet written, per target.
    public func unsaved(for targetID: Int64) -> Int {
        lock.lock(); defer { lock.unlock() }
        return pending[targetID] ?? 0
    }

    /// Writes everything now and waits for it (on quit).
    public func flush() {
        queue.sync { write() }
    }

    private func write() {
        lock.lock()
        let batch = pending
        pending.removeAll(keepingCapacity: true)
        flushScheduled = false
        lock.unlock()
        for (id, count) in batch {
            do {
                try store.recordPunches(count, for: id)
                lock.lock(); punchesSaved += count; lock.unlock()
            } catch TargetStoreError.targetNotFound {
                // Deleted meanwhile: its punches go with it.
                lock.lock(); punchesOnDeletedTargets += count; lock.unlock()
            } catch {
                // Keep the counts for the next attempt rather than losing them.
                lock.lock()
                pending[id, default: 0] += count
                lastError = error.description
                lock.unlock()
            }
        }
    }
}
