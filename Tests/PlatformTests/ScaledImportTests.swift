import Foundation
import PictureCodecs
import Pictures
import Platform
import Testing
import TestSupport

/// The codec as imports used it before JPEG and WebP decoded to their stored size:
/// every picture decoded whole by SDL2_image, then turned upright and shrunk.
struct WholeDecodeCodec: PictureCodec {
    let codec = SDLPictureCodec()
    func decode(_ bytes: [UInt8], fileName: String) throws(PictureImportError) -> PictureBitmap {
        try codec.decode(bytes, fileName: fileName)
    }
    func encode(_ bitmap: PictureBitmap, as format: StoredPictureFormat) throws(PictureImportError) -> [UInt8] {
        try codec.encode(bitmap, as: format)
    }
}

@Suite("JPEG and WebP decoded straight to their stored size")
struct ScaledImportTests {
    let codec = SDLPictureCodec()

    /// Photo-like: two gradients, a disc and fine stripes, so a wrong turn or a
    /// shifted sample shows.
    static func photo(width: Int, height: Int) -> PictureBitmap {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = (y * width + x) * 4
                let dx = x - width / 3, dy = y - height / 3
                let inDisc = dx * dx + dy * dy < (height / 4) * (height / 4)
                pixels[p] = inDisc ? 250 : UInt8(x * 255 / width)
                pixels[p + 1] = UInt8(y * 255 / height)
                pixels[p + 2] = (x / 40) % 2 == 0 ? 40 : 200
            }
        }
        return PictureBitmap(width: width, height: height, pixels: pixels)
    }

    /// Mean and largest channel difference of two same-sized bitmaps.
    static func difference(_ a: PictureBitmap, _ b: PictureBitmap) -> (mean: Double, worst: Int) {
        let differences = zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }
        return (Double(differences.reduce(0, +)) / Double(max(1, differences.count)), differences.max() ?? 0)
    }

    func webp(_ folder: TemporaryDirectory, _ name: String, from bitmap: PictureBitmap) throws -> [UInt8] {
        let png = folder.file(name + ".png")
        try Data(try codec.encode(bitmap, as: .png)).write(to: png)
        return try JPEGMaker.make(folder, name, [png.path, "-quality", "90", "-strip"])
    }

    @Test("a JPEG in every EXIF orientation comes out upright with the same pixels as a whole decode", arguments: 1...8)
    func jpegOrientations(orientation: Int) throws {
        let folder = TemporaryDirectory("scaled-jpeg-\(orientation)")
        let jpeg = ExifInjection.jpeg(try codec.encode(Self.photo(width: 1600, height: 1000), as: .jpeg), orientation: orientation)
        let file = folder.file("photo.jpg")
        try Data(jpeg).write(to: file)
        let scaled = try PictureImporter(codec: codec).preview(at: file, longSide: 500)
        let whole = try codec.decode(jpeg, fileName: "photo.jpg").uprighted(exifOrientation: orientation).downscaled(toLongSide: 500)
        #expect((scaled.width, scaled.height) == (whole.width, whole.height))
        #expect(orientation >= 5 ? (scaled.width, scaled.height) == (313, 500) : (scaled.width, scaled.height) == (500, 313))
        let (mean, _) = Self.difference(scaled, whole)
        #expect(mean < 2.5, "orientation \(orientation): mean difference \(mean)")
        // The stored picture is what the preview shows, written as JPEG.
        let imported = try PictureImporter(codec: codec).importPicture(bytes: jpeg, fileName: "photo.jpg")
        #expect(imported.format == .jpeg && (imported.width, imported.height) == (orientation >= 5 ? (1000, 1600) : (1600, 1000)))
    }

    @Test("a WebP decoded by libwebp at its stored size has the same pixels as a whole decode shrunk")
    func webpScaled() throws {
        let folder = TemporaryDirectory("scaled-webp")
        let bytes = try webp(folder, "photo.webp", from: Self.photo(width: 1600, height: 1000))
        let scaled = try codec.decode(bytes, fileName: "photo.webp", minimumLongSide: 500)
        let whole = try codec.decode(bytes, fileName: "photo.webp").downscaled(toLongSide: 500)
        #expect((scaled.width, scaled.height) == (500, 313))
        #expect((scaled.width, scaled.height) == (whole.width, whole.height))
        let (mean, _) = Self.difference(scaled, whole)
        #expect(mean < 2.5, "mean difference \(mean)")
        let imported = try PictureImporter(codec: codec).importPicture(bytes: bytes, fileName: "photo.webp")
        #expect(imported.format == .jpeg && imported.bytes.starts(with: [0xFF, 0xD8]))
    }

    @Test("a WebP's EXIF orientation turns it upright like a JPEG's", arguments: [(6, false), (8, true), (3, false), (1, true)])
    func webpOrientation(orientation: Int, jpegPrefix: Bool) throws {
        let folder = TemporaryDirectory("webp-orientation-\(orientation)")
        let plain = try webp(folder, "photo.webp", from: Self.photo(width: 800, height: 500))
        let rotated = ExifInjection.webp(plain, orientation: orientation, jpegPrefix: jpegPrefix)
        #expect(PictureHeader.inspect(rotated)?.orientation == orientation)
        let file = folder.file("rotated.webp")
        try Data(rotated).write(to: file)
        let importer = PictureImporter(codec: codec)
        let shown = try importer.preview(at: file, longSide: 400)
        let expected = try codec.decode(plain, fileName: "photo.webp").uprighted(exifOrientation: orientation).downscaled(toLongSide: 400)
        #expect((shown.width, shown.height) == (orientation >= 5 ? (250, 400) : (400, 250)))
        #expect((shown.width, shown.height) == (expected.width, expected.height))
        #expect(Self.difference(shown, expected).mean < 2.5)
        let imported = try importer.importPicture(bytes: rotated, fileName: "rotated.webp")
        #expect((imported.width, imported.height) == (orientation >= 5 ? (500, 800) : (800, 500)))
    }

    @Test("a rotated lossless WebP (VP8L after VP8X) is stood upright and still stored exact, as PNG")
    func rotatedLosslessWebP() throws {
        let folder = TemporaryDirectory("webp-lossless-rotated")
        let png = folder.file("drawing.png")
        try Data(try codec.encode(Self.photo(width: 300, height: 200), as: .png)).write(to: png)
        let plain = try JPEGMaker.make(folder, "drawing.webp", [png.path, "-define", "webp:lossless=true", "-strip"])
        #expect(Array(plain[12..<16]) == Array("VP8L".utf8))
        let rotated = ExifInjection.webp(plain, orientation: 6)
        #expect(PictureHeader.isLosslessWebP(rotated) && PictureHeader.inspect(rotated)?.orientation == 6)
        let imported = try PictureImporter(codec: codec).importPicture(bytes: rotated, fileName: "drawing.webp")
        #expect(imported.format == .png && (imported.width, imported.height) == (200, 300))
    }

    @Test("garbage in a WebP's EXIF chunk or chunk sizes leaves it upright, never a crash")
    func webpGarbageExif() throws {
        let folder = TemporaryDirectory("webp-exif-garbage")
        let plain = try webp(folder, "photo.webp", from: Self.photo(width: 200, height: 120))
        var state: UInt32 = 16
        func next() -> UInt8 { state = state &* 1_664_525 &+ 1_013_904_223; return UInt8(state >> 24) }
        // EXIF payloads: empty, a bare TIFF tag, an IFD pointing past the end, random bytes.
        var payloads: [[UInt8]] = [[], [0x4D, 0x4D, 0, 0x2A], [0x49, 0x49, 0x2A, 0, 0xFF, 0xFF, 0xFF, 0x7F]]
        for length in [1, 7, 64, 513] { payloads.append((0..<length).map { _ in next() }) }
        for payload in payloads {
            let file = ExifInjection.webp(plain, orientation: 1, exif: payload)
            let header = try #require(PictureHeader.inspect(file))
            #expect(header.orientation == 1)
            _ = try PictureImporter(codec: codec).importPicture(bytes: file, fileName: "garbage.webp")
        }
        // Chunk sizes that lie (past the end, huge, odd) stop the walk: still a header, upright.
        let sound = ExifInjection.webp(plain, orientation: 6)
        let exifAt = try #require((12..<(sound.count - 4)).last { Array(sound[$0..<$0 + 4]) == Array("EXIF".utf8) })
        let imageSizeAt = 12 + 18 + 4  // the VP8 chunk's size, after the VP8X chunk
        for (at, value) in [(exifAt + 4, UInt32.max), (exifAt + 4, 0x7FFF_FFFF), (imageSizeAt, UInt32.max), (imageSizeAt, 3)] {
            var lying = sound
            for byte in 0..<4 { lying[at + byte] = UInt8((value >> (8 * UInt32(byte))) & 0xFF) }
            #expect(PictureHeader.inspect(lying).map { (1...8).contains($0.orientation) } ?? true)
        }
        for _ in 0..<200 {
            var mangled = sound
            for _ in 0..<8 { mangled[30 + Int(next()) * (mangled.count - 31) / 255] = next() }
            #expect(PictureHeader.inspect(mangled).map { (1...8).contains($0.orientation) } ?? true)
        }
    }

    @Test("a WebP with transparency keeps it, and is stored as PNG")
    func webpAlpha() throws {
        let folder = TemporaryDirectory("scaled-webp-alpha")
        var bitmap = Self.photo(width: 300, height: 200)
        for index in stride(from: 3, to: bitmap.pixels.count / 2, by: 4) { bitmap.pixels[index] = 0 }
        let bytes = try webp(folder, "alpha.webp", from: bitmap)
        let imported = try PictureImporter(codec: codec).importPicture(bytes: bytes, fileName: "alpha.webp")
        #expect(imported.format == .png)
        #expect(try codec.decode(imported.bytes, fileName: "s.png").hasTransparency)
    }

    @Test("a big JPEG decodes at the DCT scale JPEGScale picks, and comes out at the stored size")
    func decodesAtChosenScale() throws {
        let folder = TemporaryDirectory("scaled-jpeg-scale")
        let bytes = try JPEGMaker.make(folder, "wide.jpg", ["-size", "6000x400", "gradient:red-blue"])
        let scale = SDLPictureCodec.jpegScale(bytes, minimumLongSide: 2048)
        #expect(scale == JPEGScale(numerator: 3, denominator: 8))  // 2250x150
        let decoded = try codec.decode(bytes, fileName: "wide.jpg", minimumLongSide: 2048)
        #expect((decoded.width, decoded.height) == (2048, 137))
    }

    @Test("shrinking rows as they are decoded gives the pixels of shrinking the decoded picture")
    func rowDownscaleMatchesWhole() throws {
        let jpeg = try codec.encode(Self.photo(width: 1600, height: 1000), as: .jpeg)
        let streamed = try codec.decode(jpeg, fileName: "photo.jpg", minimumLongSide: 500)
        // The same scale (3/8: 600x375) decoded whole, then shrunk in one go.
        let whole = try codec.decode(jpeg, fileName: "photo.jpg", minimumLongSide: 600).downscaled(toLongSide: 500)
        #expect((streamed.width, streamed.height) == (500, 313))
        #expect(streamed == whole)
    }

    @Test("cut-short and damaged JPEGs and WebPs are refused with the same one-line messages as before")
    func hostileRefusals() throws {
        let folder = TemporaryDirectory("scaled-hostile")
        let jpeg = try codec.encode(Self.photo(width: 400, height: 300), as: .jpeg)
        let webp = try webp(folder, "s.webp", from: Self.photo(width: 400, height: 300))
        let new = PictureImporter(codec: codec), old = PictureImporter(codec: WholeDecodeCodec())
        #expect(throws: PictureImportError.truncated(file: "half.jpg", format: "JPEG")) {
            _ = try new.importPicture(bytes: Array(jpeg.prefix(jpeg.count / 2)), fileName: "half.jpg")
        }
        let halfWebP = Array(webp.prefix(webp.count / 2))
        #expect(throws: PictureImportError.truncated(file: "half.webp", format: "WebP")) {
            _ = try new.importPicture(bytes: halfWebP, fileName: "half.webp")
        }
        // Picture data garbled after a sound header: libwebp refuses it as SDL2_image did.
        var garbled = webp
        for index in 40..<(garbled.count - 8) { garbled[index] ^= 0x5A }
        var flipped: [[UInt8]] = [garbled]
        var state: UInt32 = 20261201
        for _ in 0..<24 {
            var copy = webp
            for _ in 0..<12 {
                state = state &* 1_664_525 &+ 1_013_904_223
                copy[16 + Int(state >> 8) % (copy.count - 16)] ^= UInt8(1 << (state & 7))
            }
            flipped.append(copy)
        }
        var refusals = 0
        for bytes in flipped {
            let before = Result { () throws(PictureImportError) in try old.importPicture(bytes: bytes, fileName: "f.webp") }
            let after = Result { () throws(PictureImportError) in try new.importPicture(bytes: bytes, fileName: "f.webp") }
            switch (before, after) {
            case (.success, .success): break
            case (.failure(let was), .failure(let now)):
                refusals += 1
                #expect(now.description == was.description)
                #expect(!now.description.contains("\n"))
            default:
                Issue.record("refused by one decoder and not the other: before \(before), after \(after)")
            }
        }
        #expect(refusals > 0)
    }
}
