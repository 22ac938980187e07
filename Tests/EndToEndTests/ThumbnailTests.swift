import Foundation
import TestSupport
import Testing

/// The thumbnails folder beside the library, as the CLI and the app leave it.
extension CLI {
    var thumbnailsFolder: URL { URL(fileURLWithPath: dataDirectory).appendingPathComponent("thumbnails") }
    var thumbnailFiles: [String] { folder.fileNames(in: "data/thumbnails").filter { !$0.hasPrefix(".") } }

    /// Where the whole-picture thumbnail of a listed target's stored picture is kept.
    func thumbnail(of target: ListedTarget) -> URL {
        thumbnailsFolder.appendingPathComponent(URL(fileURLWithPath: target.image).lastPathComponent + ".whole.thumb")
    }
}

/// The size a JPEG's first frame header gives, or nil when the bytes are no JPEG.
func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
    var offset = 2
    while offset + 9 < bytes.count, bytes[offset] == 0xFF {
        let marker = bytes[offset + 1]
        let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        if (0xC0...0xC3).contains(marker) {
            return (Int(bytes[offset + 7]) << 8 | Int(bytes[offset + 8]), Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]))
        }
        offset += 2 + length
    }
    return nil
}

@Suite("Thumbnails kept beside the library, end to end")
struct ThumbnailTests {
    @Test("targets add keeps a small thumbnail beside the library, and targets delete removes it with the picture")
    func madeAtImportRemovedWithTarget() throws {
        let cli = CLI()
        let big = try cli.file("big.png", TestPNG.solid(width: 900, height: 600, rgba: (200, 120, 30, 255)))
        let added = try cli.run("targets", "add", "--name", "Big", "--image", big)
        #expect(added.status == 0, "\(added.standardError)")
        let target = try #require(try cli.list().last)
        let thumbnail = try [UInt8](Data(contentsOf: cli.thumbnail(of: target)))
        let size = try #require(jpegSize(thumbnail))
        #expect(size == (256, 171))
        #expect(thumbnail.count < 64 * 1024)
        #expect(cli.thumbnailFiles == [cli.thumbnail(of: target).lastPathComponent])

        let deleted = try cli.run("targets", "delete", String(target.id))
        #expect(deleted.status == 0, "\(deleted.standardError)")
        #expect(cli.thumbnailFiles.isEmpty)
        #expect(cli.pictureFiles.isEmpty)
    }

    @Test("replacing a target's picture replaces its thumbnail; the old one goes")
    func replacedWithPicture() throws {
        let cli = CLI()
        let red = try cli.file("red.png", TestPNG.solid(width: 300, height: 300, rgba: (220, 30, 30, 255)))
        let blue = try cli.file("blue.png", TestPNG.solid(width: 400, height: 200, rgba: (30, 30, 220, 255)))
        #expect(try cli.run("targets", "add", "--name", "Red", "--image", red).status == 0)
        let before = try #require(try cli.list().last)
        #expect(try cli.run("targets", "edit", String(before.id), "--image", blue).status == 0)
        let after = try #require(try cli.list().last)
        #expect(cli.thumbnailFiles == [cli.thumbnail(of: after).lastPathComponent])
        #expect(jpegSize(try [UInt8](Data(contentsOf: cli.thumbnail(of: after)))).map { $0 == (256, 128) } == true)
    }

    @Test("a missing or damaged thumbnail is made again when the grid shows it, and the picture is untouched")
    func rebuiltWhenMissingOrDamaged() throws {
        let run = HeadlessRun()
        let cli = run.cli
        let red = try cli.file("red.png", TestPNG.solid(width: 500, height: 400, rgba: (220, 30, 30, 255)))
        let blue = try cli.file("blue.png", TestPNG.solid(width: 400, height: 500, rgba: (30, 30, 220, 255)))
        #expect(try cli.run("targets", "add", "--name", "Red", "--image", red).status == 0)
        #expect(try cli.run("targets", "add", "--name", "Blue", "--image", blue).status == 0)
        let targets = try cli.list().suffix(2)
        let (missing, damaged) = (try #require(targets.first), try #require(targets.last))
        let pictures = try targets.map { try Data(contentsOf: URL(fileURLWithPath: $0.image)) }
        try FileManager.default.removeItem(at: cli.thumbnail(of: missing))
        // Garbage, then a "thumbnail" far over the size a thumbnail can be.
        try Data("this is not a picture".utf8).write(to: cli.thumbnail(of: damaged))

        let result = try run.run("""
            0.2 key Ctrl+M
            1.0 screenshot $DIR/grid.png
            1.2 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(jpegSize(try [UInt8](Data(contentsOf: cli.thumbnail(of: missing)))).map { $0 == (256, 205) } == true)
        #expect(jpegSize(try [UInt8](Data(contentsOf: cli.thumbnail(of: damaged)))).map { $0 == (205, 256) } == true)
        #expect(try targets.map { try Data(contentsOf: URL(fileURLWithPath: $0.image)) } == pictures)
        #expect(try cli.list().count == 10)

        // An oversized file in its place is refused unread and made again too.
        try Data(count: 2 * 1024 * 1024).write(to: cli.thumbnail(of: damaged))
        #expect(try run.run("0.2 key Ctrl+M\n1.0 quit").status == 0)
        #expect(jpegSize(try [UInt8](Data(contentsOf: cli.thumbnail(of: damaged)))).map { $0 == (205, 256) } == true)
    }
}
