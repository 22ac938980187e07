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
}
