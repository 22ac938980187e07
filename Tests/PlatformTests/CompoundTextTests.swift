import CX11Desktop
import Foundation
import Testing

/// The legacy WM_NAME as COMPOUND_TEXT, made by hand (Xlib's conversion goes through
/// the process's locale and drops what Latin-1 lacks in the "C" locale).
@Suite("A title as COMPOUND_TEXT")
struct CompoundTextTests {
    static func compound(_ text: String) -> [UInt8]? {
        var length: Int32 = 0
        guard let bytes = xd_utf8_to_compound_text(text, &length) else { return nil }
        defer { free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: Int(length)))
    }

    static let begin: [UInt8] = [0x1B, 0x25, 0x47], end: [UInt8] = [0x1B, 0x25, 0x40]

    @Test("Latin-1 text is its own bytes; every run of other characters is one UTF-8 segment")
    func latin1AndSegments() {
        #expect(Self.compound("Café") == [0x43, 0x61, 0x66, 0xE9])
        #expect(Self.compound("StressPunch — Boss 日本 Ω") ==
            Array("StressPunch ".utf8) + Self.begin + Array("—".utf8) + Self.end + Array(" Boss ".utf8)
            + Self.begin + Array("日本".utf8) + Self.end + [0x20] + Self.begin + Array("Ω".utf8) + Self.end)
    }

    @Test("controls other than tab and newline, and malformed bytes, are left out")
    func controlsAndMalformedBytesAreDropped() {
        #expect(Self.compound("a\u{07}b\tc\nd\u{7F}e") == Array("ab\tc\nde".utf8))
        let malformed: [CChar] = [0x61, CChar(bitPattern: 0xC3), 0x62, CChar(bitPattern: 0xFF), 0x63, 0]
        var length: Int32 = 0
        let bytes = malformed.withUnsafeBufferPointer { xd_utf8_to_compound_text($0.baseAddress, &length) }
        defer { free(bytes) }
        #expect(bytes.map { Array(UnsafeBufferPointer(start: $0, count: Int(length))) } == Array("abc".utf8))
    }
}
