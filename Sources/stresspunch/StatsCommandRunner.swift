import CommandLineInterface
import Foundation
import Localization
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
                throw .fileSystem(tr("cannot write the stats as JSON: %s", String(describing: error)))
            }
        }
        return try plain(totals, days: days)
    }

    private func plain(_ totals: [DayTotal], days: Int) throws(TargetStoreError) -> String {
        let punched = totals.filter { $0.punches > 0 }
        var lines: [String] = []
        let sum = punched.reduce(0) { $0 + $1.punches }
        let strongest = punched.map(\.strongest).max() ?? 0
        // TRANSLATORS: `stats`: how many punches landed over the days shown, and the strongest one's strength (0 to 999).
        let punches = sum > 0 ? trn("%d punch, strongest %d", "%d punches, strongest %d", sum, strongest) : trn("%d punch", "%d punches", sum)
        // TRANSLATORS: `stats`, its first line: %d is the number of days, %s says the punches ("12 punches, strongest 640").
        lines.append(trn("Last %d day: %s.", "Last %d days: %s.", days, punches))
        if !punched.isEmpty {
            // TRANSLATORS: `stats`, column heading over the days (2026-12-01).
            let dayHeading = tr("DATE")
            // TRANSLATORS: `stats` and `targets list`, column heading over the punch counts.
            let punchesHeading = tr("PUNCHES")
            // TRANSLATORS: `stats`, column heading over the strongest punch's strength.
            let strongestHeading = tr("STRONGEST")
            let widths = [max(10, width(dayHeading)), max(7, width(punchesHeading)), max(9, width(strongestHeading))]
            lines.append("")
            lines.append("\(pad(dayHeading, widths[0], right: false))  \(pad(punchesHeading, widths[1]))  \(pad(strongestHeading, widths[2]))")
            for day in punched {
                lines.append("\(pad(day.day, widths[0], right: false))  \(pad(Localization.formatted(day.punches), widths[1]))  "
                             + pad(Localization.formatted(day.strongest), widths[2]))
            }
        }
        let targets = try store.allTargets().filter { $0.punchCount > 0 }.sorted { $0.punchCount > $1.punchCount }
        lines.append("")
        if targets.isEmpty {
            lines.append(tr("No target has been punched yet."))
        } else {
            // TRANSLATORS: `stats`, the heading over the table of targets.
            lines.append(tr("All time, per target:"))
            // TRANSLATORS: `stats` and `targets list`, column heading over the punch counts.
            let punchesHeading = tr("PUNCHES")
            // TRANSLATORS: `stats`, column heading over the strongest punch's strength.
            let strongestHeading = tr("STRONGEST")
            // TRANSLATORS: `stats`, column heading over the most punches in a row (a combo).
            let comboHeading = tr("BEST COMBO")
            // TRANSLATORS: `stats` and `targets list`, column heading over the targets' names.
            let nameHeading = tr("NAME")
            let widths = [max(7, width(punchesHeading)), max(9, width(strongestHeading)), max(10, width(comboHeading))]
            lines.append("\(pad(punchesHeading, widths[0]))  \(pad(strongestHeading, widths[1]))  \(pad(comboHeading, widths[2]))  \(nameHeading)")
            for target in targets {
                lines.append("\(pad(Localization.formatted(target.punchCount), widths[0]))  \(pad(Localization.formatted(target.strongest), widths[1]))  "
                             + "\(pad(Localization.formatted(target.bestCombo), widths[2]))  \(target.name)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Terminal columns (a CJK heading takes two a character).
    private func width(_ text: String) -> Int { TerminalWidth.of(text) }

    /// `text` padded to `width` columns: spaces before it (numbers line up on the right) unless `right` is false.
    private func pad(_ text: String, _ width: Int, right: Bool = true) -> String {
        TerminalWidth.pad(text, to: width, right: right)
    }
}
