import Foundation
import TestSupport
import Testing

/// `library import` is bounded by what it writes, not only by what the archive holds:
/// a picture many targets name is decoded and stored once, an import past its bounds is
/// refused before it decodes, a full disk ends it at once, and a failure or a kill
/// leaves the library as it was. End to end, with archives crafted by the sqlite3 shell.
@Suite("Archive imports bounded by what they write, end to end")
struct ArchiveImportBoundsTests {
    /// A picture that takes a while to decode and re-encode but compresses to a few KB:
    /// 2048x1536, a gradient.
    static func gradient(width: Int = 2048, height: Int = 1536) -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let at = (y * width + x) * 4
                pixels[at] = UInt8(x * 255 / width)
                pixels[at + 1] = UInt8(y * 255 / height)
                pixels[at + 2] = UInt8((x + y) & 0xFF)
            }
        }
        return TestPNG.encode(width: width, height: height, rgba: pixels)
    }

    /// An archive (in `holder`'s folder) of a library with one picture of its own, then
    /// changed by `sql`.
    static func archive(for holder: CLI, picture: [UInt8], name: String = "crafted.spar", sql: String) throws -> String {
        let source = CLI()
        let file = try source.file("picture.png", picture)
        let added = try source.run("targets", "add", "--name", "Photo", "--message", "Hi", "--image", file)
        #expect(added.status == 0, "\(added.standardError)")
        let archive = holder.folder.file(name).path
        let exported = try source.run("library", "export", archive)
        #expect(exported.status == 0, "\(exported.standardError)")
        _ = try SQLiteShell.query(archive, sql)
        return archive
    }

    /// SQL that adds `count` targets, each naming the archive's one picture.
    static func sharing(_ count: Int) -> String {
        """
        INSERT INTO target (name, message, image_file, sort_order, created_at)
        WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < \(count))
        SELECT 'Photo ' || n, 'Hi', (SELECT file_name FROM archive_picture), 100 + n, 0 FROM r;
        """
    }

    /// SQL that adds `count` targets, each with a picture of its own: the archive's one
    /// picture with a number after its end (so each is other bytes, the same picture).
    static func distinct(_ count: Int) -> String {
        """
        INSERT INTO archive_picture (file_name, bytes)
        WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < \(count))
        SELECT 'copy-' || n || '.png', CAST((SELECT bytes FROM archive_picture LIMIT 1) || n AS BLOB) FROM r;
        INSERT INTO target (name, message, image_file, sort_order, created_at)
        WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < \(count))
        SELECT 'Copy ' || n, '', 'copy-' || n || '.png', 100 + n, 0 FROM r;
        """
    }

    static func expectOneLine(_ result: ProcessResult, mentioning words: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 1, "status \(result.status): \(result.standardOutput)", sourceLocation: sourceLocation)
        #expect(result.standardOutput.isEmpty, "\(result.standardOutput)", sourceLocation: sourceLocation)
        #expect(result.standardError.hasPrefix("stresspunch: ") && result.standardError.split(separator: "\n").count == 1,
                "\(result.standardError)", sourceLocation: sourceLocation)
        for word in words { #expect(result.standardError.contains(word), "\(result.standardError)", sourceLocation: sourceLocation) }
    }

    @Test("an archive of 2,000 targets over one picture imports in seconds and stores the picture once, shared")
    func sharedPictureStoredOnce() throws {
        let cli = CLI()
        let archive = try Self.archive(for: cli, picture: Self.gradient(), sql: Self.sharing(1_999))
        let before = try cli.list()
        let started = Date()
        let merged = try cli.run("library", "import", archive)
        let seconds = Date().timeIntervalSince(started)
        #expect(merged.status == 0, "\(merged.standardError)")
        #expect(merged.standardOutput.hasPrefix("added 2,000 targets"), "\(merged.standardOutput)")
        #expect(seconds < 10, "the import took \(seconds) s")
        #expect(merged.standardError.isEmpty, "a script (stderr no terminal) sees no progress: \(merged.standardError)")
        let after = try cli.list()
        let mine = after.filter { !$0.builtin }
        #expect(mine.count == 2_000 && after.count == before.count + 2_000)
        #expect(cli.pictureFiles.count == 1, "\(cli.pictureFiles.count) picture files for one picture")
        #expect(Set(mine.map(\.image)).count == 1)

        // A shared file stays while any target shows it, and goes with the last.
        #expect(try cli.run("targets", "delete", String(mine[0].id)).status == 0)
        #expect(FileManager.default.fileExists(atPath: mine[1].image))
        let green = try cli.file("green.png", TestPNG.solid(width: 40, height: 30, rgba: (30, 200, 30, 255)))
        #expect(try cli.run("targets", "edit", String(mine[1].id), "--image", green).status == 0)
        #expect(FileManager.default.fileExists(atPath: mine[2].image))

        // Its export holds the picture once, and --replace shares it too.
        let again = cli.folder.file("again.spar").path
        let exported = try cli.run("library", "export", again)
        #expect(exported.standardOutput.contains("and 2 pictures"), "\(exported.standardOutput)")
        let fleet = CLI()
        let replaced = try fleet.run("library", "import", archive, "--replace")
        #expect(replaced.status == 0, "\(replaced.standardError)")
        #expect(fleet.pictureFiles.count == 1, "\(fleet.pictureFiles.count) picture files for one picture")
    }

    @Test("at a terminal a progress line counts the targets, redrawn in place with a carriage return and wiped before the result")
    func progressAtTerminal() throws {
        let cli = CLI()
        let archive = try Self.archive(for: cli, picture: Self.gradient(width: 640, height: 480), sql: Self.distinct(30))
        // `script` gives the command a terminal of its own and copies what it shows.
        let command = [StressPunchProcess.executableURL.path, "--data-dir", cli.dataDirectory, "library", "import", archive].joined(separator: " ")
        let shown = try ToolProcess.run("/usr/bin/script", ["-qec", command, "/dev/null"], environment: ["LANG": "C.UTF-8"],
                                           removing: ["LANGUAGE", "LC_ALL", "LC_MESSAGES"])
        #expect(shown.status == 0, "\(shown.standardOutput)")
        let text = shown.standardOutput
        #expect(text.contains("\rimporting 0 of 39 targets…") && text.contains("\rimporting 39 of 39 targets…"), "\(text.debugDescription)")
        // One line only: the result, after the progress line was wiped.
        let lines = text.split(separator: "\n").map { $0.split(separator: "\r").last.map(String.init) ?? "" }.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(lines.count == 1 && lines[0].hasPrefix("added 31 targets"), "\(text.debugDescription)")
    }

    /// A JPEG's header claiming 10000x10000 (100 megapixels, the most a picture may
    /// have) over a few bytes: the import rules pass it without decoding it.
    static let claimedJPEG = "FFD8" + "FFC000110827102710030122000211010311" + "01" + "FFDA000C03010002110311003F00" + "AA55" + "FFD9"

    @Test("an archive that would decode more pixels than any library holds is refused in one line before decoding; nothing changes")
    func overTheDecodeBound() throws {
        let cli = CLI()
        // 900 distinct pictures of 100 megapixels each: 90 gigapixels.
        let archive = try Self.archive(for: cli, picture: TestPNG.solid(width: 40, height: 30, rgba: (200, 30, 30, 255)), sql: """
            INSERT INTO archive_picture (file_name, bytes)
            WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 900)
            SELECT 'big-' || n || '.jpg', CAST(X'\(Self.claimedJPEG)' || n AS BLOB) FROM r;
            INSERT INTO target (name, message, image_file, sort_order, created_at)
            WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 900)
            SELECT 'Big ' || n, '', 'big-' || n || '.jpg', 100 + n, 0 FROM r;
            """)
        let before = try cli.list()
        for replace in [false, true] {
            let started = Date()
            let result = try replace ? cli.run("library", "import", archive, "--replace") : cli.run("library", "import", archive)
            Self.expectOneLine(result, mentioning: ["gigapixels", "nothing was imported"])
            #expect(Date().timeIntervalSince(started) < 10)
        }
        #expect(try cli.list() == before)
        #expect(cli.pictureFiles.isEmpty, "\(cli.pictureFiles)")
    }

    @Test("a full disk (a tmpfs of the test's own) stops the import at the first failed write, in one line; the library is as it was",
          .enabled(if: ScratchDisk.canMount, "needs the right to mount a tmpfs"))
    func fullDiskStopsAtOnce() throws {
        let holder = CLI()
        // 60 distinct pictures of about 100 KB each, 6 MB in all, for a disk of 3 MB.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let noise = (0..<(180 * 150 * 4)).map { _ in
            // xorshift64: bytes no compressor shrinks.
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        let archive = try Self.archive(for: holder, picture: TestPNG.encode(width: 180, height: 150, rgba: noise), sql: Self.distinct(60))
        let disk = try ScratchDisk(kilobytes: 3072)
        let data = disk.folder.appendingPathComponent("data").path
        #expect(try StressPunchProcess.run(["--data-dir", data, "targets", "list"]).status == 0)
        let list = { try StressPunchProcess.run(["--data-dir", data, "targets", "list", "--json"]).standardOutput }
        let before = try list()
        let started = Date()
        let result = try StressPunchProcess.run(["--data-dir", data, "library", "import", archive])
        Self.expectOneLine(result, mentioning: ["the disk holding the library is full", "nothing was imported"])
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(try list() == before)
        let images = try FileManager.default.contentsOfDirectory(atPath: data + "/images")
        #expect(images.isEmpty, "left behind: \(images)")
    }

    @Test("a write failing with ENOSPC (the fault shim) stops the import at once, in one line; the library is as it was")
    func enospcStopsAtOnce() throws {
        let shim = try #require(FaultShim.library, "the fault shim did not build")
        let cli = CLI()
        let archive = try Self.archive(for: cli, picture: TestPNG.solid(width: 40, height: 30, rgba: (200, 30, 30, 255)), sql: Self.distinct(30))
        let before = try cli.list()
        // Pictures 1 to 3 are written; the 4th fails, as would every one after it.
        let environment = ["LD_PRELOAD": shim, "STRESSPUNCH_FAULT_PATH": "/images/.incoming-", "STRESSPUNCH_FAULT_CALLS": "write",
                           "STRESSPUNCH_FAULT_AFTER": "3"]
        let result = try StressPunchProcess.run(["--data-dir", cli.dataDirectory, "library", "import", archive], environment: environment)
        Self.expectOneLine(result, mentioning: ["the disk holding the library is full", "nothing was imported"])
        #expect(try cli.list() == before)
        #expect(cli.pictureFiles.isEmpty, "left behind: \(cli.pictureFiles)")
        #expect(cli.folder.fileNames(in: "data/thumbnails").isEmpty, "left behind: \(cli.folder.fileNames(in: "data/thumbnails"))")
    }

    @Test("a kill -9 in the middle of an import leaves the library as it was; the pictures it wrote are swept as orphans")
    func killMidImport() throws {
        let cli = CLI()
        let archive = try Self.archive(for: cli, picture: Self.gradient(), sql: Self.distinct(150))
        try LibraryArchiveTests.makeLibrary(cli)
        let before = try cli.list()
        let files = Set(cli.pictureFiles)
        let process = Process()
        process.executableURL = StressPunchProcess.executableURL
        process.arguments = ["--data-dir", cli.dataDirectory, "library", "import", archive]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Killed once it has written a few of its pictures: in the middle of its work.
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline && Set(cli.pictureFiles).subtracting(files).count < 5 { usleep(5_000) }
        try #require(process.isRunning, "the import ended before it could be killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let database = cli.dataDirectory + "/library.sqlite"
        #expect(try SQLiteShell.query(database, "PRAGMA integrity_check") == "ok")
        #expect(try cli.list() == before, "a kill left part of the import")
        let strays = Set(cli.pictureFiles).subtracting(files)
        #expect(strays.count >= 5)
        // Once they are older than the sweep's grace period, the next open removes them.
        let images = URL(fileURLWithPath: cli.dataDirectory).appendingPathComponent("images")
        for name in strays {
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-600)],
                                                  ofItemAtPath: images.appendingPathComponent(name).path)
        }
        #expect(try cli.list() == before)
        #expect(Set(cli.pictureFiles) == files, "not swept: \(Set(cli.pictureFiles).subtracting(files))")
    }
}
