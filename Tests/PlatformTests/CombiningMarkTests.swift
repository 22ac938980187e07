import Platform
import Raster
import Testing
import TextServices

/// Letters with combining marks drawn with the real fonts the tests install: DejaVu Sans
/// (Latin, Vietnamese), a Thai font (fonts-thai-tlwg) and a Devanagari one
/// (fonts-lohit-deva), both found by fontconfig as fallbacks.
@Suite("Combining marks: drawn with their letters")
struct CombiningMarkTests {
    let font = FontDescription.regular(32)

    /// What `text` draws in white on a clear 320x80 canvas, pen at x = 8 on the
    /// baseline at y = 50: one coverage byte per pixel.
    struct Ink: Equatable {
        static let width = 320, height = 80
        var coverage: [UInt8]

        init(_ text: String, source: SDLGlyphSource, font: FontDescription) {
            let canvas = Canvas(width: Self.width, height: Self.height)
            canvas.drawText(text, x: 8, baseline: 50, font: font, source: source, color: .white)
            coverage = (0..<(Self.width * Self.height)).map { UInt8(canvas[$0 % Self.width, $0 / Self.width] >> 24) }
        }

        /// How many pixels differ clearly (by more than a third of full coverage) from `other`'s.
        func differingPixels(from other: Ink) -> Int {
            zip(coverage, other.coverage).filter { abs(Int($0) - Int($1)) > 85 }.count
        }

        /// The topmost and bottommost rows with clear ink, or nil on a blank canvas.
        var inkRows: ClosedRange<Int>? {
            let rows = (0..<Self.height).filter { row in
                coverage[(row * Self.width)..<((row + 1) * Self.width)].contains { $0 > 85 }
            }
            guard let first = rows.first, let last = rows.last else { return nil }
            return first...last
        }

        var inkPixels: Int { coverage.filter { $0 > 85 }.count }

        /// The ink of each row, in pixels' worth of coverage.
        var rows: [Int] {
            (0..<Self.height).map { row in coverage[(row * Self.width)..<((row + 1) * Self.width)].reduce(0) { $0 + Int($1) } / 255 }
        }

        /// How far this ink's rows are from `other`'s: the same letters a pixel or two
        /// apart (shaped text advances in fractions of a pixel) differ little; a mark
        /// more or less differs in the rows it covers.
        func rowDifference(from other: Ink) -> Int { zip(rows, other.rows).map { abs($0 - $1) }.reduce(0, +) }
    }

    /// Expects `decomposed` to draw as `composed` does: its rows of ink differ from the
    /// composed text's by far less than the marks make the bare letters (`bare`) differ,
    /// and it takes the same room.
    func expectDrawnAlike(_ decomposed: String, _ composed: String, bare: String) throws {
        #expect(decomposed.unicodeScalars.count > composed.unicodeScalars.count, "the test text should be decomposed")
        let source = try SDLGlyphSource()
        let nfd = Ink(decomposed, source: source, font: font), nfc = Ink(composed, source: source, font: font)
        let marks = Ink(bare, source: source, font: font).rowDifference(from: nfc)
        #expect(marks > 20, "the marks of \(composed) should draw some ink")
        let difference = nfd.rowDifference(from: nfc)
        #expect(difference * 4 < marks, "\(decomposed.debugDescription) differs from \(composed) by \(difference); its marks by \(marks)")
        let layout = TextLayout(source: source, font: font)
        #expect(abs(layout.width(of: decomposed) - layout.width(of: composed)) <= 3)
    }

    @Test("an accent typed as a combining mark (NFD, as macOS names files) draws as the precomposed letter does")
    func decomposedLatinDrawsAsComposed() throws {
        try expectDrawnAlike("Cafe\u{301} cre\u{300}me bru\u{302}le\u{301}e", "Café crème brûlée", bare: "Cafe creme brulee")
    }

    @Test("Vietnamese with two marks on one letter, decomposed, draws as its precomposed letters do")
    func decomposedVietnameseDrawsAsComposed() throws {
        // ế is e + circumflex + acute; ệ is e + dot below + circumflex.
        try expectDrawnAlike("Tie\u{302}\u{301}ng Vie\u{323}\u{302}t", "Tiếng Việt", bare: "Tieng Viet")
    }

    @Test("Zalgo text keeps its marks: ink above and below the bare word, in no more room")
    func zalgoKeepsItsMarks() throws {
        let source = try SDLGlyphSource()
        let marksAbove = "\u{30D}\u{30E}\u{304}", marksBelow = "\u{316}\u{317}\u{318}"
        let zalgo = "Zalgo".map { String($0) + marksAbove + marksBelow }.joined()
        let bare = Ink("Zalgo", source: source, font: font), stacked = Ink(zalgo, source: source, font: font)
        let bareRows = try #require(bare.inkRows), stackedRows = try #require(stacked.inkRows)
        #expect(stackedRows.lowerBound < bareRows.lowerBound - 6, "no marks above: \(stackedRows) against \(bareRows)")
        #expect(stackedRows.upperBound > bareRows.upperBound + 6, "no marks below: \(stackedRows) against \(bareRows)")
        #expect(stacked.inkPixels > bare.inkPixels + 100)
        let layout = TextLayout(source: source, font: font)
        #expect(abs(layout.width(of: zalgo) - layout.width(of: "Zalgo")) <= 2, "marks should take no room of their own")
    }

    @Test("Thai vowel and tone marks stack above their consonant")
    func thaiMarksStack() throws {
        let source = try SDLGlyphSource()
        // tho thahan; with sara ii above it; with mai ek above that.
        let consonant = Ink("ท", source: source, font: font)
        let vowel = Ink("ที", source: source, font: font), tone = Ink("ที่", source: source, font: font)
        let consonantTop = try #require(consonant.inkRows).lowerBound
        let vowelTop = try #require(vowel.inkRows).lowerBound, toneTop = try #require(tone.inkRows).lowerBound
        #expect(vowelTop < consonantTop - 3, "sara ii should draw above tho thahan: \(vowelTop) against \(consonantTop)")
        #expect(toneTop < vowelTop - 2, "mai ek should stack above sara ii: \(toneTop) against \(vowelTop)")
        // A Thai font drew it, not the main font's boxes.
        let box = Ink("\u{0378}", source: source, font: font)
        #expect(consonant.differingPixels(from: box) > 50, "is fonts-thai-tlwg installed?")
    }

    @Test("Devanagari vowel signs and marks are drawn with their consonant, the i sign before it")
    func devanagariSigns() throws {
        let source = try SDLGlyphSource()
        let ka = Ink("क", source: source, font: font)
        let kaTop = try #require(ka.inkRows).lowerBound
        // ka with anusvara, a dot above the headline.
        let anusvara = Ink("कं", source: source, font: font)
        #expect(try #require(anusvara.inkRows).lowerBound < kaTop - 2, "the anusvara should draw above ka")
        // ka with the i sign, which is written before the consonant it follows.
        let layout = TextLayout(source: source, font: font)
        #expect(layout.width(of: "कि") > layout.width(of: "क") + 4, "the i sign should take room of its own")
        let kaLeft = try #require(Self.firstInkColumn(ka)), kiLeft = try #require(Self.firstInkColumn(Ink("कि", source: source, font: font)))
        #expect(kiLeft <= kaLeft, "the i sign should start left of where ka alone starts")
        let box = Ink("\u{0378}", source: source, font: font)
        #expect(ka.differingPixels(from: box) > 50, "is fonts-lohit-deva installed?")
    }

    static func firstInkColumn(_ ink: Ink) -> Int? {
        (0..<Ink.width).first { column in (0..<Ink.height).contains { ink.coverage[$0 * Ink.width + column] > 85 } }
    }
}
