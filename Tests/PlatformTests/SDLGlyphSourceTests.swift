import Foundation
import Platform
import Raster
import TestSupport
import Testing

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

    @Test("sample text at 16, 24 and 48 px is written to /tmp/text-sample.png for a look")
    func sampleImage() throws {
        let source = try SDLGlyphSource()
        let canvas = Canvas(width: 560, height: 200)
        canvas.clear(Color(hex: 0xF4F1EA))
        canvas.fill(PixelRect(x: 0, y: 110, width: 560, height: 90), Color(hex: 0x1E2235))
        var baseline = 24
        for size in [16, 24] {
            canvas.fill(PixelRect(x: 0, y: baseline, width: 560, height: 1), Color(hex: 0xFF8080, alpha: 0.5))
            canvas.drawText(
                "Büro 🥊 Hello, Stress! AVAWg jy ❤️ \(size) px", x: 8, baseline: baseline, font: .regular(size),
                source: source, color: Color(hex: 0x1A1A1A))
            baseline += size + 18
        }
        canvas.drawText("Red Green Blue", x: 300, baseline: 90, font: .bold(24), source: source, color: Color(hex: 0xD02020))
        canvas.fill(PixelRect(x: 0, y: 170, width: 560, height: 1), Color(hex: 0x80FF80, alpha: 0.5))
        canvas.drawText("Büro 🥊 Hello 48", x: 8, baseline: 170, font: .bold(48), source: source, color: .white)
        canvas.drawText("ok", x: 470, baseline: 170, font: .regular(48), source: source, color: Color(hex: 0x40A0FF))
        let png = TestPNG.encode(width: canvas.width, height: canvas.height, rgba: RasterImage(copying: canvas).rgbaBytes())
        try Data(png).write(to: URL(fileURLWithPath: "/tmp/text-sample.png"))
    }
}
