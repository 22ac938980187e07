// RenderTestSupport holds what the rendering tests share: a deterministic fake font,
// a canvas's pixels as bytes, and the golden-image check that records a test issue.

import Raster
import TestSupport
import Testing

/// A deterministic glyph source: every character is a box `size / 2` pixels wide,
/// the ellipsis included; "A" then "V" kern by -2; "🥊" is a red colour square.
public final class BoxGlyphSource: GlyphSource {
    public init() {}

    private var cache: [Int: [Unicode.Scalar: Glyph]] = [:]
    /// Glyphs made so far (cache misses).
    public private(set) var rasterized = 0

    public func lineMetrics(for font: FontDescription) -> LineMetrics {
        LineMetrics(ascent: font.size * 4 / 5, descent: font.size / 5, lineHeight: font.size * 6 / 5)
    }

    public func glyph(for scalar: Unicode.Scalar, font: FontDescription) -> Glyph? {
        if let glyph = cache[font.size]?[scalar] { return glyph }
        rasterized += 1
        let advance = font.size / 2, ascent = font.size * 4 / 5
        let glyph: Glyph
        if scalar == " " {
            glyph = Glyph(blankWithAdvance: advance)
        } else if scalar == "🥊" {
            let side = advance - 2
            glyph = Glyph(
                colorPixels: [UInt32](repeating: 0xFFFF_0000, count: side * side), width: side, height: side,
                bearingX: 1, bearingY: side, advance: advance)
        } else {
            // A box from the ascent down to the baseline, a half-covered last column.
            let width = advance - 2
            var mask = [UInt8](repeating: 255, count: width * ascent)
            for row in 0..<ascent { mask[row * width + width - 1] = 128 }
            glyph = Glyph(alphaMask: mask, width: width, height: ascent, bearingX: 1, bearingY: ascent, advance: advance)
        }
        cache[font.size, default: [:]][scalar] = glyph
        return glyph
    }

    public func kerning(between left: Unicode.Scalar, and right: Unicode.Scalar, font: FontDescription) -> Int {
        left == "A" && right == "V" ? -2 : 0
    }
}

extension Canvas {
    /// The straight-alpha RGBA bytes of the whole canvas.
    public var rgba: [UInt8] { RasterImage(copying: self).rgbaBytes() }

    /// The sum of alpha over the canvas, in pixels (an area measure for AA shapes).
    public var coveredArea: Double {
        var total = 0.0
        for y in 0..<height { for x in 0..<width { total += Double(self[x, y] >> 24) / 255 } }
        return total
    }

    /// How many pixels differ from `other`'s (canvases of the same size).
    public func differingPixels(from other: Canvas) -> Int {
        var count = 0
        for y in 0..<height {
            for x in 0..<width where self[x, y] != other[x, y] { count += 1 }
        }
        return count
    }
}

/// Fails the current test when `canvas` does not match its snapshot.
public func expectGolden(
    _ canvas: Canvas, _ name: String, tolerance: Int = 2, allowedMismatches: Int = 0,
    sourceLocation: SourceLocation = #_sourceLocation, file: String = #filePath
) {
    if let mismatch = GoldenImage.compare(
        rgba: canvas.rgba, width: canvas.width, height: canvas.height, name: name,
        channelTolerance: tolerance, allowedMismatches: allowedMismatches, testFile: file) {
        Issue.record(Comment(rawValue: mismatch.description), sourceLocation: sourceLocation)
    }
}

/// The fake font with a toy right-to-left shaper: a line holding Hebrew is taken as
/// one right-to-left run, its boxes shown in reverse order (what the bidi algorithm
/// does to an all-Hebrew line), so UI code can be tested on carets in visual order
/// without a real font.
public final class RightToLeftBoxGlyphSource: GlyphSource {
    public let boxes = BoxGlyphSource()

    public init() {}

    /// Lines shaped so far, to prove a test went through the shaped path.
    public private(set) var shapedLines = 0

    public func lineMetrics(for font: FontDescription) -> LineMetrics { boxes.lineMetrics(for: font) }

    public func glyph(for scalar: Unicode.Scalar, font: FontDescription) -> Glyph? { boxes.glyph(for: scalar, font: font) }

    public func shapedRun(for text: Substring, font: FontDescription) -> ShapedRun? {
        guard text.unicodeScalars.contains(where: { (0x0590...0x05FF).contains($0.value) }) else { return nil }
        shapedLines += 1
        let advance = font.size / 2
        let count = text.count
        var placed: [PlacedGlyph] = []
        var left: [Int] = [], right: [Int] = []
        for (index, character) in text.enumerated() {
            let x = (count - 1 - index) * advance
            if let glyph = boxes.glyph(for: character.glyphScalar, font: font) { placed.append(PlacedGlyph(glyph: glyph, x: x)) }
            left.append(x)
            right.append(x + advance)
        }
        return ShapedRun(
            glyphs: placed.reversed(), width: count * advance, isRightToLeft: true, characterLeft: left,
            characterRight: right, characterIsRightToLeft: [Bool](repeating: true, count: count))
    }
}
