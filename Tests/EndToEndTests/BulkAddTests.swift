import Foundation
import TestSupport
import Testing

/// Adding many pictures at once: a folder from the command line, several files
/// dropped on the window together.
@Suite("Adding a folder or several dropped pictures, end to end")
struct BulkAddTests {
    @Test("targets add --image DIR adds every picture, named after its file; a bad one is refused by name and the rest are added")
    func folderFromTheCommandLine() throws {
        let cli = CLI()
        let folder = cli.folder.url.appendingPathComponent("holiday")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, name) in ["beach_day.png", "my-boss.png", "Zoo.PNG"].enumerated() {
            try Data(TestPNG.solid(width: 24 + index, height: 24, rgba: (200, UInt8(40 * index), 90, 255))).write(to: folder.appendingPathComponent(name))
        }
        try Data("not a picture".utf8).write(to: folder.appendingPathComponent("notes.png"))
        try Data("ignored".utf8).write(to: folder.appendingPathComponent("README.txt"))
        try Data(TestPNG.solid(width: 8, height: 8, rgba: (1, 2, 3, 255))).write(to: folder.appendingPathComponent(".hidden.png"))
        let before = try cli.list().count
        let result = try cli.run("targets", "add", "--image", folder.path)
        #expect(result.status == 1, "one file was refused, so not everything was added")
        #expect(result.standardOutput == "added 3 targets from \(folder.path); 1 file was refused (see above)\n")
        let refusals = result.standardError.split(separator: "\n")
        #expect(refusals.count == 1 && refusals[0].hasPrefix("stresspunch: skipped notes.png: "), "\(result.standardError)")
        let added = try cli.list().dropFirst(before).map(\.name)
        #expect(added == ["Beach day", "My boss", "Zoo"])
        #expect(cli.pictureFiles.count == 3)
    }

    @Test("a folder with only good pictures exits 0; --name with a folder is refused as one picture would be, and adds nothing")
    func folderRules() throws {
        let cli = CLI()
        let folder = cli.folder.url.appendingPathComponent("good")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(TestPNG.solid(width: 20, height: 20, rgba: (9, 9, 9, 255))).write(to: folder.appendingPathComponent("one.png"))
        let misuse = try cli.run("targets", "add", "--name", "X", "--image", folder.path)
        #expect(misuse.status == 1 && misuse.standardError.contains("is a folder"))
        #expect(cli.pictureFiles.isEmpty)
        let result = try cli.run("targets", "add", "--image", folder.path)
        #expect(result.status == 0 && result.standardOutput == "added 1 target from \(folder.path)\n")
        let empty = cli.folder.url.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let none = try cli.run("targets", "add", "--image", empty.path)
        #expect(none.status == 1 && none.standardError.contains("no pictures in"))
    }

    @Test("several files dropped together ask to add them all; Add all adds each, a refused one is said, Cancel adds none")
    func severalDropped() throws {
        let run = HeadlessRun()
        let first = try run.cli.file("first_cat.png", TestPNG.solid(width: 30, height: 30, rgba: (250, 100, 0, 255)))
        let second = try run.cli.file("second.png", TestPNG.solid(width: 30, height: 20, rgba: (0, 100, 250, 255)))
        let bad = try run.cli.file("broken.png", Array("text".utf8))
        let before = try run.cli.list().count
        let cancelled = try run.run("""
            0.20 drop \(first)
            0.20 drop \(second)
            0.40 click "Cancel"
            0.60 quit
            """)
        #expect(cancelled.status == 0, "\(cancelled.standardError)")
        #expect(try run.cli.list().count == before)
        let result = try run.run("""
            0.20 drop \(first)
            0.20 drop \(second)
            0.20 drop \(bad)
            0.40 screenshot $DIR/offer.png
            0.50 click "Add all"
            1.50 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        let added = try run.cli.list().dropFirst(before).map(\.name)
        #expect(added == ["First cat", "Second"])
    }
}
