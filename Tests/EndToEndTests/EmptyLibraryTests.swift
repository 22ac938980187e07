import Foundation
import TestSupport
import Testing

/// What the app shows once every target is deleted: a way to a first target, never a
/// placeholder to punch or a blank list.
@Suite("An empty library, end to end", .serialized)
struct EmptyLibraryTests {
    /// Deletes every target from a shell, as `targets delete` does.
    static func emptied(_ run: HeadlessRun) throws {
        for target in try run.cli.list() {
            #expect(try run.cli.run("targets", "delete", String(target.id)).status == 0)
        }
        #expect(try run.cli.list().isEmpty)
    }

    /// Every text a `texts` line wrote.
    static func drawnTexts(_ url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["text"] as? String
        }
    }

    @Test("with no target the punch screen offers Add target and Restore defaults, and a click where the picture was lands nothing")
    func punchScreenOffersAFirstTarget() throws {
        let run = HeadlessRun()
        try Self.emptied(run)
        let result = try run.run("""
            0.50 screenshot $DIR/before.png
            0.50 texts $DIR/main.jsonl
            0.60 click 640 320
            0.62 touch 600 300
            0.70 screenshot $DIR/after.png
            0.80 click "Restore defaults"
            1.60 texts $DIR/restored.jsonl
            1.60 screenshot $DIR/restored.png
            1.70 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        let shown = try Self.drawnTexts(run.folder.file("main.jsonl"))
        #expect(shown.contains("Add target") && shown.contains("Restore defaults"), "\(shown)")
        #expect(!shown.contains { $0.contains("Click the picture") }, "the first-launch hint speaks of a picture there is not: \(shown)")
        #expect(!shown.contains("No target selected"), "\(shown)")
        // The click and the tap on the offer's card: no burst, no score, no squash.
        let before = try Screenshot(run.folder.file("before.png").path), after = try Screenshot(run.folder.file("after.png").path)
        #expect(after.changedPixels(comparedTo: before, aroundX: 640, y: 320, radius: 160) == 0)
        #expect(HeadlessRun.punchesLanded(result) == 0)
        // Restore defaults brings the built-ins back, the first one chosen to punch.
        let targets = try run.cli.list()
        #expect(targets.count == 8)
        let restored = try Self.drawnTexts(run.folder.file("restored.jsonl"))
        #expect(restored.contains { $0.contains(targets[0].name) } && !restored.contains("Nothing to punch yet"), "\(restored)")
    }

    @Test("More targets with no target offers Add target instead of a blank grid, and it opens the Add form")
    func moreTargetsOffersAFirstTarget() throws {
        let run = HeadlessRun()
        try Self.emptied(run)
        let result = try run.run("""
            0.30 key Ctrl+M
            0.60 screenshot $DIR/grid.png
            0.60 texts $DIR/grid.jsonl
            0.70 click "Add target"
            1.00 texts $DIR/form.jsonl
            1.10 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        let grid = try Self.drawnTexts(run.folder.file("grid.jsonl"))
        #expect(grid.contains("All targets") && grid.contains("Nothing to punch yet"), "\(grid)")
        #expect(try Self.drawnTexts(run.folder.file("form.jsonl")).contains("Save"))
    }

    @Test("Manage with no target says so under its header's Add target and Restore defaults")
    func manageSaysItIsEmpty() throws {
        let run = HeadlessRun()
        try Self.emptied(run)
        let result = try run.run("0.30 key Ctrl+L\n0.60 texts $DIR/manage.jsonl\n0.70 quit\n")
        #expect(result.status == 0, "\(result.standardError)")
        let shown = try Self.drawnTexts(run.folder.file("manage.jsonl"))
        #expect(shown.contains("Nothing to punch yet"), "\(shown)")
        #expect(shown.filter { $0 == "Add target" }.count == 1, "one Add target, the header's: \(shown)")
    }
}
