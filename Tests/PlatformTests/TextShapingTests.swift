import Foundation
import Locking
import Platform
import Raster
import RenderTestSupport
import Testing
import TestSupport
import TextServices

/// Text shaped with the system's real fonts: DejaVu Sans (Arabic, Hebrew, Latin),
/// WenQuanYi Micro Hei (Chinese, found by fontconfig as a fallback) and Noto Color
/// Emoji, as the tests install them.
@Suite("Shaping: Arabic joined, bidi order, carets, fallback fonts")
struct TextShapingTests {
    let font = FontDescription.regular(28)

    @Test("Arabic letters join: the same letter takes a different shape at the start, middle and end of a word")
    func arabicJoins() throws {
        let source = try SDLGlyphSource()
        // Three behs joined, and two standing apart for comparison.
        let joined = try #require(source.shapedRun(for: "ببب", font: font))
        let apart = try #require(source.shapedRun(for: "ب ب", font: font))
        #expect(joined.glyphs.count == 3)
        let masks = joined.glyphs.map(\.glyph.alphaMask)
        #expect(masks[0] != masks[1] && masks[1] != masks[2] && masks[0] != masks[2])
        let isolated = apart.glyphs.filter { !$0.glyph.isBlank }.map(\.glyph.alphaMask)
        #expect(isolated.count == 2 && isolated[0] == isolated[1], "two letters apart should both be the isolated form")
        #expect(!masks.contains(isolated[0]), "a joined letter was drawn in its isolated form")
    }

    @Test("lam and alef become one ligature glyph, and both characters still have a caret place")
    func lamAlefLigature() throws {
        let source = try SDLGlyphSource()
        let run = try #require(source.shapedRun(for: "لا", font: font))
        #expect(run.glyphs.count == 1)
        #expect(run.characterCount == 2)
    }

    @Test("Arabic reads right to left: the first letter sits rightmost")
    func arabicRightToLeft() throws {
        let source = try SDLGlyphSource()
        let run = try #require(source.shapedRun(for: "مرحبا", font: font))
        #expect(run.isRightToLeft)
        #expect(run.characterLeft[0] > run.characterLeft[4])
        #expect(run.characterRight[0] == run.width)
    }

    @Test("plain Latin text is not shaped: it keeps drawing glyph by glyph")
    func latinIsNotShaped() throws {
        let source = try SDLGlyphSource()
        #expect(source.shapedRun(for: "Monday Alarm 🥊 你好", font: font) == nil)
        #expect(source.shapedRun(for: "abc שלום", font: font) != nil)
    }

    @Test("on a mixed line the caret moves in logical order and is drawn at each character's visual edge")
    func caretInMixedLine() throws {
        let source = try SDLGlyphSource()
        let text = "שלום 123 abc"
        let layout = TextLayout(source: source, font: font)
        let run = try #require(source.shapedRun(for: text[...], font: font))
        // Shown as "abc 123 םולש": the Hebrew word is on the right, read from its right edge.
        #expect(layout.caretX(in: text, atCharacter: 0) == run.width)
        let hebrew = (0...4).map { layout.caretX(in: text, atCharacter: $0) }
        #expect(hebrew == hebrew.sorted(by: >), "through the Hebrew word the caret should step left: \(hebrew)")
        // "123" reads left to right inside the line: stepping through it moves right.
        let digits = (5...7).map { layout.caretX(in: text, atCharacter: $0) }
        #expect(digits == digits.sorted(), "through the digits the caret should step right: \(digits)")
        #expect(digits.last ?? 0 < hebrew.last ?? 0, "the digits sit left of the Hebrew word")
        // "abc" is leftmost: the caret before "a" is at the line's left edge.
        #expect(layout.caretX(in: text, atCharacter: 9) == 0)
        // Every caret place is found again from its own x.
        for offset in 0...text.count {
            let x = layout.caretX(in: text, atCharacter: offset)
            let found = layout.characterOffset(in: text, nearestX: Float(x))
            #expect(layout.caretX(in: text, atCharacter: found) == x)
        }
    }

    @Test("a selection across a direction change is drawn as one piece per stretch on screen")
    func selectionAcrossDirections() throws {
        let source = try SDLGlyphSource()
        let text = "abc שלום"
        let layout = TextLayout(source: source, font: font)
        var pieces: [(Int, Int)] = []
        // "c" and "ש": neighbours in logical order, apart on screen.
        layout.forEachSelectionSpan(in: text, characters: 2..<5) { pieces.append(($0, $1)) }
        #expect(pieces.count == 2)
        var whole: [(Int, Int)] = []
        layout.forEachSelectionSpan(in: text, characters: 0..<text.count) { whole.append(($0, $1)) }
        #expect(whole.count == 1)
    }

    @Test("Chinese the main font lacks comes from a fallback font fontconfig finds")
    func chineseFromFallbackFont() throws {
        let source = try SDLGlyphSource()
        let glyph = try #require(source.glyph(for: "你", font: font))
        // DejaVu Sans has no Han: its missing-glyph box is narrow; a CJK font's is a full em.
        #expect(glyph.advance >= 26, "你 should come from a CJK font (is fonts-wqy-microhei installed?)")
        #expect(glyph.width > 16 && glyph.height > 16)
        let dejaVuBox = try #require(source.glyph(for: "\u{0378}", font: font))  // unassigned: the box
        #expect(glyph.alphaMask != dejaVuBox.alphaMask)
    }

    @Test("a script no installed font has is named once on the report, however often it is drawn")
    func missingScriptSaidOnce() throws {
        // Ethiopic, Tangut, Ol Chiki: the first that no installed font has.
        let candidates: [(String, String)] = [("\u{1230}\u{120B}\u{121D}", "Ethi"), ("\u{17000}\u{17001}", "Tang"), ("\u{1C5A}\u{1C5B}", "Olck")]
        let missing = candidates.first { Self.noFontHas($0.0.unicodeScalars.first?.value ?? 0) }
        let (text, code) = try #require(missing, "every candidate script has a font here; the test cannot reach a missing one")
        let lines = Locked<[String]>([])
        let files = try FontLocator().locate()
        let source = try SDLGlyphSource(files: files, reportMissingScript: { line in lines.withLock { $0.append(line) } })
        let canvas = Canvas(width: 200, height: 50)
        for _ in 0..<3 { canvas.drawText("x " + text, x: 2, baseline: 36, font: font, source: source, color: .white) }
        // Drawn at all: the boxes left ink (so the report came from drawing, not from nothing).
        #expect(RasterImage(copying: canvas).rgbaBytes().contains { $0 != 0 })
        let said = lines.withLock { $0 }
        #expect(said.count == 1, "\(said)")
        let expectedName = code == "Ethi" ? "Ethiopic" : code
        #expect(said.first?.contains(expectedName) == true, "\(said)")
        #expect(said.first?.hasPrefix("stresspunch: ") == true)
    }

    @Test("Arabic, Hebrew, a mixed line, Chinese and an emoji drawn with the real fonts match the golden image")
    func worldTextGolden() throws {
        let source = try SDLGlyphSource()
        let canvas = Canvas(width: 360, height: 240)
        canvas.fill(PixelRect(x: 0, y: 0, width: 360, height: 240), Color(hex: 0x24243A))
        let lines = ["مرحبا بالعالم", "שלום עולם", "שלום 123 abc", "你好，世界", "Punch 🥊 لكمة"]
        for (index, line) in lines.enumerated() {
            canvas.drawText(
                line, in: PixelRect(x: 10, y: 8 + index * 45, width: 340, height: 40), alignment: .center,
                font: .regular(26), source: source, color: .white)
        }
        expectGolden(canvas, "world-text", tolerance: 8, allowedMismatches: 40)
    }

    /// True when fontconfig lists no font with `scalar`.
    static func noFontHas(_ scalar: UInt32) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-list")
        process.arguments = [String(format: ":charset=%X", scalar), "file"]
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return false }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }
}

/// Seeded random lines across scripts, marks, joiners and bidi controls: shaping
/// never traps and every caret stays on the line.
@Suite("Shaping: random mixed text")
struct RandomShapingTests {
    static let pieces: [String] = [
        "abc", " ", "123", "שלום", "مرحبا", "لا", "ِ", "你好", "🥊", "👩‍💻", "❤️", "(", ")", "\u{200F}", "\u{202E}",
        "\u{2066}", "\u{2069}", "\t", "\n", "e\u{301}", "नमस्ते", "ሰላም", "🇫🇷", ".", "،",
    ]

    @Test("two hundred random lines shape with their carets inside the line")
    func randomLines() throws {
        let source = try SDLGlyphSource(files: try FontLocator().locate(), reportMissingScript: { _ in })
        let font = FontDescription.regular(20)
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var shaped = 0
        for _ in 0..<200 {
            let line = (0..<(1 + next(12))).map { _ in Self.pieces[next(Self.pieces.count)] }.joined()
            let layout = TextLayout(source: source, font: font)
            let width = layout.width(of: line)
            if source.shapedRun(for: line[...], font: font) != nil { shaped += 1 }
            for offset in 0...line.count {
                let x = layout.caretX(in: line, atCharacter: offset)
                #expect(x >= 0 && x <= width, "caret \(offset) of \(line.debugDescription) at \(x), line \(width) wide")
            }
            let canvas = Canvas(width: 400, height: 40)
            canvas.drawText(line, in: PixelRect(x: 0, y: 0, width: 400, height: 40), font: font, source: source, color: .white)
        }
        #expect(shaped > 100, "the random lines should mostly need shaping: \(shaped)")
    }
}

/// The renderer draws text in several bands at once: one source shared by threads.
@Suite("Shaping: from several threads at once")
struct ConcurrentShapingTests {
    @Test("four threads drawing the same mixed lines through one source draw the same pixels")
    func concurrentDrawing() throws {
        // The source locks its caches itself (it says so); the box only tells the compiler.
        final class Shared: @unchecked Sendable {
            let source: SDLGlyphSource
            init(_ source: SDLGlyphSource) { self.source = source }
        }
        let shared = Shared(try SDLGlyphSource(files: try FontLocator().locate(), reportMissingScript: { _ in }))
        let lines = (0..<16).map { "مرحبا \($0) שלום 123 abc 你好 🥊" }
        let results = Locked<[Int: [UInt8]]>([:])
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            let canvas = Canvas(width: 360, height: 16 * 30)
            for (index, line) in lines.enumerated() {
                canvas.drawText(
                    line, in: PixelRect(x: 0, y: index * 30, width: 360, height: 30), font: .regular(20), source: shared.source,
                    color: .white)
            }
            let bytes = RasterImage(copying: canvas).rgbaBytes()
            results.withLock { $0[worker] = bytes }
        }
        let drawn = results.withLock { $0 }
        #expect(drawn.count == 4)
        #expect(drawn.values.allSatisfy { $0 == drawn[0] }, "threads drew different pixels")
        #expect(drawn[0]?.contains { $0 != 0 } == true)
    }
}
