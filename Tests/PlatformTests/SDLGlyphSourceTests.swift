import Foundation
import Platform
import Raster
import Testing
import TestSupport
import TextServices

@Suite("Fonts: fontconfig lookup and SDL2_ttf glyphs")
struct SDLGlyphSourceTests {
    @Test("the locator finds a readable regular font")
    func locatorFindsFont() throws {
        let files = try FontLocator().locate()
        #expect(FileManager.default.isReadableFile(atPath: files.regular))
        if let bold = files.bold { #expect(FileManager.default.isReadableFile(atPath: bold)) }
        #expect(FontFiles(regular: files.regular).missingFontAdvice.count == 2)
        #expect(FontFiles(regular: "r", bold: "b", emoji: "e").missingFontAdvice.isEmpty)
    }

    @Test("without fontconfig the locator still finds DejaVu Sans in the font folders")
    func fallbackSearch() throws {
        let files = try FontLocator(usesFontconfig: false).locate()
        #expect(files.regular.hasSuffix("DejaVuSans.ttf"))
    }

    @Test("with no font anywhere the locator throws an error that says what to install")
    func noFontIsATypedError() throws {
        let empty = TemporaryDirectory()
        let locator = FontLocator(usesFontconfig: false, fallbackDirectories: [empty.url.path])
        #expect(throws: FontLocatorError.noFont(searched: [empty.url.path])) { try locator.locate() }
        do {
            _ = try SDLGlyphSource(locator: locator)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("fonts-dejavu-core"))
        }
    }

    @Test("a font file that is not a font is refused with its path")
    func brokenFontFile() throws {
        let folder = TemporaryDirectory()
        let path = folder.url.appendingPathComponent("broken.ttf").path
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: FontLoadError.self) { try SDLGlyphSource(files: FontFiles(regular: path)) }
    }

    @Test("mixed text with an umlaut and an emoji renders without crashing and draws ink")
    func rendersMixedText() throws {
        let source = try SDLGlyphSource()
        let canvas = Canvas(width: 300, height: 60)
        let width = canvas.drawText("Büro 🥊 Hello", x: 4, baseline: 40, font: .regular(24), source: source, color: .white)
        #expect(width > 100)
        #expect(RasterImage(copying: canvas).rgbaBytes().contains { $0 != 0 })
        let boxing = try #require(source.glyph(for: "🥊", font: .regular(24)))
        if source.hasEmojiFont {
            #expect(boxing.isColor)
            #expect(boxing.height >= 16 && boxing.height <= 32)
            // "❤" is text style (the font's black heart); "❤️" asks for the colour emoji.
            let heart = try #require(source.glyph(for: "\u{2764}", emojiStyle: true, font: .regular(24)))
            #expect(heart.isColor)
            #expect(source.glyph(for: "\u{2764}", font: .regular(24))?.isColor == false)
            // Emoji follow the text size both ways, past the font's one bitmap size too.
            let small = try #require(source.glyph(for: "🥊", font: .regular(12)))
            let huge = try #require(source.glyph(for: "🥊", font: .regular(200)))
            #expect(small.height < boxing.height && huge.height > 150)
            #expect(huge.width <= huge.advance + 4)
        }
    }

    @Test("a glyph is rasterized once: the second request returns the same object")
    func glyphCache() throws {
        let source = try SDLGlyphSource()
        let first = try #require(source.glyph(for: "g", font: .regular(20)))
        let second = try #require(source.glyph(for: "g", font: .regular(20)))
        #expect(first === second)
        let bold = try #require(source.glyph(for: "g", font: .bold(20)))
        #expect(bold !== first)
    }

    @Test("text grows wider with the font size, and bold is wider than regular")
    func widthGrowsWithSize() throws {
        let source = try SDLGlyphSource()
        let widths = [12, 16, 24, 48].map { TextLayout(source: source, font: .regular($0)).width(of: "Hello") }
        #expect(widths == widths.sorted() && Set(widths).count == widths.count)
        #expect(TextLayout(source: source, font: .bold(24)).width(of: "Hello") > widths[2])
        let metrics = source.lineMetrics(for: .regular(24))
        #expect(metrics.ascent > 15 && metrics.descent > 2 && metrics.lineHeight >= metrics.ascent + metrics.descent)
    }

    @Test("glyphs sit on the baseline: a capital ends on it and a descender goes below")
    func baselinePlacement() throws {
        let source = try SDLGlyphSource()
        let capital = try #require(source.glyph(for: "H", font: .regular(32)))
        #expect(capital.bearingY == capital.height)  // bottom row is just above the baseline
        #expect(capital.bearingX >= 0 && capital.bearingX <= 4)
        let descender = try #require(source.glyph(for: "g", font: .regular(32)))
        #expect(descender.height - descender.bearingY > 3)
        let space = try #require(source.glyph(for: " ", font: .regular(32)))
        #expect(space.isBlank && space.advance > 5)
    }

    @Test("drawing text changes pixels inside its expected box only")
    func drawsInsideItsBox() throws {
        let source = try SDLGlyphSource()
        let canvas = Canvas(width: 200, height: 80)
        canvas.clear(Color(hex: 0x102030))
        let font = FontDescription.regular(20)
        let layout = TextLayout(source: source, font: font)
        let metrics = layout.metrics
        let x = 30, baseline = 45
        let drawn = canvas.drawText("Hello, Büro", x: x, baseline: baseline, font: font, source: source, color: .white)
        #expect(drawn == layout.width(of: "Hello, Büro"))
        // Ink stays within the advance box (a pixel of slack for bearings) and the line's height.
        let box = PixelRect(x: x - 1, y: baseline - metrics.ascent, width: drawn + 2, height: metrics.ascent + metrics.descent)
        var inside = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas[x, y] != 0xFF10_2030 {
                let within = (box.x..<box.maxX).contains(x) && (box.y..<box.maxY).contains(y)
                #expect(within, "pixel \(x),\(y) changed outside \(box)")
                if within { inside += 1 }
            }
        }
        #expect(inside > 100)
    }

    @Test("a sample sheet at 16, 24 and 48 px draws every line in its own colour, emoji in theirs, and saves as a PNG")
    func sampleImage() throws {
        let source = try SDLGlyphSource()
        let canvas = Canvas(width: 560, height: 200)
        canvas.clear(Color(hex: 0xF4F1EA))
        canvas.fill(PixelRect(x: 0, y: 110, width: 560, height: 90), Color(hex: 0x1E2235))
        // The baselines, drawn under the text.
        for baseline in [24, 58] {
            canvas.fill(PixelRect(x: 0, y: baseline, width: 560, height: 1), Color(hex: 0xFF8080, alpha: 0.5))
        }
        canvas.fill(PixelRect(x: 0, y: 170, width: 560, height: 1), Color(hex: 0x80FF80, alpha: 0.5))

        let ink: UInt32 = 0x1A1A1A
        let lines: [(text: String, x: Int, baseline: Int, font: FontDescription, color: UInt32)] = [
            ("Büro 🥊 Hello, Stress! AVAWg jy ❤️ 16 px", 8, 24, .regular(16), ink),
            ("Büro 🥊 Hello, Stress! AVAWg jy ❤️ 24 px", 8, 58, .regular(24), ink),
            ("Red Green Blue", 300, 90, .bold(24), 0xD02020),
            ("Büro 🥊 Hello 48", 8, 170, .bold(48), 0xFFFFFF),
            ("ok", 470, 170, .regular(48), 0x40A0FF),
        ]
        var boxes: [PixelRect] = []
        for line in lines {
            let width = canvas.drawText(
                line.text, x: line.x, baseline: line.baseline, font: line.font, source: source, color: Color(hex: line.color))
            let metrics = source.lineMetrics(for: line.font)
            // From half the ascent (inside the capitals) down to just above the baseline:
            // clear of the lines above and below, and of the baseline rules.
            let top = line.baseline - metrics.ascent / 2
            boxes.append(PixelRect(x: line.x, y: top, width: min(width, canvas.width - line.x), height: line.baseline - top))
        }

        func channels(_ pixel: UInt32) -> [Int] { [Int((pixel >> 16) & 0xFF), Int((pixel >> 8) & 0xFF), Int(pixel & 0xFF)] }
        func count(in box: PixelRect, where matches: ([Int]) -> Bool) -> Int {
            var found = 0
            for y in box.y..<box.maxY {
                for x in box.x..<box.maxX where matches(channels(canvas[x, y])) { found += 1 }
            }
            return found
        }
        // Every line drew strokes in its own colour: glyph masks take the text colour.
        for (line, box) in zip(lines, boxes) {
            let wanted = channels(line.color)
            let strokes = count(in: box) { zip($0, wanted).allSatisfy { abs($0 - $1) <= 24 } }
            #expect(strokes > 100, "\(line.text) at \(line.font.size) px: \(strokes) pixels in its colour")
        }
        // Colour emoji keep their own colours in dark text: no grey blend of the ink and
        // the page is that saturated.
        if source.hasEmojiFont {
            for box in boxes[0...1] {
                #expect(count(in: box) { ($0.max() ?? 0) - ($0.min() ?? 0) >= 96 } > 40)
            }
        }

        // Written as a PNG, the sheet reads back as exactly what was drawn.
        let folder = TemporaryDirectory("text-sample")
        let file = folder.file("text-sample.png")
        let rgba = RasterImage(copying: canvas).rgbaBytes()
        try Data(TestPNG.encode(width: canvas.width, height: canvas.height, rgba: rgba)).write(to: file)
        let saved = try #require(TestPNG.decode([UInt8](try Data(contentsOf: file))))
        #expect(saved.width == canvas.width && saved.height == canvas.height)
        #expect(saved.rgba == rgba)
    }
}
