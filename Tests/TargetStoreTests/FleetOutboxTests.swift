import Foundation
import StressCore
import TargetStore
import Testing
import TestSupport

/// A library joined to a fleet queues every save of punches in its outbox, in the same
/// transaction: one batch per save, carrying exactly what the save added.
@Suite("Target store: the fleet's outbox")
struct FleetOutboxTests {
    static let link = FleetLink(kiosk: "hall3-a", role: "kiosk_hall3-a", site: "Hall 3", host: "localhost", port: "5432", database: "stresspunch")

    func save(_ store: TargetStore, _ target: Int64, punches: Int, strongest: Int, at time: Double) throws {
        var tally = PunchTally()
        for index in 0..<punches { tally.add(strength: index == 0 ? strongest : 10, combo: 1, at: time + Double(index)) }
        let day = DayTotal.day(of: time)
        try store.recordPunches([target: tally], days: [day: DayTotal(day: day, punches: punches, strongest: strongest)],
                                strongHits: [day: [StrongHitCandidate(strength: strongest, at: time, targetID: target)]])
    }

    @Test("an unjoined library queues nothing; a joined one queues one batch per save with its days, tallies and top hits")
    func joinedSavesQueueBatches() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let target = try #require(try store.allTargets().first)
        let now = Date().timeIntervalSince1970
        try save(store, target.id, punches: 3, strongest: 700, at: now)
        #expect(try store.outboxCounts().waiting == 0)

        #expect(try store.joinFleet(Self.link, at: now))
        #expect(try store.joinFleet(Self.link, at: now) == false)
        #expect(try store.fleetLink()?.kiosk == "hall3-a")
        try save(store, target.id, punches: 4, strongest: 812, at: now + 10)
        try save(store, target.id, punches: 2, strongest: 5, at: now + 20)
        let batches = try store.waitingBatches(limit: 10)
        #expect(batches.count == 2)
        #expect(Set(batches.map(\.batchID)).count == 2)
        let first = try #require(batches.first)
        let payload = try #require(try JSONSerialization.jsonObject(with: Data(first.payload.utf8)) as? [String: Any])
        let days = try #require(payload["days"] as? [String: [String: Int]])
        #expect(days[DayTotal.day(of: now + 10)] == ["punches": 4, "strongest": 812])
        let targets = try #require(payload["targets"] as? [[String: Any]])
        #expect(targets.count == 1 && targets.first?["name"] as? String == target.name && targets.first?["punches"] as? Int == 4)
        let hits = try #require(payload["hits"] as? [[String: Any]])
        #expect(hits.count == 1 && hits.first?["strength"] as? Int == 812)
        // The second save's hit (5) still made the day's list of five, so it is sent too.
        let second = try #require(try JSONSerialization.jsonObject(with: Data(batches[1].payload.utf8)) as? [String: Any])
        #expect((second["hits"] as? [[String: Any]])?.count == 1)

        try store.settleBatch(first.sequence, stored: true, note: nil)
        try store.settleBatch(batches[1].sequence, stored: false, note: "rejected: test")
        let counts = try store.outboxCounts()
        #expect(counts.waiting == 0 && counts.rejected == 1)
    }

    @Test("leaving refuses while batches wait, unless told to discard them")
    func leaveRefusesWhileBatchesWait() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let target = try #require(try store.allTargets().first)
        #expect(try store.joinFleet(Self.link, at: 0))
        try save(store, target.id, punches: 1, strongest: 100, at: Date().timeIntervalSince1970)
        #expect(try store.leaveFleet(discardingUnsent: false) == nil)
        #expect(try store.fleetLink() != nil)
        #expect(try store.leaveFleet(discardingUnsent: true) == 1)
        #expect(try store.fleetLink() == nil)
        #expect(try store.outboxCounts().waiting == 0)
    }
}
