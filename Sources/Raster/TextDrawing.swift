// TextDrawing owns putting laid-out text on a Canvas: glyph masks through any paint,
// colour glyphs as they are, single lines at a baseline or in a box, and wrapped
// paragraphs. Everything goes through drawMask/drawPixels, so the clip holds.

extension TextLayout {
    /// Draws `text[line.range]` (and its ellipsis) with the pen starting at `x` on
    /// `baseline`. Returns the pen position after the last glyph.
    @discardableResult
    public func draw(
        _ line: TextLine, of text: String, x: Int, baseline: Int, on canvas: Canvas, paint: some SpanPaint
    ) -> Int {
        if let run = source.shapedRun(for: text[line.range], font: font) {
            return draw(run, hasEllipsis: line.hasEllipsis, x: x, baseline: baseline, on: canvas, paint: paint)
        }
        var pen = x
        var previous: Unicode.Scalar?
        if Self.isPrintableASCII(text.utf8[line.range]) {
            // As in `width(of:in:)`: each byte is its own character and glyph.
            for byte in text.utf8[line.range] {
                let scalar = Unicode.Scalar(byte)
                if let previous { pen += source.kerning(between: previous, and: scalar, font: font) }
                pen += draw(source.glyph(for: scalar, font: font), pen: pen, baseline: baseline, on: canvas, paint: paint)
                previous = scalar
            }
            if line.hasEllipsis { pen += drawEllipsis(pen: pen, baseline: baseline, on: canvas, paint: paint) }
            return pen
        }
        var index = line.range.lowerBound
        while index < line.range.upperBound {
            let choice = glyphChoice(for: text[index])
            if let previous { pen += source.kerning(between: previous, and: choice.scalar, font: font) }
            pen += draw(glyph(choice), pen: pen, baseline: baseline, on: canvas, paint: paint)
            previous = choice.scalar
            index = text.index(after: index)
        }
        if line.hasEllipsis { pen += drawEllipsis(pen: pen, baseline: baseline, on: canvas, paint: paint) }
        return pen
    }

    /// Draws a shaped line as placed; a cut right-to-left line shows its "…" where it
    /// reads last, on the left.
    private func draw(
        _ run: ShapedRun, hasEllipsis: Bool, x: Int, baseline: Int, on canvas: Canvas, paint: some SpanPaint
    ) -> Int {
        var left = x
        if hasEllipsis && run.isRightToLeft { left += drawEllipsis(pen: left, baseline: baseline, on: canvas, paint: paint) }
        for placed in run.glyphs {
            _ = draw(placed.glyph, pen: left + placed.x, baseline: baseline - placed.rise, on: canvas, paint: paint)
        }
        var pen = left + run.width
        if hasEllipsis && !run.isRightToLeft { pen += drawEllipsis(pen: pen, baseline: baseline, on: canvas, paint: paint) }
        return pen
    }

    /// Draws "…" (or three full stops) and returns its advance.
    private func drawEllipsis(pen start: Int, baseline: Int, on canvas: Canvas, paint: some SpanPaint) -> Int {
        if let ellipsis = source.glyph(for: Self.ellipsis, font: font) {
            return draw(ellipsis, pen: start, baseline: baseline, on: canvas, paint: paint)
        }
        let dot = source.glyph(for: ".", font: font)
        var pen = start
        for _ in 0..<3 { pen += draw(dot, pen: pen, baseline: baseline, on: canvas, paint: paint) }
        return pen - start
    }

    /// Draws one glyph and returns its advance.
    private func draw(
        _ glyph: Glyph?, pen: Int, baseline: Int, on canvas: Canvas, paint: some SpanPaint
    ) -> Int {
        guard let glyph else { return 0 }
        let left = pen + glyph.bearingX, top = baseline - glyph.bearingY
        if glyph.isColor {
            // Colour glyphs keep their own colours; a translucent text colour fades them.
            let opacity = paint.solidColor.map { Float($0 >> 24) / 255 } ?? 1
            glyph.colorPixels.withUnsafeBufferPointer { pixels in
                guard let base = pixels.baseAddress else { return }
                canvas.drawPixels(base, width: glyph.width, height: glyph.height, x: left, y: top, opacity: opacity)
            }
        } else if !glyph.isBlank {
            glyph.alphaMask.withUnsafeBufferPointer { mask in
                guard let base = mask.baseAddress else { return }
                canvas.drawMask(
                    base, width: glyph.width, height: glyph.height, rowBytes: glyph.width, x: left, y: top, paint: paint)
            }
        }
        return glyph.advance
    }
}

extension Canvas {
    /// Draws `text` on one line with the pen starting at `x` on `baseline`, untruncated.
    /// Returns the width drawn.
    @discardableResult
    public func drawText(
        _ text: String, x: Int, baseline: Int, font: FontDescription, source: any GlyphSource, paint: some SpanPaint
    ) -> Int {
        let layout = TextLayout(source: source, font: font)
        let line = TextLine(range: text.startIndex..<text.endIndex, width: 0, hasEllipsis: false)
        return layout.draw(line, of: text, x: x, baseline: baseline, on: self, paint: paint) - x
    }

    @discardableResult
    public func drawText(
        _ text: String, x: Int, baseline: Int, font: FontDescription, source: any GlyphSource, color: Color
    ) -> Int {
        drawText(text, x: x, baseline: baseline, font: font, source: source, paint: SolidPaint(color))
    }

    /// Draws `text` on one line inside `rect`: vertically centred, placed by
    /// `alignment`, cut with "…" when too wide, and clipped to `rect`.
    public func drawText(
        _ text: String, in rect: PixelRect, alignment: TextAlignment = .leading, font: FontDescription,
        source: any GlyphSource, paint: some SpanPaint
    ) {
        let layout = TextLayout(source: source, font: font)
        let metrics = layout.metrics
        let line = layout.truncate(text, toWidth: rect.width)
        let x = alignment.lineX(boxX: rect.x, boxWidth: rect.width, lineWidth: line.width)
        // Centre the font's full height (ascent + descent), not the line gap.
        let baseline = rect.y + (rect.height - metrics.ascent - metrics.descent) / 2 + metrics.ascent
        pushClip(rect)
        layout.draw(line, of: text, x: x, baseline: baseline, on: self, paint: paint)
        popClip()
    }

    public func drawText(
        _ text: String, in rect: PixelRect, alignment: TextAlignment = .leading, font: FontDescription,
        source: any GlyphSource, color: Color
    ) {
        drawText(text, in: rect, alignment: alignment, font: font, source: source, paint: SolidPaint(color))
    }

    /// Draws `text` wrapped to `rect.width` from the top of `rect`, each line placed by
    /// `alignment`, clipped to `rect`. Shows at most `maxLines` lines and no more than
    /// fit in `rect.height` (at least one); a cut paragraph ends in "…". Returns the
    /// height the drawn lines take.
    @discardableResult
    public func drawParagraph(
        _ text: String, in rect: PixelRect, alignment: TextAlignment = .leading, maxLines: Int = .max,
        font: FontDescription, source: any GlyphSource, paint: some SpanPaint
    ) -> Int {
        let layout = TextLayout(source: source, font: font)
        let metrics = layout.metrics
        let fitting = metrics.lineHeight > 0 ? max(1, rect.height / metrics.lineHeight) : 1
        var baseline = rect.y + metrics.ascent
        var lines = 0
        pushClip(rect)
        layout.forEachLine(of: text, width: rect.width, maxLines: min(maxLines, fitting)) { line in
            let x = alignment.lineX(boxX: rect.x, boxWidth: rect.width, lineWidth: line.width)
            layout.draw(line, of: text, x: x, baseline: baseline, on: self, paint: paint)
            baseline += metrics.lineHeight
            lines += 1
        }
        popClip()
        return lines * metrics.lineHeight
    }

    @discardableResult
    public func drawParagraph(
        _ text: String, in rect: PixelRect, alignment: TextAlignment = .leading, maxLines: Int = .max,
        font: FontDescription, source: any GlyphSource, color: Color
    ) -> Int {
        drawParagraph(
            text, in: rect, alignment: alignment, maxLines: maxLines, font: font, source: source,
            paint: SolidPaint(color))
    }
}
