// The library's side of a fleet: which fleet it joined (no secret: that lives in
// <data-dir>/fleet/, which the Fleet module keeps), and the outbox of punch batches
// waiting for the server. An outbox row is written in the very transaction that saves
// the punches it carries (`recordPunches`), so a punch is queued exactly when it is
// counted, and a crash leaves either both or neither.

import Foundation
import SQLiteDatabase

/// The fleet a library joined: where the server is and who the kiosk is there.
public struct FleetLink: Sendable, Equatable {
    public var kiosk: String
    public var role: String
    public var site: String
    public var host: String
    public var port: String
    public var database: String
    /// When the last round with the server ended with everything sent, seconds since 1970.
    public var lastSync: Double?
    /// Why the last round failed, in the user's words; nil after one that worked.
    public var lastProblem: String?

    public init(kiosk: String, role: String, site: String, host: String, port: String, database: String,
                lastSync: Double? = nil, lastProblem: String? = nil) {
        (self.kiosk, self.role, self.site, self.host, self.port, self.database) = (kiosk, role, site, host, port, database)
        self.lastSync = lastSync
        self.lastProblem = lastProblem
    }
}

/// One batch of punches in the outbox, as it is sent (byte for byte on every resend).
public struct OutboxBatch: Sendable, Equatable {
    public var sequence: Int64
    /// A random UUID: the server counts a batch id once, however often it arrives.
    public var batchID: String
    /// When the punches were saved, seconds since 1970 (the kiosk's clock).
    public var createdAt: Double
    /// JSON: `{"v":1,"first":T,"last":T,"days":{DAY:{punches,strongest}},"targets":[...],"hits":[...]}`.
    public var payload: String
}

/// How the outbox stands.
public struct OutboxCounts: Sendable, Equatable {
    public var waiting = 0
    public var rejected = 0
    /// When the oldest waiting batch was saved, seconds since 1970.
    public var oldestWaiting: Double?
}

extension LibrarySchema {
    /// The fleet's tables: at most one link, and the outbox.
    static func addFleetTables(_ db: Database) throws {
        try db.execute("""
            CREATE TABLE fleet_link (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                kiosk TEXT NOT NULL, role TEXT NOT NULL, site TEXT NOT NULL,
                host TEXT NOT NULL, port TEXT NOT NULL, database TEXT NOT NULL,
                joined_at REAL NOT NULL, last_sync REAL, last_problem TEXT
            );
            CREATE TABLE fleet_outbox (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                batch_id TEXT NOT NULL UNIQUE CHECK (length(batch_id) = 36),
                created_at REAL NOT NULL,
                payload TEXT NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'stored', 'rejected')),
                note TEXT
            );
            CREATE INDEX fleet_outbox_pending ON fleet_outbox (state, seq);
            """)
    }

    /// The tables an export leaves out: where the fleet is, and what waits for it.
    static let fleetTables = ["fleet_link", "fleet_outbox"]
}

extension TargetStore {
    /// The fleet this library joined, or nil.
    public func fleetLink() throws(TargetStoreError) -> FleetLink? {
        try run {
            try connection.read { db in
                try db.query("SELECT kiosk, role, site, host, port, database, last_sync, last_problem FROM fleet_link WHERE id = 1").first.map { row in
                    FleetLink(kiosk: row.text("kiosk") ?? "", role: row.text("role") ?? "", site: row.text("site") ?? "",
                              host: row.text("host") ?? "", port: row.text("port") ?? "", database: row.text("database") ?? "",
                              lastSync: row.double("last_sync"), lastProblem: row.text("last_problem"))
                }
            }
        }
    }

    /// Joins a fleet. False (and nothing changed) when the library has joined one already.
    public func joinFleet(_ link: FleetLink, at time: Double) throws(TargetStoreError) -> Bool {
        try run {
            try connection.write { db in
                guard try db.scalarInt("SELECT count(*) FROM fleet_link") == 0 else { return false }
                try db.execute(
                    "INSERT INTO fleet_link (id, kiosk, role, site, host, port, database, joined_at) VALUES (1, ?, ?, ?, ?, ?, ?, ?)",
                    [.text(link.kiosk), .text(link.role), .text(link.site), .text(link.host), .text(link.port), .text(link.database), .real(time)])
                return true
            }
        }
    }

    /// Leaves the fleet, and forgets the outbox with it. Refuses (nil) while batches
    /// wait, unless `discardingUnsent`; returns how many waiting batches were dropped.
    public func leaveFleet(discardingUnsent: Bool) throws(TargetStoreError) -> Int? {
        try run {
            try connection.write { db in
                let waiting = Int(try db.scalarInt("SELECT count(*) FROM fleet_outbox WHERE state = 'pending'") ?? 0)
                if waiting > 0 && !discardingUnsent { return nil }
                try db.execute("DELETE FROM fleet_outbox")
                try db.execute("DELETE FROM fleet_link")
                return waiting
            }
        }
    }

    /// The oldest waiting batches, at most `limit`.
    public func waitingBatches(limit: Int) throws(TargetStoreError) -> [OutboxBatch] {
        try run {
            try connection.read { db in
                try db.query("SELECT seq, batch_id, created_at, payload FROM fleet_outbox WHERE state = 'pending' ORDER BY seq LIMIT ?",
                             [.integer(Int64(limit))]).map { row in
                    OutboxBatch(sequence: row.int("seq") ?? 0, batchID: row.text("batch_id") ?? "",
                                createdAt: row.double("created_at") ?? 0, payload: row.text("payload") ?? "")
                }
            }
        }
    }

    public func outboxCounts() throws(TargetStoreError) -> OutboxCounts {
        try run {
            try connection.read { db in
                var counts = OutboxCounts()
                counts.waiting = Int(try db.scalarInt("SELECT count(*) FROM fleet_outbox WHERE state = 'pending'") ?? 0)
                counts.rejected = Int(try db.scalarInt("SELECT count(*) FROM fleet_outbox WHERE state = 'rejected'") ?? 0)
                counts.oldestWaiting = try db.query("SELECT min(created_at) AS oldest FROM fleet_outbox WHERE state = 'pending'").first?.double("oldest")
                return counts
            }
        }
    }

    /// Files the server's answer to a batch: stored (counted there), or rejected with
    /// the server's reason (kept, never sent again).
    public func settleBatch(_ sequence: Int64, stored: Bool, note: String?) throws(TargetStoreError) {
        try run {
            try connection.write { db in
                try db.execute("UPDATE fleet_outbox SET state = ?, note = ?, attempts = attempts + 1 WHERE seq = ? AND state = 'pending'",
                               [.text(stored ? "stored" : "rejected"), note.map { .text($0) } ?? .null, .integer(sequence)])
            }
        }
    }

    /// Notes how a round with the server ended: `syncedAt` when everything was sent,
    /// `problem` (nil when none) in the user's words.
    public func noteFleetRound(syncedAt: Double?, problem: String?) throws(TargetStoreError) {
        try run {
            try connection.write { db in
                try db.execute("UPDATE fleet_link SET last_sync = coalesce(?, last_sync), last_problem = ? WHERE id = 1",
                               [syncedAt.map { .real($0) } ?? .null, problem.map { .text($0) } ?? .null])
            }
        }
    }

    /// Inside `recordPunches`' transaction: when the library has joined a fleet, one
    /// outbox row with what this save added (the days, each target's tally, and the hits
    /// that made their day's top list, `hitIDs` being the strong_hit rows just written).
    static func queueFleetBatch(_ db: Database, tallies: [Int64: PunchTally], days: [String: DayTotal], hitIDs: [Int64]) throws {
        guard try db.scalarInt("SELECT count(*) FROM fleet_link") == 1 else { return }
        let counted = days.values.filter { $0.punches > 0 }
        guard !counted.isEmpty else { return }
        var first = Double.infinity, last = 0.0
        var targets: [[String: Any]] = []
        for (id, tally) in tallies where tally.count > 0 {
            first = min(first, tally.first)
            last = max(last, tally.last)
            guard let name = try db.query("SELECT name FROM target WHERE id = ?", [.integer(id)]).first?.text("name") else { continue }
            targets.append(["name": name, "punches": tally.count, "strongest": min(999, max(0, tally.strongest)), "best_combo": max(0, tally.bestCombo)])
        }
        var hits: [[String: Any]] = []
        for id in hitIDs {
            guard let row = try db.query("SELECT at, strength, target_name FROM strong_hit WHERE id = ?", [.integer(id)]).first else { continue }
            hits.append(["at": row.double("at") ?? 0, "strength": row.int("strength") ?? 0, "target": row.text("target_name") ?? ""])
        }
        let now = Date().timeIntervalSince1970
        if !first.isFinite { first = now }
        if last < first { last = first }
        var dayObjects: [String: Any] = [:]
        for day in counted { dayObjects[day.day] = ["punches": day.punches, "strongest": min(999, max(0, day.strongest))] }
        let payload: [String: Any] = ["v": 1, "first": first, "last": last, "days": dayObjects, "targets": targets, "hits": hits]
        let data = try JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys])
        try db.execute("INSERT INTO fleet_outbox (batch_id, created_at, payload) VALUES (?, ?, ?)",
                       [.text(UUID().uuidString.lowercased()), .real(now), .text(String(decoding: data, as: UTF8.self))])
    }
}
