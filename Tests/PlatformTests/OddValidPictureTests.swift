import Foundation
import PictureCodecs
import Pictures
import Platform
import Testing
import TestSupport

/// ImageMagick (a test tool) as the reference decoder odd-but-valid files are compared with.
enum ReferenceDecoder {
    /// The first frame of the picture in `bytes` as RGBA, decoded by `convert`.
    static func rgba(_ bytes: [UInt8], name: String, in folder: TemporaryDirectory) throws -> [UInt8] {
        let input = folder.file(name), output = folder.file(name + ".rgba")
        try Data(bytes).write(to: input)
        let result = try ToolProcess.run("/usr/bin/convert", [input.path + "[0]", "-depth", "8", "rgba:" + output.path])
        #expect(result.status == 0, "convert could not read \(name): \(result.standardError)")
        return [UInt8](try Data(contentsOf: output))
    }
}

@Suite("Odd but valid pictures: decoded as a reference decoder does")
struct OddValidPictureTests {
    let codec = SDLPictureCodec()

    /// The largest difference of any channel between two RGBA pictures of one size.
    func largestDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return 255 }
        return zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// Imports `bytes` and expects it decodes as ImageMagick decodes it.
    func expectImportedAsReference(_ bytes: [UInt8], name: String, folder: TemporaryDirectory) throws {
        let imported = try PictureImporter(codec: codec).importPicture(bytes: bytes, fileName: name)
        let decoded = try codec.decode(bytes, fileName: name, minimumLongSide: 4096)
        #expect((imported.width, imported.height) == (decoded.width, decoded.height))
        let reference = try ReferenceDecoder.rgba(bytes, name: name, in: folder)
        #expect(largestDifference(decoded.pixels, reference) <= 8, "\(name) decodes unlike ImageMagick")
    }

    @Test("a JPEG with junk bytes before a marker is decoded as libjpeg does, not refused as no picture")
    func jpegJunkBeforeMarker() throws {
        let folder = TemporaryDirectory("jpeg-junk")
        let jpeg = try JPEGMaker.make(folder, "base.jpg", ["-size", "64x48", "gradient:red-blue", "-quality", "90"])
        // Junk right after the JFIF segment, before the next marker, and junk before the end.
        let app0End = 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5]))
        let junkInHeader = Array(jpeg[..<app0End]) + Array("junk\u{0}\u{1}".utf8) + jpeg[app0End...]
        try expectImportedAsReference(junkInHeader, name: "junk-header.jpg", folder: folder)
        let junkBeforeEnd = Array(jpeg.dropLast(2)) + [0x00, 0x12, 0x34] + Array("junk".utf8) + [0xFF, 0xD9]
        try expectImportedAsReference(junkBeforeEnd, name: "junk-end.jpg", folder: folder)
        // A stuffed-looking 0xFF 0x00 between segments is junk too.
        let stuffed = Array(jpeg[..<app0End]) + [0xFF, 0x00, 0x41] + jpeg[app0End...]
        try expectImportedAsReference(stuffed, name: "junk-stuffed.jpg", folder: folder)
    }

    @Test("a JPEG whose EXIF block runs past its stated length is decoded, not refused")
    func jpegBadExifBlock() throws {
        let folder = TemporaryDirectory("jpeg-bad-exif")
        let jpeg = try JPEGMaker.make(folder, "base.jpg", ["-size", "48x32", "gradient:yellow-green"])
        let tiff = ExifInjection.tiff(orientation: 1)
        let payload = Array("Exif".utf8) + [0, 0] + tiff + Array("more EXIF data than its length says".utf8)
        let length = 2 + 6 + tiff.count
        let app1: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        try expectImportedAsReference([0xFF, 0xD8] + app1 + jpeg.dropFirst(2), name: "bad-exif.jpg", folder: folder)
    }

    // MARK: BMP

    /// A BMP of `pixels` (top row first, each already packed in `bitsPerPixel` bits)
    /// with a `headerSize`-byte info header and `masks` where that header puts them.
    static func bmp(width: Int, height: Int, bitsPerPixel: Int, compression: UInt32, headerSize: Int, masks: [UInt32],
                    pixels: [UInt32]) -> [UInt8] {
        func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
        let rowBytes = (width * bitsPerPixel / 8 + 3) / 4 * 4
        var data: [UInt8] = []
        for row in (0..<height).reversed() {
            var line: [UInt8] = []
            for column in 0..<width {
                let value = pixels[row * width + column]
                line += bitsPerPixel == 16 ? Array(le32(value).prefix(2)) : le32(value)
            }
            data += line + [UInt8](repeating: 0, count: rowBytes - line.count)
        }
        var info = le32(UInt32(headerSize)) + le32(UInt32(width)) + le32(UInt32(height)) + le16(1) + le16(bitsPerPixel)
        info += le32(compression) + le32(UInt32(data.count)) + le32(2835) + le32(2835) + le32(0) + le32(0)
        var afterInfo: [UInt8] = []
        if headerSize > 40 {
            info += masks.flatMap(le32).prefix(headerSize - 40)
            info += [UInt8](repeating: 0, count: headerSize - info.count)
            if headerSize >= 108 { info.replaceSubrange(56..<60, with: Array("BGRs".utf8)) }  // sRGB
        } else {
            afterInfo = masks.flatMap(le32)
        }
        let offset = 14 + info.count + afterInfo.count
        return Array("BM".utf8) + le32(UInt32(offset + data.count)) + [0, 0, 0, 0] + le32(UInt32(offset)) + info + afterInfo + data
    }

    /// `rgba` packed into the bits of `masks` (red, green, blue, alpha).
    static func pack(_ rgba: [UInt8], _ masks: [UInt32]) -> UInt32 {
        var value: UInt32 = 0
        for (channel, mask) in zip(rgba, masks) where mask != 0 {
            let most = UInt64(mask >> UInt32(mask.trailingZeroBitCount))
            value |= UInt32((UInt64(channel) * most + 127) / 255) << UInt32(mask.trailingZeroBitCount)
        }
        return value
    }

    static let colours: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 136], [0, 0, 255, 255], [255, 255, 255, 0]]

    @Test("16- and 32-bit BMPs with colour masks in a V2, V3, V4 or V5 header, or after a plain one, decode to their pixels")
    func bmpBitfieldHeaders() throws {
        let maskSets: [(name: String, masks: [UInt32], bits: Int)] = [
            ("BGRA", [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0xFF00_0000], 32),
            // Red on top, then a gap or alpha: Pillow reads these, SDL2_image had no format for them.
            ("BGXR", [0xFF00_0000, 0x0000_FF00, 0x0000_00FF, 0], 32),
            ("BGAR", [0xFF00_0000, 0x0000_FF00, 0x0000_00FF, 0x00FF_0000], 32),
            ("RGBA, alpha low", [0xFF00_0000, 0x00FF_0000, 0x0000_FF00, 0x0000_00FF], 32),
            ("10-10-10-2", [0x3FF0_0000, 0x000F_FC00, 0x0000_03FF, 0xC000_0000], 32),
            ("4-4-4-4", [0x0F00, 0x00F0, 0x000F, 0xF000], 16),
            ("5-6-5", [0xF800, 0x07E0, 0x001F, 0], 16),
        ]
        for set in maskSets {
            for headerSize in [40, 52, 56, 108, 124] {
                // A 40-byte header is followed by three masks (BI_BITFIELDS) or four (BI_ALPHABITFIELDS).
                let compression: UInt32 = headerSize == 40 && set.masks[3] != 0 ? 6 : 3
                let masks = headerSize == 40 && compression == 3 ? Array(set.masks.prefix(3)) : set.masks
                let pixels = (Self.colours + Self.colours).map { Self.pack($0, set.masks) }
                let file = Self.bmp(width: 4, height: 2, bitsPerPixel: set.bits, compression: compression,
                                    headerSize: headerSize, masks: masks, pixels: pixels)
                let name = "\(set.name) in \(headerSize)"
                let imported = try PictureImporter(codec: codec).importPicture(bytes: file, fileName: name)
                #expect((imported.width, imported.height) == (4, 2), "\(name)")
                let decoded = try codec.decode(file, fileName: name)
                // Only a V3+ header (or BI_ALPHABITFIELDS) carries an alpha mask; 2 alpha bits are 0, 85, 170, 255.
                let hasAlpha = set.masks[3] != 0 && (headerSize >= 56 || compression == 6)
                for (index, colour) in (Self.colours + Self.colours).enumerated() {
                    var expected = colour
                    if !hasAlpha { expected[3] = 255 } else if set.masks[3] == 0xC000_0000 { expected[3] = colour[3] == 136 ? 170 : colour[3] }
                    let got = Array(decoded.pixels[(index * 4)..<(index * 4 + 4)])
                    #expect(largestDifference(got, expected) <= 9, "\(name) pixel \(index): \(got), not \(expected)")
                }
            }
        }
    }

    @Test("a plain 32-bit BMP (BI_RGB) is opaque whatever its unused fourth byte holds")
    func bmpReservedByteIsNotAlpha() throws {
        let pixels: [UInt32] = [0x07FF_0000, 0xC800_FF00, 0x0000_00FF, 0x01FF_FFFF]
        let file = Self.bmp(width: 4, height: 1, bitsPerPixel: 32, compression: 0, headerSize: 40, masks: [], pixels: pixels)
        let decoded = try codec.decode(file, fileName: "reserved.bmp")
        #expect(decoded.pixels == [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])
        let imported = try PictureImporter(codec: codec).importPicture(bytes: file, fileName: "reserved.bmp")
        #expect(imported.format == .png)
        let stored = try codec.decode(imported.bytes, fileName: "stored.png")
        #expect(!stored.hasTransparency)
    }

    // MARK: Animation

    @Test("an animated WebP gives its first frame, as an animated GIF does")
    func animatedWebPFirstFrame() throws {
        let folder = TemporaryDirectory("webp-animated")
        let webp = try JPEGMaker.make(folder, "a.webp", ["-delay", "10", "-size", "40x30", "xc:red", "xc:blue"])
        let imported = try PictureImporter(codec: codec).importPicture(bytes: webp, fileName: "a.webp")
        #expect((imported.width, imported.height) == (40, 30))
        let decoded = try codec.decode(webp, fileName: "a.webp", minimumLongSide: 40)
        let reference = try ReferenceDecoder.rgba(webp, name: "a.webp", in: folder)
        #expect(largestDifference(decoded.pixels, reference) <= 8)
        #expect(decoded.pixels[0] > 200 && decoded.pixels[2] < 60, "the first frame is red: \(decoded.pixels.prefix(4))")
        // Asked smaller, it is shrunk.
        #expect(try codec.decode(webp, fileName: "a.webp", minimumLongSide: 20).width == 20)
    }

    @Test("a GIF whose first frame is complete is accepted though a later frame is cut short")
    func gifCompleteFirstFrame() throws {
        let folder = TemporaryDirectory("gif-cut")
        let gif = try JPEGMaker.make(folder, "a.gif", ["-delay", "10", "-size", "6x4", "xc:red", "xc:blue"])
        let cut = Array(gif.dropLast(6))
        let imported = try PictureImporter(codec: codec).importPicture(bytes: cut, fileName: "cut.gif")
        #expect((imported.width, imported.height) == (6, 4))
        let decoded = try codec.decode(cut, fileName: "cut.gif", minimumLongSide: 6)
        #expect(Array(decoded.pixels.prefix(4)) == [255, 0, 0, 255])
        // Cut inside its only frame (the trailer, the frame's last block end and a byte of
        // its data gone): still refused as cut short.
        let still = try JPEGMaker.make(folder, "still.gif", ["-size", "6x4", "xc:red"])
        #expect(throws: PictureImportError.truncated(file: "early.gif", format: "GIF")) {
            _ = try PictureImporter(codec: codec).importPicture(bytes: Array(still.dropLast(3)), fileName: "early.gif")
        }
    }

    // MARK: Orientation in PNG text

    /// Left half red, right half blue, 40x20, as a PNG.
    static let halvesPNG: [UInt8] = {
        var pixels: [UInt8] = []
        for _ in 0..<20 { for x in 0..<40 { pixels += x < 20 ? [230, 20, 20, 255] : [20, 20, 230, 255] } }
        return TestPNG.encode(width: 40, height: 20, rgba: pixels)
    }()

    /// Expects `png` stored turned a quarter clockwise (orientation 6): red on top.
    func expectStoredUpright(_ png: [UInt8], _ name: String) throws {
        let imported = try PictureImporter(codec: codec).importPicture(bytes: png, fileName: name)
        #expect((imported.width, imported.height) == (20, 40), "\(name) was not turned")
        let upright = try codec.decode(imported.bytes, fileName: "stored.png")
        guard upright.width == 20 else { return }
        #expect(upright.pixels[(2 * 20 + 10) * 4] == 230, "\(name): the red half should be on top")
    }

    @Test("a PNG's orientation in XMP (attribute or element, plain or compressed iTXt) stands it upright")
    func pngXMPOrientation() throws {
        let attribute = Array(#"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description tiff:Orientation="6"/></rdf:RDF></x:xmpmeta>"#.utf8)
        let element = Array("<x:xmpmeta><rdf:Description><tiff:Orientation>6</tiff:Orientation></rdf:Description></x:xmpmeta>".utf8)
        let keyword = Array("XML:com.adobe.xmp".utf8)
        let plain = keyword + [0, 0, 0, 0, 0] + attribute
        try expectStoredUpright(TestPNG.inserting(chunk: "iTXt", data: plain, into: Self.halvesPNG), "xmp-attribute.png")
        let compressed = keyword + [0, 1, 0, 0, 0] + TestPNG.zlibStored(element)
        try expectStoredUpright(TestPNG.inserting(chunk: "iTXt", data: compressed, into: Self.halvesPNG), "xmp-element.png")
    }

    @Test("a PNG's orientation in ImageMagick's raw EXIF profile (zTXt or tEXt) stands it upright")
    func pngRawProfileOrientation() throws {
        let exif = Array("Exif".utf8) + [0, 0] + ExifInjection.tiff(orientation: 6)
        let hex = exif.map { String(format: "%02x", $0) }.joined()
        // As ImageMagick writes it: a newline, the profile's name, its length, then hex in lines of 72.
        var profile = "\nexif\n" + String(repeating: " ", count: 8 - String(exif.count).count) + "\(exif.count)\n"
        var rest = Substring(hex)
        while !rest.isEmpty {
            profile += rest.prefix(72) + "\n"
            rest = rest.dropFirst(72)
        }
        let keyword = Array("Raw profile type exif".utf8)
        let compressed = keyword + [0, 0] + TestPNG.zlibStored(Array(profile.utf8))
        try expectStoredUpright(TestPNG.inserting(chunk: "zTXt", data: compressed, into: Self.halvesPNG), "raw-profile.png")
        let plain = keyword + [0] + Array(profile.utf8)
        try expectStoredUpright(TestPNG.inserting(chunk: "tEXt", data: plain, into: Self.halvesPNG), "raw-profile-text.png")
        // A real eXIf chunk says upright: it wins over the text.
        let upright = TestPNG.inserting(chunk: "eXIf", data: ExifInjection.tiff(orientation: 1),
                                        into: TestPNG.inserting(chunk: "zTXt", data: compressed, into: Self.halvesPNG))
        #expect(try PictureImporter(codec: codec).importPicture(bytes: upright, fileName: "both.png").width == 40)
    }
}
