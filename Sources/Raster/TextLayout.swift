// TextLayout owns measuring and line breaking of text for one font: widths with
// kerning, greedy word wrapping, the ellipsis on cut lines and single-line truncation.
// It caches nothing (the GlyphSource owns glyph caches) and walks the string in place,
// so drawing a frame allocates nothing here; `wrap` returns an array for callers who
// keep a layout between frames.

/// Where a line sits horizontally in its box.
public enum TextAlignment: Sendable, Hashable {
    case leading
    case center
    case trailing

    /// The x of a line `lineWidth` wide inside a box from `x`, `width` wide.
    public func lineX(boxX x: Int, boxWidth width: Int, lineWidth: Int) -> Int {
        switch self {
        case .leading: return x
        case .center: return x + (width - lineWidth) / 2
        case .trailing: return x + width - lineWidth
        }
    }
}

/// One laid-out line: which characters of the text it shows and how wide it is.
public struct TextLine: Sendable, Hashable {
    /// The characters drawn, without the whitespace a wrap swallowed.
    public var range: Range<String.Index>
    /// Width in pixels, including the ellipsis when there is one.
    public var width: Int
    /// True when the text was cut here and "…" follows the characters.
    public var hasEllipsis: Bool

    public init(range: Range<String.Index>, width: Int, hasEllipsis: Bool) {
        self.range = range
        self.width = width
        self.hasEllipsis = hasEllipsis
    }
}

/// Measures and breaks text set in one font from one glyph source.
public struct TextLayout {
    public let source: any GlyphSource
    public let font: FontDescription

    public init(source: any GlyphSource, font: FontDescription) {
        self.source = source
        self.font = font
    }

    public var metrics: LineMetrics { source.lineMetrics(for: font) }

    /// The ellipsis character; when the font lacks it, three full stops stand in.
    static let ellipsis: Unicode.Scalar = "\u{2026}"

    /// Width of the ellipsis drawn on cut lines.
    public var ellipsisWidth: Int {
        if let glyph = source.glyph(for: Self.ellipsis, font: font) { return glyph.advance }
        return 3 * (source.glyph(for: ".", font: font)?.advance ?? 0)
    }

    /// What is drawn for one character: its glyph scalar, and whether the cluster
    /// asked for emoji (colour) style with U+FE0F.
    struct GlyphChoice {
        var scalar: Unicode.Scalar
        var emojiStyle: Bool
    }

    /// The glyph drawn for a character on a line: control characters (newlines,
    /// tabs) show as a space, since a line has no other use for them.
    @inline(__always)
    func glyphChoice(for character: Character) -> GlyphChoice {
        let scalar = character.glyphScalar
        if scalar.properties.generalCategory == .control || character.isNewline {
            return GlyphChoice(scalar: " ", emojiStyle: false)
        }
        return GlyphChoice(scalar: scalar, emojiStyle: character.asksForEmojiStyle)
    }

    @inline(__always)
    func glyph(_ choice: GlyphChoice) -> Glyph? {
        choice.emojiStyle
            ? source.glyph(for: choice.scalar, emojiStyle: true, font: font)
            : source.glyph(for: choice.scalar, font: font)
    }

    /// The pen advance of `choice` after `previous`, kerning included.
    @inline(__always)
    func step(_ choice: GlyphChoice, after previous: Unicode.Scalar?) -> Int {
        let advance = glyph(choice)?.advance ?? 0
        guard let previous else { return advance }
        return advance + source.kerning(between: previous, and: choice.scalar, font: font)
    }

    /// True when every byte is printable ASCII (space to tilde). Such text is one
    /// character per byte (only CR LF joins two, and control bytes are excluded), each
    /// character is its own glyph scalar, never a control, newline or emoji request:
    /// `glyphChoice` would give exactly `GlyphChoice(scalar: byte, emojiStyle: false)`.
    @inline(__always)
    static func isPrintableASCII(_ bytes: Substring.UTF8View) -> Bool {
        if let fast = bytes.withContiguousStorageIfAvailable({ buffer in
            buffer.allSatisfy { $0 &- 0x20 < 0x5F }
        }) {
            return fast
        }
        return bytes.allSatisfy { $0 &- 0x20 < 0x5F }
    }

    // MARK: Measuring

    /// Width in pixels of `text` set on one line (newlines count as spaces).
    public func width(of text: String) -> Int {
        width(of: text, in: text.startIndex..<text.endIndex)
    }

    /// Width in pixels of `text[range]` set on one line (shaped when it needs it).
    public func width(of text: String, in range: Range<String.Index>) -> Int {
        source.lineWidth(of: text[range], font: font) { measureWidth(of: text, in: range) }
    }

    /// The width glyph by glyph (or shaped), as `width(of:in:)` remembers it.
    private func measureWidth(of text: String, in range: Range<String.Index>) -> Int {
        if let run = source.shapedRun(for: text[range], font: font) { return run.width }
        var total = 0
        var previous: Unicode.Scalar?
        if Self.isPrintableASCII(text.utf8[range]) {
            // One byte, one character, its own glyph: no grapheme breaking or Unicode
            // property lookups (what the loop below costs most of its time on).
            for byte in text.utf8[range] {
                let scalar = Unicode.Scalar(byte)
                total += step(GlyphChoice(scalar: scalar, emojiStyle: false), after: previous)
                previous = scalar
            }
            return total
        }
        var index = range.lowerBound
        while index < range.upperBound {
            let choice = glyphChoice(for: text[index])
            total += step(choice, after: previous)
            previous = choice.scalar
            index = text.index(after: index)
        }
        return total
    }

    /// Width and height of `text` on one line: its advance width and the line height.
    public func size(of text: String) -> (width: Int, height: Int) {
        (width(of: text), metrics.lineHeight)
    }

    // MARK: Single line

    /// `text` on one line no wider than `maxWidth`: all of it when it fits, else the
    /// longest prefix that fits with "…" after it (trailing spaces dropped).
    public func truncate(_ text: String, toWidth maxWidth: Int) -> TextLine {
        let whole = text.startIndex..<text.endIndex
        let fullWidth = width(of: text, in: whole)
        if fullWidth <= maxWidth { return TextLine(range: whole, width: fullWidth, hasEllipsis: false) }
        return ellipsized(text, from: text.startIndex, upTo: text.endIndex, maxWidth: maxWidth)
    }

    /// The longest prefix of `text[start..<limit]` that fits in `maxWidth` with the
    /// ellipsis after it.
    func ellipsized(_ text: String, from start: String.Index, upTo limit: String.Index, maxWidth: Int) -> TextLine {
        let room = maxWidth - ellipsisWidth
        var x = 0
        var contentEnd = start, contentWidth = 0
        var previous: Unicode.Scalar?
        var index = start
        while index < limit {
            let character = text[index]
            let choice = glyphChoice(for: character)
            let advance = step(choice, after: previous)
            if x + advance > room { break }
            x += advance
            index = text.index(after: index)
            if !character.isWhitespace {
                contentEnd = index
                contentWidth = x
            }
            previous = choice.scalar
        }
        // Joined letters are narrower than the sum of their separate forms: a shaped cut
        // line is placed by what it really takes.
        let shapedWidth = source.shapedRun(for: text[start..<contentEnd], font: font)?.width
        return TextLine(range: start..<contentEnd, width: (shapedWidth ?? contentWidth) + ellipsisWidth, hasEllipsis: true)
    }

    // MARK: Paragraphs

    /// `text` broken into lines no wider than `width`: at spaces where it can, inside
    /// a word that is longer than a line, and always at newlines. With `maxLines`, the
    /// last line shows as much as fits followed by "…" when text remains.
    public func wrap(_ text: String, width: Int, maxLines: Int = .max) -> [TextLine] {
        var lines: [TextLine] = []
        forEachLine(of: text, width: width, maxLines: maxLines) { lines.append($0) }
        return lines
    }

    /// How many lines `text` takes at `width`, up to `maxLines`.
    public func lineCount(of text: String, width: Int, maxLines: Int = .max) -> Int {
        var count = 0
        forEachLine(of: text, width: width, maxLines: maxLines) { _ in count += 1 }
        return count
    }

    /// As `wrap`, handing each line to `body` instead of collecting them, so a frame
    /// can draw a paragraph without allocating.
    public func forEachLine(of text: String, width maxWidth: Int, maxLines: Int = .max, _ body: (TextLine) -> Void) {
        guard maxLines > 0 else { return }
        var lineStart = text.startIndex
        var emitted = 0
        repeat {
            let broken = breakLine(text, from: lineStart, maxWidth: maxWidth)
            let moreFollows = broken.next < text.endIndex
            if emitted == maxLines - 1 && moreFollows {
                // The last line we may show: fill it up to its hard break and mark the cut.
                let limit = text[lineStart...].firstIndex { $0.isNewline } ?? text.endIndex
                body(ellipsized(text, from: lineStart, upTo: limit, maxWidth: maxWidth))
                return
            }
            // A shaped line's width differs from the sum of its letters (joined forms).
            let shapedWidth = source.shapedRun(for: text[lineStart..<broken.end], font: font)?.width
            body(TextLine(range: lineStart..<broken.end, width: shapedWidth ?? broken.width, hasEllipsis: false))
            emitted += 1
            lineStart = broken.next
        } while lineStart < text.endIndex
    }

    /// A space a line may break at: any whitespace but the no-break spaces, which
    /// exist to keep "10 kg" together.
    static func isBreakingSpace(_ character: Character) -> Bool {
        guard character.isWhitespace, let first = character.unicodeScalars.first else { return false }
        switch first.value {
        case 0x00A0, 0x2007, 0x202F, 0xFEFF: return false
        default: return true
        }
    }

    /// The greedy line starting at `start`: where its visible characters end, their
    /// width, and where the next line starts (past the spaces or newline it broke at).
    func breakLine(_ text: String, from start: String.Index, maxWidth: Int)
        -> (end: String.Index, width: Int, next: String.Index) {
        var x = 0
        var contentEnd = start, contentWidth = 0
        // The last place the line may break: the visible end before a run of spaces,
        // and where the word after that run starts.
        var breakEnd = start, breakWidth = 0, breakNext: String.Index?
        // Where a word too wide for the line is best cut (a file name, say): after a "-",
        // "_" or "/", or before its last "." so "holiday.jpg" never splits as "holiday.j" "pg".
        var softEnd = start, softWidth = 0, softNext: String.Index?
        var previous: Unicode.Scalar?
        var previousWasSpace = false
        var index = start
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character.isNewline { return (contentEnd, contentWidth, next) }
            let choice = glyphChoice(for: character)
            let advance = step(choice, after: previous)
            if Self.isBreakingSpace(character) {
                // Spaces hang past the edge: they never force a break themselves.
                if !previousWasSpace && contentEnd > start {
                    breakEnd = contentEnd
                    breakWidth = contentWidth
                }
                if contentEnd > start { breakNext = next }
                x += advance
                previous = choice.scalar
                previousWasSpace = true
                index = next
                continue
            }
            if character == "." && contentEnd > start {
                softEnd = contentEnd
                softWidth = contentWidth
                softNext = index
            }
            if x + advance > maxWidth && index > start {
                if let breakNext, breakEnd > start { return (breakEnd, breakWidth, breakNext) }
                if let softNext, softEnd > start { return (softEnd, softWidth, softNext) }
                // One word wider than the line, with nowhere better: break inside it.
                return (contentEnd, contentWidth, index)
            }
            x += advance
            contentEnd = next
            contentWidth = x
            if character == "-" || character == "_" || character == "/" {
                softEnd = next
                softWidth = x
                softNext = next
            }
            previous = choice.scalar
            previousWasSpace = false
            index = next
        }
        return (contentEnd, contentWidth, text.endIndex)
    }
}
