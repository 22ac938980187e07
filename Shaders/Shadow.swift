import Raster

extension Canvas {
    /// A soft drop shadow under a rounded rectangle: the rectangle's shape blurred by
    /// about `blur` pixels (a Gaussian falloff of its signed distance), in `color`.
    public func drawShadow(of rect: Rect, radius: Float, blur: Float, offset: Point = Point(0, 0), color: Color) {
        let sigma = max(0.5, blur / 2)
        let shape = rect.offsetBy(dx: offset.x, dy: offset.y)
        let halfWidth = shape.width / 2, halfHeight = shape.height / 2
        let r = max(0, min(radius, halfWidth, halfHeight))
        let center = shape.center
        let area = shape.insetBy(-blur * 1.5 - 1).enclosingPixels.intersection(clip)
        guard !area.isEmpty, color.a > 0 else { return }
        let paint = SolidPaint(color)
        let scale = 1 / (sigma * 1.414_213_5)

        for y in area.y..<area.maxY {
            let qy = abs(Float(y) + 0.5 - center.y) - (halfHeight - r)
            for x in area.x..<area.maxX {
                let qx = abs(Float(x) + 0.5 - center.x) - (halfWidth - r)
                coverageScratch[x - area.x] = shadowCoverage(qx: qx, qy: qy, radius: r, scale: scale)
            }
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
        let sigma = max(0.5, blur / 2)
        let shape = rect.offsetBy(dx: offset.x, dy: offset.y)
        let halfWidth = shape.width / 2, halfHeight = shape.height / 2
        let r = max(0, min(radius, halfWidth, halfHeight))
        let center = shape.center
        let area = shape.insetBy(-blur * 1.5 - 1).enclosingPixels
        guard !area.isEmpty, area.width <= maxPixels, area.height <= maxPixels, area.width * area.height <= maxPixels else { return nil }
        self.area = area
        let scale = 1 / (sigma * 1.414_213_5)
        coverage = .allocate(capacity: area.width * area.height)
        for y in area.y..<area.maxY {
            let qy = abs(Float(y) + 0.5 - center.y) - (halfHeight - r)
            let row = coverage + (y - area.y) * area.width
            for x in area.x..<area.maxX {
                let qx = abs(Float(x) + 0.5 - center.x) - (halfWidth - r)
                row[x - area.x] = shadowCoverage(qx: qx, qy: qy, radius: r, scale: scale)
            }
        }
    }

    deinit {
        coverage.deallocate()
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
