// ShapedText owns the result of shaping one line of text: glyphs already joined
// (Arabic), reordered for display (right-to-left runs, the Unicode bidi algorithm)
// and placed, plus where each character sits, so carets and selections can follow
// the logical order while being drawn where the characters are. A platform font
// engine makes these (GlyphSource.shapedRun); Raster only draws and measures them.

/// One glyph of a shaped line, at its pen position from the line's left edge.
public struct PlacedGlyph: Sendable {
    public var glyph: Glyph
    /// Pen x from the line's left edge, offsets included.
    public var x: Int
    /// How far the glyph is raised above the baseline (a mark over a letter).
    public var rise: Int

    public init(glyph: Glyph, x: Int, rise: Int = 0) {
        self.glyph = glyph
        self.x = x
        self.rise = rise
    }
}

/// A line of text shaped and ordered for display, left to right on screen.
public final class ShapedRun: Sendable {
    /// The glyphs in visual order (left to right).
    public let glyphs: [PlacedGlyph]
    /// The advance width of the whole line.
    public let width: Int
    /// True when the paragraph reads right to left (its first strong character is
    /// Hebrew or Arabic): a cut shows its "…" on the left.
    public let isRightToLeft: Bool
    /// For each character (grapheme cluster, in logical order) the left and right edge
    /// of what draws it, and whether it reads right to left.
    public let characterLeft: [Int]
    public let characterRight: [Int]
    public let characterIsRightToLeft: [Bool]
    /// Character indices sorted by their left edge, made once for selections.
    private let visualCharacterOrder: [Int]

    public init(
        glyphs: [PlacedGlyph], width: Int, isRightToLeft: Bool, characterLeft: [Int], characterRight: [Int],
        characterIsRightToLeft: [Bool]
    ) {
        self.glyphs = glyphs
        self.width = width
        self.isRightToLeft = isRightToLeft
        let count = min(characterLeft.count, characterRight.count, characterIsRightToLeft.count)
        self.characterLeft = Array(characterLeft.prefix(count))
        self.characterRight = Array(characterRight.prefix(count))
        self.characterIsRightToLeft = Array(characterIsRightToLeft.prefix(count))
        let lefts = self.characterLeft
        visualCharacterOrder = (0..<count).sorted { lefts[$0] < lefts[$1] }
    }

    /// How many characters the line holds.
    public var characterCount: Int { characterLeft.count }

    /// Where the caret stands when it is after `offset` characters (logical order):
    /// at the leading edge of the character it precedes (its left edge when that
    /// reads left to right, its right edge in a right-to-left run), and at the end
    /// after the trailing edge of the last one.
    public func caretX(atCharacter offset: Int) -> Int {
        let count = characterCount
        guard count > 0 else { return 0 }
        if offset >= count {
            let last = count - 1
            return characterIsRightToLeft[last] ? characterLeft[last] : characterRight[last]
        }
        let index = max(0, offset)
        return characterIsRightToLeft[index] ? characterRight[index] : characterLeft[index]
    }

    /// The logical caret offset whose caret position is nearest to `x`.
    public func characterOffset(nearestX x: Int) -> Int {
        var best = 0, bestDistance = Int.max
        for offset in 0...characterCount {
            let distance = abs(caretX(atCharacter: offset) - x)
            if distance < bestDistance {
                best = offset
                bestDistance = distance
            }
        }
        return best
    }

    /// Calls `body` with the left and right edge of each on-screen piece of the
    /// characters in `range` (logical): a selection in mixed-direction text can be
    /// several pieces. Adjacent characters are merged into one piece.
    public func forEachSpan(ofCharacters range: Range<Int>, _ body: (_ left: Int, _ right: Int) -> Void) {
        let lower = max(0, range.lowerBound), upper = min(characterCount, range.upperBound)
        guard lower < upper else { return }
        var pending: (left: Int, right: Int)?
        // Walk the characters by where they sit on screen, so neighbours merge.
        for index in visualCharacterOrder where index >= lower && index < upper {
            let left = characterLeft[index], right = characterRight[index]
            if let open = pending, left <= open.right + 1 && right >= open.left - 1 {
                pending = (min(open.left, left), max(open.right, right))
            } else {
                if let open = pending { body(open.left, open.right) }
                pending = (left, right)
            }
        }
        if let open = pending { body(open.left, open.right) }
    }
}
