/// Writes and reads real, valid PNG files without zlib: pixel data goes into
/// "stored" (uncompressed) deflate blocks, which every PNG decoder accepts. Tests use
/// it to make pictures without linking an image library.
public enum TestPNG {
    /// A PNG of `width` x `height` RGBA pixels (straight alpha, rows top to bottom).
    public static func encode(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (width * 4 + 1))
        for y in 0..<height {
            raw.append(0)  // filter: none
            raw.append(contentsOf: rgba[(y * width * 4)..<((y + 1) * width * 4)])
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, raw.count - offset)
            let last: UInt8 = offset + count == raw.count ? 1 : 0
            zlib.append(last)
            zlib.append(contentsOf: [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)])
            zlib.append(contentsOf: raw[offset..<(offset + count)])
            offset += count
        } while offset < raw.count
        zlib.append(contentsOf: bigEndian(adler32(raw)))

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0])
        png += chunk("IDAT", zlib)
        png += chunk("IEND", [])
        return png
    }

    /// A PNG filled with one colour.
    public static func solid(width: Int, height: Int, rgba: (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for _ in 0..<(width * height) { pixels += [rgba.0, rgba.1, rgba.2, rgba.3] }
        return encode(width: width, height: height, rgba: pixels)
    }

    /// A PNG whose header claims `width` x `height` pixels while the file holds almost
    /// no data: the shape of a decompression bomb, which must be refused unread.
    /// A PNG header claiming `width` x `height` at `depth` bits and `colourType`, with
    /// `dataBytes` of (meaningless) image data: enough for the data-size rules to weigh.
    public static func claiming(width: Int, height: Int, depth: UInt8, colourType: UInt8, dataBytes: Int, interlaced: Bool = false) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [depth, colourType, 0, 0, interlaced ? 1 : 0])
        png += chunk("IDAT", [UInt8](repeating: 0x55, count: dataBytes))
        png += chunk("IEND", [])
        return png
    }

    public static func claimingSize(width: Int, height: Int) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0])
        png += chunk("IDAT", [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01])
        png += chunk("IEND", [])
        return png
    }

    /// Reads back a PNG written by `encode`; nil for anything else.
    public static func decode(_ png: [UInt8]) -> (width: Int, height: Int, rgba: [UInt8])? {
        guard png.count > 33, png[12..<16].elementsEqual(Array("IHDR".utf8)) else { return nil }
        let width = Int(readBigEndian(png, 16)), height = Int(readBigEndian(png, 20))
        var zlib: [UInt8] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = Int(readBigEndian(png, offset))
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard offset + 12 + length <= png.count else { return nil }
            if type == "IDAT" { zlib += png[(offset + 8)..<(offset + 8 + length)] }
            offset += 12 + length
        }
        var raw: [UInt8] = []
        var position = 2
        while position + 5 <= zlib.count {
            let last = zlib[position] & 1
            let count = Int(zlib[position + 1]) | Int(zlib[position + 2]) << 8
            position += 5
            guard position + count <= zlib.count else { return nil }
            raw += zlib[position..<(position + count)]
            position += count
            if last == 1 { break }
        }
        guard raw.count == height * (width * 4 + 1) else { return nil }
        var rgba: [UInt8] = []
        for y in 0..<height {
            let start = y * (width * 4 + 1) + 1
            rgba += raw[start..<(start + width * 4)]
        }
        return (width, height, rgba)
    }

    /// `png` with a chunk of `type` holding `data` put right after its header (IHDR).
    public static func inserting(chunk type: String, data: [UInt8], into png: [UInt8]) -> [UInt8] {
        let afterHeader = 8 + 12 + 13
        return Array(png[..<afterHeader]) + chunk(type, data) + png[afterHeader...]
    }

    /// `bytes` as a zlib stream of stored (uncompressed) deflate blocks: what a zTXt or
    /// compressed iTXt chunk holds, without a compressor.
    public static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, bytes.count - offset)
            zlib.append(offset + count == bytes.count ? 1 : 0)
            zlib.append(contentsOf: [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)])
            zlib.append(contentsOf: bytes[offset..<(offset + count)])
            offset += count
        } while offset < bytes.count
        return zlib + bigEndian(adler32(bytes))
    }

    // MARK: PNG plumbing

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func readBigEndian(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
