import SQLiteDatabase
import StressCore

/// The marks on each target: read when a target shows, replaced as a whole when they
/// change (a few hundred rows at most), gone with a wash.
extension TargetStore {
    /// A target's marks, oldest first.
    public func marks(of targetID: Int64) throws(TargetStoreError) -> [Mark] {
        try run { try connection.read { db in try Self.readMarks(db, of: targetID) } }
    }

    /// A target's marks as the table holds them, oldest first.
    static func readMarks(_ db: Database, of targetID: Int64) throws -> [Mark] {
        try db.query("SELECT x, y, tool, depth, hits, born FROM target_mark WHERE target_id = ? ORDER BY id",
                     [.integer(targetID)]).compactMap { row in
            // The column holds the tool's name; one this version does not know draws as a fist.
            guard let name = row.text("tool") else { return nil }
            let tool = PunchTool(rawValue: name) ?? .fist
            return Mark(x: Float(row.double("x") ?? 0), y: Float(row.double("y") ?? 0), tool: tool,
                        depth: Float(row.double("depth") ?? 0), hits: Int(row.int("hits") ?? 1), born: row.double("born") ?? 0)
        }
    }

    /// Adds `marks` to a target's (the newest `MarkSet.capacity`), pulled into range.
    static func insertMarks(_ db: Database, _ marks: [Mark], of targetID: Int64) throws {
        for mark in marks.suffix(MarkSet.capacity) {
            try db.execute("INSERT INTO target_mark (target_id, x, y, tool, depth, hits, born) VALUES (?, ?, ?, ?, ?, ?, ?)", [
                .integer(targetID), .real(Double(min(1, max(0, mark.x)))), .real(Double(min(1, max(0, mark.y)))),
                .text(mark.tool.rawValue), .real(Double(min(1, max(0, mark.depth)))), .integer(Int64(max(1, mark.hits))), .real(mark.born),
            ])
        }
    }

    /// Replaces a target's marks with `marks` (a target deleted meanwhile keeps none).
    public func setMarks(_ marks: [Mark], of targetID: Int64) throws(TargetStoreError) {
        try run {
            try connection.write { db in
                try db.execute("DELETE FROM target_mark WHERE target_id = ?", [.integer(targetID)])
                guard try db.scalarInt("SELECT count(*) FROM target WHERE id = ?", [.integer(targetID)]) == 1 else { return }
                try Self.insertMarks(db, marks, of: targetID)
            }
        }
    }

    /// Washes targets clean: one, or every one (nil). Returns how many marks went.
    @discardableResult
    public func wash(_ targetID: Int64?) throws(TargetStoreError) -> Int {
        try run {
            try connection.write { db in
                let count: Int64
                if let targetID {
                    guard try db.scalarInt("SELECT count(*) FROM target WHERE id = ?", [.integer(targetID)]) == 1 else {
                        throw TargetStoreError.targetNotFound(id: targetID)
                    }
                    count = try db.scalarInt("SELECT count(*) FROM target_mark WHERE target_id = ?", [.integer(targetID)]) ?? 0
                    try db.execute("DELETE FROM target_mark WHERE target_id = ?", [.integer(targetID)])
                } else {
                    count = try db.scalarInt("SELECT count(*) FROM target_mark") ?? 0
                    try db.execute("DELETE FROM target_mark")
                }
                return Int(count)
            }
        }
    }

    /// How many marks each target has (targets without marks are left out).
    public func markCounts() throws(TargetStoreError) -> [Int64: Int] {
        try run {
            try connection.read { db in
                var counts: [Int64: Int] = [:]
                for row in try db.query("SELECT target_id, count(*) AS marks FROM target_mark GROUP BY target_id") {
                    if let id = row.int("target_id") { counts[id] = Int(row.int("marks") ?? 0) }
                }
                return counts
            }
        }
    }
}
