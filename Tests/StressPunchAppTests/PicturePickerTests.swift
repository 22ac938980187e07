import Foundation
import StressPunchApp
import TestSupport
import Testing

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
}
