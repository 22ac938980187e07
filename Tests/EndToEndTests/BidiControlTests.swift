import Foundation
import TestSupport
import Testing

/// A RIGHT-TO-LEFT OVERRIDE in a name reorders everything after it: "photo\u{202E}gpj.exe"
/// shows as "photoexe.jpg". Names lose these controls whatever they come from, and the
/// terminal never gets one raw.
@Suite("Bidi controls in names")
struct BidiControlTests {
    @Test("a name or message typed with bidi overrides and isolates is stored without them, the marks kept")
    func typedNamesLoseOverrides() throws {
        let cli = CLI()
        let picture = try cli.file("p.png", TestPNG.solid(width: 40, height: 40, rgba: (200, 40, 40, 255)))
        let added = try cli.run("targets", "add", "--name", "Boss\u{202E}gpj.exe\u{2066}x\u{2069}", "--message", "\u{202B}hi\u{202C} \u{200F}", "--image", picture)
        #expect(added.status == 0, "\(added.standardError)")
        let stored = try #require(try cli.list().last)
        #expect(stored.name == "Bossgpj.exex")
        #expect(stored.message == "hi \u{200F}")
    }

    @Test("a name already stored with an override prints on the terminal with it escaped, not raw")
    func storedOverrideIsEscaped() throws {
        let cli = CLI()
        let first = try #require(try cli.list().first)
        let database = cli.dataDirectory + "/library.sqlite"
        _ = try SQLiteShell.query(database, "UPDATE target SET name = 'Boss' || char(8238) || 'gpj.exe' WHERE id = \(first.id)")
        let listed = try cli.run("targets", "list")
        #expect(listed.status == 0)
        #expect(!listed.standardOutput.unicodeScalars.contains("\u{202E}"), "the override reached the terminal raw")
        #expect(listed.standardOutput.contains("Boss\\u{202E}gpj.exe"), "\(listed.standardOutput)")
    }
}
