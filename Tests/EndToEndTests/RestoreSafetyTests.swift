import Foundation
import TestSupport
import Testing

/// `library restore-backup` never costs a picture, end to end.
@Suite("Restoring a backup keeps every picture, end to end")
struct RestoreSafetyTests {
    /// Makes every picture file look older than the orphan sweep's grace period.
    static func agePictures(_ cli: CLI) throws {
        let old = Date().addingTimeInterval(-3600)
        for name in cli.pictureFiles {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: cli.dataDirectory + "/images/" + name)
        }
    }

    @Test("after restore-backup, the next open keeps every picture the replaced library names")
    func replacedLibraryKeepsItsPictures() throws {
        let cli = CLI()
        try LibraryArchiveTests.makeLibrary(cli)
        let pictures = cli.pictureFiles
        #expect(pictures.count == 2)
        try Self.agePictures(cli)
        // The only backup was made at the first open, before the pictures were added.
        let restored = try cli.run("library", "restore-backup", "--yes")
        #expect(restored.status == 0, "\(restored.standardError)")
        #expect(try cli.run("targets", "list").status == 0)
        #expect(cli.pictureFiles == pictures, "the sweep deleted pictures the replaced library names")
        // Putting the replaced library back gives every target its picture.
        let kept = try #require(cli.folder.fileNames(in: "data").first { $0.hasPrefix("library.sqlite.replaced-") && !$0.hasSuffix("-wal") })
        #expect(try cli.run("library", "restore-backup", cli.dataDirectory + "/" + kept, "--yes").status == 0)
        let back = try cli.list()
        #expect(back.filter { !$0.builtin }.count == 2)
        for target in back where !target.builtin { #expect(FileManager.default.fileExists(atPath: target.image)) }
    }

    @Test("a restore that fails part-way keeps the old library in place, and its pictures")
    func failedRestoreKeepsTheLibrary() throws {
        let cli = CLI()
        try LibraryArchiveTests.makeLibrary(cli)
        try Self.agePictures(cli)
        let before = try cli.list()
        let shim = try #require(FaultShim.library, "the fault shim did not build")
        for (pattern, code) in [(".incoming-library.sqlite", ENOSPC), ("/library.sqlite", EIO)] {
            let failed = try StressPunchProcess.run(
                ["--data-dir", cli.dataDirectory, "library", "restore-backup", "--yes"],
                environment: ["LD_PRELOAD": shim, "STRESSPUNCH_FAULT_PATH": pattern, "STRESSPUNCH_FAULT_ERRNO": String(code)])
            #expect(failed.status == 1, "\(failed.standardOutput)")
            #expect(failed.standardError.hasPrefix("stresspunch: ") && failed.standardError.split(separator: "\n").count == 1,
                    "\(failed.standardError)")
            #expect(FileManager.default.fileExists(atPath: cli.dataDirectory + "/library.sqlite"))
            #expect(try cli.list() == before, "a failed restore (\(pattern)) changed the library")
            #expect(cli.pictureFiles.count == 2)
        }
        #expect(!cli.folder.fileNames(in: "data").contains { $0.hasPrefix(".incoming") }, "\(cli.folder.fileNames(in: "data"))")
    }
}
