import Foundation
import Pictures
import Testing
import TestSupport

@Suite("Picture headers")
struct PictureHeaderTests {
    @Test("a PNG's size is read from its header and it is complete")
    func pngHeader() throws {
        let header = try #require(PictureHeader.inspect(TestPNG.solid(width: 7, height: 3, rgba: (1, 2, 3, 255))))
        #expect(header == PictureHeader(format: .png, width: 7, height: 3, orientation: 1, isComplete: true))
    }

    @Test("a PNG cut short is incomplete")
    func truncatedPNG() throws {
        let png = TestPNG.solid(width: 16, height: 16, rgba: (1, 2, 3, 255))
        let header = try #require(PictureHeader.inspect(Array(png.prefix(png.count - 20))))
        #expect(!header.isComplete)
    }

    @Test("text, random bytes and almost-signatures are not pictures")
    func notPictures() {
        #expect(PictureHeader.inspect(Array("hello, world\n".utf8)) == nil)
        #expect(PictureHeader.inspect([0x89, 0x50, 0x4E, 0x47]) == nil)
        #expect(PictureHeader.inspect([0xFF, 0xD8, 0xFF]) == nil)
        #expect(PictureHeader.inspect(Array("GIF89a".utf8)) == nil)
        #expect(PictureHeader.inspect([]) == nil)
    }

    @Test("a JPEG's size and EXIF orientation are read, and a missing end marker means truncated")
    func jpegHeader() throws {
        let jpeg = SyntheticJPEG.bytes(width: 640, height: 480, orientation: 6)
        let header = try #require(PictureHeader.inspect(jpeg))
        #expect(header == PictureHeader(format: .jpeg, width: 640, height: 480, orientation: 6, isComplete: true))
        let cut = try #require(PictureHeader.inspect(Array(jpeg.dropLast(2))))
        #expect(!cut.isComplete)
    }

    @Test("a JPEG scan full of stuffed bytes, restart markers and fill bytes is walked to its end marker")
    func jpegScanWalk() throws {
        var jpeg: [UInt8] = [0xFF, 0xD8,
                             0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x20, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
                             0xFF, 0xDA, 0x00, 0x0C, 0x03, 1, 0, 2, 0x11, 3, 0x11, 0x00, 0x3F, 0x00]
        for index in 0..<4000 {
            jpeg.append(UInt8(truncatingIfNeeded: index * 37) & 0x7F)  // never an unstuffed 0xFF
            switch index % 97 {
            case 5: jpeg += [0xFF, 0x00]                 // a stuffed 0xFF in the data
            case 40: jpeg += [0xFF, 0xD0 + UInt8(index % 8)]  // a restart marker
            case 70: jpeg += [0xFF, 0xFF, 0x00]          // a fill byte before stuffing
            default: break
            }
        }
        let header = try #require(PictureHeader.inspect(jpeg + [0xFF, 0xD9]))
        #expect(header == PictureHeader(format: .jpeg, width: 32, height: 16, orientation: 1, isComplete: true))
        // Cut inside the scan, or right after a lone 0xFF: incomplete, never past the end.
        #expect(PictureHeader.inspect(jpeg)?.isComplete == false)
        #expect(PictureHeader.inspect(jpeg + [0xFF])?.isComplete == false)
    }

    @Test("transparency is found in any pixel, the last of an odd row included, and not where there is none")
    func transparencyScan() {
        func bitmap(_ count: Int, clearAt clear: Int?) -> PictureBitmap {
            var pixels = [UInt8](repeating: 200, count: count * 4)
            for index in 0..<count { pixels[index * 4 + 3] = index == clear ? 254 : 255 }
            return PictureBitmap(width: count, height: 1, pixels: pixels)
        }
        for count in [1, 2, 3, 8, 9] {
            #expect(!bitmap(count, clearAt: nil).hasTransparency)
            for clear in 0..<count { #expect(bitmap(count, clearAt: clear).hasTransparency, "\(count) pixels, clear at \(clear)") }
        }
    }

    @Test("GIF and BMP headers are read")
    func gifAndBMP() throws {
        // GIF89a, 5x4, no colour table, one 5x4 frame with one empty sub-block chain.
        var gif = Array("GIF89a".utf8) + [5, 0, 4, 0, 0, 0, 0]
        gif += [0x2C, 0, 0, 0, 0, 5, 0, 4, 0, 0, 2, 1, 0x44, 0, 0x3B]
        #expect(PictureHeader.inspect(gif) == PictureHeader(format: .gif, width: 5, height: 4, orientation: 1, isComplete: true))
        // Without its trailer the first (only) frame is still all there: only it is decoded.
        #expect(PictureHeader.inspect(Array(gif.dropLast()))?.isComplete == true)
        #expect(PictureHeader.inspect(Array(gif.dropLast(2)))?.isComplete == false)

        var bmp: [UInt8] = Array("BM".utf8) + [0, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0, 40, 0, 0, 0]
        bmp += [2, 0, 0, 0, 2, 0, 0, 0, 1, 0, 24, 0, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 20)
        bmp += [UInt8](repeating: 0, count: 16)  // two rows of 2 px, 24-bit, padded to 8 bytes
        #expect(PictureHeader.inspect(bmp) == PictureHeader(format: .bmp, width: 2, height: 2, orientation: 1, isComplete: true))
        #expect(PictureHeader.inspect(Array(bmp.dropLast(4)))?.isComplete == false)
    }
}

@Suite("Picture import")
struct PictureImporterTests {
    let importer = PictureImporter(codec: TestPNGCodec())

    @Test("an empty file is refused")
    func emptyRefused() {
        #expect(throws: PictureImportError.empty(file: "e.png")) { try importer.importPicture(bytes: [], fileName: "e.png") }
    }

    @Test("a file that is not a picture is refused")
    func textRefused() {
        #expect(throws: PictureImportError.notAPicture(file: "n.txt")) {
            try importer.importPicture(bytes: Array("not a picture".utf8), fileName: "n.txt")
        }
    }

    @Test("a truncated picture is refused before decoding")
    func truncatedRefused() {
        let png = TestPNG.solid(width: 32, height: 32, rgba: (9, 9, 9, 255))
        #expect(throws: PictureImportError.truncated(file: "t.png", format: "PNG")) {
            try importer.importPicture(bytes: Array(png.prefix(png.count / 2)), fileName: "t.png")
        }
    }

    @Test("a picture claiming more than 100 megapixels is refused before decoding")
    func bombRefused() {
        #expect(throws: PictureImportError.tooManyPixels(file: "b.png", width: 20_000, height: 20_000)) {
            try importer.importPicture(bytes: TestPNG.claimingSize(width: 20_000, height: 20_000), fileName: "b.png")
        }
    }

    @Test("headers whose sizes multiply past Int are refused, not a crash (found by the picture fuzzer)")
    func overflowingClaims() {
        // A BMP whose width, depth and height overflowed the completeness check.
        var bmp: [UInt8] = Array("BM".utf8) + [0xDA, 0, 0xFF, 0x42, 0x47, 0x52, 0x73, 0, 0, 0, 0, 0x66, 0, 0]
        bmp += [0, 0xFF, 0xD8, 0xFF, 0xEE, 0x00, 0x0E, 0x41, 0x64, 0x6F, 0x62, 0x65, 0x00, 0x64, 0, 0, 0, 0, 2, 0xFF, 0xDB, 0x00, 0x43, 0, 3, 2, 5]
        bmp += [UInt8](repeating: 0, count: 12)
        #expect(throws: PictureImportError.self) { try importer.importPicture(bytes: bmp, fileName: "o.bmp") }
        // A PNG claiming 4294967295 x 4294967295: its pixel count saturates.
        let png = TestPNG.claimingSize(width: Int(UInt32.max), height: Int(UInt32.max))
        #expect(PictureHeader.inspect(png)?.pixelCount == Int.max)
        #expect(throws: PictureImportError.self) { try importer.importPicture(bytes: png, fileName: "o.png") }
    }

    @Test("a PNG whose data could not hold the picture it claims is refused before decoding")
    func claimBeyondData() {
        // 10000x10000 RGBA needs 400 MB raw; deflate packs at most ~1032:1, so 97 KB cannot be it.
        let lie = TestPNG.claiming(width: 10_000, height: 10_000, depth: 8, colourType: 6, dataBytes: 97_000)
        #expect(throws: PictureImportError.claimsMoreThanItHolds(file: "lie.png", width: 10_000, height: 10_000)) {
            try importer.importPicture(bytes: lie, fileName: "lie.png")
        }
        // The same data for a 1-bit grey picture of 4000x3000 is plausible: it goes on to decode.
        let plausible = TestPNG.claiming(width: 4_000, height: 3_000, depth: 1, colourType: 0, dataBytes: 97_000)
        #expect(throws: PictureImportError.damaged(file: "ok.png", reason: "test codec")) {
            try importer.importPicture(bytes: plausible, fileName: "ok.png")
        }
    }

    @Test("an interlaced PNG over 20 megapixels is refused (only JPEG and non-interlaced PNG decode straight to their stored size)")
    func wholeDecodeCap() {
        let big = TestPNG.claiming(width: 6_000, height: 4_000, depth: 1, colourType: 0, dataBytes: 8_000, interlaced: true)
        #expect(throws: PictureImportError.tooManyPixelsForFormat(file: "big.png", width: 6_000, height: 4_000, format: "PNG", megapixels: 20)) {
            try importer.importPicture(bytes: big, fileName: "big.png")
        }
        let message = PictureImportError.tooManyPixelsForFormat(file: "big.png", width: 6_000, height: 4_000, format: "PNG", megapixels: 20).description
        #expect(message.contains("PNG pictures can be at most 20 megapixels"), "\(message)")
    }

    @Test("a file over 64 MB is refused without being read")
    func hugeFileRefused() throws {
        let folder = TemporaryDirectory("huge")
        let file = folder.file("huge.png")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(PictureImporter.maxFileBytes + 1))
        try handle.close()
        #expect(throws: PictureImportError.tooLarge(file: file.path, bytes: PictureImporter.maxFileBytes + 1)) {
            try importer.importPicture(at: file)
        }
    }

    @Test("a missing file and a folder get their own errors")
    func missingAndFolder() throws {
        let folder = TemporaryDirectory("missing")
        #expect(throws: PictureImportError.unreadable(file: folder.file("nope.png").path, reason: "no such file")) {
            try importer.importPicture(at: folder.file("nope.png"))
        }
        #expect(throws: PictureImportError.isFolder(file: folder.url.path)) { try importer.importPicture(at: folder.url) }
    }

    @Test("a small upright PNG is stored re-encoded from what was decoded")
    func smallPNGReencoded() throws {
        let png = TestPNG.solid(width: 10, height: 5, rgba: (1, 2, 3, 255))
        let imported = try importer.importPicture(bytes: png, fileName: "s.png")
        #expect(imported.format == .png && imported.width == 10 && imported.height == 5)
        let decoded = try #require(TestPNG.decode(imported.bytes))
        #expect(Array(decoded.rgba.prefix(4)) == [1, 2, 3, 255])
    }

    @Test("a picture longer than 2048 px is downsized to 2048 on its long side")
    func largeDownsized() throws {
        let png = TestPNG.solid(width: 2560, height: 800, rgba: (10, 200, 30, 255))
        let imported = try importer.importPicture(bytes: png, fileName: "l.png")
        #expect(imported.width == 2048)
        #expect(imported.height == 640)
        let decoded = try #require(TestPNG.decode(imported.bytes))
        #expect(Array(decoded.rgba.prefix(4)) == [10, 200, 30, 255])
    }

    @Test("errors name the file and say what to do")
    func errorsAreActionable() {
        #expect(PictureImportError.notAPicture(file: "/x/a.txt").description.contains("Choose a PNG, JPEG"))
        #expect(PictureImportError.tooManyPixels(file: "b", width: 1, height: 2).description.contains("100 megapixels"))
        #expect(PictureImportError.truncated(file: "t", format: "PNG").description.contains("again"))
    }
}

@Suite("Picture pixels")
struct PictureBitmapTests {
    /// A 3x2 picture with a distinct colour per pixel (red channel = index).
    let bitmap = PictureBitmap(width: 3, height: 2, pixels: (0..<6).flatMap { [UInt8($0), 0, 0, 255] })

    func reds(_ b: PictureBitmap) -> [UInt8] { stride(from: 0, to: b.pixels.count, by: 4).map { b.pixels[$0] } }

    @Test("EXIF orientations turn the picture upright", arguments: [
        (1, 3, [0, 1, 2, 3, 4, 5]),
        (2, 3, [2, 1, 0, 5, 4, 3]),
        (3, 3, [5, 4, 3, 2, 1, 0]),
        (4, 3, [3, 4, 5, 0, 1, 2]),
        (5, 2, [0, 3, 1, 4, 2, 5]),
        (6, 2, [3, 0, 4, 1, 5, 2]),
        (7, 2, [5, 2, 4, 1, 3, 0]),
        (8, 2, [2, 5, 1, 4, 0, 3]),
    ])
    func orientations(orientation: Int, width: Int, expected: [UInt8]) {
        let upright = bitmap.uprighted(exifOrientation: orientation)
        #expect(upright.width == width)
        #expect(reds(upright) == expected)
    }

    @Test("downscaling averages areas and keeps transparent edges free of dark fringes")
    func downscaleAverages() {
        // 4x1: opaque white, transparent black, opaque black, opaque black -> 2x1
        let source = PictureBitmap(width: 4, height: 1, pixels: [255, 255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 255, 0, 0, 0, 255])
        let small = source.downscaled(toLongSide: 2)
        #expect(small.width == 2 && small.height == 1)
        #expect(Array(small.pixels[0..<4]) == [255, 255, 255, 128])
        #expect(Array(small.pixels[4..<8]) == [0, 0, 0, 255])
    }

    @Test("downscaling by a fraction keeps a flat colour flat")
    func downscaleFlat() {
        let source = PictureBitmap(width: 7, height: 5, pixels: [UInt8]((0..<35).flatMap { _ in [40, 80, 120, 255] }))
        let small = source.downscaled(toLongSide: 3)
        #expect(small.width == 3 && small.height == 2)
        #expect(small.pixels == [UInt8]((0..<6).flatMap { _ in [40, 80, 120, 255] }))
    }
}

/// The smallest structurally valid JPEG stream for header tests: SOI, an EXIF APP1
/// with an orientation, SOF0 with the size, an SOS with a little scan data, and EOI.
enum SyntheticJPEG {
    static func bytes(width: Int, height: Int, orientation: Int) -> [UInt8] {
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0, 0, 0, 0, 0]
        let app1 = Array("Exif".utf8) + [0, 0] + tiff
        var jpeg: [UInt8] = [0xFF, 0xD8]
        jpeg += [0xFF, 0xE1, UInt8((app1.count + 2) >> 8), UInt8((app1.count + 2) & 0xFF)] + app1
        jpeg += [0xFF, 0xC0, 0, 11, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0]
        jpeg += [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 63, 0]
        jpeg += [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56]  // scan data with a stuffed byte and a restart marker
        jpeg += [0xFF, 0xD9]
        return jpeg
    }
}
