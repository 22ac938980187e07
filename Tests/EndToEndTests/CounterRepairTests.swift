import Foundation
import TestSupport
import Testing

/// Counts a hand edit put where no real use can (past the ceiling, below zero, not a
/// number) are brought back within bounds when the library opens, so the punches on
/// that target save instead of failing on the library's own rules.
@Suite("Counts out of bounds, repaired at open, end to end")
struct CounterRepairTests {
    static func today() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }

    @Test("a best combo of 2^63-1 (its trigger dropped) is brought to the ceiling at open: the target's punches save, the repair is said")
    func bestComboPastTheCeiling() throws {
        let run = HeadlessRun()
        let selected = try #require(try run.cli.list().first { $0.selected })
        let database = run.cli.dataDirectory + "/library.sqlite"
        _ = try SQLiteShell.query(database, """
            DROP TRIGGER IF EXISTS target_count_ceiling_on_update;
            UPDATE target SET best_combo = 9223372036854775807 WHERE id = \(selected.id);
            """)
        #expect(try SQLiteShell.query(database, "SELECT best_combo FROM target WHERE id = \(selected.id)") == "9223372036854775807",
                "the hand edit did not take")
        let result = try run.run("0.30 key space\n0.40 key space\n1.50 quit")
        #expect(result.status == 0, "status \(result.status): \(result.standardError)")
        #expect(HeadlessRun.punchesLanded(result) == 2)
        #expect(try run.cli.list().first { $0.id == selected.id }?.punches == 2, "the punches were not saved: \(result.standardError)")
        #expect(try SQLiteShell.query(database, "SELECT best_combo FROM target WHERE id = \(selected.id)") == "1000000000000")
        let repaired = result.standardError.split(separator: "\n").filter { $0.contains("repaired the library") }
        #expect(repaired.count == 1 && repaired[0].contains("brought 1 impossible count back"), "\(result.standardError)")
        #expect(!result.standardError.contains("count ceiling"), "SQLite's trigger text reached the user: \(result.standardError)")
    }

    @Test("with the rules intact but switched off for the edit, every count out of bounds is repaired at open and the punches save")
    func everyCountRepaired() throws {
        let run = HeadlessRun()
        let selected = try #require(try run.cli.list().first { $0.selected })
        let database = run.cli.dataDirectory + "/library.sqlite"
        // Triggers off and CHECKs ignored for this one edit: the library's rules stay in
        // place, so only the counts themselves can tell the open something is wrong.
        let edit = try ToolProcess.run("/usr/bin/sqlite3", ["-cmd", ".dbconfig enable_trigger off", database, """
            PRAGMA ignore_check_constraints = 1;
            UPDATE target SET best_combo = 9223372036854775807, strongest = 5000, punches = -3 WHERE id = \(selected.id);
            UPDATE target SET best_combo = 'lots' WHERE id <> \(selected.id) AND id = (SELECT min(id) FROM target WHERE id <> \(selected.id));
            INSERT INTO punch_day (day, punches, strongest) VALUES ('\(Self.today())', 2e30, -7);
            """])
        #expect(edit.status == 0, "\(edit.standardError)")
        #expect(try SQLiteShell.query(database, "SELECT strongest FROM target WHERE id = \(selected.id)") == "5000", "the hand edit did not take")
        let result = try run.run("0.30 key space\n0.40 key space\n1.50 quit")
        #expect(result.status == 0, "status \(result.status): \(result.standardError)")
        #expect(try run.cli.list().first { $0.id == selected.id }?.punches == 2, "the punches were not saved: \(result.standardError)")
        let repaired = result.standardError.split(separator: "\n").filter { $0.contains("repaired the library") }
        #expect(repaired.count == 1 && repaired[0].contains("brought 6 impossible counts back"), "\(result.standardError)")
        let bounds = try SQLiteShell.query(database, """
            SELECT count(*) FROM target WHERE NOT (typeof(best_combo) = 'integer' AND best_combo BETWEEN 0 AND 1000000000000
                AND typeof(strongest) = 'integer' AND strongest BETWEEN 0 AND 999 AND punches BETWEEN 0 AND 1000000000000)
            """)
        #expect(bounds == "0", "counts are still out of bounds")
        #expect(try SQLiteShell.query(database, "SELECT punches, strongest FROM punch_day WHERE day = '\(Self.today())'")
                    .hasPrefix("1000000000000|"), "the day's total was not brought to the ceiling")
    }
}
