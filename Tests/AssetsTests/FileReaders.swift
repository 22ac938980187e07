// Just enough PNG and WAV reading to check the shipped files, written by hand so
// this test bundle links neither SDL nor zlib.

import Foundation

struct ReadFailure: Error, CustomStringConvertible {
    let description: String
}

/// A PNG's header, and (on request) its pixels.
struct PNGFile {
    let width: Int
    let height: Int
    let bitDepth: Int
    /// 6 is RGBA, 2 is RGB, 3 is paletted...
    let colorType: Int
    private let compressed: [UInt8]

    init(_ bytes: [UInt8]) throws {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count > 33, Array(bytes[0..<8]) == signature else { throw ReadFailure(description: "not a PNG") }
        var offset = 8
        var header: (Int, Int, Int, Int)?
        var data: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = Int(Self.bigEndian(bytes, offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let body = offset + 8
            guard body + length + 4 <= bytes.count else { throw ReadFailure(description: "truncated \(type) chunk") }
            switch type {
            case "IHDR":
                header = (Int(Self.bigEndian(bytes, body)), Int(Self.bigEndian(bytes, body + 4)), Int(bytes[body + 8]), Int(bytes[body + 9]))
            case "IDAT":
                data.append(contentsOf: bytes[body..<(body + length)])
            default:
                break
            }
            offset = body + length + 4  // skip the CRC
            if type == "IEND" { break }
        }
        guard let (width, height, depth, color) = header else { throw ReadFailure(description: "no IHDR chunk") }
        self.width = width
        self.height = height
        bitDepth = depth
        colorType = color
        compressed = data
    }

    /// The alpha of every pixel, rows top to bottom (8-bit RGBA files only).
    func alphaChannel() throws -> [UInt8] {
        guard colorType == 6, bitDepth == 8 else { throw ReadFailure(description: "only 8-bit RGBA is read") }
        guard compressed.count > 2 else { throw ReadFailure(description: "no pixel data") }
        let raw = try Inflate.decompress(Array(compressed[2...]))  // past the 2-byte zlib header
        let rowBytes = width * 4
        guard raw.count >= height * (rowBytes + 1) else { throw ReadFailure(description: "pixel data too short") }
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var current = [UInt8](repeating: 0, count: rowBytes)
        var alpha: [UInt8] = []
        alpha.reserveCapacity(width * height)
        for row in 0..<height {
            let start = row * (rowBytes + 1)
            let filter = raw[start]
            for x in 0..<rowBytes {
                let value = Int(raw[start + 1 + x])
                let a = x >= 4 ? Int(current[x - 4]) : 0
                let b = Int(previous[x])
                let c = x >= 4 ? Int(previous[x - 4]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw ReadFailure(description: "unknown PNG filter \(filter)")
                }
                current[x] = UInt8((value + predicted) & 0xFF)
            }
            for x in 0..<width { alpha.append(current[x * 4 + 3]) }
            swap(&previous, &current)
        }
        return alpha
    }

    private static func bigEndian(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }
}

/// A PCM WAV file's format and samples (first channel, scaled to -1...1).
struct WAVFileReader {
    let formatTag: Int
    let channels: Int
    let sampleRate: Int
    let bitsPerSample: Int
    let samples: [Float]

    var duration: Double { Double(samples.count) / Double(sampleRate) }

    init(_ bytes: [UInt8]) throws {
        guard bytes.count >= 12, String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF",
              String(decoding: bytes[8..<12], as: UTF8.self) == "WAVE"
        else { throw ReadFailure(description: "not a RIFF WAVE file") }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        var offset = 12
        var format: (Int, Int, Int, Int)?
        var data: ArraySlice<UInt8>?
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let size = u32(offset + 4)
            let body = offset + 8
            guard body + size <= bytes.count else { throw ReadFailure(description: "truncated \(id) chunk") }
            if id == "fmt " { format = (u16(body), u16(body + 2), u32(body + 4), u16(body + 14)) }
            if id == "data" { data = bytes[body..<(body + size)] }
            offset = body + size + (size & 1)  // chunks are padded to even sizes
        }
        guard let (tag, channels, rate, bits) = format, let data else { throw ReadFailure(description: "missing fmt or data chunk") }
        guard bits == 16 else { throw ReadFailure(description: "only 16-bit samples are read, not \(bits)-bit") }
        formatTag = tag
        self.channels = channels
        sampleRate = rate
        bitsPerSample = bits
        let frameBytes = channels * 2
        let start = data.startIndex
        samples = (0..<(data.count / frameBytes)).map { frame in
            let at = start + frame * frameBytes
            return Float(Int16(bitPattern: UInt16(data[at]) | UInt16(data[at + 1]) << 8)) / 32768
        }
    }
}

/// A small inflate (RFC 1951: stored, fixed and dynamic Huffman blocks), after the
/// approach of zlib's puff.c. Slow but plenty for a few test pictures.
enum Inflate {
    static func decompress(_ input: [UInt8]) throws -> [UInt8] {
        var reader = BitReader(bytes: input)
        var output: [UInt8] = []
        var isFinal = false
        while !isFinal {
            isFinal = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0:
                reader.alignToByte()
                let length = try reader.bits(16)
                _ = try reader.bits(16)
                for _ in 0..<length { output.append(UInt8(try reader.bits(8))) }
            case 1:
                try inflateBlock(&reader, &output, literals: fixedLiterals, distances: fixedDistances)
            case 2:
                let literalCount = try reader.bits(5) + 257, distanceCount = try reader.bits(5) + 1
                let codeLengthCount = try reader.bits(4) + 4
                let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
                var codeLengths = [Int](repeating: 0, count: 19)
                for index in 0..<codeLengthCount { codeLengths[order[index]] = try reader.bits(3) }
                let lengthCode = Huffman(lengths: codeLengths)
                var lengths: [Int] = []
                while lengths.count < literalCount + distanceCount {
                    let symbol = try lengthCode.decode(&reader)
                    switch symbol {
                    case 0...15: lengths.append(symbol)
                    case 16:
                        guard let last = lengths.last else { throw ReadFailure(description: "repeat with no length") }
                        lengths += repeatElement(last, count: 3 + (try reader.bits(2)))
                    case 17: lengths += repeatElement(0, count: 3 + (try reader.bits(3)))
                    default: lengths += repeatElement(0, count: 11 + (try reader.bits(7)))
                    }
                }
                try inflateBlock(&reader, &output, literals: Huffman(lengths: Array(lengths[0..<literalCount])),
                                 distances: Huffman(lengths: Array(lengths[literalCount...])))
            default:
                throw ReadFailure(description: "bad deflate block type")
            }
        }
        return output
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
                                       2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    private static let fixedLiterals = Huffman(lengths: (0..<288).map { $0 < 144 ? 8 : ($0 < 256 ? 9 : ($0 < 280 ? 7 : 8)) })
    private static let fixedDistances = Huffman(lengths: [Int](repeating: 5, count: 30))

    private static func inflateBlock(_ reader: inout BitReader, _ output: inout [UInt8], literals: Huffman, distances: Huffman) throws {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let index = symbol - 257
            guard index < lengthBase.count else { throw ReadFailure(description: "bad length symbol") }
            let length = lengthBase[index] + (try reader.bits(lengthExtra[index]))
            let distanceSymbol = try distances.decode(&reader)
            guard distanceSymbol < distanceBase.count else { throw ReadFailure(description: "bad distance symbol") }
            let distance = distanceBase[distanceSymbol] + (try reader.bits(distanceExtra[distanceSymbol]))
            guard distance <= output.count else { throw ReadFailure(description: "distance past the start") }
            for _ in 0..<length { output.append(output[output.count - distance]) }
        }
    }
}

struct BitReader {
    let bytes: [UInt8]
    var position = 0
    var buffer = 0
    var count = 0

    mutating func bits(_ needed: Int) throws -> Int {
        while count < needed {
            guard position < bytes.count else { throw ReadFailure(description: "deflate data ends early") }
            buffer |= Int(bytes[position]) << count
            position += 1
            count += 8
        }
        let value = buffer & ((1 << needed) - 1)
        buffer >>= needed
        count -= needed
        return value
    }

    mutating func alignToByte() {
        buffer = 0
        count = 0
    }
}

/// A canonical Huffman code, decoded bit by bit (puff.c's method).
struct Huffman {
    private var counts = [Int](repeating: 0, count: 16)
    private var symbols: [Int]

    init(lengths: [Int]) {
        for length in lengths { counts[length] += 1 }
        counts[0] = 0
        var offsets = [Int](repeating: 0, count: 16)
        for length in 1..<16 { offsets[length] = offsets[length - 1] + counts[length - 1] }
        symbols = [Int](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length != 0 {
            symbols[offsets[length]] = symbol
            offsets[length] += 1
        }
    }

    func decode(_ reader: inout BitReader) throws -> Int {
        var code = 0, first = 0, index = 0
        for length in 1..<16 {
            code |= try reader.bits(1)
            let count = counts[length]
            if code - count < first { return symbols[index + (code - first)] }
            index += count
            first += count
            first <<= 1
            code <<= 1
        }
        throw ReadFailure(description: "bad Huffman code")
    }
}
