import Foundation
import LibraryUI
import Testing
import TestSupport

@Suite("Picture picker")
struct PicturePickerUnitTests {
    @Test("the start folder comes from XDG user dirs, else ~/Pictures, else home")
    func startFolder() throws {
        let folder = TemporaryDirectory("picker")
        let home = folder.url
        #expect(PicturePicker.picturesFolder(environment: ["HOME": home.path]).path == home.path)
        try FileManager.default.createDirectory(at: home.appendingPathComponent("Pictures"), withIntermediateDirectories: true)
        #expect(PicturePicker.picturesFolder(environment: ["HOME": home.path]).lastPathComponent == "Pictures")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("Bilder"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".config"), withIntermediateDirectories: true)
        try Data("XDG_PICTURES_DIR=\"$HOME/Bilder\"\n".utf8).write(to: home.appendingPathComponent(".config/user-dirs.dirs"))
        #expect(PicturePicker.picturesFolder(environment: ["HOME": home.path]).lastPathComponent == "Bilder")
    }

    @Test("a folder lists subfolders first, then pictures by name; other files and hidden ones are left out")
    func listing() throws {
        let folder = TemporaryDirectory("listing")
        for name in ["b.PNG", "a.jpg", "c.webp", "notes.txt", ".hidden.png"] {
            try Data([1]).write(to: folder.file(name))
        }
        try FileManager.default.createDirectory(at: folder.file("Zoo"), withIntermediateDirectories: true)
        let picker = PicturePicker(start: folder.url)
        picker.waitForListing()
        #expect(picker.entries.map(\.name) == ["Zoo", "a.jpg", "b.PNG", "c.webp"])
        #expect(picker.entries.first?.isFolder == true)
        #expect(picker.problem == nil)
    }

    @Test("an unreadable folder says so instead of failing")
    func unreadable() {
        let picker = PicturePicker(start: URL(fileURLWithPath: "/nonexistent/folder"))
        picker.waitForListing()
        #expect(picker.entries.isEmpty)
        #expect(picker.problem?.contains("cannot be read") == true)
    }

    @Test("under a root the picker never leaves it: no Up at the root, '..' and symlinks out lead back to the root")
    func confinedToRoot() throws {
        let base = TemporaryDirectory("confined")
        let fm = FileManager.default
        let root = base.url.appendingPathComponent("kiosk", isDirectory: true)
        let outside = base.url.appendingPathComponent("private", isDirectory: true)
        try fm.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try fm.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data([1]).write(to: root.appendingPathComponent("inside.png"))
        try Data([1]).write(to: outside.appendingPathComponent("secret.png"))
        try fm.createSymbolicLink(at: root.appendingPathComponent("0-link.png"), withDestinationURL: outside.appendingPathComponent("secret.png"))
        try fm.createSymbolicLink(at: root.appendingPathComponent("escape"), withDestinationURL: outside)
        try fm.createSymbolicLink(at: root.appendingPathComponent("sub/inner-link.png"), withDestinationURL: root.appendingPathComponent("inside.png"))

        let picker = PicturePicker(start: root, root: root)
        picker.waitForListing()
        #expect(picker.entries.map(\.name) == ["sub", "inside.png"])
        #expect(picker.parent == nil)
        #expect(picker.displayPath == "kiosk")

        picker.open(root.appendingPathComponent("sub"))
        picker.waitForListing()
        #expect(picker.parent?.lastPathComponent == "kiosk")
        #expect(picker.displayPath == "kiosk/sub")
        // A link that stays inside is fine.
        #expect(picker.entries.map(\.name) == ["inner-link.png"])

        for attempt in [root.appendingPathComponent(".."), root.appendingPathComponent("sub/../../private"),
                        root.appendingPathComponent("escape"), URL(fileURLWithPath: "/")] {
            picker.open(attempt)
            picker.waitForListing()
            #expect(picker.folder.path == root.resolvingSymlinksInPath().path, "\(attempt.path)")
        }
        #expect(picker.allows(root.appendingPathComponent("inside.png")))
        #expect(!picker.allows(root.appendingPathComponent("0-link.png")))
        #expect(!picker.allows(root.appendingPathComponent("escape/secret.png")))
        #expect(!picker.allows(root.appendingPathComponent("../private/secret.png")))
        #expect(!picker.allows(base.url.appendingPathComponent("kiosk-evil/x.png")))
    }
}
