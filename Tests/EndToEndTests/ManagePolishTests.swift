import Foundation
import TestSupport
import Testing

/// Manage's smaller promises, driven like a user: a refusal that goes once its reason
/// has, a dialog whose default shows, the selected target marked.
@Suite("Manage library: refusals, defaults and the selection, end to end", .serialized)
struct ManagePolishTests {
    static let refusal = "You already have 4 favorites. Remove one from the main screen first."

    @Test("the 4-favorites refusal goes as soon as a favorite is unstarred")
    func refusalGoesWithItsReason() throws {
        let run = HeadlessRun()
        let result = try run.run("""
            0.20 key Ctrl+L
            0.50 click \(ManageLibraryTests.starOfRow5)
            0.70 texts $DIR/refused.jsonl
            0.80 click "★" 1
            0.95 texts $DIR/unstarred.jsonl
            0.95 screenshot $DIR/unstarred.png
            1.10 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try EmptyLibraryTests.drawnTexts(run.folder.file("refused.jsonl")).contains(Self.refusal))
        // Well within the refusal's 4 seconds: it went because it no longer holds.
        let after = try EmptyLibraryTests.drawnTexts(run.folder.file("unstarred.jsonl"))
        #expect(!after.contains(Self.refusal), "\(after)")
        #expect(try run.cli.list().filter(\.favorite).count == 3)
    }

    /// Pixels of the theme's accent (0xFF9F6E) along the edge of the dialog button whose
    /// label is drawn in `box` (the label's box from a `texts` line).
    static func accentPixels(_ shot: Screenshot, aroundLabel box: [Double]) -> Int {
        let centerX = Int(box[0] + box[2] / 2), centerY = Int(box[1] + box[3] / 2)
        var count = 0
        for y in (centerY - 34)...(centerY + 34) {
            for x in (centerX - 130)...(centerX + 130) {
                let p = shot.pixel(x, y)
                if abs(Int(p[0]) - 0xFF) < 14 && abs(Int(p[1]) - 0x9F) < 14 && abs(Int(p[2]) - 0x6E) < 14 { count += 1 }
            }
        }
        return count
    }

    /// The box of the last text drawn that reads `text`, from a `texts` line.
    static func box(of text: String, in url: URL) throws -> [Double] {
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        let objects = try lines.compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        return try #require(objects.last { $0["text"] as? String == text }?["box"] as? [Double])
    }

    @Test("the Delete dialog marks its default button, Cancel, however it was opened: mouse, keyboard or pad; the mark follows the focus")
    func dialogDefaultIsMarked() throws {
        let run = HeadlessRun()
        // Opened with the mouse; closed with Escape, the focus is back on the row's
        // Delete, which Enter and then pad A open again; Tab moves to the dialog's Delete.
        let result = try run.run("""
            0.20 key Ctrl+L
            0.50 click \(ManageLibraryTests.deleteOfRow1)
            0.70 screenshot $DIR/mouse.png
            0.70 texts $DIR/mouse.jsonl
            0.80 key Escape
            1.00 key Return
            1.20 screenshot $DIR/keyboard.png
            1.20 texts $DIR/keyboard.jsonl
            1.30 key Escape
            1.50 pad a
            1.70 screenshot $DIR/pad.png
            1.70 texts $DIR/pad.jsonl
            1.80 key Tab
            2.00 screenshot $DIR/moved.png
            2.00 texts $DIR/moved.jsonl
            2.10 key Escape
            2.30 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        for way in ["mouse", "keyboard", "pad"] {
            let shot = try Screenshot(run.folder.file("\(way).png").path)
            let texts = run.folder.file("\(way).jsonl")
            let onCancel = Self.accentPixels(shot, aroundLabel: try Self.box(of: "Cancel", in: texts))
            let onDelete = Self.accentPixels(shot, aroundLabel: try Self.box(of: "Delete", in: texts))
            #expect(onCancel > 400 && onDelete < 50, "\(way): \(onCancel) accent pixels round Cancel, \(onDelete) round Delete")
        }
        let moved = try Screenshot(run.folder.file("moved.png").path), texts = run.folder.file("moved.jsonl")
        let onCancel = Self.accentPixels(moved, aroundLabel: try Self.box(of: "Cancel", in: texts))
        let onDelete = Self.accentPixels(moved, aroundLabel: try Self.box(of: "Delete", in: texts))
        #expect(onCancel < 50 && onDelete > 400, "after Tab: \(onCancel) round Cancel, \(onDelete) round Delete")
        #expect(try run.cli.list().count == 8)
    }

    @Test("Manage marks the selected target's row, as the main screen marks its card: an accent border and a check")
    func selectedRowIsMarked() throws {
        let run = HeadlessRun()
        let targets = try run.cli.list()
        let chosen = targets[2], other = targets[0]
        #expect(try run.cli.run("targets", "select", String(chosen.id)).status == 0)
        let result = try run.run("0.30 key Ctrl+L\n0.60 screenshot $DIR/manage.png\n0.60 texts $DIR/manage.jsonl\n0.70 quit\n")
        #expect(result.status == 0, "\(result.standardError)")
        let shot = try Screenshot(run.folder.file("manage.png").path)
        let texts = run.folder.file("manage.jsonl")
        // The accent's pixels across a row, from the line of its name to the next row's.
        func accent(inRowOf name: String) throws -> Int {
            let box = try Self.box(of: name, in: texts)
            var count = 0
            for y in Int(box[1]) - 24..<Int(box[1]) + 66 {
                for x in 0..<shot.width {
                    let p = shot.pixel(x, y)
                    if abs(Int(p[0]) - 0xFF) < 14 && abs(Int(p[1]) - 0x9F) < 14 && abs(Int(p[2]) - 0x6E) < 14 { count += 1 }
                }
            }
            return count
        }
        let marked = try accent(inRowOf: chosen.name), plain = try accent(inRowOf: other.name)
        #expect(marked > 1500 && plain < 50, "\(marked) accent pixels in the selected row, \(plain) in another")
        #expect(try EmptyLibraryTests.drawnTexts(texts).filter { $0 == "✓" }.count == 1)
    }
}
