import Foundation
import TestSupport
import Testing

/// Manage library and the Add / Edit form at 1280x720, driven like a user.
@Suite("Manage library and Add / Edit, end to end", .serialized)
struct ManageLibraryTests {
    // On the Manage screen: rows 1 to 4 are the favorites, so the first empty star is row 5's.
    static let starOfRow5 = "\"☆\" 1"
    static let editOfRow1 = "\"Edit\" 1"
    // Buttons by their label (the Nth when a list shows several): a script fails
    // when the label is not on screen, so a moved button cannot be missed unnoticed.
    static let deleteOfRow1 = "\"Delete\" 1"
    static let restoreButton = "\"Restore defaults\""
    static let dialogCancel = "\"Cancel\""
    /// The dialog's own Delete: drawn over the page, so the topmost.
    static let dialogConfirm = "\"Delete\""
    static let restoreConfirm = "\"Restore\""
    // The Add / Edit form.
    static let nameField = "916 166"
    static let messageField = "916 270"
    static let saveButton = "\"Save\""

    @Test("a dropped picture opens Add with a name from the file; typed name and message are saved with the picture")
    func addFromDroppedPicture() throws {
        let run = HeadlessRun()
        let picture = try run.cli.file("my_boss-2024.png", TestPNG.solid(width: 300, height: 200, rgba: (250, 160, 30, 255)))
        let result = try run.run("""
            0.20 drop \(picture)
            0.40 click \(Self.nameField)
            0.45 key End
            0.50 text " is watching 👀"
            0.60 click \(Self.messageField)
            0.65 text "Büro, Montag"
            0.80 click \(Self.saveButton)
            1.20 screenshot $DIR/after-save.png
            1.30 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        let added = try #require(try run.cli.list().last)
        #expect(added.name == "My boss 2024 is watching 👀")
        #expect(added.message == "Büro, Montag")
        #expect(added.selected && !added.builtin)
        #expect(FileManager.default.fileExists(atPath: added.image))
    }

    @Test("a picture dropped on the open form names the target with the caret after the name: what is typed next follows it")
    func typingAfterADroppedName() throws {
        let run = HeadlessRun()
        let picture = try run.cli.file("Tall.png", TestPNG.solid(width: 200, height: 300, rgba: (40, 90, 200, 255)))
        // Ctrl+N focuses the empty Name field; the drop fills it in while it is focused.
        let result = try run.run("""
            0.20 key Ctrl+n
            0.40 drop \(picture)
            0.70 text " one"
            0.80 click \(Self.saveButton)
            1.20 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        let added = try #require(try run.cli.list().last)
        #expect(added.name == "Tall one", "typed into the filled-in name: \(added.name)")
    }

    @Test("copy and paste between the form's fields")
    func copyPaste() throws {
        let run = HeadlessRun()
        let picture = try run.cli.file("grumpy_cat.png", TestPNG.solid(width: 20, height: 20, rgba: (9, 9, 9, 255)))
        let result = try run.run("""
            0.20 drop \(picture)
            0.40 click \(Self.nameField)
            0.45 key Ctrl+a
            0.50 key Ctrl+c
            0.60 click \(Self.messageField)
            0.65 key Ctrl+v
            0.70 text "!"
            0.80 click \(Self.saveButton)
            1.20 quit
            """)
        #expect(result.status == 0)
        let added = try #require(try run.cli.list().last)
        #expect(added.name == "Grumpy cat")
        #expect(added.message == "Grumpy cat!")
    }

    @Test("Save stays disabled without a name, and nothing is added")
    func saveNeedsAName() throws {
        let run = HeadlessRun()
        let picture = try run.cli.file("x.png", TestPNG.solid(width: 20, height: 20, rgba: (1, 2, 3, 255)))
        let result = try run.run("""
            0.20 drop \(picture)
            0.40 click \(Self.nameField)
            0.45 key Ctrl+a
            0.50 key BackSpace
            0.70 click \(Self.saveButton)
            1.00 quit
            """)
        #expect(result.status == 0)
        #expect(try run.cli.list().count == 8)
    }

    @Test("a picture that is not one is refused with a message, and nothing is added")
    func badPictureRefused() throws {
        let run = HeadlessRun()
        let notes = try run.cli.file("notes.png", Array("not a picture".utf8))
        let result = try run.run("""
            0.20 drop \(notes)
            0.50 click \(Self.saveButton)
            0.90 screenshot $DIR/refused.png
            1.00 quit
            """)
        #expect(result.status == 0)
        #expect(try run.cli.list().count == 8)
        #expect(run.cli.pictureFiles.isEmpty)
    }

    @Test("editing a built-in renames it and keeps it a built-in")
    func editBuiltin() throws {
        let run = HeadlessRun()
        let result = try run.run("""
            0.20 key Ctrl+L
            0.40 click \(Self.editOfRow1)
            0.60 click \(Self.nameField)
            0.65 key Ctrl+a
            0.70 text "My Alarm"
            0.80 click \(Self.saveButton)
            1.20 quit
            """)
        #expect(result.status == 0)
        let first = try #require(try run.cli.list().first)
        #expect(first.name == "My Alarm")
        #expect(first.builtin)
    }

    @Test("a fifth favorite is refused, with the reason shown on screen")
    func fifthFavoriteRefused() throws {
        let run = HeadlessRun()
        let result = try run.run("""
            0.20 key Ctrl+L
            0.40 screenshot $DIR/before.png
            0.50 click \(Self.starOfRow5)
            0.70 screenshot $DIR/after.png
            0.80 quit
            """)
        #expect(result.status == 0)
        #expect(try run.cli.list().filter(\.favorite).count == 4)
        #expect(try run.cli.list()[4].favorite == false)
        // The reason appears as a toast along the bottom.
        let before = try Screenshot(run.folder.file("before.png").path)
        let after = try Screenshot(run.folder.file("after.png").path)
        #expect(after.changedPixels(comparedTo: before, aroundX: 640, y: 664, radius: 30) > 500)
    }

    @Test("delete asks first: Cancel keeps the target, Delete removes it")
    func deleteWithConfirmation() throws {
        let run = HeadlessRun()
        let first = try #require(try run.cli.list().first)
        let result = try run.run("""
            0.20 key Ctrl+L
            0.40 click \(Self.deleteOfRow1)
            0.60 click \(Self.dialogCancel)
            0.80 click \(Self.deleteOfRow1)
            1.00 click \(Self.dialogConfirm)
            1.30 quit
            """)
        #expect(result.status == 0)
        let after = try run.cli.list()
        #expect(after.count == 7)
        #expect(!after.contains { $0.id == first.id })
    }

    @Test("Escape cancels the delete dialog and keeps the target")
    func escapeCancelsDelete() throws {
        let run = HeadlessRun()
        let result = try run.run("""
            0.20 key Ctrl+L
            0.40 click \(Self.deleteOfRow1)
            0.60 key Escape
            0.80 quit
            """)
        #expect(result.status == 0)
        #expect(try run.cli.list().count == 8)
    }

    @Test("restore defaults asks first, then brings back deleted built-ins")
    func restoreDefaults() throws {
        let run = HeadlessRun()
        let all = try run.cli.list()
        #expect(try run.cli.run("targets", "delete", String(all[2].id)).status == 0)
        let result = try run.run("""
            0.20 key Ctrl+L
            0.40 click \(Self.restoreButton)
            0.60 click \(Self.restoreConfirm)
            1.00 quit
            """)
        #expect(result.status == 0)
        #expect(try run.cli.list().map(\.name) == all.map(\.name))
    }
}

@Suite("The picture picker, end to end")
struct PicturePickerTests {
    @Test("the picker starts in Pictures, shows folders and pictures only, and a chosen picture is saved with the target")
    func pickAPicture() throws {
        let run = HeadlessRun()
        let home = run.folder.url.appendingPathComponent("home")
        let pictures = home.appendingPathComponent("Pictures")
        try FileManager.default.createDirectory(at: pictures.appendingPathComponent("Holidays"), withIntermediateDirectories: true)
        try Data(TestPNG.solid(width: 30, height: 20, rgba: (40, 90, 200, 255))).write(to: pictures.appendingPathComponent("Holidays/beach.png"))
        try Data("not shown".utf8).write(to: pictures.appendingPathComponent("notes.txt"))
        let result = try run.run("""
            0.20 key Ctrl+N
            0.40 click "Choose picture…"
            0.60 screenshot $DIR/picker.png
            0.70 click "Holidays"
            0.90 click "beach.png"
            1.10 click 916 166
            1.15 key Ctrl+a
            1.20 text "Beach day"
            1.40 click "Save"
            1.80 quit
            """, environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path])
        #expect(result.status == 0, "\(result.standardError)")
        let added = try #require(try run.cli.list().last)
        #expect(added.name == "Beach day")
        #expect(!added.builtin && added.selected)
    }
}

@Suite("The whole app with one input device, end to end")
struct OneDeviceTests {
    func pictures(in run: HeadlessRun) throws -> [String: String] {
        let home = run.folder.url.appendingPathComponent("home")
        let pictures = home.appendingPathComponent("Pictures")
        try FileManager.default.createDirectory(at: pictures.appendingPathComponent("Holidays"), withIntermediateDirectories: true)
        try Data(TestPNG.solid(width: 30, height: 20, rgba: (200, 60, 60, 255))).write(to: pictures.appendingPathComponent("boss.png"))
        return ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path]
    }

    @Test("in the picker the first arrow lands on the first tile, not the one after it")
    func firstArrowLandsOnTheFirstTile() throws {
        let run = HeadlessRun()
        let home = run.folder.url.appendingPathComponent("home")
        let pictures = home.appendingPathComponent("Pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        for (name, red) in [("apple", 200), ("banana", 120), ("cherry", 60)] {
            try Data(TestPNG.solid(width: 30, height: 20, rgba: (UInt8(red), 60, 60, 255))).write(to: pictures.appendingPathComponent(name + ".png"))
        }
        let result = try run.run("""
            0.20 key Ctrl+N
            0.40 click "Choose picture…"
            0.60 key Right
            0.70 key Return
            0.90 key Return
            1.30 quit
            """, environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try run.cli.list().last?.name.lowercased() == "apple")
    }

    @Test("only the keyboard: Ctrl+N opens on Name, Shift+Tab to Choose picture, pick one in the picker, Enter saves; the name comes from the file")
    func keyboardAddsATarget() throws {
        let run = HeadlessRun()
        let result = try run.run("""
            0.10 key Ctrl+N
            0.20 key Shift+Tab
            0.30 key Return
            0.50 key Tab
            0.55 key Tab
            0.60 key Tab
            0.65 key Tab
            0.75 key Return
            1.20 key Return
            1.60 quit
            """, environment: try pictures(in: run))
        #expect(result.status == 0)
        let added = try #require(try run.cli.list().last)
        #expect(added.name == "Boss")
        #expect(added.selected && !added.builtin)
    }

    @Test("only a gamepad: the d-pad reaches More targets, A opens it on the selected card, the d-pad and A choose a target")
    func gamepadChoosesFromTheGrid() throws {
        let run = HeadlessRun()
        let sixth = try run.cli.list()[5]
        let result = try run.run("""
            0.10 pad dpright
            0.20 pad dpright
            0.30 pad dpright
            0.40 pad dpright
            0.50 pad dpright
            0.70 pad a
            0.80 pad dpright
            0.90 pad dpright
            1.00 pad dpright
            1.10 pad dpright
            1.20 pad dpright
            1.30 pad a
            1.40 quit
            """)
        #expect(result.status == 0)
        #expect(try run.cli.list().first { $0.selected }?.id == sixth.id)
        #expect(HeadlessRun.punchesLanded(result) == 0)
    }
}
