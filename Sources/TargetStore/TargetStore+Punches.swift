import Foundation
import StressCore

/// Punches counted in memory for one target, waiting to be saved.
public struct PunchTally: Sendable, Equatable {
    public var count = 0
    public var strongest = 0
    public var bestCombo = 0
    /// When the first and last of them landed, in seconds since 1970.
    public var first = Double.infinity
    public var last = 0.0

    public init() {}

    /// A count no real use reaches (a punch a millisecond for thirty years): counts
    /// stop here instead of overflowing, and an archive or library claiming more is
    /// refused as crafted.
    public static let ceiling: Int64 = 1_000_000_000_000

    /// `count + more`, stopping at the ceiling.
    public static func saturated(_ count: Int, plus more: Int) -> Int {
        let sum = count.addingReportingOverflow(more)
        return sum.overflow || sum.partialValue > Int(ceiling) ? Int(ceiling) : sum.partialValue
    }

    public mutating func add(strength: Int, combo: Int, at time: Double) {
        count = Self.saturated(count, plus: 1)
        strongest = max(strongest, strength)
        bestCombo = max(bestCombo, combo)
        first = min(first, time)
        last = max(last, time)
    }

    public mutating func merge(_ other: PunchTally) {
        count = Self.saturated(count, plus: other.count)
        strongest = max(strongest, other.strongest)
        bestCombo = max(bestCombo, other.bestCombo)
        first = min(first, other.first)
        last = max(last, other.last)
    }
}

/// One local day's punches: how many and the strongest.
public struct DayTotal: Sendable, Equatable {
    /// YYYY-MM-DD, local time.
    public var day: String
    public var punches: Int
    public var strongest: Int

    public init(day: String, punches: Int, strongest: Int) {
        self.day = day
        self.punches = punches
        self.strongest = strongest
    }

    /// Whether `text` is a day as the library keys them (YYYY-MM-DD).
    public static func isDay(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
        return bytes.enumerated().allSatisfy { index, byte in index == 4 || index == 7 || (48...57).contains(byte) }
    }

    /// The `count` local days up to and including the one of `date`, oldest first.
    public static func days(endingAt date: Date, count: Int, calendar: Calendar = .current) -> [String] {
        (0..<max(0, count)).reversed().compactMap { back in
            calendar.date(byAdding: .day, value: -back, to: date).map { day(of: $0.timeIntervalSince1970, calendar: calendar) }
        }
    }

    /// Every day of `days` with its totals from `found` (0 where it has none).
    public static func filled(_ days: [String], from found: [DayTotal]) -> [DayTotal] {
        let byDay = Dictionary(found.map { ($0.day, $0) }, uniquingKeysWith: { first, _ in first })
        return days.map { byDay[$0] ?? DayTotal(day: $0, punches: 0, strongest: 0) }
    }

    /// "Dec 1" for a day key, for chart labels.
    public static func shortLabel(_ day: String) -> String {
        let parts = day.split(separator: "-")
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard parts.count == 3, let month = Int(parts[1]), (1...12).contains(month), let dayNumber = Int(parts[2]) else { return day }
        return "\(months[month - 1]) \(dayNumber)"
    }

    /// The local day of a moment, as the library keys days.
    public static func day(of time: Double, calendar: Calendar = .current) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: time))
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }
}

/// One of a day's strongest punches.
public struct StrongHit: Sendable, Equatable {
    public var strength: Int
    /// When it landed, in seconds since 1970.
    public var at: Double
    public var targetName: String

    public init(strength: Int, at: Double, targetName: String) {
        self.strength = strength
        self.at = at
        self.targetName = targetName
    }

    /// A day keeps this many.
    public static let perDay = 5

    /// When it landed as "14:05", local time (the board and `stats --json` say it so).
    public static func clock(_ time: Double, calendar: Calendar = .current) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: Date(timeIntervalSince1970: time))
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// The strongest first; of equal ones, the earlier (it got there first); a day's
    /// first `perDay`.
    public static func ranked(_ hits: [StrongHit]) -> [StrongHit] {
        Array(hits.sorted { ranksAbove($0.strength, $0.at, $1.strength, $1.at) }.prefix(perDay))
    }

    /// The one ranking of strong punches: whether a punch of `strength` at `at` goes
    /// above one of `otherStrength` at `otherAt` (stronger, or as strong and earlier).
    /// The library's queries keep the same order (`orderSQL`).
    public static func ranksAbove(_ strength: Int, _ at: Double, _ otherStrength: Int, _ otherAt: Double) -> Bool {
        (strength, -at) > (otherStrength, -otherAt)
    }

    /// `ranksAbove` as an SQL ordering of the `strong_hit` table.
    static let orderSQL = "strength DESC, at ASC"
}

/// A strong punch waiting to be saved: its target by id (named when it is written).
public struct StrongHitCandidate: Sendable, Equatable {
    public var strength: Int
    public var at: Double
    public var targetID: Int64

    public init(strength: Int, at: Double, targetID: Int64) {
        self.strength = strength
        self.at = at
        self.targetID = targetID
    }
}

/// Saving punches and reading back what they add up to.
extension TargetStore {
    /// Adds punches to a target's count (archives and tests; the app saves tallies).
    public func recordPunches(_ count: Int, for id: Int64) throws(TargetStoreError) {
        guard count > 0 else { return }
        var tally = PunchTally()
        tally.count = count
        let result = try recordPunches([id: tally], days: [:])
        if result.onDeletedTargets > 0 { throw .targetNotFound(id: id) }
    }

    /// Saves what punches added up to, in one transaction: each target's count, its
    /// strongest, its best combo and when it was first and last punched, and each
    /// day's punches and strongest. Punches on targets deleted meanwhile still count
    /// for their day; how many there were comes back, with how many were saved on
    /// their targets.
    @discardableResult
    public func recordPunches(_ tallies: [Int64: PunchTally], days: [String: DayTotal], strongHits: [String: [StrongHitCandidate]] = [:])
        throws(TargetStoreError) -> (saved: Int, onDeletedTargets: Int)
    {
        try run {
            try connection.write { db in
                var saved = 0, onDeleted = 0
                var hitIDs: [Int64] = []
                for (id, tally) in tallies where tally.count > 0 {
                    try db.execute(
                        """
                        UPDATE target SET punches = min(punches + ?, \(PunchTally.ceiling)), strongest = max(strongest, ?),
                            best_combo = max(best_combo, ?), first_punched = min(coalesce(first_punched, ?), ?),
                            last_punched = max(coalesce(last_punched, ?), ?)
                        WHERE id = ?
                        """,
                        [.integer(min(Int64(tally.count), PunchTally.ceiling)), .integer(Int64(min(999, max(0, tally.strongest)))),
                         .integer(Int64(max(0, tally.bestCombo))), tally.first.isFinite ? .real(tally.first) : .null,
                         tally.first.isFinite ? .real(tally.first) : .null, tally.last > 0 ? .real(tally.last) : .null,
                         tally.last > 0 ? .real(tally.last) : .null, .integer(id)])
                    if db.changedRowCount == 0 { onDeleted += tally.count } else { saved += tally.count }
                }
                for total in days.values where total.punches > 0 {
                    try db.execute(
                        """
                        INSERT INTO punch_day (day, punches, strongest) VALUES (?, ?, ?)
                        ON CONFLICT (day) DO UPDATE SET punches = min(punches + excluded.punches, \(PunchTally.ceiling)),
                            strongest = max(strongest, excluded.strongest)
                        """,
                        [.text(total.day), .integer(min(Int64(total.punches), PunchTally.ceiling)),
                         .integer(Int64(min(999, max(0, total.strongest))))])
                }
                for (day, hits) in strongHits where DayTotal.isDay(day) {
                    for hit in hits {
                        // A target deleted meanwhile is named as it was shown: unknown here.
                        try db.execute(
                            """
                            INSERT INTO strong_hit (day, at, strength, target_name)
                            VALUES (?, ?, ?, coalesce((SELECT name FROM target WHERE id = ?), 'a deleted target'))
                            """,
                            [.text(day), .real(hit.at), .integer(Int64(min(999, max(0, hit.strength)))), .integer(hit.targetID)])
                        hitIDs.append(db.lastInsertedRowID)
                    }
                    try db.execute(
                        """
                        DELETE FROM strong_hit WHERE day = ? AND id NOT IN
                            (SELECT id FROM strong_hit WHERE day = ? ORDER BY \(StrongHit.orderSQL) LIMIT ?)
                        """, [.text(day), .text(day), .integer(Int64(StrongHit.perDay))])
                }
                // Joined to a fleet: queued for it in this same transaction.
                try Self.queueFleetBatch(db, tallies: tallies, days: days, hitIDs: hitIDs)
                return (saved, onDeleted)
            }
        }
    }

    /// A day's strongest punches, strongest first (at most five).
    public func strongHits(on day: String) throws(TargetStoreError) -> [StrongHit] {
        try strongHits(from: day, through: day)[day] ?? []
    }

    /// The strongest punches of each day from `firstDay` to `lastDay`, strongest first.
    public func strongHits(from firstDay: String, through lastDay: String) throws(TargetStoreError) -> [String: [StrongHit]] {
        try run {
            try connection.read { db in
                var byDay: [String: [StrongHit]] = [:]
                for row in try db.query("""
                    SELECT day, at, strength, target_name FROM strong_hit WHERE day BETWEEN ? AND ?
                    ORDER BY day, \(StrongHit.orderSQL)
                    """, [.text(firstDay), .text(lastDay)]) {
                    guard let day = row.text("day") else { continue }
                    let hit = StrongHit(strength: Int(row.int("strength") ?? 0), at: row.double("at") ?? 0, targetName: row.text("target_name") ?? "")
                    if byDay[day, default: []].count < StrongHit.perDay { byDay[day, default: []].append(hit) }
                }
                return byDay
            }
        }
    }

    /// Each local day from `firstDay` to `lastDay` (YYYY-MM-DD, both included) that
    /// has punches, oldest first.
    public func dayTotals(from firstDay: String, through lastDay: String) throws(TargetStoreError) -> [DayTotal] {
        try run {
            try connection.read { db in
                try db.query("SELECT day, punches, strongest FROM punch_day WHERE day BETWEEN ? AND ? ORDER BY day",
                             [.text(firstDay), .text(lastDay)]).compactMap { row in
                    guard let day = row.text("day") else { return nil }
                    return DayTotal(day: day, punches: Int(row.int("punches") ?? 0), strongest: Int(row.int("strongest") ?? 0))
                }
            }
        }
    }
}
