import Raster

/// How a label is drawn so all of it shows: its font (maybe a little smaller) and how
/// many lines it may take; `isCut` when even that leaves some out (the renderer ends
/// it with "…", and the widget offers the whole text as a tooltip).
struct FittedText {
    let font: FontDescription
    let maxLines: Int
    let isCut: Bool

    /// Where to draw it in `box`: the whole box for one line (the renderer centres it),
    /// else the lines' own height centred in the box (a paragraph starts at its top).
    func textRect(in box: Rect, glyphs: any GlyphSource) -> Rect {
        guard maxLines > 1 else { return box }
        let lineHeight = Float(glyphs.lineMetrics(for: font).lineHeight)
        let height = min(box.height, lineHeight * Float(maxLines))
        return Rect(x: box.minX, y: box.minY + (box.height - height) / 2, width: box.width, height: height)
    }
}

extension UIContext {
    /// A font of `points` at the current scale.
    public func font(_ points: Float, _ weight: FontWeight = .regular) -> FontDescription {
        FontDescription(weight, size: Int((points * scale).rounded()))
    }

    /// Width in pixels of `text` in `font`.
    public func textWidth(_ text: String, font: FontDescription) -> Float {
        Float(TextLayout(source: glyphs, font: font).width(of: text))
    }

    /// The smallest a label shrinks to before it wraps or is cut: German and French run
    /// 30–40 % longer than the English the layouts were drawn around, and a button
    /// whose word is a little smaller reads better than one whose word is cut.
    static let smallestTextScale: Float = 0.75

    /// `text` in `box` at `font`, else smaller (to 75 %), else on two lines at that size
    /// where the box is tall enough for them.
    /// `width`: the text's width at `font` when the caller measured it already (one line).
    func fitText(_ text: String, font: FontDescription, in box: Rect, maxLines: Int = 1, width: Float? = nil) -> FittedText {
        let room = Int(box.width.rounded(.down))
        let full = TextLayout(source: glyphs, font: font)
        // What fits, as nearly everything in English does, is measured once at most.
        if let width, maxLines <= 1, Int(width) <= room { return FittedText(font: font, maxLines: maxLines, isCut: false) }
        if fits(text, full, width: room, height: box.height, maxLines: maxLines) {
            return FittedText(font: font, maxLines: maxLines, isCut: false)
        }
        let smallest = max(1, Int((Float(font.size) * Self.smallestTextScale).rounded(.up)))
        // Width grows with size almost in proportion: start from the size that would
        // just fit, then step down while it does not.
        let measured = max(1, full.width(of: text))
        var size = min(font.size - 1, max(smallest, font.size * room / measured))
        while size >= smallest {
            let candidate = FontDescription(font.weight, size: size)
            if fits(text, TextLayout(source: glyphs, font: candidate), width: room, height: box.height, maxLines: maxLines) {
                return FittedText(font: candidate, maxLines: maxLines, isCut: false)
            }
            size -= 1
        }
        let small = FontDescription(font.weight, size: smallest)
        let layout = TextLayout(source: glyphs, font: small)
        // Two lines only between words: a word broken in its middle reads worse than a cut one.
        let words = text.split(separator: " ")
        if maxLines == 1, words.count > 1, words.allSatisfy({ layout.width(of: String($0)) <= room }),
           fits(text, layout, width: room, height: box.height, maxLines: 2) {
            return FittedText(font: small, maxLines: 2, isCut: false)
        }
        return FittedText(font: small, maxLines: max(maxLines, 1), isCut: true)
    }

    private func fits(_ text: String, _ layout: TextLayout, width: Int, height: Float, maxLines: Int) -> Bool {
        if maxLines <= 1 { return layout.width(of: text) <= width }
        let lineHeight = layout.metrics.lineHeight
        let fitting = lineHeight > 0 ? min(maxLines, max(1, Int(height) / lineHeight)) : 1
        return layout.lineCount(of: text, width: width) <= fitting
    }

    /// The width a button takes to show all of `label` (and its icon) at its usual size:
    /// for rows that can give a longer language's word its room.
    public func buttonWidth(_ label: String, icon: String? = nil) -> Float {
        let pad = theme.padding * scale
        let iconWidth = icon.map { textWidth($0, font: font(theme.iconFontSize)) + pad / 2 } ?? 0
        return textWidth(label, font: font(theme.fontSize, .bold)) + iconWidth + 2 * pad
    }

    /// How many lines `text` wraps to at `width` in `font`.
    public func lineCount(_ text: String, font: FontDescription, width: Float) -> Int {
        TextLayout(source: glyphs, font: font).lineCount(of: text, width: Int(width.rounded(.down)))
    }

    /// Draws `text` in `box` so all of it shows where it can (`fitText`), with the whole
    /// of it on hover where even that cuts it: for widgets and overlays that place
    /// their words by hand.
    public func drawFitted(_ text: String, in box: Rect, font: FontDescription, color: Color, alignment: TextAlignment = .leading,
                           maxLines: Int = 1) {
        let fitted = fitText(text, font: font, in: box, maxLines: maxLines)
        draw(.text(text, maxLines == 1 ? fitted.textRect(in: box, glyphs: glyphs) : box, font: fitted.font, color: color,
                   alignment: maxLines == 1 && fitted.maxLines > 1 && alignment == .leading ? .leading : alignment,
                   maxLines: fitted.maxLines))
        if fitted.isCut { offerWhole(text, of: box) }
    }

    /// The whole of a cut text, shown above it while the pointer is on it or it has focus.
    func offerWhole(_ text: String, of box: Rect, focused: Bool = false) {
        guard focused || box.contains(pointer) else { return }
        tooltip(text, beside: box, placement: .above)
    }
}
