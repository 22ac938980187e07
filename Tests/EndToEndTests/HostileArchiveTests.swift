import Foundation
import TestSupport
import Testing

/// Archives and data folders made to hurt: they are refused quickly, with one line, in
/// bounded memory, and nothing changes. End to end through the executable.
@Suite("Hostile archives, links and counts, end to end")
struct HostileArchiveTests {
    /// An archive of a library with two pictures of its own, changed by `sql` (run by
    /// the sqlite3 shell) before it is imported.
    /// The archive is written into `holder`'s folder, which lives as long as the test.
    static func archive(for holder: CLI, name: String = "hostile.spar", sql: String? = nil) throws -> String {
        let source = CLI()
        try LibraryArchiveTests.makeLibrary(source)
        let archive = holder.folder.file(name).path
        let exported = try source.run("library", "export", archive)
        #expect(exported.status == 0, "\(exported.standardError)")
        if let sql { _ = try SQLiteShell.query(archive, sql) }
        return archive
    }

    /// Runs an import under a limit of 30 s of CPU and GNU time (its last
    /// stderr line: the peak resident set in KB).
    struct Outcome {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    static func importLimited(_ cli: CLI, _ archive: String, replace: Bool = false) throws -> (result: Outcome, peakMB: Int) {
        let arguments = ["--data-dir", cli.dataDirectory, "library", "import", archive] + (replace ? ["--replace"] : [])
        let result = try StressPunchProcess.run(arguments, wrapper: ["/usr/bin/time", "-f", "peak %M", "/usr/bin/prlimit", "--cpu=30"])
        let lines = result.standardError.split(separator: "\n")
        let peak = lines.last.flatMap { $0.hasPrefix("peak ") ? Int($0.dropFirst(5)) : nil } ?? 0
        // GNU time's own lines (the peak, "Command exited with non-zero status 1") are not the app's.
        let errors = lines.filter { !$0.hasPrefix("peak ") && !$0.hasPrefix("Command ") }.joined(separator: "\n")
        return (Outcome(status: result.status, standardOutput: result.standardOutput, standardError: errors), peak / 1024)
    }

    static func expectRefused(_ outcome: (result: Outcome, peakMB: Int), mentioning words: String, maxMB: Int = 200,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        let result = outcome.result
        #expect(result.status == 1, "status \(result.status): \(result.standardOutput) \(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardError.hasPrefix("stresspunch: ") && result.standardError.split(separator: "\n").count == 1,
                "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardError.contains(words), "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(!result.standardError.contains("SQLite error"), "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(outcome.peakMB < maxMB, "the import took \(outcome.peakMB) MB", sourceLocation: sourceLocation)
    }

    @Test("an archive whose target table is a view over an endless query is refused at once, and changes nothing")
    func endlessView() throws {
        let cli = CLI()
        let archive = try Self.archive(for: cli, sql: """
            DROP TABLE target;
            CREATE VIEW target AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)
                SELECT n AS id, 'Endless ' || n AS name, '' AS message, NULL AS builtin_key, 'alarm-clock' AS asset_name,
                       NULL AS image_file, 0 AS is_favorite, 0 AS is_selected, 0 AS punches, n AS sort_order FROM r;
            """)
        let before = try cli.list()
        for replace in [false, true] {
            let started = Date()
            Self.expectRefused(try Self.importLimited(cli, archive, replace: replace), mentioning: "view")
            #expect(Date().timeIntervalSince(started) < 10)
        }
        #expect(try cli.list() == before)
    }

    @Test("an archive whose pictures are a view of a huge zeroblob, or a computed column, is refused without making it")
    func computedPictures() throws {
        let cli = CLI()
        let view = try Self.archive(for: cli, sql: """
            DROP TABLE archive_picture;
            CREATE VIEW archive_picture AS SELECT image_file AS file_name, zeroblob(500000000) AS bytes FROM target WHERE image_file IS NOT NULL;
            """)
        let generated = try Self.archive(for: cli, name: "generated.spar", sql: """
            ALTER TABLE archive_picture RENAME TO old_picture;
            CREATE TABLE archive_picture (file_name TEXT PRIMARY KEY, seed BLOB, bytes BLOB GENERATED ALWAYS AS (zeroblob(500000000)) VIRTUAL);
            INSERT INTO archive_picture (file_name, seed) SELECT file_name, bytes FROM old_picture;
            DROP TABLE old_picture;
            """)
        let before = try cli.list()
        Self.expectRefused(try Self.importLimited(cli, view), mentioning: "view")
        Self.expectRefused(try Self.importLimited(cli, generated, replace: true), mentioning: "computed")
        #expect(try cli.list() == before)
    }

    @Test("a picture over the size cap inside an archive is refused by its size, never read into memory")
    func hugePictureBlob() throws {
        // 80 MB of one picture: over the 64 MB any picture may be.
        let cli = CLI()
        let archive = try Self.archive(for: cli, sql: "UPDATE archive_picture SET bytes = zeroblob(80 * 1024 * 1024) WHERE rowid = 1")
        let before = try cli.list()
        let merged = try Self.importLimited(cli, archive)
        #expect(merged.result.status == 0, "\(merged.result.standardError)")
        #expect(merged.result.standardOutput.contains("added 1 targets") && merged.result.standardOutput.contains("skipped"),
                "\(merged.result.standardOutput)")
        // Reading the 80 MB picture would take the process past 80 MB whatever else it
        // holds; 75 leaves room for the app itself, which under AddressSanitizer's
        // shadow memory alone is about 60 MB (61 seen).
        #expect(merged.peakMB < 75, "importing took \(merged.peakMB) MB: the 80 MB picture was read")
        let replaced = try Self.importLimited(cli, archive, replace: true)
        #expect(replaced.result.status == 1 && replaced.peakMB < 75, "\(replaced.result.standardError) \(replaced.peakMB) MB")
        #expect(try cli.list().count == before.count + 1)
    }

    @Test("an archive with more targets than any library is refused before its rows are read")
    func tooManyRows() throws {
        let cli = CLI()
        let archive = try Self.archive(for: cli, sql: """
            INSERT INTO target (name, message, asset_name, sort_order, created_at)
            WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 20001)
            SELECT 'Row ' || n, '', 'alarm-clock', 100 + n, 0 FROM r;
            """)
        let before = try cli.list()
        Self.expectRefused(try Self.importLimited(cli, archive), mentioning: "more than any library")
        #expect(try cli.list() == before)
    }

    @Test("an archive claiming a count no real use reaches is refused, and the import changes nothing")
    func impossibleCount() throws {
        let cli = CLI()
        let archive = try Self.archive(for: cli, sql: "DROP TRIGGER IF EXISTS target_count_ceiling_on_update; UPDATE target SET punches = 9223372036854775807 WHERE rowid = (SELECT max(rowid) FROM target)")
        let before = try cli.list()
        for replace in [false, true] {
            Self.expectRefused(try Self.importLimited(cli, archive, replace: replace), mentioning: "more than anyone could")
        }
        #expect(try cli.list() == before)
    }

    @Test("two targets sharing one picture in an archive share one file: deleting one keeps the other's picture, deleting both removes it")
    func sharedPictureIsShared() throws {
        let cli = CLI()
        let archive = try Self.archive(for: cli, sql: """
            UPDATE target SET image_file = (SELECT image_file FROM target WHERE image_file IS NOT NULL ORDER BY id LIMIT 1)
            WHERE image_file IS NOT NULL;
            """)
        let imported = try cli.run("library", "import", archive, "--replace")
        #expect(imported.status == 0, "\(imported.standardError)")
        let mine = try cli.list().filter { !$0.builtin }
        #expect(mine.count == 2)
        #expect(Set(mine.map(\.image)).count == 1 && cli.pictureFiles.count == 1, "one picture stored twice: \(mine.map(\.image))")
        #expect(try cli.run("targets", "delete", String(mine[0].id)).status == 0)
        let left = try #require(try cli.list().first { $0.id == mine[1].id })
        #expect(FileManager.default.fileExists(atPath: left.image))
        #expect(try cli.run("targets", "delete", String(mine[1].id)).status == 0)
        #expect(!FileManager.default.fileExists(atPath: left.image))
    }

    @Test("library export never follows a link in the pictures folder: a link to a secret file puts none of it in the archive")
    func exportSkipsLinks() throws {
        let cli = CLI()
        try LibraryArchiveTests.makeLibrary(cli)
        let secret = try cli.file("secret.txt", Array("TOP-SECRET-PASSWORD-HASHES".utf8))
        let victim = try #require(try cli.list().first { !$0.builtin })
        try FileManager.default.removeItem(atPath: victim.image)
        try FileManager.default.createSymbolicLink(atPath: victim.image, withDestinationPath: secret)
        let archive = cli.folder.file("out.spar").path
        let exported = try cli.run("library", "export", archive)
        // Written without it, and the target left out is named (exit 1: not all of it went in).
        #expect(exported.status == 1 && exported.standardError.contains("symbolic link"), "\(exported.standardError)")
        #expect(exported.standardOutput.contains("1 pictures"), "\(exported.standardOutput)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: archive))
        #expect(bytes.range(of: Data("TOP-SECRET".utf8)) == nil, "the linked file's bytes are in the archive")
    }

    @Test("a user sound that is a link to a huge file is refused by name without reading it")
    func linkedUserSound() throws {
        let run = HeadlessRun()
        let slap = URL(fileURLWithPath: run.cli.dataDirectory).appendingPathComponent("sounds/slap", isDirectory: true)
        try FileManager.default.createDirectory(at: slap, withIntermediateDirectories: true)
        // 40 MB (sparse): ten times the cap.
        let big = run.folder.file("big.wav")
        FileManager.default.createFile(atPath: big.path, contents: ToolsTests.wav(seconds: 0.2))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 40 * 1024 * 1024)
        try handle.close()
        try FileManager.default.createSymbolicLink(atPath: slap.appendingPathComponent("link.wav").path, withDestinationPath: big.path)
        #expect(try run.cli.run("settings", "set", "tool", "slap").status == 0)
        let result = try run.run("0.30 click \(ToolsTests.hit.0) \(ToolsTests.hit.1)\n0.60 quit")
        #expect(result.status == 0, "\(result.standardError)")
        let complaint = result.standardError.split(separator: "\n").filter { $0.contains("link.wav") }
        #expect(complaint.count == 1 && complaint[0].contains("symbolic link"), "\(result.standardError)")
        #expect(Self.soundsPlayedBuiltin(result), "\(result.standardOutput)")
    }

    static func soundsPlayedBuiltin(_ result: ProcessResult) -> Bool {
        ToolsTests.soundsPlayed(result)?.hasPrefix("slap-") ?? false
    }

    @Test("a stored count of 2^63-1 does not crash the first punch, and a day total at the top saturates instead of showing 0")
    func countAtTheTop() throws {
        let run = HeadlessRun()
        let selected = try #require(try run.cli.list().first { $0.selected })
        let database = run.cli.dataDirectory + "/library.sqlite"
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        let today = formatter.string(from: Date())
        // A hand edit past the library's own checks (its triggers dropped first).
        _ = try SQLiteShell.query(database, """
            DROP TRIGGER IF EXISTS target_count_ceiling_on_update; DROP TRIGGER IF EXISTS punch_day_count_ceiling_on_insert;
            UPDATE target SET punches = 9223372036854775807 WHERE id = \(selected.id);
            INSERT INTO punch_day (day, punches, strongest) VALUES ('\(today)', 9223372036854775800, 10);
            """)
        let result = try run.run("0.30 key space\n0.40 key space\n1.50 quit")
        #expect(result.status == 0, "status \(result.status): \(result.standardError)")
        #expect(HeadlessRun.punchesLanded(result) == 2)
        let stats = try run.cli.run("stats", "--json", "--days", "1")
        #expect(stats.status == 0)
        #expect(stats.standardOutput.contains("\"punches\":1000000000000"), "\(stats.standardOutput)")
        let punches = try #require(try run.cli.list().first { $0.id == selected.id }?.punches)
        #expect(punches == 1_000_000_000_000)
    }
}
