import Foundation
import Localization
import Locking
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
public final class PunchRecorder: Sendable {
    /// Everything threads share, behind one lock: the frame thread counts punches and
    /// reads reports, the write queue takes batches and files results.
    private struct State {
        var pending: [Int64: PunchTally] = [:]
        var days: [String: DayTotal] = [:]
        /// Each day's punches that made today's board and are not yet saved (at most
        /// five a day: no more can stay on the list).
        var strongHits: [String: [StrongHitCandidate]] = [:]
        var writing = false
        /// Simulation time of the next write, and how long to wait after a failed one.
        var nextWrite: Double = 0
        var retryDelay: Double
        var failedWrites = 0
        var problemText: String?
        var causeText: String?
        var causeIsDiskFull = false
        /// Punches written to the library, and punches on targets deleted before they
        /// could be: together, every punch recorded (the UI monkey checks the sum).
        var saved = 0
        var onDeleted = 0
    }

    private let store: TargetStore
    private let queue = DispatchQueue(label: "stresspunch.punch-recorder", qos: .utility)
    private let state: Locked<State>
    private let interval: Double
    private let synchronous: Bool

    public init(store: TargetStore, interval: Double = 0.5, synchronous: Bool = false) {
        self.store = store
        self.interval = interval
        self.synchronous = synchronous
        state = Locked(State(retryDelay: interval))
    }

    /// Counts one punch on `targetID`, `strength` 0...999, the `combo`th of its chain,
    /// landed at `time` (seconds since 1970); `madeTheBoard`: it took a place on today's
    /// strongest (`TodaysStrongest`, which ranks), so it is saved among the day's
    /// strong hits. Cheap: dictionary updates under a lock.
    public func record(targetID: Int64, strength: Int = 0, combo: Int = 1, at time: Double = 0, madeTheBoard: Bool = false) {
        let day = DayTotal.day(of: time)
        state.withLock { state in
            state.pending[targetID, default: PunchTally()].add(strength: strength, combo: combo, at: time)
            var total = state.days[day] ?? DayTotal(day: day, punches: 0, strongest: 0)
            total.punches += 1
            total.strongest = max(total.strongest, strength)
            state.days[day] = total
            if madeTheBoard {
                Self.keep(StrongHitCandidate(strength: strength, at: time, targetID: targetID), in: &state.strongHits[day, default: []])
            }
        }
    }

    /// Keeps `hit` among a day's strong hits waiting, dropping the one that fell off
    /// the list (by `StrongHit`'s ranking) when there are more than a day keeps.
    private static func keep(_ hit: StrongHitCandidate, in hits: inout [StrongHitCandidate]) {
        hits.append(hit)
        guard hits.count > StrongHit.perDay,
              let last = hits.indices.min(by: { StrongHit.ranksAbove(hits[$1].strength, hits[$1].at, hits[$0].strength, hits[$0].at) })
        else { return }
        hits.remove(at: last)
    }

    /// Called every fixed step with the simulation's time: starts a write when one is
    /// due and something waits to be saved.
    public func tick(now: Double) {
        let due = state.withLock { state in
            let due = !state.pending.isEmpty && !state.writing && now >= state.nextWrite
            if due {
                state.writing = true
                state.nextWrite = now + state.retryDelay
            }
            return due
        }
        guard due else { return }
        if synchronous {
            write()
        } else {
            queue.async { [weak self] in self?.write() }
        }
    }

    /// Punches counted but not yet written, per target.
    public func unsaved(for targetID: Int64) -> Int {
        state.withLock { $0.pending[targetID]?.count ?? 0 }
    }

    /// Punches counted but not yet written, in all.
    public var unsavedTotal: Int {
        state.withLock { $0.pending.values.reduce(0) { $0 + $1.count } }
    }

    /// Why punches are not being saved right now, for the user; nil while saves work.
    public var problem: String? { state.withLock { $0.problemText } }

    public var punchesSaved: Int { state.withLock { $0.saved } }

    public var punchesOnDeletedTargets: Int { state.withLock { $0.onDeleted } }

    /// Writes everything now and waits for it (on quit), trying a few times over about
    /// two seconds if the library is locked or the disk is full. Returns how many
    /// punches could still not be saved (0 when all were).
    @discardableResult
    public func flush(attempts: Int = 5) -> Int {
        for attempt in 0..<max(1, attempts) {
            queue.sync {
                state.withLock { $0.writing = true }
                write()
            }
            let left = unsavedTotal
            if left == 0 { return 0 }
            if attempt + 1 < attempts { usleep(400_000) }
        }
        return unsavedTotal
    }

    private func write() {
        let (batch, days, strongHits) = state.withLock { state in
            let taken = (state.pending, state.days, state.strongHits)
            state.pending.removeAll(keepingCapacity: true)
            state.days.removeAll(keepingCapacity: true)
            state.strongHits.removeAll(keepingCapacity: true)
            return taken
        }
        var failure: Failure?
        if !batch.isEmpty {
            do {
                // A library that opened read-only on a full or failing disk is tried for
                // writing again first: saving resumes as soon as the disk lets it.
                if store.isReadOnly { try store.regainWrites() }
                // One transaction: every target's tally and every day's, or none.
                let result = try store.recordPunches(batch, days: days, strongHits: strongHits)
                // Punches on targets deleted meanwhile go with them (their days keep them).
                state.withLock { state in
                    state.saved += result.saved
                    state.onDeleted += result.onDeletedTargets
                }
            } catch {
                // Kept for the next attempt rather than lost.
                state.withLock { state in
                    for (id, tally) in batch { state.pending[id, default: PunchTally()].merge(tally) }
                    for (day, hits) in strongHits {
                        for hit in hits { Self.keep(hit, in: &state.strongHits[day, default: []]) }
                    }
                    for (day, total) in days {
                        var kept = state.days[day] ?? DayTotal(day: day, punches: 0, strongest: 0)
                        kept.punches += total.punches
                        kept.strongest = max(kept.strongest, total.strongest)
                        state.days[day] = kept
                    }
                }
                failure = Self.reason(error)
            }
        }
        let interval = self.interval
        state.withLock { state in
            state.writing = false
            if let failure {
                state.failedWrites += 1
                state.causeText = failure.cause
                state.causeIsDiskFull = failure.diskFull
                state.problemText = failure.problem
                // Back off to once every 5 s: a full disk is not fixed in half a second.
                state.retryDelay = min(5, interval * Double(1 << min(state.failedWrites, 4)))
            } else {
                state.failedWrites = 0
                state.problemText = nil
                state.causeText = nil
                state.causeIsDiskFull = false
                state.retryDelay = interval
            }
        }
    }

    /// Why saving fails right now, short ("the disk is full"), for the quit message.
    public var problemCause: String? { state.withLock { $0.causeText } }

    /// Whether saving fails right now because the disk is full (known from the error,
    /// not from the words, which are in the user's language).
    public var problemIsDiskFull: Bool { state.withLock { $0.causeIsDiskFull } }

    /// A failed write: its cause, short, for the quit message; the whole sentence for
    /// the toast, with what to do; whether the disk is full.
    struct Failure {
        var cause: String
        var problem: String
        var diskFull = false
    }

    /// Why a write failed, in words about the cause rather than SQLite's, and what to do.
    static func reason(_ error: any Error) -> Failure {
        guard case TargetStoreError.database(let database) = error else {
            let cause = (error as? TargetStoreError)?.description ?? String(describing: error)
            return Failure(cause: cause, problem: otherProblem(cause))
        }
        if database.isDiskFull {
            return Failure(cause: tr("the disk is full"),
                           problem: tr("Punches are not being saved: the disk is full. Free some space; they are kept until then."),
                           diskFull: true)
        }
        if database.isMovedAway {
            return Failure(cause: tr("another program replaced or removed the library file"),
                           problem: tr("Punches are not being saved: another program replaced or removed the library file. Quit and start StressPunch again to use the library there now."))
        }
        if database.isBusy {
            return Failure(cause: tr("another program is holding the library"),
                           problem: tr("Punches are not being saved: another program is holding the library. Close it; they are kept until then."))
        }
        if database.isReadOnly {
            return Failure(cause: tr("the library cannot be written"),
                           problem: tr("Punches are not being saved: the library cannot be written. Check the data folder's permissions; they are kept until then."))
        }
        if database.isIOError {
            // TRANSLATORS: %s is the database's own error message (in English).
            return Failure(cause: tr("the disk reports errors (%s)", database.message),
                           // TRANSLATORS: %s is the database's own error message (in English).
                           problem: tr("Punches are not being saved: the disk reports errors (%s). Check the disk; they are kept until then.",
                                       database.message))
        }
        return Failure(cause: database.message, problem: otherProblem(database.message))
    }

    /// The toast for a write that failed for `cause`, an error's own words.
    private static func otherProblem(_ cause: String) -> String {
        // TRANSLATORS: %s says why, an error message.
        tr("Punches are not being saved: %s. Check the data folder; they are kept until then.", cause)
    }
}
