import Foundation
import TestSupport
import Testing

/// The window changes and the desktop keyboard model, through the built executable.
@Suite("Everyday use: window changes and the keyboard model, end to end")
struct EverydayUseTests {
    static let nameField = ManageLibraryTests.nameField
    static let deleteOfRow1 = ManageLibraryTests.deleteOfRow1
    static let dialogConfirm = ManageLibraryTests.dialogConfirm

    /// The headless summary's frame count: how long the app kept running.
    static func frames(_ result: ProcessResult) -> Int? {
        guard let range = result.standardOutput.range(of: "headless: ") else { return nil }
        return Int(result.standardOutput[range.upperBound...].prefix { $0.isNumber })
    }

    @Test("F11 on and off, resizes and fullscreen while punching never crash, and every frame is drawn at the window's real size")
    func windowTransitions() throws {
        let run = HeadlessRun()
        let result = try run.run("""
            0.10 click 640 330
            0.20 key F11
            0.25 click 500 300
            0.30 screenshot $DIR/fullscreen.png
            0.40 key F11
            0.45 click 640 330
            0.50 screenshot $DIR/windowed.png
            0.55 resize 800 600
            0.56 key F11
            0.60 key F11
            0.62 resize 1920 1080
            0.65 screenshot $DIR/big.png
            0.70 key F11
            0.71 resize 640 480
            0.75 screenshot $DIR/small.png
            0.78 key F11
            0.80 screenshot $DIR/restored.png
            0.90 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        // The offscreen display is 1024x768: fullscreen fills it, leaving comes back.
        let fullscreen = try Screenshot(run.folder.file("fullscreen.png").path)
        #expect((fullscreen.width, fullscreen.height) == (1024, 768))
        let windowed = try Screenshot(run.folder.file("windowed.png").path)
        #expect((windowed.width, windowed.height) == (1280, 720))
        let big = try Screenshot(run.folder.file("big.png").path)
        #expect((big.width, big.height) == (1920, 1080))
        let small = try Screenshot(run.folder.file("small.png").path)
        // Resized while fullscreen (the display changed): drawn at that size, and leaving
        // fullscreen goes back to the window's own size.
        #expect((small.width, small.height) == (640, 480))
        let restored = try Screenshot(run.folder.file("restored.png").path)
        #expect((restored.width, restored.height) == (1920, 1080))
        #expect(HeadlessRun.punchesLanded(result) == 3)
    }

    @Test("Ctrl+N opens the form on Name, Enter in a field saves it")
    func enterSavesFromAnyField() throws {
        let run = HeadlessRun()
        let picture = try run.cli.file("boss.png", TestPNG.solid(width: 40, height: 40, rgba: (200, 50, 50, 255)))
        let result = try run.run("""
            0.10 key Ctrl+N
            0.10 text "Typed at once"
            0.20 drop \(picture)
            0.30 key Tab
            0.35 text "and a message"
            0.40 key Return
            0.80 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        let added = try #require(try run.cli.list().last)
        #expect(added.name == "Typed at once")
        #expect(added.message == "and a message")
        #expect(!added.builtin && added.selected)
    }

    @Test("Escape in a changed form asks first: Enter keeps editing, a second Escape discards and nothing is added")
    func escapeAsksBeforeDiscarding() throws {
        let run = HeadlessRun()
        let picture = try run.cli.file("cat.png", TestPNG.solid(width: 40, height: 40, rgba: (20, 50, 200, 255)))
        let before = try run.cli.list()
        // Escape, Enter (keep editing), then Enter saves: the form was still there.
        let kept = try run.run("""
            0.10 drop \(picture)
            0.20 key Escape
            0.30 key Return
            0.40 key Return
            0.80 quit
            """)
        #expect(kept.status == 0)
        let afterKeep = try run.cli.list()
        #expect(afterKeep.count == before.count + 1)
        #expect(afterKeep.last?.name == "Cat")
        // Escape twice: discarded, and a late Enter saves nothing.
        let discarded = try run.run("""
            0.10 drop \(picture)
            0.20 key Escape
            0.30 key Escape
            0.40 key Return
            0.80 quit
            """)
        #expect(discarded.status == 0)
        #expect(try run.cli.list().count == afterKeep.count)
    }

    @Test("Ctrl+Q or the close button over a half-filled form asks first, over the form, its picker or its kept draft; asked again it quits")
    func quittingAsksOverAnUnsavedForm() throws {
        let run = HeadlessRun()
        let picture = try run.cli.file("dog.png", TestPNG.solid(width: 40, height: 40, rgba: (200, 50, 20, 255)))
        let before = try run.cli.list()
        // Ctrl+Q asks; Keep editing; Enter then saves: the form and its picture were kept.
        let kept = try run.run("""
            0.10 drop \(picture)
            0.20 text " and more"
            0.30 key Ctrl+Q
            0.40 screenshot $DIR/asks.png
            0.50 click "Keep editing"
            0.60 close
            0.70 click "Keep editing"
            0.80 key Return
            1.20 screenshot $DIR/after.png
            1.50 quit
            """)
        #expect(kept.status == 0, "\(kept.standardError)")
        #expect(KioskRun.simulatedSeconds(kept) == 1.5, "\(kept.standardOutput)")
        #expect(try run.cli.list().count == before.count + 1)

        // A draft kept by a shortcut (Ctrl+L leaves the form) is asked about too; the
        // second Ctrl+Q quits without saving it.
        let draft = try run.run("""
            0.10 key Ctrl+N
            0.20 text "Half typed"
            0.30 key Ctrl+L
            0.40 key Ctrl+Q
            0.50 screenshot $DIR/draft-asks.png
            0.60 key Ctrl+Q
            0.70 screenshot $DIR/never.png
            2.00 quit
            """)
        #expect(draft.status == 0, "\(draft.standardError)")
        #expect(FileManager.default.fileExists(atPath: run.folder.file("draft-asks.png").path))
        #expect(!FileManager.default.fileExists(atPath: run.folder.file("never.png").path), "the second Ctrl+Q quits")
        #expect(try run.cli.list().count == before.count + 1)
    }

    @Test("Escape on the punch screen does not quit; Ctrl+Q and the close button do")
    func quitKeys() throws {
        let run = HeadlessRun()
        let escape = try run.run("""
            0.10 key Escape
            0.20 key Escape
            1.00 quit
            """)
        #expect(escape.status == 0)
        #expect((Self.frames(escape) ?? 0) >= 60)
        let control = try run.run("""
            0.10 key Ctrl+Q
            1.00 quit
            """)
        #expect(control.status == 0)
        #expect((Self.frames(control) ?? 99) < 15)
    }

    @Test("Space punches even after Tab moved focus to a card; Enter activates the card")
    func spaceAfterTab() throws {
        let run = HeadlessRun()
        // Tab goes in reading order: Rush, Versus, Settings and Stats along the top, the
        // target, the six tools down the stage's edge, then the cards: the thirteenth is
        // the second card.
        let tabs = (0..<13).map { String(format: "%.2f key Tab", 0.10 + Double($0) * 0.02) }.joined(separator: "\n")
        let result = try run.run("""
            \(tabs)
            0.40 key space
            0.70 key Return
            0.90 quit
            """)
        #expect(result.status == 0)
        #expect(HeadlessRun.punchesLanded(result) == 1)
        // Thirteen Tabs reached the second card; Enter chose it.
        let targets = try run.cli.list()
        let favorites = targets.filter(\.favorite)
        #expect(targets.first(where: \.selected)?.id == favorites.dropFirst().first?.id)
    }

    @Test("Ctrl+N still opens the form after Ctrl+N, Ctrl+M, Escape, and the typed draft comes back")
    func controlNAfterNavigation() throws {
        let run = HeadlessRun()
        let picture = try run.cli.file("printer.png", TestPNG.solid(width: 40, height: 40, rgba: (90, 90, 90, 255)))
        let result = try run.run("""
            0.10 key Ctrl+N
            0.15 text "Kept draft"
            0.20 key Ctrl+M
            0.30 key Escape
            0.40 key Ctrl+N
            0.50 drop \(picture)
            0.60 key Return
            1.00 quit
            """)
        #expect(result.status == 0)
        #expect(try run.cli.list().last?.name == "Kept draft")
        // Through Ctrl+L as well, with nothing typed: a fresh form opens.
        let second = try run.run("""
            0.10 key Ctrl+N
            0.20 key Ctrl+L
            0.30 key Escape
            0.40 key Ctrl+N
            0.40 text "Second"
            0.50 drop \(picture)
            0.55 key Ctrl+a
            0.56 text "Second"
            0.60 key Return
            1.00 quit
            """)
        #expect(second.status == 0)
        #expect(try run.cli.list().last?.name == "Second")
    }

    @Test("a file that is not a picture is refused when dropped: Enter saves nothing and the app does not wait on it")
    func badDropRefusedAtOnce() throws {
        let run = HeadlessRun()
        let notes = try run.cli.file("notes.png", Array("just some text, named like a picture".utf8))
        let before = try run.cli.list().count
        let result = try run.run("""
            0.10 drop \(notes)
            0.20 click \(Self.nameField)
            0.25 text "Named"
            0.30 key Return
            0.50 screenshot $DIR/refused.png
            0.60 quit
            """)
        #expect(result.status == 0)
        #expect(try run.cli.list().count == before)
        #expect(run.cli.pictureFiles.isEmpty)
    }

    @Test("Undo after delete brings back the row, its picture, its favorite place, its punches and the selection")
    func undoDelete() throws {
        let run = HeadlessRun()
        // Punch the selected first favorite a few times, then delete it and undo.
        let before = try run.cli.list()
        let first = try #require(before.first)
        let result = try run.run("""
            0.10 key space
            0.20 key space
            0.30 key space
            0.50 key Ctrl+L
            0.70 click \(Self.deleteOfRow1)
            0.90 click \(Self.dialogConfirm)
            1.20 key Ctrl+Z
            1.60 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        let after = try run.cli.list()
        #expect(after.map(\.id) == before.map(\.id))
        let restored = try #require(after.first)
        #expect(restored.name == first.name && restored.favorite == first.favorite && restored.selected)
        #expect(restored.punches == first.punches + 3)
        #expect(after.filter(\.favorite).map(\.id) == before.filter(\.favorite).map(\.id))
    }

    @Test("a delete not undone is final once its toast is gone, or at quit: picture file and all")
    func deleteWithoutUndo() throws {
        for quitAt in ["9.50", "1.20"] {
            let run = HeadlessRun()
            // Only the user's own target, so it is the first row.
            for target in try run.cli.list() { _ = try run.cli.run("targets", "delete", String(target.id)) }
            let picture = try run.cli.file("mine.png", TestPNG.solid(width: 40, height: 40, rgba: (90, 200, 90, 255)))
            _ = try run.cli.run("targets", "add", "--name", "Mine", "--image", picture)
            #expect(run.cli.pictureFiles.count == 1)
            let result = try run.run("""
                0.10 key Ctrl+L
                0.40 click \(Self.deleteOfRow1)
                0.60 click \(Self.dialogConfirm)
                \(quitAt) quit
                """)
            #expect(result.status == 0)
            #expect(try run.cli.list().isEmpty)
            #expect(run.cli.pictureFiles.isEmpty, "quit at \(quitAt)")
        }
    }
}
