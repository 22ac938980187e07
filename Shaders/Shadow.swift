import CRasterKernels
import Raster

extension Canvas {
    /// A soft drop shadow under a rounded rectangle: the rectangle's shape blurred by
    /// about `blur` pixels (a Gaussian falloff of its signed distance), in `color`.
    /// Pixels in `hole` are left as they are (what is drawn next paints them opaque);
    /// the others get the same values as without it.
    public func drawShadow(of rect: Rect, radius: Float, blur: Float, offset: Point = Point(0, 0), color: Color,
                           sparing hole: PixelRect = PixelRect(x: 0, y: 0, width: 0, height: 0)) {
        let shape = ShadowShape(rect, radius: radius, blur: blur, offset: offset)
        let area = shape.area.intersection(clip)
        guard !area.isEmpty, color.a > 0 else { return }
        let paint = SolidPaint(color)
        // Beside the straight edges the blur depends on one axis only (see
        // `ShadowShape.flatColumns`): above and below the rectangle a row's middle is one
        // value, and beside it the columns are the same on every row, worked out once.
        // Only the corners' squares are worked out pixel by pixel.
        let flat = shape.flatColumns(in: area.x..<area.maxX)
        let sideCount = area.width
        withUnsafeTemporaryAllocation(of: Float.self, capacity: sideCount) { sides in
            guard let side = sides.baseAddress else { return }
            var sidesReady = false
            area.forEachPart(outside: hole) { part in
                let flatStart = max(part.x, min(part.maxX, flat.lowerBound))
                let flatEnd = max(flatStart, min(part.maxX, flat.upperBound))
                let out = coverageScratch
                for y in part.y..<part.maxY {
                    let qy = shape.qy(y)
                    // The run of the row at one coverage, drawn as one span (the same
                    // pixels as pixel by pixel); the rest pixel by pixel.
                    var uniform = (start: part.x, end: part.x, value: Float(0))
                    if qy >= 0 {
                        // Above or below: corners either side, one value between.
                        _ = shape.row(y: y, x: part.x, count: flatStart - part.x, into: out, fillingFullInside: true)
                        uniform = (flatStart, flatEnd, shape.coverage(qx: 0, qy: qy))
                        _ = shape.row(y: y, x: flatEnd, count: part.maxX - flatEnd, into: out + (flatEnd - part.x), fillingFullInside: true)
                    } else {
                        // Beside: the columns outside the straight edges from the table, the
                        // middle (rising to full, quasi-concave like a row) worked out.
                        if !sidesReady {
                            shape.row(y: y, x: area.x, count: max(0, flat.lowerBound - area.x), into: side, fillingFullInside: false)
                            let rightStart = max(area.x, flat.upperBound)
                            shape.row(y: y, x: rightStart, count: area.maxX - rightStart, into: side + (rightStart - area.x),
                                      fillingFullInside: false)
                            sidesReady = true
                        }
                        if flatStart > part.x { out.update(from: side + (part.x - area.x), count: flatStart - part.x) }
                        let full = shape.row(y: y, x: flatStart, count: flatEnd - flatStart, into: out + (flatStart - part.x),
                                             fillingFullInside: true)
                        uniform = (flatStart + full.lowerBound, flatStart + full.upperBound, 1)
                        if part.maxX > flatEnd {
                            (out + (flatEnd - part.x)).update(from: side + (flatEnd - area.x), count: part.maxX - flatEnd)
                        }
                    }
                    fillCoverageRow(y: y, x: part.x, count: uniform.start - part.x, paint: paint)
                    fillCoverageSpan(y: y, x: uniform.start, count: uniform.end - uniform.start, coverage: uniform.value, paint: paint)
                    fillCoverageRow(y: y, x: uniform.end, count: part.maxX - uniform.end, scratchOffset: uniform.end - part.x, paint: paint)
                }
            }
        }
    }

    /// Draws a shadow from its `mask` (the same pixels `drawShadow` draws for the
    /// mask's shape, read instead of worked out).
    /// Pixels in `hole` are left as they are (what is drawn next paints them opaque).
    public func drawShadow(_ mask: ShadowMask, color: Color, sparing hole: PixelRect = PixelRect(x: 0, y: 0, width: 0, height: 0)) {
        let area = mask.area.intersection(clip)
        guard !area.isEmpty, color.a > 0 else { return }
        let paint = SolidPaint(color)
        area.forEachPart(outside: hole) { part in
            pushClip(part)
            drawMask(mask.levels, width: mask.area.width, height: mask.area.height, rowBytes: mask.area.width,
                     x: mask.area.x, y: mask.area.y, paint: paint)
            popClip()
        }
    }
}

/// A soft shadow's coverage worked out once for every pixel it reaches, for a shadow
/// that holds still while what is over it changes (a pulsing button redraws the
/// shadow under it every frame, and the blur is costly per pixel).
///
/// Held as the 0...255 levels the blend takes (`Canvas.coverPixels` rounds each
/// coverage to one), so a mask is a quarter of the floats' bytes and is drawn as a
/// glyph is, eight pixels a step, with the same pixels.
public final class ShadowMask: @unchecked Sendable {
    // @unchecked: `levels` is written only in init.
    /// The pixels the shadow reaches (as `drawShadow` reckons them, unclipped).
    public let area: PixelRect
    let levels: UnsafeMutablePointer<UInt8>

    /// The mask of `drawShadow(of: rect, radius:, blur:, offset:)`; nil when it reaches
    /// no pixel or more than `maxPixels`.
    public init?(of rect: Rect, radius: Float, blur: Float, offset: Point = Point(0, 0), maxPixels: Int = 1 << 18) {
        let shape = ShadowShape(rect, radius: radius, blur: blur, offset: offset)
        let area = shape.area
        guard !area.isEmpty, area.width <= maxPixels, area.height <= maxPixels, area.width * area.height <= maxPixels else { return nil }
        self.area = area
        levels = .allocate(capacity: area.width * area.height)
        let row = UnsafeMutablePointer<Float>.allocate(capacity: area.width)
        defer { row.deallocate() }
        for y in area.y..<area.maxY {
            shape.row(y: y, x: area.x, count: area.width, into: row, fillingFullInside: false)
            let out = levels + (y - area.y) * area.width
            for index in 0..<area.width { out[index] = UInt8(UInt32(min(1, row[index]) * 255 + 0.5)) }
        }
    }

    deinit {
        levels.deallocate()
    }
}

/// A soft shadow's shape: the rounded rectangle, its blur, and the pixels it reaches.
struct ShadowShape {
    let area: PixelRect
    let center: Point
    /// How far the straight edges are from the centre, less the corner radius.
    let innerHalfWidth: Float, innerHalfHeight: Float
    let radius: Float
    let scale: Float

    init(_ rect: Rect, radius: Float, blur: Float, offset: Point) {
        let sigma = max(0.5, blur / 2)
        let shape = rect.offsetBy(dx: offset.x, dy: offset.y)
        let halfWidth = shape.width / 2, halfHeight = shape.height / 2
        let r = max(0, min(radius, halfWidth, halfHeight))
        self.radius = r
        center = shape.center
        innerHalfWidth = halfWidth - r
        innerHalfHeight = halfHeight - r
        area = shape.insetBy(-blur * 1.5 - 1).enclosingPixels
        scale = 1 / (sigma * 1.414_213_5)
    }

    /// How far row `y`'s pixel centres are past the straight edges' rows (up to 0: between them).
    @inline(__always)
    func qy(_ y: Int) -> Float { abs(Float(y) + 0.5 - center.y) - innerHalfHeight }

    /// The columns of `columns` between the straight edges' columns (qx <= 0). There
    /// the blur above or below the rectangle (qy >= 0) does not depend on x: with qx
    /// <= 0, `shadowCoverage` has ox = 0, so the root is of oy·oy alone (exactly oy) and
    /// max(qx, qy) >= 0. Outside them, beside the rectangle (qy < 0), it does not depend
    /// on y, likewise. A contiguous range: qx falls to the centre and rises again.
    func flatColumns(in columns: Range<Int>) -> Range<Int> {
        @inline(__always) func flat(_ x: Int) -> Bool { abs(Float(x) + 0.5 - center.x) - innerHalfWidth <= 0 }
        guard let start = columns.first(where: flat) else { return columns.lowerBound..<columns.lowerBound }
        var end = start
        while end < columns.upperBound && flat(end) { end += 1 }
        return start..<end
    }

    /// The coverage at one pixel's distances past the straight edges.
    func coverage(qx: Float, qy: Float) -> Float { shadowCoverage(qx: qx, qy: qy, radius: radius, scale: scale) }

    /// The coverage of `count` pixels of row `y` from `x`. With `fillingFullInside`,
    /// pixels deep enough inside to be drawn at full strength anyway (coverage that
    /// rounds to 255 of 255) get 1 without the blur worked out: coverage falls
    /// monotonically from the middle of a row outwards, so each end is worked out
    /// inwards until a group ends full, and everything between is full too.
    /// Returns the indices filled with 1 that way (empty without it).
    @discardableResult
    func row(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<Float>, fillingFullInside: Bool) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let qy = qy(y)
        guard fillingFullInside else {
            work(x: x, count: count, qy: qy, into: out)
            return 0..<0
        }
        var low = 0, high = count
        let group = 16
        while low < high {
            let n = min(group, high - low)
            work(x: x + low, count: n, qy: qy, into: out + low)
            low += n
            if isFull(out[low - 1]) { break }
        }
        while high > low {
            let n = min(group, high - low)
            high -= n
            work(x: x + high, count: n, qy: qy, into: out + high)
            if isFull(out[high]) { break }
        }
        guard high > low else { return low..<low }
        (out + low).update(repeating: 1, count: high - low)
        return low..<high
    }

    /// Coverage this close to 1 is drawn as 255 of 255, as 1 is (see Canvas.coverPixels).
    @inline(__always)
    private func isFull(_ coverage: Float) -> Bool { UInt32(min(1, coverage) * 255 + 0.5) >= 255 }

    /// Works out the blur for each pixel: eight a step with AVX2 where the CPU has it
    /// (the same floats), the rest here.
    private func work(x: Int, count: Int, qy: Float, into out: UnsafeMutablePointer<Float>) {
        let done = count >= 8 && rk_avx2_enabled() != 0
            ? rk_shadow_coverage_avx2(out, Int32(x), count, center.x, innerHalfWidth, qy, radius, scale) : 0
        for index in done..<count {
            let qx = abs(Float(x + index) + 0.5 - center.x) - innerHalfWidth
            out[index] = shadowCoverage(qx: qx, qy: qy, radius: radius, scale: scale)
        }
    }
}

/// A rounded rectangle's blurred coverage at a pixel, from its distances past the
/// straight edges (one formula for drawing and for masks, so both give the same pixels).
@inline(__always)
func shadowCoverage(qx: Float, qy: Float, radius r: Float, scale: Float) -> Float {
    let ox = max(qx, 0), oy = max(qy, 0)
    let distance = (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - r
    return 0.5 * (1 - approximateErf(distance * scale))
}

/// erf(x) to within 5e-4 (Abramowitz and Stegun 7.1.27), cheap enough per pixel.
@inline(__always)
func approximateErf(_ x: Float) -> Float {
    let sign: Float = x < 0 ? -1 : 1
    let a = abs(x)
    let t = 1 + a * (0.278_393 + a * (0.230_389 + a * (0.000_972 + a * 0.078_108)))
    let t2 = t * t
    return sign * (1 - 1 / (t2 * t2))
}
