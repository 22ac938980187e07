/// Anti-aliased rectangles, rounded rectangles, circles and ellipses.
///
/// Coverage comes from the signed distance to the shape's edge (0.5 - d, clamped),
/// which is exact for straight edges and within a few percent on curves. Interior
/// runs are filled at full coverage without per-pixel work; only the one- or
/// radius-wide borders of each row are evaluated pixel by pixel.
extension Canvas {
    public func fill(_ rect: Rect, _ color: Color) {
        fillRoundedRect(rect, radius: 0, paint: SolidPaint(color))
    }

    public func fill(_ rect: Rect, paint: some SpanPaint) {
        fillRoundedRect(rect, radius: 0, paint: paint)
    }

    public func fillRoundedRect(_ rect: Rect, radius: Float, _ color: Color) {
        fillRoundedRect(rect, radius: radius, paint: SolidPaint(color))
    }

    public func fillCircle(center: Point, radius: Float, _ color: Color) {
        fillCircle(center: center, radius: radius, paint: SolidPaint(color))
    }

    public func fillCircle(center: Point, radius: Float, paint: some SpanPaint) {
        let rect = Rect(x: center.x - radius, y: center.y - radius, width: radius * 2, height: radius * 2)
        fillRoundedRect(rect, radius: radius, paint: paint)
    }

    public func fillRoundedRect(_ rect: Rect, radius: Float, paint: some SpanPaint) {
        guard rect.width > 0, rect.height > 0 else { return }
        let halfWidth = rect.width / 2, halfHeight = rect.height / 2
        let r = max(0, min(radius, halfWidth, halfHeight))
        let center = rect.center
        let area = rect.enclosingPixels.intersection(clip)
        guard !area.isEmpty else { return }

        @inline(__always) func coverage(_ xc: Float, _ qy: Float) -> Float {
            let qx = abs(xc - center.x) - (halfWidth - r)
            let ox = max(qx, 0), oy = max(qy, 0)
            let distance = (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - r
            return max(0, min(1, 0.5 - distance))
        }

        // Pixels whose centres lie this far inside the left and right edges need no
        // per-pixel evaluation: their coverage equals the row's middle coverage.
        let edgeBand = r + 1
        let innerLeft = max(area.x, min(area.maxX, index(rect.minX + edgeBand, .up, near: area)))
        let innerRight = max(innerLeft, min(area.maxX, index(rect.maxX - edgeBand, .down, near: area)))

        // On a straight row (between the corners: qy <= 0 and no border pixel's qx
        // below qy) a border pixel's coverage depends on x alone: ox = max(qx, 0),
        // oy = 0 and max(qx, qy) = qx in `coverage`. Those rows take the values worked
        // out on the first of them, computed by the same expression, so the same bits.
        var lowestQx = Float.infinity
        for x in area.x..<innerLeft { lowestQx = min(lowestQx, abs(Float(x) + 0.5 - center.x) - (halfWidth - r)) }
        for x in innerRight..<area.maxX { lowestQx = min(lowestQx, abs(Float(x) + 0.5 - center.x) - (halfWidth - r)) }
        let leftCount = innerLeft - area.x, rightCount = area.maxX - innerRight
        let straightLeft = edgeCoverage, straightRight = edgeCoverage + (width + 4)
        var straightReady = false

        let solid = paint.solidColor != nil
        // Pixels left of this have their centres at or left of the shape's centre.
        let leftHalfEnd = max(area.x, min(area.maxX, index(center.x - 0.5, .down, near: area) + 1))
        for y in area.y..<area.maxY {
            let qy = abs(Float(y) + 0.5 - center.y) - (halfHeight - r)
            let straight = qy <= 0 && qy <= lowestQx
            if straight && !straightReady {
                for index in 0..<leftCount { straightLeft[index] = coverage(Float(area.x + index) + 0.5, qy) }
                for index in 0..<rightCount { straightRight[index] = coverage(Float(innerRight + index) + 0.5, qy) }
                straightReady = true
            }
            if solid {
                // A solid colour blends a pixel the same alone or in a span, so the row is
                // cut where its coverage changes. Within each half of the row coverage
                // never falls going towards the middle (each step of `coverage` is
                // monotonic in |x - centre|) and never passes the middle's value, so from
                // each side's first pixel at that value the row is one span; zeros outside
                // are skipped and only the rim between is blended pixel by pixel. A round
                // button is then a few pixels of rim a row, not its whole radius.
                let middle = coverage(center.x, qy)
                var spanStart = area.x, firstPartial = area.x
                while spanStart < leftHalfEnd {
                    let c = coverage(Float(spanStart) + 0.5, qy)
                    if c == middle { break }
                    if c == 0 && firstPartial == spanStart { firstPartial += 1 } else { coverageRow[spanStart - area.x] = c }
                    spanStart += 1
                }
                var spanEnd = area.maxX, lastPartial = area.maxX
                while spanEnd > max(spanStart, leftHalfEnd) {
                    let c = coverage(Float(spanEnd - 1) + 0.5, qy)
                    if c == middle { break }
                    if c == 0 && lastPartial == spanEnd { lastPartial -= 1 } else { coverageRow[spanEnd - 1 - area.x] = c }
                    spanEnd -= 1
                }
                coverPixels(y: y, x: firstPartial, count: spanStart - firstPartial, coverage: coverageRow + (firstPartial - area.x), paint: paint)
                coverPixels(y: y, x: spanEnd, count: lastPartial - spanEnd, coverage: coverageRow + (spanEnd - area.x), paint: paint)
                if spanEnd > spanStart {
                    coverSpan(y: y, x: spanStart, count: spanEnd - spanStart, coverage: UInt32(middle * 255 + 0.5), paint: paint)
                }
                continue
            }
            // Left border.
            if straight {
                coverPixels(y: y, x: area.x, count: leftCount, coverage: straightLeft, paint: paint)
            } else {
                for index in 0..<leftCount { coverageRow[index] = coverage(Float(area.x + index) + 0.5, qy) }
                coverPixels(y: y, x: area.x, count: leftCount, coverage: coverageRow, paint: paint)
            }
            // Middle run: one coverage for the whole run.
            if innerRight > innerLeft {
                let middle = coverage(center.x, qy)
                coverSpan(y: y, x: innerLeft, count: innerRight - innerLeft, coverage: UInt32(middle * 255 + 0.5), paint: paint)
            }
            // Right border.
            if straight {
                coverPixels(y: y, x: innerRight, count: rightCount, coverage: straightRight, paint: paint)
            } else {
                for index in 0..<rightCount { coverageRow[index] = coverage(Float(innerRight + index) + 0.5, qy) }
                coverPixels(y: y, x: innerRight, count: rightCount, coverage: coverageRow, paint: paint)
            }
        }
    }

    public func fillEllipse(center: Point, radiusX: Float, radiusY: Float, _ color: Color) {
        fillEllipse(center: center, radiusX: radiusX, radiusY: radiusY, paint: SolidPaint(color))
    }

    public func fillEllipse(center: Point, radiusX: Float, radiusY: Float, paint: some SpanPaint) {
        guard radiusX > 0, radiusY > 0 else { return }
        if abs(radiusX - radiusY) < 0.001 {
            fillCircle(center: center, radius: radiusX, paint: paint)
            return
        }
        let bounds = Rect(x: center.x - radiusX, y: center.y - radiusY, width: radiusX * 2, height: radiusY * 2)
        let area = bounds.enclosingPixels.intersection(clip)
        guard !area.isEmpty else { return }
        let inverseX2 = 1 / (radiusX * radiusX), inverseY2 = 1 / (radiusY * radiusY)

        for y in area.y..<area.maxY {
            let dy = Float(y) + 0.5 - center.y
            // Distance estimate: implicit function over its gradient's length.
            @inline(__always) func coverage(_ x: Int) -> Float {
                let dx = Float(x) + 0.5 - center.x
                let f = dx * dx * inverseX2 + dy * dy * inverseY2 - 1
                let gx = 2 * dx * inverseX2, gy = 2 * dy * inverseY2
                let gradient = max((gx * gx + gy * gy).squareRoot(), 1e-6)
                return max(0, min(1, 0.5 - f / gradient))
            }
            // Only pixels near the row's chord can be touched: the chord at a row one
            // pixel nearer the centre bounds them generously.
            let nearDy = max(0, abs(dy) - 1)
            let outerT = 1 - nearDy * nearDy * inverseY2
            let outerHalf = outerT > 0 ? radiusX * outerT.squareRoot() + 1 : 1
            let outerLeft = max(area.x, index(center.x - outerHalf, .down, near: area))
            let outerRight = min(area.maxX, index(center.x + outerHalf, .up, near: area))
            guard outerRight > outerLeft else { continue }
            // Pixel centres inside the ellipse shrunk by 1.5 px are fully covered.
            let innerRX = radiusX - 1.5, innerRY = radiusY - 1.5
            let innerT = innerRY > 0 ? 1 - dy * dy / (innerRY * innerRY) : 0
            let safeHalf = innerT > 0 && innerRX > 0 ? innerRX * innerT.squareRoot() : 0
            let innerLeft = max(outerLeft, min(outerRight, index(center.x - safeHalf - 0.5, .up, near: area)))
            let innerRight = safeHalf > 0
                ? max(innerLeft, min(outerRight, index(center.x + safeHalf - 0.5, .down, near: area) + 1)) : innerLeft

            var count = 0
            for x in outerLeft..<innerLeft {
                coverageRow[count] = coverage(x)
                count += 1
            }
            coverPixels(y: y, x: outerLeft, count: count, coverage: coverageRow, paint: paint)
            if innerRight > innerLeft {
                coverSpan(y: y, x: innerLeft, count: innerRight - innerLeft, coverage: 255, paint: paint)
            }
            count = 0
            for x in innerRight..<outerRight {
                coverageRow[count] = coverage(x)
                count += 1
            }
            coverPixels(y: y, x: innerRight, count: count, coverage: coverageRow, paint: paint)
        }
    }
}

/// A column rounded as asked and held to one pixel either side of `area`, so a
/// shape reaching far past the canvas (1e38 wide) is clipped, never a Float too
/// large for an Int.
private func index(_ value: Float, _ rule: FloatingPointRoundingRule, near area: PixelRect) -> Int {
    Int(max(Float(area.x - 1), min(Float(area.maxX + 1), value.rounded(rule))))
}
