#if canImport(Glibc)
import Glibc
#endif

/// The picture formats StressPunch accepts.
public enum PictureFormat: String, Sendable {
    case png = "PNG", jpeg = "JPEG", gif = "GIF", bmp = "BMP", webp = "WebP"
}

/// What a picture file says about itself, read without decoding any pixels: its format,
/// size and EXIF orientation, and whether its structure runs to the end.
///
/// Reading the header first is what refuses decompression bombs (a tiny file that
/// claims a gigapixel canvas) before a decoder allocates anything.
public struct PictureHeader: Sendable, Equatable {
    public var format: PictureFormat
    public var width: Int
    public var height: Int
    /// EXIF orientation 1...8; 1 means upright.
    public var orientation: Int
    /// False when the file ends before its format's end marker.
    public var isComplete: Bool

    public init(format: PictureFormat, width: Int, height: Int, orientation: Int, isComplete: Bool) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
        self.isComplete = isComplete
    }

    /// The most pixels `bytes` of this format could possibly decode to, by the best
    /// its compression can do; nil where no useful bound is known (JPEG, whose decoder
    /// refuses data that ends early; WebP). A file claiming more is a lie, whether
    /// damaged or made to exhaust memory.
    ///   - PNG: deflate packs at most about 1032:1, and the header says the bits a pixel;
    ///   - GIF: a 12-bit LZW code stands for at most 4095 pixels;
    ///   - BMP: run-length codes give at most 255 pixels per two bytes; uncompressed
    ///     data must all be there (`isComplete` checks that).
    public static func mostPixels(holdableBy bytes: [UInt8], format: PictureFormat) -> Double? {
        let reader = ByteReader(bytes)
        let size = Double(bytes.count)
        switch format {
        case .png:
            guard let depth = reader.slice(at: 24, count: 1)?.first, let colour = reader.slice(at: 25, count: 1)?.first else { return nil }
            let channels: Double = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colour] ?? 1
            let bitsPerPixel = max(1, Double(depth) * channels)
            return size * 1032 * 8 / bitsPerPixel
        case .gif:
            return size * 8 / 12 * 4095
        case .bmp:
            guard let compression = reader.uint32LE(at: 30), compression == 1 || compression == 2 else { return nil }
            return size / 2 * 255
        case .jpeg, .webp:
            return nil
        }
    }

    /// Whether a codec can decode this file straight to a smaller size (so its cost
    /// follows the output): JPEG by DCT scaling, a non-interlaced PNG row by row.
    public static func decodesScaled(_ bytes: [UInt8], format: PictureFormat) -> Bool {
        switch format {
        case .jpeg: return true
        case .png: return bytes.count > 28 && bytes[28] == 0
        default: return false
        }
    }

    /// Width times height, saturating: claimed sizes can multiply past Int.
    public var pixelCount: Int {
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow || product < 0 ? Int.max : product
    }

    /// Inspects a file's bytes. Returns nil when they are not one of the accepted formats.
    public static func inspect(_ bytes: [UInt8]) -> PictureHeader? {
        let reader = ByteReader(bytes)
        if reader.matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], at: 0) { return inspectPNG(reader) }
        if reader.matches([0xFF, 0xD8, 0xFF], at: 0) { return inspectJPEG(reader) }
        if reader.matches(Array("GIF87a".utf8), at: 0) || reader.matches(Array("GIF89a".utf8), at: 0) {
            return inspectGIF(reader)
        }
        if reader.matches(Array("BM".utf8), at: 0) { return inspectBMP(reader) }
        if reader.matches(Array("RIFF".utf8), at: 0) && reader.matches(Array("WEBP".utf8), at: 8) {
            return inspectWebP(reader)
        }
        return nil
    }

    // MARK: PNG: signature, then length-type-data-CRC chunks from IHDR to IEND.

    private static func inspectPNG(_ r: ByteReader) -> PictureHeader? {
        guard r.matches(Array("IHDR".utf8), at: 12), let width = r.uint32BE(at: 16), let height = r.uint32BE(at: 20)
        else { return nil }
        var header = PictureHeader(format: .png, width: Int(width), height: Int(height), orientation: 1, isComplete: false)
        var offset = 8
        // EXIF in an eXIf chunk first, then as ImageMagick keeps it (a "Raw profile" text
        // chunk), then XMP's tiff:Orientation: the order Pillow reads them in.
        var exifOrientation: Int?, profileOrientation: Int?, xmpOrientation: Int?
        var textChunks = 0
        while let length = r.uint32BE(at: offset), let type = r.slice(at: offset + 4, count: 4) {
            let dataStart = offset + 8
            let next = dataStart + Int(length) + 4
            guard next <= r.count else { break }
            let name = String(decoding: type, as: UTF8.self)
            if name == "eXIf", let exif = r.slice(at: dataStart, count: Int(length)) {
                exifOrientation = ExifOrientation.read(tiff: exif)
            }
            if name == "tEXt" || name == "zTXt" || name == "iTXt", textChunks < PNGText.maxChunksRead,
               let data = r.slice(at: dataStart, count: Int(length)), let text = PNGText(chunk: name, data: data) {
                textChunks += 1
                if text.keyword == "Raw profile type exif" || text.keyword == "Raw profile type APP1" {
                    profileOrientation = profileOrientation ?? text.orientation
                } else {
                    xmpOrientation = xmpOrientation ?? text.orientation
                }
            }
            if name == "IEND" {
                header.isComplete = true
                break
            }
            offset = next
        }
        header.orientation = exifOrientation ?? profileOrientation ?? xmpOrientation ?? 1
        return header
    }

    // MARK: JPEG: marker segments up to each scan, entropy-coded data, and EOI.

    private static func inspectJPEG(_ r: ByteReader) -> PictureHeader? {
        var header = PictureHeader(format: .jpeg, width: 0, height: 0, orientation: 1, isComplete: false)
        var offset = 2
        while offset + 1 < r.count {
            guard r[offset] == 0xFF else {
                // Junk before a marker (a writer's stray bytes, an EXIF block longer than
                // its length says): libjpeg skips to the next marker with a warning and
                // decodes the picture, so the header is read on from there too.
                offset = r.endOfEntropyCodedData(from: offset)
                continue
            }
            let marker = r[offset + 1]
            if marker == 0xFF { offset += 1; continue }  // fill byte
            if marker == 0x00 { offset = r.endOfEntropyCodedData(from: offset + 2); continue }  // not a marker: junk, as above
            if marker == 0xD9 { header.isComplete = true; break }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }
            guard let length = r.uint16BE(at: offset + 2), length >= 2 else { break }
            let segmentStart = offset + 4
            let segmentEnd = offset + 2 + Int(length)
            guard segmentEnd <= r.count else { break }
            switch marker {
            case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                if let height = r.uint16BE(at: segmentStart + 1), let width = r.uint16BE(at: segmentStart + 3) {
                    header.width = Int(width)
                    header.height = Int(height)
                }
            case 0xE1:
                if r.matches(Array("Exif".utf8) + [0, 0], at: segmentStart),
                   let tiff = r.slice(at: segmentStart + 6, count: segmentEnd - segmentStart - 6) {
                    header.orientation = ExifOrientation.read(tiff: tiff) ?? header.orientation
                }
            default:
                break
            }
            offset = segmentEnd
            if marker == 0xDA {
                // Skip the entropy-coded scan: it ends at the first marker that is neither
                // a stuffed 0xFF00 nor a restart marker.
                offset = r.endOfEntropyCodedData(from: offset)
            }
        }
        return header.width > 0 && header.height > 0 ? header : nil
    }

    // MARK: GIF: logical screen, then extension and image blocks up to the trailer.

    private static func inspectGIF(_ r: ByteReader) -> PictureHeader? {
        guard let width = r.uint16LE(at: 6), let height = r.uint16LE(at: 8), r.count > 10 else { return nil }
        var header = PictureHeader(format: .gif, width: Int(width), height: Int(height), orientation: 1, isComplete: false)
        var offset = 13
        if r[10] & 0x80 != 0 { offset += 3 << (Int(r[10] & 0x07) + 1) }
        // Only the first frame is decoded (a target is a still picture): once it is all
        // there, later frames cut short or a missing trailer take nothing from it.
        var firstFrameComplete = false
        scan: while offset < r.count {
            switch r[offset] {
            case 0x3B:
                header.isComplete = true
                break scan
            case 0x21:
                guard offset + 2 <= r.count, let end = r.endOfSubBlocks(from: offset + 2) else { break scan }
                offset = end
            case 0x2C:
                guard offset + 10 <= r.count,
                      let frameWidth = r.uint16LE(at: offset + 5), let frameHeight = r.uint16LE(at: offset + 7)
                else { break scan }
                // A frame larger than the canvas still costs its own pixels to decode.
                header.width = max(header.width, Int(frameWidth))
                header.height = max(header.height, Int(frameHeight))
                let flags = r[offset + 9]
                offset += 10
                if flags & 0x80 != 0 { offset += 3 << (Int(flags & 0x07) + 1) }
                offset += 1  // LZW minimum code size
                guard offset <= r.count, let end = r.endOfSubBlocks(from: offset) else { break scan }
                firstFrameComplete = true
                offset = end
            default:
                break scan
            }
        }
        if firstFrameComplete { header.isComplete = true }
        return header
    }

    // MARK: BMP: file header, DIB header, and pixel data that must be all there.

    private static func inspectBMP(_ r: ByteReader) -> PictureHeader? {
        guard let dataOffset = r.uint32LE(at: 10), let dibSize = r.uint32LE(at: 14), dibSize >= 12 else { return nil }
        let width: Int
        let height: Int
        let bitsPerPixel: Int
        var compression: UInt32 = 0
        if dibSize == 12 {
            guard let w = r.uint16LE(at: 18), let h = r.uint16LE(at: 20), let bpp = r.uint16LE(at: 24) else { return nil }
            (width, height, bitsPerPixel) = (Int(w), Int(h), Int(bpp))
        } else {
            guard let w = r.uint32LE(at: 18), let h = r.uint32LE(at: 22), let bpp = r.uint16LE(at: 28),
                  let c = r.uint32LE(at: 30) else { return nil }
            width = Int(Int32(bitPattern: w))
            height = abs(Int(Int32(bitPattern: h)))  // negative means top-down
            bitsPerPixel = Int(bpp)
            compression = c
        }
        guard width > 0, height > 0 else { return nil }
        let complete: Bool
        if compression == 0 || compression == 3 {
            // In Double: a hostile header's width, depth and height multiply past Int
            // (the picture fuzzer found that within seconds).
            let rowBytes = ((Double(bitsPerPixel) * Double(width) + 31) / 32).rounded(.down) * 4
            complete = Double(dataOffset) + rowBytes * Double(height) <= Double(r.count)
        } else {
            let declaredSize = Int(r.uint32LE(at: 2) ?? 0)
            complete = declaredSize <= r.count && Int(dataOffset) < r.count
        }
        return PictureHeader(format: .bmp, width: width, height: height, orientation: 1, isComplete: complete)
    }

    // MARK: WebP: a RIFF container with a VP8, VP8L or VP8X first chunk.

    private static func inspectWebP(_ r: ByteReader) -> PictureHeader? {
        guard let riffSize = r.uint32LE(at: 4), let chunk = r.slice(at: 12, count: 4) else { return nil }
        let complete = Int(riffSize) + 8 <= r.count
        var width = 0
        var height = 0
        switch String(decoding: chunk, as: UTF8.self) {
        case "VP8X":
            guard let w = r.uint24LE(at: 24), let h = r.uint24LE(at: 27) else { return nil }
            (width, height) = (Int(w) + 1, Int(h) + 1)
        case "VP8L":
            guard r.count > 25, r[20] == 0x2F, let bits = r.uint32LE(at: 21) else { return nil }
            width = Int(bits & 0x3FFF) + 1
            height = Int((bits >> 14) & 0x3FFF) + 1
        case "VP8 ":
            guard r.matches([0x9D, 0x01, 0x2A], at: 23), let w = r.uint16LE(at: 26), let h = r.uint16LE(at: 28)
            else { return nil }
            (width, height) = (Int(w & 0x3FFF), Int(h & 0x3FFF))
        default:
            return nil
        }
        guard width > 0, height > 0 else { return nil }
        // VP8X flags bit 3: an EXIF chunk follows the image data somewhere in the file.
        let orientation = chunk.elementsEqual("VP8X".utf8) && r[20] & 0x08 != 0 ? webpExifOrientation(r, riffEnd: Int(riffSize) + 8) : nil
        return PictureHeader(format: .webp, width: width, height: height, orientation: orientation ?? 1, isComplete: complete)
    }

    /// Most chunks walked looking for a WebP's EXIF: a real file has a handful (VP8X,
    /// ICCP, ANIM frames, ALPH, VP8, EXIF, XMP); garbage claiming millions stops here.
    static let maxWebPChunks = 4096

    /// Whether a WebP's image is lossless (a VP8L chunk, first or after VP8X and the
    /// chunks an extended file puts before it): a rotated lossless WebP is still a
    /// drawing, not a photo.
    public static func isLosslessWebP(_ bytes: [UInt8]) -> Bool {
        let r = ByteReader(bytes)
        guard r.matches(Array("RIFF".utf8), at: 0), r.matches(Array("WEBP".utf8), at: 8) else { return false }
        var offset = 12
        for _ in 0..<maxWebPChunks {
            guard let size32 = r.uint32LE(at: offset + 4), let name = r.slice(at: offset, count: 4) else { return false }
            switch String(decoding: name, as: UTF8.self) {
            case "VP8L": return true
            case "VP8 ": return false
            default: break
            }
            let size = Int(size32)
            guard size <= r.count - offset - 8 else { return false }
            offset += 8 + size + (size & 1)
        }
        return false
    }

    /// The orientation in a WebP's EXIF chunk, walking the RIFF chunks by their sizes
    /// (bounded by the file, the RIFF size and `maxWebPChunks`). Some writers start the
    /// chunk with JPEG's "Exif\0\0" before the TIFF header; both are read.
    private static func webpExifOrientation(_ r: ByteReader, riffEnd: Int) -> Int? {
        let end = min(r.count, riffEnd)
        var offset = 12
        for _ in 0..<maxWebPChunks {
            guard offset + 8 <= end, let size32 = r.uint32LE(at: offset + 4) else { return nil }
            let size = Int(size32)
            let dataStart = offset + 8
            guard size <= end - dataStart else { return nil }
            if r.matches(Array("EXIF".utf8), at: offset) {
                let skip = r.matches(Array("Exif".utf8) + [0, 0], at: dataStart) ? 6 : 0
                guard let tiff = r.slice(at: dataStart + skip, count: size - skip) else { return nil }
                return ExifOrientation.read(tiff: tiff)
            }
            offset = dataStart + size + (size & 1)  // chunks are padded to an even size
        }
        return nil
    }
}

/// Reads the orientation tag (0x0112) from a TIFF structure, as found in EXIF.
enum ExifOrientation {
    static func read(tiff: [UInt8]) -> Int? {
        let r = ByteReader(tiff)
        let littleEndian: Bool
        if r.matches([0x49, 0x49, 0x2A, 0x00], at: 0) { littleEndian = true }
        else if r.matches([0x4D, 0x4D, 0x00, 0x2A], at: 0) { littleEndian = false }
        else { return nil }
        func u16(_ at: Int) -> Int? { (littleEndian ? r.uint16LE(at: at) : r.uint16BE(at: at)).map(Int.init) }
        func u32(_ at: Int) -> Int? { (littleEndian ? r.uint32LE(at: at) : r.uint32BE(at: at)).map(Int.init) }
        guard let ifd = u32(4), let entries = u16(ifd), entries < 1000 else { return nil }
        for index in 0..<entries {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112, let value = u16(entry + 8), (1...8).contains(value) { return value }
        }
        return nil
    }
}

/// Bounds-checked reads from a byte array; every read answers nil past the end.
struct ByteReader {
    private let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var count: Int { bytes.count }
    subscript(_ index: Int) -> UInt8 { index >= 0 && index < bytes.count ? bytes[index] : 0 }

    func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + pattern.count <= bytes.count else { return false }
        return bytes[offset..<offset + pattern.count].elementsEqual(pattern)
    }

    func slice(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset + count <= bytes.count else { return nil }
        return Array(bytes[offset..<offset + count])
    }

    func uint16BE(at o: Int) -> UInt16? {
        guard o >= 0, o + 2 <= bytes.count else { return nil }
        return UInt16(bytes[o]) << 8 | UInt16(bytes[o + 1])
    }
    func uint16LE(at o: Int) -> UInt16? {
        guard o >= 0, o + 2 <= bytes.count else { return nil }
        return UInt16(bytes[o + 1]) << 8 | UInt16(bytes[o])
    }
    func uint24LE(at o: Int) -> UInt32? {
        guard o >= 0, o + 3 <= bytes.count else { return nil }
        return UInt32(bytes[o + 2]) << 16 | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o])
    }
    func uint32BE(at o: Int) -> UInt32? {
        guard o >= 0, o + 4 <= bytes.count else { return nil }
        return UInt32(bytes[o]) << 24 | UInt32(bytes[o + 1]) << 16 | UInt32(bytes[o + 2]) << 8 | UInt32(bytes[o + 3])
    }
    func uint32LE(at o: Int) -> UInt32? {
        guard o >= 0, o + 4 <= bytes.count else { return nil }
        return UInt32(bytes[o + 3]) << 24 | UInt32(bytes[o + 2]) << 16 | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o])
    }

    /// The offset of the marker that ends a JPEG scan starting at `start`.
    func endOfEntropyCodedData(from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return buffer.count }
            var index = max(0, start)
            // memchr finds each 0xFF many bytes a step (a photo's scan is megabytes; a
            // byte-at-a-time loop over it was a few percent of an import).
            while index + 1 < buffer.count {
                guard let found = memchr(base + index, 0xFF, buffer.count - 1 - index) else { break }
                index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let next = buffer[index + 1]
                if next != 0x00 && next != 0xFF && !(0xD0...0xD7).contains(next) { return index }
                index += 1
            }
            return buffer.count
        }
    }

    /// The offset after a chain of GIF sub-blocks (length byte, data, ..., zero), or nil
    /// if the chain runs past the end.
    func endOfSubBlocks(from start: Int) -> Int? {
        var offset = start
        while offset < bytes.count {
            let length = Int(bytes[offset])
            offset += 1
            if length == 0 { return offset }
            offset += length
        }
        return nil
    }
}
