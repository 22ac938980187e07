// TextCaret owns where a caret and a selection sit on a one-line text: offsets count
// characters in logical (typing) order, positions are pixels from the line's left
// edge in visual order. Shaped lines (bidi, Arabic) answer from their ShapedRun; any
// other line is measured glyph by glyph, left to right.

extension TextLayout {
    /// The caret's x when it is after `offset` characters of `text`.
    public func caretX(in text: String, atCharacter offset: Int) -> Int {
        let whole = text.startIndex..<text.endIndex
        if let run = source.shapedRun(for: text[whole], font: font) { return run.caretX(atCharacter: offset) }
        let end = text.index(text.startIndex, offsetBy: max(0, offset), limitedBy: text.endIndex) ?? text.endIndex
        return width(of: text, in: text.startIndex..<end)
    }

    /// The caret offset (in characters) nearest to `x` on `text`'s line.
    public func characterOffset(in text: String, nearestX x: Float) -> Int {
        let whole = text.startIndex..<text.endIndex
        if let run = source.shapedRun(for: text[whole], font: font) {
            return run.characterOffset(nearestX: Int(x.rounded()))
        }
        var pen: Float = 0, offset = 0
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            let advance = Float(width(of: text, in: index..<next))
            if pen + advance / 2 > x { break }
            pen += advance
            offset += 1
            index = next
        }
        return offset
    }

    /// Calls `body` with the left and right edge of each on-screen piece of the
    /// characters `range` of `text` covers: one piece for left-to-right text, maybe
    /// several where directions mix.
    public func forEachSelectionSpan(
        in text: String, characters range: Range<Int>, _ body: (_ left: Int, _ right: Int) -> Void
    ) {
        let whole = text.startIndex..<text.endIndex
        if let run = source.shapedRun(for: text[whole], font: font) {
            run.forEachSpan(ofCharacters: range, body)
            return
        }
        let left = caretX(in: text, atCharacter: range.lowerBound)
        let right = caretX(in: text, atCharacter: range.upperBound)
        if right > left { body(left, right) }
    }
}
