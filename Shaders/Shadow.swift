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
                let ox = max(qx, 0), oy = max(qy, 0)
                let distance = (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - r
                coverageScratch[x - area.x] = 0.5 * (1 - approximateErf(distance * scale))
            }
            fillCoverageRow(y: y, x: area.x, count: area.width, paint: paint)
        }
    }
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
