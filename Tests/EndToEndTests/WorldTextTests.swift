import Foundation
import TestSupport
import Testing

/// Right-to-left and joined text through the built executable: a target named in
/// Arabic, drawn on the main screen, screenshot.
@Suite("Text for the world, end to end")
struct WorldTextTests {
    /// The title's box on the main screen at 1280x720 (between the corner buttons).
    static let title = (x: 324, y: 18, width: 632, height: 55)

    static func crop(_ shot: Screenshot, x: Int, y: Int, width: Int, height: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for row in y..<(y + height) {
            for column in x..<(x + width) { bytes += shot.pixel(column, row) }
        }
        return bytes
    }

    /// Pixels of `crop` brighter than the header's background: the title's ink.
    static func ink(_ crop: [UInt8]) -> Int {
        stride(from: 0, to: crop.count, by: 4).filter { crop[$0] > 160 && crop[$0 + 1] > 160 }.count
    }

    @Test("a target named in Arabic is drawn joined and right to left: it matches its golden and differs from the letters drawn apart left to right")
    func arabicTitle() throws {
        let run = HeadlessRun()
        let picture = try run.cli.file("p.png", TestPNG.encode(width: 8, height: 8, rgba: [UInt8](repeating: 200, count: 256)))
        // The same five letters as their isolated forms, forced left to right: what a
        // renderer without shaping or bidi drew for "مرحبا".
        let naive = "\u{202D}\u{FEE1}\u{FEAD}\u{FEA1}\u{FE8F}\u{FE8D}\u{202C}"
        #expect(try run.cli.run("targets", "add", "--name", "مرحبا", "--image", picture).status == 0)
        #expect(try run.cli.run("targets", "add", "--name", naive, "--image", picture).status == 0)
        let ids = try run.cli.list().map(\.id)
        let arabic = try #require(ids.dropLast().last), apart = try #require(ids.last)

        #expect(try run.cli.run("targets", "select", String(arabic)).status == 0)
        let first = try run.run("0.30 screenshot $DIR/arabic.png\n0.40 quit\n")
        #expect(first.status == 0, "\(first.standardError)")
        #expect(try run.cli.run("targets", "select", String(apart)).status == 0)
        let second = try run.run("0.30 screenshot $DIR/apart.png\n0.40 quit\n")
        #expect(second.status == 0, "\(second.standardError)")

        let t = Self.title
        let shaped = Self.crop(try Screenshot(run.folder.file("arabic.png").path), x: t.x, y: t.y, width: t.width, height: t.height)
        let drawnApart = Self.crop(try Screenshot(run.folder.file("apart.png").path), x: t.x, y: t.y, width: t.width, height: t.height)
        // Both titles were really drawn, so comparing them means something.
        #expect(Self.ink(shaped) > 300 && Self.ink(drawnApart) > 300, "a title drew no ink: \(Self.ink(shaped)), \(Self.ink(drawnApart))")
        var differing = 0
        for pixel in stride(from: 0, to: min(shaped.count, drawnApart.count), by: 4)
        where abs(Int(shaped[pixel]) - Int(drawnApart[pixel])) > 40 {
            differing += 1
        }
        #expect(differing > 300, "the Arabic title looks like its letters drawn apart left to right (\(differing) pixels differ)")
        if let mismatch = GoldenImage.compare(
            rgba: shaped, width: t.width, height: t.height, name: "arabic-title", channelTolerance: 8, allowedMismatches: 40) {
            Issue.record(Comment(rawValue: mismatch.description))
        }
    }
}
