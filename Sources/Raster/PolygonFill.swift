/// Anti-aliased polygon filling by exact area coverage.
///
/// Each edge adds its signed area to an accumulation strip; a running sum along each
/// row then gives every pixel's coverage (the method of font-rs and stb_truetype's
/// v2 rasterizer). Overlapping contours of the same direction add up and clamp to
/// full coverage, opposite directions cancel, so holes are drawn as reversed contours
/// (the nonzero rule). Rows are processed in strips of `Canvas.stripRows`, so the
/// scratch is a few rows wide however large the shape.
extension Canvas {
    /// Fills one or more closed contours (each a list of points; the last joins the first).
    public func fillPolygons(_ contours: [[Point]], paint: some SpanPaint) {
        var minX = Float.infinity, minY = Float.infinity, maxX = -Float.infinity, maxY = -Float.infinity
        for contour in contours {
            for p in contour {
                minX = min(minX, p.x); maxX = max(maxX, p.x)
                minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        guard minX < maxX, minY < maxY else { return }
        let bounds = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).enclosingPixels
        let area = bounds.intersection(clip)
        guard !area.isEmpty else { return }

        let stripWidth = area.width
        // Strips start at whole multiples of stripRows, so a band of rows computes
        // exactly the same coverage as the whole frame does (bands stay seamless).
        var stripTop = area.y - area.y % Self.stripRows
        while stripTop < area.maxY {
            let stripHeight = min(Self.stripRows, area.maxY - stripTop)
            let rowLength = accumulationWidth
            accumulation.update(repeating: 0, count: rowLength * stripHeight)
            let originX = Float(area.x), originY = Float(stripTop)
            for contour in contours where contour.count >= 2 {
                var previous = contour[contour.count - 1]
                for point in contour {
                    accumulateEdge(
                        from: Point(previous.x - originX, previous.y - originY),
                        to: Point(point.x - originX, point.y - originY),
                        width: stripWidth, height: stripHeight)
                    previous = point
                }
            }
            // Integrate each row and composite it, skipping empty runs and filling
            // full runs without per-pixel work.
            for row in max(0, area.y - stripTop)..<stripHeight {
                let line = accumulation + row * rowLength
                var sum: Float = 0
                var x = 0
                var runStart = 0
                var runKind = 0  // 0 empty, 1 full, 2 partial
                func flush(until end: Int) {
                    guard end > runStart else { return }
                    let y = stripTop + row
                    switch runKind {
                    case 1: coverSpan(y: y, x: area.x + runStart, count: end - runStart, coverage: 255, paint: paint)
                    case 2: coverPixels(y: y, x: area.x + runStart, count: end - runStart,
                                        coverage: coverageRow + runStart, paint: paint)
                    default: break
                    }
                }
                while x < stripWidth {
                    sum += line[x]
                    let coverage = min(1, abs(sum))
                    let kind = coverage < 0.002 ? 0 : (coverage > 0.998 ? 1 : 2)
                    coverageRow[x] = coverage
                    if kind != runKind {
                        flush(until: x)
                        runStart = x
                        runKind = kind
                    }
                    x += 1
                }
                flush(until: stripWidth)
            }
            stripTop += stripHeight
        }
    }

    public func fillPolygon(_ points: [Point], _ color: Color) {
        fillPolygons([points], paint: SolidPaint(color))
    }

    /// Adds one edge's signed area to the strip (coordinates relative to the strip's
    /// top-left). Parts left of the strip count at its left edge; parts right of it
    /// fall past the last column and are ignored.
    private func accumulateEdge(from start: Point, to end: Point, width: Int, height: Int) {
        if start.y == end.y { return }
        let direction: Float = start.y < end.y ? 1 : -1
        let top = start.y < end.y ? start : end
        let bottom = start.y < end.y ? end : start
        if bottom.y <= 0 || top.y >= Float(height) { return }
        let limit = Float(width) + 1

        // Split where the edge crosses x = 0 and x = limit, then clamp the pieces: a
        // piece left of the strip becomes a vertical edge at 0 (it still covers
        // everything to its right); a piece right of it lands past the last column.
        @inline(__always) func crossing(_ boundary: Float) -> Float {
            (top.x < boundary) != (bottom.x < boundary) && top.x != bottom.x ? (boundary - top.x) / (bottom.x - top.x) : 2
        }
        @inline(__always) func emit(_ t0: Float, _ t1: Float) {
            let a = Point(top.x + (bottom.x - top.x) * t0, top.y + (bottom.y - top.y) * t0)
            let b = Point(top.x + (bottom.x - top.x) * t1, top.y + (bottom.y - top.y) * t1)
            accumulateSegment(
                Point(max(0, min(limit, a.x)), a.y), Point(max(0, min(limit, b.x)), b.y), direction,
                width: width, height: height)
        }
        var first = crossing(0), second = crossing(limit)
        if first > second { swap(&first, &second) }
        var start: Float = 0
        if first < 1 { emit(start, first); start = first }
        if second < 1 { emit(start, second); start = second }
        emit(start, 1)
    }

    /// One top-to-bottom segment with 0 <= x <= width + 1.
    private func accumulateSegment(_ p0: Point, _ p1: Point, _ direction: Float, width: Int, height: Int) {
        if p0.y >= p1.y { return }
        let rowLength = accumulationWidth
        let dxdy = (p1.x - p0.x) / (p1.y - p0.y)
        let limit = Float(width) + 1
        var x = p0.x
        if p0.y < 0 { x -= p0.y * dxdy }
        let firstRow = max(0, Int(p0.y.rounded(.down)))
        let lastRow = min(height, Int(p1.y.rounded(.up)))
        guard firstRow < lastRow else { return }
        for y in firstRow..<lastRow {
            let line = accumulation + y * rowLength
            let dy = min(Float(y + 1), p1.y) - max(Float(y), p0.y)
            let xNext = x + dxdy * dy
            let d = dy * direction
            // The endpoints are clamped to 0...limit, but stepping x row by row (and
            // extending it back from above the strip) drifts by a rounding error, so
            // clamp again: a drift below 0 would write before the row, past limit after it.
            let x0 = max(0, min(x, xNext)), x1 = min(limit, max(x, xNext))
            let x0Floor = x0.rounded(.down)
            let x0i = Int(x0Floor)
            let x1Ceil = x1.rounded(.up)
            let x1i = Int(x1Ceil)
            if x1i <= x0i + 1 {
                let xmf = 0.5 * (x0 + x1) - x0Floor
                line[x0i] += d - d * xmf
                line[x0i + 1] += d * xmf
            } else {
                let s = 1 / (x1 - x0)
                let x0f = x0 - x0Floor
                let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
                let x1f = x1 - x1Ceil + 1
                let am = 0.5 * s * x1f * x1f
                line[x0i] += d * a0
                if x1i == x0i + 2 {
                    line[x0i + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - x0f)
                    line[x0i + 1] += d * (a1 - a0)
                    if x0i + 2 < x1i - 1 {
                        for xi in (x0i + 2)..<(x1i - 1) { line[xi] += d * s }
                    }
                    let a2 = a1 + Float(x1i - x0i - 3) * s
                    line[x1i - 1] += d * (1 - a2 - am)
                }
                line[x1i] += d * am
            }
            x = xNext
        }
    }
}
