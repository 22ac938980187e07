import Foundation
import TestSupport
import Testing

/// Backups, restore, export and import, through the built executable.
@Suite("Backups, export and import, end to end")
struct LibraryArchiveTests {
    /// A library with two pictures of its own, one a favorite, some punches.
    static func makeLibrary(_ cli: CLI) throws {
        let red = try cli.file("red boss.png", TestPNG.solid(width: 60, height: 40, rgba: (220, 30, 30, 255)))
        let blue = try cli.file("blue.png", TestPNG.solid(width: 40, height: 60, rgba: (30, 30, 220, 255)))
        #expect(try cli.run("targets", "add", "--name", "Red boss", "--message", "Mondays.", "--image", red).status == 0)
        #expect(try cli.run("targets", "add", "--name", "Blue", "--image", blue).status == 0)
        let ids = try cli.list()
        // Only Red boss of the user's two becomes a favorite (after one built-in makes room).
        #expect(try cli.run("targets", "favorite", String(ids[0].id), "off").status == 0)
        #expect(try cli.run("targets", "favorite", String(ids[ids.count - 2].id), "on").status == 0)
        #expect(try cli.run("targets", "select", String(ids[ids.count - 1].id)).status == 0)
    }

    @Test("export then import --replace into a fresh folder gives the same library: targets, pictures, favorites, selection, settings")
    func roundTrip() throws {
        let source = CLI()
        try Self.makeLibrary(source)
        _ = try StressPunchProcess.run(["--data-dir", source.dataDirectory, "kiosk", "set-idle", "90"])
        let archive = source.folder.file("library.spar").path
        let exported = try source.run("library", "export", archive)
        #expect(exported.status == 0, "\(exported.standardError)")
        #expect(exported.standardOutput.contains("2 pictures"), "\(exported.standardOutput)")

        let fleet = CLI()
        let imported = try StressPunchProcess.run(["--data-dir", fleet.dataDirectory, "library", "import", archive, "--replace"])
        #expect(imported.status == 0, "\(imported.standardError)")
        let before = try source.list(), after = try fleet.list()
        #expect(after.map(\.name) == before.map(\.name))
        #expect(after.map(\.favorite) == before.map(\.favorite))
        #expect(after.map(\.selected) == before.map(\.selected))
        #expect(after.map(\.message) == before.map(\.message))
        for target in after where !target.builtin { #expect(FileManager.default.fileExists(atPath: target.image)) }
        #expect(fleet.pictureFiles.count == 2)
        #expect(try SQLiteShell.query(fleet.dataDirectory + "/library.sqlite", "SELECT value FROM app_setting WHERE key = 'kiosk.idleSeconds'") == "90")
    }

    @Test("export names each target whose picture it leaves out (a link in the pictures folder), exits 1, and keeps the rest")
    func exportNamesLeftOutPictures() throws {
        let source = CLI()
        try Self.makeLibrary(source)
        let red = try #require(try source.list().first { $0.name == "Red boss" })
        // The picture file swapped for a link to a file outside the library: it must not be
        // read through the link, and must not vanish from the archive unnamed.
        let outside = try source.file("outside.png", TestPNG.solid(width: 8, height: 8, rgba: (1, 2, 3, 255)))
        try FileManager.default.removeItem(atPath: red.image)
        try FileManager.default.createSymbolicLink(atPath: red.image, withDestinationPath: outside)
        let archive = source.folder.file("library.spar").path
        let exported = try source.run("library", "export", archive)
        #expect(exported.status == 1)
        #expect(exported.standardOutput.contains("1 pictures"), "\(exported.standardOutput)")
        let lines = exported.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(exported.standardError)")
        #expect(exported.standardError.contains("“Red boss”") && exported.standardError.contains("symbolic link"), "\(exported.standardError)")

        // What the archive holds imports; the target named above is the one skipped.
        let other = CLI()
        let merged = try StressPunchProcess.run(["--data-dir", other.dataDirectory, "library", "import", archive])
        #expect(merged.status == 0, "\(merged.standardError)")
        #expect(try other.list().contains { $0.name == "Blue" })
        #expect(try !other.list().contains { $0.name == "Red boss" })
    }

    @Test("import without --replace adds the archive's own targets and leaves the built-ins and the rest alone")
    func merge() throws {
        let source = CLI()
        try Self.makeLibrary(source)
        let archive = source.folder.file("library.spar").path
        #expect(try source.run("library", "export", archive).status == 0)
        let other = CLI()
        let before = try other.list()
        let merged = try StressPunchProcess.run(["--data-dir", other.dataDirectory, "library", "import", archive])
        #expect(merged.status == 0, "\(merged.standardError)")
        #expect(merged.standardOutput.contains("added 2 targets"), "\(merged.standardOutput)")
        let after = try other.list()
        #expect(after.count == before.count + 2)
        #expect(Array(after.prefix(before.count)).map(\.name) == before.map(\.name))
        #expect(after.filter(\.favorite).count <= 4)
    }

    @Test("a file that is not an archive, or an archive with a damaged picture, is refused; --replace then changes nothing")
    func hostileArchives() throws {
        let cli = CLI()
        let before = try cli.list()
        let text = try cli.file("notes.spar", Array("not an archive".utf8))
        let refused = try cli.run("library", "import", text)
        #expect(refused.status == 1 && refused.standardError.split(separator: "\n").count == 1, "\(refused.standardError)")

        let source = CLI()
        try Self.makeLibrary(source)
        let archive = source.folder.file("bad.spar").path
        #expect(try source.run("library", "export", archive).status == 0)
        // Spoil one picture inside the archive.
        _ = try SQLiteShell.query(archive, "UPDATE archive_picture SET bytes = X'89504E470D0A1A0A0000' WHERE rowid = 1")
        let replace = try cli.run("library", "import", archive, "--replace")
        #expect(replace.status == 1, "\(replace.standardOutput)")
        #expect(try cli.list() == before)
        let merge = try cli.run("library", "import", archive)
        #expect(merge.status == 0)
        #expect(merge.standardOutput.contains("added 1 targets") && merge.standardOutput.contains("skipped"), "\(merge.standardOutput)")
        #expect(try cli.list().count == before.count + 1)
    }

    @Test("a backup is made the day the library opens; a damaged library names it, and restore-backup brings it back")
    func backupAndRestore() throws {
        let cli = CLI()
        try Self.makeLibrary(cli)
        let backups = URL(fileURLWithPath: cli.dataDirectory).appendingPathComponent("backups")
        let made = try FileManager.default.contentsOfDirectory(atPath: backups.path).filter { $0.hasSuffix(".sqlite") }
        #expect(made.count == 1, "\(made)")
        let good = try cli.list()
        // Damage the library: garbage over its first page.
        let database = cli.dataDirectory + "/library.sqlite"
        _ = try? FileManager.default.removeItem(atPath: database + "-wal")
        _ = try? FileManager.default.removeItem(atPath: database + "-shm")
        let handle = try #require(FileHandle(forWritingAtPath: database))
        try handle.write(contentsOf: Data(repeating: 0x5A, count: 4096))
        try handle.close()
        let damaged = try cli.run("targets", "list")
        #expect(damaged.status == 1)
        #expect(damaged.standardError.contains("restore-backup") && damaged.standardError.contains(made[0]), "\(damaged.standardError)")
        let restored = try cli.run("library", "restore-backup", "--yes")
        #expect(restored.status == 0, "\(restored.standardError)")
        #expect(restored.standardOutput.contains("kept as"), "\(restored.standardOutput)")
        // The backup was made when the library first opened: before the user's targets
        // were added, its names are the built-ins at least, and it opens whole.
        let back = try cli.list()
        #expect(!back.isEmpty && Set(back.map(\.name)).isSubset(of: Set(good.map(\.name))))
    }
}
