import PictureCodecs
import Pictures
import Platform
import Testing
import TestSupport

@Suite("SDL picture codec")
struct SDLPictureCodecTests {
    let codec = SDLPictureCodec()

    /// Left half red, right half blue, 40x20.
    static let halves: PictureBitmap = {
        var pixels: [UInt8] = []
        for _ in 0..<20 {
            for x in 0..<40 { pixels += x < 20 ? [230, 20, 20, 255] : [20, 20, 230, 255] }
        }
        return PictureBitmap(width: 40, height: 20, pixels: pixels)
    }()

    func pixel(_ b: PictureBitmap, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * b.width + x) * 4
        return Array(b.pixels[i..<(i + 4)])
    }

    func isClose(_ a: [UInt8], _ b: [UInt8], tolerance: Int = 24) -> Bool {
        zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    @Test("a PNG decodes to exactly its pixels")
    func decodesPNG() throws {
        let rgba: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 10, 20, 30, 255]
        let decoded = try codec.decode(TestPNG.encode(width: 2, height: 2, rgba: rgba), fileName: "t.png")
        #expect(decoded == PictureBitmap(width: 2, height: 2, pixels: rgba))
    }

    @Test("PNG encoding is lossless, alpha included")
    func pngRoundTrip() throws {
        var bitmap = Self.halves
        bitmap.pixels[3] = 7
        let decoded = try codec.decode(try codec.encode(bitmap, as: .png), fileName: "r.png")
        #expect(decoded == bitmap)
    }

    @Test("JPEG encoding keeps the picture recognisable")
    func jpegRoundTrip() throws {
        let bytes = try codec.encode(Self.halves, as: .jpeg)
        #expect(bytes.starts(with: [0xFF, 0xD8]))
        let decoded = try codec.decode(bytes, fileName: "r.jpg")
        #expect(decoded.width == 40 && decoded.height == 20)
        #expect(isClose(pixel(decoded, 2, 10), [230, 20, 20, 255]))
        #expect(isClose(pixel(decoded, 37, 10), [20, 20, 230, 255]))
    }

    @Test("a phone photo taken sideways is stored standing upright")
    func exifOrientationHonoured() throws {
        let sideways = ExifInjection.jpeg(try codec.encode(Self.halves, as: .jpeg), orientation: 6)
        let imported = try PictureImporter(codec: codec).importPicture(bytes: sideways, fileName: "phone.jpg")
        #expect(imported.format == .jpeg)
        #expect(imported.width == 20 && imported.height == 40)
        let upright = try codec.decode(imported.bytes, fileName: "stored.jpg")
        // Rotated 90° clockwise: the red left half is now the top half.
        #expect(isClose(pixel(upright, 10, 2), [230, 20, 20, 255]))
        #expect(isClose(pixel(upright, 10, 37), [20, 20, 230, 255]))
    }

    @Test("a picture whose header is fine but whose data is garbage is refused as damaged")
    func garbageBodyRefused() throws {
        var png = TestPNG.solid(width: 16, height: 16, rgba: (1, 2, 3, 255))
        for index in 41..<(png.count - 20) { png[index] ^= 0x5A }
        #expect(throws: PictureImportError.self) {
            _ = try PictureImporter(codec: codec).importPicture(bytes: png, fileName: "garbage.png")
        }
    }
    @Test("what was decoded is stored, re-encoded: trailing bytes (a ZIP glued on, padding) are dropped")
    func trailingBytesDropped() throws {
        let png = TestPNG.solid(width: 10, height: 5, rgba: (1, 2, 3, 255))
        let polyglot = png + Array("PK\u{03}\u{04} a zip archive rides along".utf8) + [UInt8](repeating: 0, count: 100_000)
        let imported = try PictureImporter(codec: codec).importPicture(bytes: polyglot, fileName: "s.png")
        #expect(imported.format == .png && imported.width == 10 && imported.height == 5)
        #expect(imported.bytes.count < 1_000)
        #expect(!String(decoding: imported.bytes, as: UTF8.self).contains("zip archive"))
        let decoded = try codec.decode(imported.bytes, fileName: "stored.png")
        #expect(Array(decoded.pixels.prefix(4)) == [1, 2, 3, 255])
    }
}
