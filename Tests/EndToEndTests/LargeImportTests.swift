import Foundation
import TestSupport
import Testing

/// `targets add` of big camera and wallpaper pictures through the built executable.
@Suite("Importing big photos")
struct LargeImportTests {
    /// A picture made by ImageMagick: a gradient swirled into a photo-like shape.
    func make(_ cli: CLI, _ name: String, size: String) throws -> String {
        let path = cli.folder.file(name).path
        let made = try ToolProcess.run("/usr/bin/convert", ["-size", size, "gradient:orange-navy", "-swirl", "120", "-quality", "90", path])
        #expect(made.status == 0, "convert failed: \(made.standardError)")
        return path
    }

    /// What ImageMagick says a stored file is: its format and size.
    func describe(_ path: String) throws -> String {
        try ToolProcess.run("/usr/bin/identify", ["-format", "%m %wx%h", path]).standardOutput
    }

    @Test("a 24-megapixel JPEG is added and stored as a 2048x1365 JPEG")
    func camera24MP() throws {
        let cli = CLI()
        let photo = try make(cli, "camera.jpg", size: "6000x4000")
        let added = try cli.run("targets", "add", "--name", "Camera", "--image", photo)
        #expect(added.status == 0, "add failed: \(added.standardError)")
        let stored = try #require(try cli.list().first { $0.name == "Camera" })
        #expect(stored.image.hasSuffix(".jpg"))
        #expect(try describe(stored.image) == "JPEG 2048x1365")
    }

    @Test("a 4096x4096 WebP is added and stored as a 2048x2048 JPEG")
    func wallpaper4K() throws {
        let cli = CLI()
        let wallpaper = try make(cli, "wallpaper.webp", size: "4096x4096")
        let added = try cli.run("targets", "add", "--name", "Wallpaper", "--image", wallpaper)
        #expect(added.status == 0, "add failed: \(added.standardError)")
        let stored = try #require(try cli.list().first { $0.name == "Wallpaper" })
        #expect(stored.image.hasSuffix(".jpg"))
        #expect(try describe(stored.image) == "JPEG 2048x2048")
    }

    @Test("a library whose pictures were stored as PNG still lists and opens them")
    func pngStoredPicturesStillLoad() throws {
        let cli = CLI()
        // A PNG source is stored as PNG, as every picture was before photos went to JPEG.
        let drawing = cli.folder.file("drawing.png").path
        try Data(TestPNG.solid(width: 300, height: 200, rgba: (10, 200, 30, 255))).write(to: URL(fileURLWithPath: drawing))
        #expect(try cli.run("targets", "add", "--name", "Drawing", "--image", drawing).status == 0)
        let stored = try #require(try cli.list().first { $0.name == "Drawing" })
        #expect(stored.image.hasSuffix(".png"))
        #expect(try describe(stored.image) == "PNG 300x200")
        // Its stored file is read back as a picture again (an edit re-imports it).
        let edited = try cli.run("targets", "edit", String(stored.id), "--image", stored.image)
        #expect(edited.status == 0, "edit failed: \(edited.standardError)")
    }
}
