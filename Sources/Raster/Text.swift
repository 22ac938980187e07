// Text owns what the renderer needs to know about fonts without touching one: the
// font description UI code asks for, line metrics, rasterized glyphs (alpha masks or
// colour bitmaps) and the GlyphSource protocol a platform font engine implements.
// It must not open fonts or files itself; TextServices' SDLGlyphSource does that.

/// The weight a piece of UI text asks for. Sources map each to a font file.
public enum FontWeight: Sendable, Hashable {
    case regular
    case bold
}

/// "Bold 28 px": what UI code asks a glyph source for.
public struct FontDescription: Sendable, Hashable {
    public var weight: FontWeight
    /// The em size in pixels (the same number as points at 72 DPI).
    public var size: Int

    public init(_ weight: FontWeight = .regular, size: Int) {
        self.weight = weight
        self.size = max(1, size)
    }

    public static func regular(_ size: Int) -> FontDescription { FontDescription(.regular, size: size) }
    public static func bold(_ size: Int) -> FontDescription { FontDescription(.bold, size: size) }
}

/// Vertical metrics of a font at one size, in whole pixels.
public struct LineMetrics: Sendable, Hashable {
    /// From the baseline up to the top of the tallest regular glyphs.
    public var ascent: Int
    /// From the baseline down to the bottom of descenders (positive).
    public var descent: Int
    /// Baseline-to-baseline distance for consecutive lines.
    public var lineHeight: Int

    public init(ascent: Int, descent: Int, lineHeight: Int) {
        self.ascent = ascent
        self.descent = descent
        self.lineHeight = lineHeight
    }
}

/// One rasterized glyph: its pixels and where they sit relative to the pen.
///
/// The bitmap's top-left pixel lands at (pen.x + bearingX, baseline - bearingY).
/// A glyph is made once by its source and drawn many times; it is immutable.
public final class Glyph: Sendable {
    public let width: Int
    public let height: Int
    /// From the pen position to the bitmap's left edge (negative for glyphs like "j").
    public let bearingX: Int
    /// From the baseline up to the bitmap's top edge.
    public let bearingY: Int
    /// How far the pen moves after this glyph.
    public let advance: Int
    /// Coverage 0...255, `width` bytes a row, when this is a mask glyph (painted in
    /// the text colour); empty for colour and blank glyphs.
    public let alphaMask: [UInt8]
    /// Premultiplied 0xAARRGGBB, `width` pixels a row, when this is a colour glyph
    /// (an emoji, drawn as is); empty otherwise.
    public let colorPixels: [UInt32]

    public var isColor: Bool { !colorPixels.isEmpty }
    /// True when there is nothing to draw (a space).
    public var isBlank: Bool { alphaMask.isEmpty && colorPixels.isEmpty }

    /// A mask glyph; `alphaMask` must hold `width * height` bytes.
    public init(alphaMask: [UInt8], width: Int, height: Int, bearingX: Int, bearingY: Int, advance: Int) {
        let valid = width > 0 && height > 0 && alphaMask.count >= width * height
        self.width = valid ? width : 0
        self.height = valid ? height : 0
        self.bearingX = bearingX
        self.bearingY = bearingY
        self.advance = advance
        self.alphaMask = valid ? alphaMask : []
        colorPixels = []
    }

    /// A colour glyph; `colorPixels` (premultiplied) must hold `width * height` pixels.
    public init(colorPixels: [UInt32], width: Int, height: Int, bearingX: Int, bearingY: Int, advance: Int) {
        let valid = width > 0 && height > 0 && colorPixels.count >= width * height
        self.width = valid ? width : 0
        self.height = valid ? height : 0
        self.bearingX = bearingX
        self.bearingY = bearingY
        self.advance = advance
        alphaMask = []
        self.colorPixels = valid ? colorPixels : []
    }

    /// A glyph that only moves the pen.
    public init(blankWithAdvance advance: Int) {
        width = 0
        height = 0
        bearingX = 0
        bearingY = 0
        self.advance = advance
        alphaMask = []
        colorPixels = []
    }
}

/// Supplies rasterized glyphs and metrics; implemented by the platform's font engine
/// (and by fakes in tests). The source owns every cache: layout asks it for the same
/// glyph every frame and expects a cheap lookup after the first time.
///
/// Glyphs are keyed by one Unicode scalar per grapheme cluster, `Character.glyphScalar`
/// (the first scalar that is not a variation selector or joiner). That draws accented
/// letters in NFC form and single emoji correctly; a letter with combining marks (NFD)
/// needs its cluster shaped, which `shapedRun` does; a ZWJ sequence or a flag shows its
/// first component only, which is the documented limit of this simple approach.
///
/// A source is used from one thread at a time (the UI thread).
public protocol GlyphSource: AnyObject {
    /// Line metrics of `font`.
    func lineMetrics(for font: FontDescription) -> LineMetrics
    /// The glyph for `scalar`, or nil when the source has nothing to draw for it (layout
    /// then skips it). A real font should rather return its "missing glyph" box.
    func glyph(for scalar: Unicode.Scalar, font: FontDescription) -> Glyph?
    /// The glyph for `scalar` in emoji (colour) style when `emojiStyle` is true: its
    /// cluster asked for that with U+FE0F, as in "❤️". Layout calls it only then. The
    /// default ignores the request; sources with a colour emoji font honour it.
    func glyph(for scalar: Unicode.Scalar, emojiStyle: Bool, font: FontDescription) -> Glyph?
    /// The pen adjustment between two adjacent glyphs (usually 0 or negative).
    func kerning(between left: Unicode.Scalar, and right: Unicode.Scalar, font: FontDescription) -> Int
    /// `text` shaped as one line (joined, in bidi order, placed), when it needs more
    /// than drawing glyph after glyph: right-to-left or joining scripts, combining
    /// marks (which glyph by glyph would drop). nil for text
    /// that draws glyph by glyph, which layout then does itself. Asked every frame:
    /// a source answers from a cache after the first time. The default never shapes.
    func shapedRun(for text: Substring, font: FontDescription) -> ShapedRun?
    /// The width of `text` on one line, which `measure` works out: a source with a
    /// cache answers from it after the first time (every label is measured every
    /// frame, some several times to fit). The default measures each time.
    func lineWidth(of text: Substring, font: FontDescription, measure: () -> Int) -> Int
}

extension GlyphSource {
    public func glyph(for scalar: Unicode.Scalar, emojiStyle: Bool, font: FontDescription) -> Glyph? {
        glyph(for: scalar, font: font)
    }

    public func kerning(between left: Unicode.Scalar, and right: Unicode.Scalar, font: FontDescription) -> Int { 0 }

    public func shapedRun(for text: Substring, font: FontDescription) -> ShapedRun? { nil }

    public func lineWidth(of text: Substring, font: FontDescription, measure: () -> Int) -> Int { measure() }
}

extension Character {
    /// The scalar a glyph source draws for this grapheme cluster: the first that is not
    /// a variation selector or a zero-width joiner (see `GlyphSource`).
    public var glyphScalar: Unicode.Scalar {
        for scalar in unicodeScalars where !Self.isPresentationModifier(scalar) {
            return scalar
        }
        return unicodeScalars.first ?? " "
    }

    /// True when the cluster asks for emoji presentation (U+FE0F), as "❤️" does.
    public var asksForEmojiStyle: Bool {
        unicodeScalars.contains { $0.value == 0xFE0F }
    }

    private static func isPresentationModifier(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x200D: return true
        default: return false
        }
    }
}
