import CRasterKernels
import Raster

extension Canvas {
    /// A soft drop shadow under a rounded rectangle: the rectangle's shape blurred by
    /// about `blur` pixels (a Gaussian falloff of its signed distance), in `color`.
    public func drawShadow(of rect: Rect, radius: Float, blur: Float, offset: Point = Point(0, 0), color: Color) {
        let shape = ShadowShape(rect, radius: radius, blur: blur, offset: offset)
        let area = shape.area.intersection(clip)
        guard !area.isEmpty, color.a > 0 else { return }
        let paint = SolidPaint(color)
        for y in area.y..<area.maxY {
            shape.row(y: y, x: area.x, count: area.width, into: coverageScratch, fillingFullInside: true)
            fillCoverageRow(y: y, x: area.x, count: area.width, paint: paint)
        }
    }

    /// Draws a shadow from its `mask` (the same pixels `drawShadow` draws for the
    /// mask's shape, read instead of worked out).
    public func drawShadow(_ mask: ShadowMask, color: Color) {
        let area = mask.area.intersection(clip)
        guard !area.isEmpty, color.a > 0 else { return }
        let paint = SolidPaint(color)
        for y in area.y..<area.maxY {
            let source = mask.coverage + ((y - mask.area.y) * mask.area.width + (area.x - mask.area.x))
            coverageScratch.update(from: source, count: area.width)
            fillCoverageRow(y: y, x: area.x, count: area.width, paint: paint)
        }
    }
}

/// A soft shadow's coverage worked out once for every pixel it reaches, for a shadow
/// that holds still while what is over it changes (a pulsing button redraws the
/// shadow under it every frame, and the blur is costly per pixel).
public final class ShadowMask: @unchecked Sendable {
    // @unchecked: `coverage` is written only in init.
    /// The pixels the shadow reaches (as `drawShadow` reckons them, unclipped).
    public let area: PixelRect
    let coverage: UnsafeMutablePointer<Float>

    /// The mask of `drawShadow(of: rect, radius:, blur:, offset:)`; nil when it reaches
    /// no pixel or more than `maxPixels`.
    public init?(of rect: Rect, radius: Float, blur: Float, offset: Point = Point(0, 0), maxPixels: Int = 1 << 18) {
        let shape = ShadowShape(rect, radius: radius, blur: blur, offset: offset)
        let area = shape.area
        guard !area.isEmpty, area.width <= maxPixels, area.height <= maxPixels, area.width * area.height <= maxPixels else { return nil }
        self.area = area
        coverage = .allocate(capacity: area.width * area.height)
        for y in area.y..<area.maxY {
            shape.row(y: y, x: area.x, count: area.width, into: coverage + (y - area.y) * area.width, fillingFullInside: false)
        }
    }

    deinit {
        coverage.deallocate()
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

    /// The coverage of `count` pixels of row `y` from `x`. With `fillingFullInside`,
    /// pixels deep enough inside to be drawn at full strength anyway (coverage that
    /// rounds to 255 of 255) get 1 without the blur worked out: coverage falls
    /// monotonically from the middle of a row outwards, so each end is worked out
    /// inwards until a group ends full, and everything between is full too.
    func row(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<Float>, fillingFullInside: Bool) {
        let qy = abs(Float(y) + 0.5 - center.y) - innerHalfHeight
        guard fillingFullInside else {
            work(x: x, count: count, qy: qy, into: out)
            return
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
        if high > low { (out + low).update(repeating: 1, count: high - low) }
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
