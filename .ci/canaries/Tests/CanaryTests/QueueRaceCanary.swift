import Dispatch
import Foundation
import Testing

/// Written on a dispatch queue and on the main thread with nothing ordering the
/// two: the shape of a real race between a model's background queue and the main
/// loop. `nonisolated(unsafe)` is the lie the canary plants on purpose.
nonisolated(unsafe) private var plantedCounter = 0

// Two different bodies, so the optimizer cannot merge them into one function and
// the report names both writers.
@inline(never)
private func writeFromQueue() { plantedCounter += 1 }

@inline(never)
private func writeFromMainThread() { plantedCounter = plantedCounter &* 3 &- 5 }

@Suite("ThreadSanitizer canary")
struct QueueRaceCanary {
    /// Passes only by being reported: `make sanitize-canaries` expects ThreadSanitizer
    /// to stop this process with a race naming both writers. The pauses are no
    /// synchronization (ThreadSanitizer orders by locks and queues, not by time): the
    /// test's pause lets the queue's write come first, and the queue's keeps its worker
    /// thread busy, so this test's own continuation cannot run on that same thread
    /// after the write (program order would then order the two, and hide the race).
    @Test("a counter written on a DispatchQueue and on the main thread is a race")
    func queueRace() async throws {
        DispatchQueue.global().async {
            writeFromQueue()
            Thread.sleep(forTimeInterval: 2)
        }
        try await Task.sleep(nanoseconds: 300_000_000)
        await MainActor.run { writeFromMainThread() }
    }
}
