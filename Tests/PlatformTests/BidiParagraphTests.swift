import Platform
import Testing
import TextServices

/// The Unicode bidi algorithm as FriBidi runs it, and rule L2's run order.
@Suite("Bidi ordering")
struct BidiParagraphTests {
    @Test("a Hebrew line with digits and Latin reads right to left, the digits and Latin left to right inside it")
    func hebrewFirst() {
        let paragraph = BidiParagraph(text: "שלום 123 abc")
        #expect(paragraph.isRightToLeft)
        #expect(paragraph.levels == [1, 1, 1, 1, 1, 2, 2, 2, 1, 2, 2, 2])
        #expect(BidiParagraph.displayOrder(of: "שלום 123 abc") == "abc 123 םולש")
    }

    @Test("a Latin line keeps reading left to right with a Hebrew word reversed in place")
    func latinFirst() {
        let paragraph = BidiParagraph(text: "Hi שלום!")
        #expect(!paragraph.isRightToLeft)
        #expect(BidiParagraph.displayOrder(of: "Hi שלום!") == "Hi םולש!")
    }

    @Test("Arabic reads right to left and plain Latin is left as it is")
    func arabicAndLatin() {
        #expect(BidiParagraph(text: "مرحبا").isRightToLeft)
        #expect(BidiParagraph.displayOrder(of: "مرحبا") == "ابحرم")
        let latin = BidiParagraph(text: "Punch 42")
        #expect(!latin.isRightToLeft)
        #expect(latin.levels.allSatisfy { $0 == 0 })
    }

    @Test("an override mark forces left-to-right order on right-to-left letters")
    func overrideForcesOrder() {
        // U+202D LEFT-TO-RIGHT OVERRIDE ... U+202C POP DIRECTIONAL FORMATTING
        let shown = BidiParagraph.displayOrder(of: "\u{202D}שלום\u{202C}")
        #expect(shown.unicodeScalars.filter { (0x05D0...0x05EA).contains($0.value) }.map(\.value) == "שלום".unicodeScalars.map(\.value))
    }

    @Test("rule L2 reverses runs from the highest level down")
    func runOrder() {
        #expect(BidiParagraph.visualOrder(ofRunLevels: [0, 1, 2, 1, 0]) == [0, 3, 2, 1, 4])
        #expect(BidiParagraph.visualOrder(ofRunLevels: [1, 2, 1, 2]) == [3, 2, 1, 0])
        #expect(BidiParagraph.visualOrder(ofRunLevels: [0, 0]) == [0, 1])
        #expect(BidiParagraph.visualOrder(ofRunLevels: []) == [])
    }

    @Test("empty text is an empty left-to-right paragraph")
    func empty() {
        let paragraph = BidiParagraph(text: "")
        #expect(paragraph.levels.isEmpty)
        #expect(!paragraph.isRightToLeft)
    }
}
