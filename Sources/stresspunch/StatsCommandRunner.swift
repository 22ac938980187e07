import Foundation
import StressCore
import TargetStore

/// `stresspunch stats`: punches per local day over the last N days (today included),
/// and per target. JSON: one array with an object per day, oldest first, every day of
/// the range (a day without punches has 0 of each), so a chart can read it as is,
/// with its five strongest punches in `top` (the kiosk's "Today's strongest").
struct StatsCommandRunner {
    let store: TargetStore
    var now = Date()
    var calendar = Calendar.current

    private struct DayJSON: Encodable {
        let date: String
        let punches: Int
        let strongest: Int
        /// The day's five strongest punches (a kiosk's "Today's strongest").
        let top: [HitJSON]
    }

    private struct HitJSON: Encodable {
        let strength: Int
        let target: String
        /// Local time, HH:MM.
        let time: String
    }


    func run(json: Bool, days: Int) throws(TargetStoreError) -> String {
        let range = DayTotal.days(endingAt: now, count: days, calendar: calendar)
        let totals = DayTotal.filled(range, from: try store.dayTotals(from: range.first ?? "", through: range.last ?? ""))
        if json {
            let hits = try store.strongHits(from: range.first ?? "", through: range.last ?? "")
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            do {
                let rows = totals.map { total in
                    DayJSON(date: total.day, punches: total.punches, strongest: total.strongest,
                            top: (hits[total.day] ?? []).map { HitJSON(strength: $0.strength, target: $0.targetName, time: StrongHit.clock($0.at, calendar: calendar)) })
                }
                return String(decoding: try encoder.encode(rows), as: UTF8.self)
            } catch {
                throw .fileSystem("cannot write the stats as JSON: \(error)")
            }
        }
        return try plain(totals, days: days)
    }

    private func plain(_ totals: [DayTotal], days: Int) throws(TargetStoreError) -> String {
        let punched = totals.filter { $0.punches > 0 }
        var lines: [String] = []
        let sum = punched.reduce(0) { $0 + $1.punches }
        let strongest = punched.map(\.strongest).max() ?? 0
        lines.append("Last \(days) day\(days == 1 ? "" : "s"): \(sum) punch\(sum == 1 ? "" : "es")"
                     + (sum > 0 ? ", strongest \(strongest)" : "") + ".")
        if !punched.isEmpty {
            lines.append("")
            lines.append("DATE        PUNCHES  STRONGEST")
            for day in punched {
                lines.append("\(day.day)  \(pad(String(day.punches), 7))  \(pad(String(day.strongest), 9))")
            }
        }
        let targets = try store.allTargets().filter { $0.punchCount > 0 }.sorted { $0.punchCount > $1.punchCount }
        lines.append("")
        if targets.isEmpty {
            lines.append("No target has been punched yet.")
        } else {
            lines.append("All time, per target:")
            lines.append("PUNCHES  STRONGEST  BEST COMBO  NAME")
            for target in targets {
                lines.append("\(pad(String(target.punchCount), 7))  \(pad(String(target.strongest), 9))  "
                             + "\(pad(String(target.bestCombo), 10))  \(target.name)")
            }
        }
        return lines.joined(separator: "\n")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
