// PNGText owns reading a PNG's text chunks (tEXt, zTXt, iTXt) for what they say about
// the picture's orientation: ImageMagick keeps a photo's EXIF as a hex "Raw profile
// type exif" chunk, and XMP carries tiff:Orientation. Compressed text is inflated by
// zlib with a cap, since a chunk is as untrusted as the rest of the file.

import CInflate

/// One PNG text chunk: its keyword and its text.
struct PNGText {
    /// Text chunks looked at in one file: real files have a handful.
    static let maxChunksRead = 64
    /// What one chunk may inflate to: EXIF and XMP take a few kilobytes.
    static let maxTextBytes = 1 << 20

    /// The chunks that can carry an orientation.
    static let orientationKeywords: Set<String> = [
        "Raw profile type exif", "Raw profile type APP1", "Raw profile type xmp", "XML:com.adobe.xmp",
    ]

    let keyword: String
    let text: [UInt8]

    /// The chunk `chunk` ("tEXt", "zTXt" or "iTXt") with `data`, when its keyword is
    /// one that can say the orientation (others are never inflated); nil when it is
    /// not, or is damaged or too big to inflate.
    init?(chunk: String, data: [UInt8]) {
        guard let keywordEnd = data.firstIndex(of: 0), keywordEnd > 0 else { return nil }
        keyword = String(decoding: data[..<keywordEnd], as: UTF8.self)
        guard Self.orientationKeywords.contains(keyword) else { return nil }
        var rest = data[(keywordEnd + 1)...]
        switch chunk {
        case "tEXt":
            text = Array(rest)
        case "zTXt":
            guard rest.first == 0, let inflated = Self.inflate(Array(rest.dropFirst())) else { return nil }
            text = inflated
        case "iTXt":
            // Compression flag and method, then a language tag and translated keyword, each ended by 0.
            guard rest.count >= 2 else { return nil }
            let compressed = rest[rest.startIndex] == 1
            rest = rest.dropFirst(2)
            for _ in 0..<2 {
                guard let end = rest.firstIndex(of: 0) else { return nil }
                rest = rest[(end + 1)...]
            }
            if compressed {
                guard let inflated = Self.inflate(Array(rest)) else { return nil }
                text = inflated
            } else {
                text = Array(rest)
            }
        default:
            return nil
        }
    }

    /// The orientation this chunk gives: an ImageMagick raw profile is the profile in
    /// hex ("\nexif\n   <length>\n" and then the hex across lines), EXIF (an APP1 body,
    /// "Exif\0\0" and the TIFF) or XMP; the XMP chunk is XMP as it is.
    var orientation: Int? {
        guard keyword.hasPrefix("Raw profile type ") else { return Self.xmpOrientation(text) }
        let lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard lines.count > 3 else { return nil }
        var bytes: [UInt8] = []
        var high: UInt8?
        for line in lines.dropFirst(3) {
            for character in line {
                guard let nibble = Self.hexValue(character) else { continue }
                if let first = high {
                    bytes.append(first << 4 | nibble)
                    high = nil
                } else {
                    high = nibble
                }
            }
        }
        if keyword == "Raw profile type xmp" { return Self.xmpOrientation(bytes) }
        let exifPrefix = Array("Exif".utf8) + [0, 0]
        let tiff = bytes.starts(with: exifPrefix) ? Array(bytes.dropFirst(exifPrefix.count)) : bytes
        return ExifOrientation.read(tiff: tiff)
    }

    /// tiff:Orientation in XMP, as an attribute (tiff:Orientation="6") or an element
    /// (<tiff:Orientation>6</tiff:Orientation>).
    static func xmpOrientation(_ text: [UInt8]) -> Int? {
        let name = Array("tiff:Orientation".utf8)
        let skipped: [UInt8] = [UInt8(ascii: "="), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: ">"), UInt8(ascii: " ")]
        var index = 0
        while let found = find(name, in: text, from: index) {
            var position = found + name.count
            // Past `="`, `='` or `>`, and any spaces, to the digit.
            while position < text.count, skipped.contains(text[position]) { position += 1 }
            let isDigit = { (at: Int) in at < text.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[at]) }
            if isDigit(position), !isDigit(position + 1), (1...8).contains(text[position] - UInt8(ascii: "0")) {
                return Int(text[position] - UInt8(ascii: "0"))
            }
            index = found + name.count
        }
        return nil
    }

    private static func hexValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return character - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, pattern.count <= bytes.count else { return nil }
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == first && bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    private static func inflate(_ compressed: [UInt8]) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: maxTextBytes)
        let written = compressed.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                zi_inflate_capped(input.baseAddress, input.count, out.baseAddress, out.count)
            }
        }
        guard written >= 0 else { return nil }
        output.removeSubrange(Int(written)...)
        return output
    }
}
