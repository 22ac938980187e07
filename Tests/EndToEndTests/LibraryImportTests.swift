import Foundation
import TestSupport
import Testing

/// `library import`: what it refuses and what it leaves out, said in plain words.
@Suite("Importing a library archive: not twice, and only archives, end to end")
struct LibraryImportTests {
    @Test("a file that is no archive (/etc/passwd, text, another program's SQLite file) is called that, not a damaged archive")
    func notAnArchiveSaysSo() throws {
        let cli = CLI()
        let before = try cli.list()
        let text = try cli.file("notes.spar", Array("not an archive".utf8))
        let foreign = cli.folder.file("other.sqlite").path
        _ = try SQLiteShell.query(foreign, "CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        for file in ["/etc/passwd", text, foreign] {
            let result = try cli.run("library", "import", file)
            CommandLineWordingTests.expectOneLine(result, status: 1)
            #expect(result.standardError.contains("\(file) is not a StressPunch library archive (.spar)")
                    && result.standardError.contains("stresspunch library export"), "\(result.standardError)")
            #expect(!result.standardError.contains("damaged"), "\(result.standardError)")
        }
        #expect(try cli.list() == before)
    }

    @Test("importing the same archive twice adds its targets once; the second import says they were already there and skipped")
    func secondImportSkipsWhatIsThere() throws {
        let source = CLI()
        try LibraryArchiveTests.makeLibrary(source)
        // Punches on a day, so the days' totals can be seen not to double.
        _ = try SQLiteShell.query(source.dataDirectory + "/library.sqlite", """
            UPDATE target SET punches = 5 WHERE name = 'Red boss';
            INSERT INTO punch_day (day, punches, strongest) VALUES ('2026-12-01', 5, 300)
            """)
        let archive = source.folder.file("library.spar").path
        #expect(try source.run("library", "export", archive).status == 0)

        let other = CLI()
        let first = try other.run("library", "import", archive)
        #expect(first.status == 0, "\(first.standardError)")
        // The eight built-ins are this library's already; the two photos are new.
        #expect(first.standardOutput.hasPrefix("added 2 targets from \(archive); 8 were already in the library and were skipped"),
                "\(first.standardOutput)")
        let once = try other.list()
        let pictures = other.pictureFiles
        let days = try SQLiteShell.query(other.dataDirectory + "/library.sqlite", "SELECT coalesce(sum(punches), 0) FROM punch_day")
        #expect(days == "5")

        let second = try other.run("library", "import", archive)
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.standardOutput.hasPrefix("added 0 targets from \(archive); 10 were already in the library and were skipped"),
                "\(second.standardOutput)")
        #expect(try other.list() == once, "the second import changed the library")
        #expect(other.pictureFiles == pictures)
        // Nor are the archive's punches counted twice in the days' totals.
        #expect(try SQLiteShell.query(other.dataDirectory + "/library.sqlite", "SELECT coalesce(sum(punches), 0) FROM punch_day") == days)

        // A target that differs in its message, or in its picture, is no duplicate.
        let red = try #require(once.first { $0.name == "Red boss" })
        #expect(try other.run("targets", "edit", String(red.id), "--message", "Tuesdays.").status == 0)
        let blue = try #require(once.first { $0.name == "Blue" })
        let green = try other.file("green.png", TestPNG.solid(width: 40, height: 60, rgba: (30, 220, 30, 255)))
        #expect(try other.run("targets", "edit", String(blue.id), "--image", green).status == 0)
        let third = try other.run("library", "import", archive)
        #expect(third.standardOutput.hasPrefix("added 2 targets from \(archive); 8 were already"), "\(third.standardOutput)")
        #expect(try other.list().count == once.count + 2)
    }
}
