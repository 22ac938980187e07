import Raster
import RenderTestSupport
import Testing


@Suite("Text layout and drawing with a fixed-width fake font")
struct TextLayoutTests {
    let source = BoxGlyphSource()
    // 20 px: every character advances 10 px; ascent 16, descent 4, line height 24.
    var layout: TextLayout { TextLayout(source: source, font: .regular(20)) }

    func strings(_ lines: [TextLine], _ text: String) -> [String] {
        lines.map { String(text[$0.range]) + ($0.hasEllipsis ? "…" : "") }
    }

    /// Columns of row `y` whose alpha is not zero.
    func litColumns(_ canvas: Canvas, row y: Int) -> [Int] {
        (0..<canvas.width).filter { canvas[$0, y] >> 24 != 0 }
    }

    @Test("a string measures the sum of its advances, kerning included")
    func measuring() {
        #expect(layout.width(of: "Hello") == 50)
        #expect(layout.width(of: "AV") == 18)
        #expect(layout.width(of: "") == 0)
        #expect(layout.width(of: "a 🥊") == 30)
        #expect(layout.size(of: "ab") == (20, 24))
    }

    @Test("a grapheme cluster is drawn by its first scalar, skipping variation selectors")
    func glyphScalars() {
        #expect(Character("❤️").glyphScalar == "\u{2764}")
        #expect(Character("🥊").glyphScalar == "🥊")
        #expect(Character("ü").glyphScalar == "ü")
        #expect(Character("❤️").asksForEmojiStyle && !Character("❤").asksForEmojiStyle)
        // One cluster, one glyph: an emoji with a presentation selector is one advance.
        #expect(layout.width(of: "❤️") == 10)
    }

    @Test("a paragraph wraps at spaces and swallows the spaces at the break")
    func wrapsAtWords() {
        let text = "aaa bbb ccc"
        let lines = layout.wrap(text, width: 75)
        #expect(strings(lines, text) == ["aaa bbb", "ccc"])
        #expect(lines.map(\.width) == [70, 30])
        let spaced = "aaa     bbb"
        #expect(strings(layout.wrap(spaced, width: 45), spaced) == ["aaa", "bbb"])
        let glued = "aa 10\u{00A0}kg"
        #expect(strings(layout.wrap(glued, width: 75), glued) == ["aa", "10\u{00A0}kg"])
    }

    @Test("a word longer than the line is broken inside")
    func breaksLongWords() {
        let text = "abcdefghij xy"
        #expect(strings(layout.wrap(text, width: 45), text) == ["abcd", "efgh", "ij", "xy"])
        // Even a line narrower than one character makes progress.
        #expect(strings(layout.wrap("abc", width: 3), "abc") == ["a", "b", "c"])
    }

    @Test("a file name too wide for its line breaks before its extension or after a dash, never inside the extension")
    func fileNamesBreakAtTheirJoints() {
        let name = "holidays2023.jpeg"
        // 12 columns fit: cut at the dot, the extension whole on the next line.
        #expect(strings(layout.wrap(name, width: 125), name) == ["holidays2023", ".jpeg"])
        let dashed = "summer-holiday"
        #expect(strings(layout.wrap(dashed, width: 105), dashed) == ["summer-", "holiday"])
        let underscored = "IMG_20230714"
        #expect(strings(layout.wrap(underscored, width: 95), underscored) == ["IMG_", "20230714"])
    }

    @Test("newlines always break, and a line that fits is not wrapped")
    func hardBreaks() {
        let text = "ab\ncd"
        #expect(strings(layout.wrap(text, width: 500), text) == ["ab", "cd"])
        #expect(strings(layout.wrap("one line", width: 500), "one line") == ["one line"])
        #expect(layout.wrap("", width: 50).count == 1)
    }

    @Test("max lines cut the paragraph with an ellipsis on the last line")
    func maxLinesEllipsis() {
        let text = "aaa bbb ccc ddd eee"
        let two = layout.wrap(text, width: 75, maxLines: 2)
        #expect(strings(two, text) == ["aaa bbb", "ccc dd…"])
        #expect(two[1].width == 70)
        #expect(two[1].hasEllipsis)
        // When everything fits in the allowed lines there is no ellipsis.
        #expect(strings(layout.wrap("aaa bbb", width: 75, maxLines: 1), "aaa bbb") == ["aaa bbb"])
        #expect(layout.lineCount(of: text, width: 75) == 3)
        #expect(layout.lineCount(of: text, width: 75, maxLines: 2) == 2)
    }

    @Test("a single line is truncated with an ellipsis to fit, dropping trailing spaces")
    func truncation() {
        let text = "Hello world"
        #expect(layout.truncate(text, toWidth: 200) == TextLine(range: text.startIndex..<text.endIndex, width: 110, hasEllipsis: false))
        let cut = layout.truncate(text, toWidth: 60)
        #expect(String(text[cut.range]) == "Hello" && cut.hasEllipsis && cut.width == 60)
        let atSpace = layout.truncate(text, toWidth: 79)
        #expect(String(text[atSpace.range]) == "Hello" && atSpace.width == 60)
        let tiny = layout.truncate(text, toWidth: 5)
        #expect(tiny.range.isEmpty && tiny.hasEllipsis)
    }

    @Test("alignment places the line at the leading edge, the centre or the trailing edge of its box")
    func alignment() {
        for (alignment, firstInk) in [(TextAlignment.leading, 11), (.center, 51), (.trailing, 91)] {
            let canvas = Canvas(width: 120, height: 30)
            canvas.drawText(
                "ab", in: PixelRect(x: 10, y: 0, width: 100, height: 30), alignment: alignment, font: .regular(20),
                source: source, color: .white)
            let lit = litColumns(canvas, row: 15)
            #expect(lit.first == firstInk, "\(alignment)")
            #expect(lit.last == firstInk + 17, "\(alignment)")
        }
    }

    @Test("a line in a box is centred vertically on the font's ascent plus descent")
    func verticalCentring() {
        let canvas = Canvas(width: 40, height: 40)
        canvas.drawText("a", in: PixelRect(x: 0, y: 0, width: 40, height: 40), font: .regular(20), source: source, color: .white)
        // Ascent + descent = 20, so the baseline sits at 10 + 16 and the box glyph fills rows 10..<26.
        let rows = (0..<40).filter { canvas[2, $0] >> 24 != 0 }
        #expect(rows.first == 10 && rows.last == 25)
    }

    @Test("text draws in the paint's colour with mask coverage, and colour glyphs keep their colours")
    func colours() {
        let canvas = Canvas(width: 40, height: 30)
        canvas.drawText("a🥊", x: 0, baseline: 20, font: .regular(20), source: source, color: Color(hex: 0x00FF00))
        #expect(canvas[1, 10] == 0xFF00_FF00)
        #expect(canvas[8, 10] == 0x8000_8000)  // the half-covered column: 128 coverage of green
        #expect(canvas[12, 15] == 0xFFFF_0000)  // the emoji, red whatever the text colour
    }

    @Test("text stays inside the canvas clip and inside its box")
    func clipping() {
        let canvas = Canvas(width: 100, height: 40)
        canvas.pushClip(PixelRect(x: 20, y: 0, width: 30, height: 40))
        canvas.drawText("abcdefghij", x: 0, baseline: 30, font: .regular(20), source: source, color: .white)
        canvas.popClip()
        for y in 0..<40 { for x in 0..<100 where !(20..<50).contains(x) { #expect(canvas[x, y] == 0, "pixel \(x),\(y)") } }
        #expect(canvas[25, 20] != 0)

        let boxed = Canvas(width: 100, height: 60)
        // Narrower than the ellipsis itself, which must be cut at the box edge.
        let box = PixelRect(x: 10, y: 10, width: 6, height: 30)
        boxed.drawParagraph("aaaa bbbb cccc", in: box, font: .regular(20), source: source, color: .white)
        for y in 0..<60 {
            for x in 0..<100 where !(box.x..<box.maxX).contains(x) || !(box.y..<box.maxY).contains(y) {
                #expect(boxed[x, y] == 0, "pixel \(x),\(y)")
            }
        }
        #expect(boxed[12, 20] != 0)
    }

    @Test("a paragraph shows only the lines that fit its box, the last cut with an ellipsis")
    func paragraphHeight() {
        let canvas = Canvas(width: 100, height: 100)
        let used = canvas.drawParagraph(
            "aaa bbb ccc ddd eee", in: PixelRect(x: 0, y: 0, width: 75, height: 50), font: .regular(20),
            source: source, color: .white)
        #expect(used == 48)  // two lines of 24 fit in 50
        let unlimited = canvas.drawParagraph(
            "aaa bbb ccc", in: PixelRect(x: 0, y: 0, width: 75, height: 100), maxLines: 1, font: .regular(20),
            source: source, color: .white)
        #expect(unlimited == 24)
    }

    @Test("each glyph is asked of the source but drawn from its cache on later frames")
    func sourceCaches() {
        let canvas = Canvas(width: 200, height: 30)
        canvas.drawText("abab", x: 0, baseline: 20, font: .regular(20), source: source, color: .white)
        let first = source.rasterized
        canvas.drawText("abab", x: 0, baseline: 20, font: .regular(20), source: source, color: .white)
        #expect(first == 2)
        #expect(source.rasterized == first)
    }

    @Test("wrapped, aligned and cut text with a colour glyph matches its snapshot")
    func golden() {
        let canvas = Canvas(width: 120, height: 80)
        canvas.clear(Color(hex: 0x202840))
        canvas.drawParagraph(
            "AV ab 🥊 cd efghijklmn op", in: PixelRect(x: 4, y: 4, width: 112, height: 52), alignment: .center,
            font: .regular(10), source: source, color: Color(hex: 0xFFD040))
        canvas.drawText(
            "truncated line here", in: PixelRect(x: 4, y: 58, width: 80, height: 18), alignment: .trailing,
            font: .bold(12), source: source, color: .white)
        expectGolden(canvas, "text-layout")
    }
}
