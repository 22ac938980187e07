import Raster
import Shaders
import StressCore

/// The marks of the tools other than the fist (whose bruise is `MarkPainter.draw`):
/// each drawn in the picture's own pixels, atop it.
extension MarkPainter {
    /// A slap: a hot red flush in the shape of a hand, a palm and four fingers fanned
    /// up and a thumb, each a soft dab, redder as it deepens.
    func drawFlush(_ mark: Mark, on image: RasterImage) {
        let size = Float(min(image.width, image.height))
        let depth = max(0, min(1, mark.depth))
        let unit = (0.07 + 0.04 * depth) * size
        let center = Point(mark.x * Float(image.width), mark.y * Float(image.height))
        let wobble = Easing.sine(mark.x * 41.3 + mark.y * 77.9)
        let tilt = wobble * 0.35
        let alpha = 0.28 + 0.4 * depth
        let hot = Color(hex: 0xE8344E).mixed(with: Color(hex: 0xC41E45), depth)
        func dab(_ at: Point, _ radius: Float, _ strength: Float) {
            let paint = RadialGradientPaint(center: at, radius: radius, stops: [
                (0, hot.withAlpha(alpha * strength)), (0.55, hot.withAlpha(alpha * strength * 0.7)),
                (1, Color(hex: 0xF07A8A).withAlpha(0)),
            ])
            paintAtop(paint, around: at, radiusX: radius, radiusY: radius, on: image)
        }
        // A wide warm glow, then the hand: palm, four fingers fanned and a thumb, filled
        // as one shape (overlaps count once), so hits read as a hand, not as dabs.
        dab(center, unit * 1.35, 0.45)
        let box = Self.extent(of: mark, width: image.width, height: image.height)
        shapes(in: box, on: image) { canvas, o in
            let c = Point(center.x - o.x, center.y - o.y)
            /// A finger from `from` out along `angle` (0 is up), `length` long.
            func finger(_ angle: Float, from: Float, length: Float, width: Float) -> Path {
                let base = Point(c.x + Easing.sine(angle + tilt) * from, c.y - Easing.cosine(angle + tilt) * from)
                return Path.roundedRect(Rect(x: -width / 2, y: -length, width: width, height: length + width / 2), radius: width / 2)
                    .applying(AffineTransform.rotation(angle + tilt).then(.translation(base.x, base.y)))
            }
            var parts = [Path.ellipse(center: Point(c.x, c.y + unit * 0.18), radiusX: unit * 0.6, radiusY: unit * 0.56)]
            for (index, angle) in [Float(-0.42), -0.14, 0.14, 0.40].enumerated() {
                let length: Float = index == 0 ? 0.78 : index == 3 ? 0.72 : 0.92
                parts.append(finger(angle, from: unit * 0.42, length: unit * length, width: unit * 0.27))
            }
            parts.append(finger(-1.35, from: unit * 0.4, length: unit * 0.5, width: unit * 0.28))
            let paint = RadialGradientPaint(center: Point(c.x, c.y + unit * 0.1), radius: unit * 1.5, stops: [
                (0, hot.withAlpha(min(0.85, alpha * 1.15))), (0.6, hot.withAlpha(alpha * 0.8)), (1, hot.withAlpha(alpha * 0.55)),
            ])
            canvas.fillPolygons(parts.flatMap { $0.flattened().map(\.points) }, paint: paint)
        }
    }

    /// A pie: a dollop of cream, off-white with a pale shadow and a shine, crumbs of
    /// crust around it and drips running down that lengthen as it is hit again.
    func drawCream(_ mark: Mark, on image: RasterImage) {
        let size = Float(min(image.width, image.height))
        let depth = max(0, min(1, mark.depth))
        let radius = (0.055 + 0.04 * depth) * size
        let center = Point(mark.x * Float(image.width), mark.y * Float(image.height))
        var random = SeededRandom(seed: Self.shapeSeed(mark) ^ 0xC4EA_0000)
        let drip = (0.05 + 0.16 * depth) * size
        let box = Self.extent(of: mark, width: image.width, height: image.height)
        shapes(in: box, on: image) { canvas, o in
            let c = Point(center.x - o.x, center.y - o.y)
            // Drips first, so the dollop's edge covers where they start.
            let drips = 2 + Int(depth * 2.5)
            for index in 0..<drips {
                let across = (Float(index) + 0.5) / Float(drips) * 1.3 - 0.65 + random.nextSigned() * 0.08
                let width = radius * (0.2 + 0.08 * random.nextUnit())
                let length = drip * (0.45 + 0.55 * random.nextUnit())
                let top = Point(c.x + across * radius, c.y + radius * 0.3)
                let body = Rect(x: top.x - width / 2, y: top.y, width: width, height: length)
                canvas.fillRoundedRect(body.insetBy(-radius * 0.03), radius: width * 0.6, Color(hex: 0xE9D8BC))
                canvas.fillRoundedRect(body, radius: width / 2, Color(hex: 0xFFF8EA))
                canvas.fillCircle(center: Point(top.x, top.y + length), radius: width * 0.68, Color(hex: 0xFFF8EA))
                canvas.fillCircle(center: Point(top.x - width * 0.18, top.y + length - width * 0.1), radius: width * 0.2,
                                  Color.white.withAlpha(0.9))
            }
            // Cream smeared where the pie slid on, under the dollop.
            let smear = AffineTransform.rotation(random.nextSigned() * 0.5).then(.translation(c.x, c.y))
            canvas.fill(Path.ellipse(center: Point(0, 0), radiusX: radius * 1.45, radiusY: radius * 0.42).applying(smear),
                        Color(hex: 0xFFF6E4, alpha: 0.7))
            // The dollop: a low, lumpy mound (wider than tall: cream slumps), a soft
            // cream edge, a shine.
            var radii: [Float] = []
            for _ in 0..<11 { radii.append(radius * (0.86 + 0.22 * random.nextUnit())) }
            let slump = AffineTransform.translation(-c.x, -c.y).then(.scale(1.12, 0.74)).then(.translation(c.x, c.y))
            let outline = Self.blob(c, radii: radii.map { $0 * 1.05 }, turn: random.nextUnit()).applying(slump)
            canvas.fill(outline, Color(hex: 0xEADBC0))
            let cream = Self.blob(c, radii: radii, turn: random.nextUnit() * 0.1).applying(slump)
            canvas.fill(cream, paint: RadialGradientPaint(center: Point(c.x - radius * 0.3, c.y - radius * 0.35), radius: radius * 1.5,
                                                          stops: [(0, Color(hex: 0xFFFFFF)), (0.55, Color(hex: 0xFFF6E4)), (1, Color(hex: 0xEFDDBF))]))
            canvas.fillEllipse(center: Point(c.x - radius * 0.32, c.y - radius * 0.38), radiusX: radius * 0.3, radiusY: radius * 0.14,
                               Color.white.withAlpha(0.9))
            // A crumb or two of golden crust, low beside it.
            for _ in 0..<(1 + Int(depth * 1.5)) {
                let angle = Float.pi * (0.15 + 0.7 * random.nextUnit())
                let distance = radius * (1.1 + 0.2 * random.nextUnit())
                let at = Point(c.x + Easing.cosine(angle) * distance, c.y + Easing.sine(angle) * distance * 0.8)
                let r = radius * (0.05 + 0.03 * random.nextUnit())
                canvas.fillEllipse(center: at, radiusX: r * 1.2, radiusY: r, Color(hex: 0x8A5424))
                canvas.fillEllipse(center: Point(at.x - r * 0.15, at.y - r * 0.15), radiusX: r, radiusY: r * 0.8, Color(hex: 0xD99A4E))
            }
        }
    }

    /// A tomato: a red splat with uneven arms, droplets flung around it, a darker
    /// wet middle, pale seeds and a shine.
    func drawSplat(_ mark: Mark, on image: RasterImage) {
        let size = Float(min(image.width, image.height))
        let depth = max(0, min(1, mark.depth))
        let radius = (0.05 + 0.04 * depth) * size
        let center = Point(mark.x * Float(image.width), mark.y * Float(image.height))
        var random = SeededRandom(seed: Self.shapeSeed(mark) ^ 0x7A3A_0000)
        let box = Self.extent(of: mark, width: image.width, height: image.height)
        let red = Color(hex: 0xD9272E), dark = Color(hex: 0x9E1420)
        shapes(in: box, on: image) { canvas, o in
            let c = Point(center.x - o.x, center.y - o.y)
            // An uneven splat: mostly a lumpy disc, with a few arms thrown further out.
            var radii: [Float] = []
            let arms = 22
            for _ in 0..<arms {
                let reach = random.nextUnit(), thrown = random.nextUnit()
                // About one point in four is an arm flung out, as long as chance makes it.
                radii.append(thrown < 0.27 ? radius * (1.05 + 0.55 * reach) : radius * (0.7 + 0.2 * reach))
            }
            let turn = random.nextUnit() * Float.pi
            canvas.fill(Self.blob(c, radii: radii.map { $0 + radius * 0.06 }, turn: turn), dark.withAlpha(0.95))
            canvas.fill(Self.blob(c, radii: radii, turn: turn), paint: RadialGradientPaint(
                center: c, radius: radius * 1.4, stops: [(0, dark), (0.35, red), (1, Color(hex: 0xE84A3C))]))
            // Droplets flung out, some elongated along their flight.
            for _ in 0..<(5 + Int(depth * 4)) {
                let angle = random.nextUnit() * 2 * Float.pi
                let distance = radius * (1.5 + 0.35 * random.nextUnit())
                let at = Point(c.x + Easing.cosine(angle) * distance, c.y + Easing.sine(angle) * distance)
                let r = radius * (0.08 + 0.08 * random.nextUnit())
                canvas.fillCircle(center: at, radius: r * 1.15, dark)
                canvas.fillCircle(center: at, radius: r, red)
            }
            // Seeds and a wet shine.
            for _ in 0..<(3 + Int(depth * 3)) {
                let angle = random.nextUnit() * 2 * Float.pi
                let distance = radius * 0.5 * random.nextUnit()
                let at = Point(c.x + Easing.cosine(angle) * distance, c.y + Easing.sine(angle) * distance)
                canvas.fill(Path.ellipse(center: Point(0, 0), radiusX: radius * 0.08, radiusY: radius * 0.05)
                    .applying(AffineTransform.rotation(angle).then(.translation(at.x, at.y))), Color(hex: 0xF6E7A6))
            }
            canvas.fillEllipse(center: Point(c.x - radius * 0.35, c.y - radius * 0.4), radiusX: radius * 0.26, radiusY: radius * 0.12,
                               Color.white.withAlpha(0.6))
        }
    }

    /// A rubber mallet: a round cartoon bump, shaded as a little dome (light up and
    /// left, a shadow crescent down and right), bigger and shinier as it deepens.
    func drawBump(_ mark: Mark, on image: RasterImage) {
        let size = Float(min(image.width, image.height))
        let depth = max(0, min(1, mark.depth))
        let radius = (0.04 + 0.04 * depth) * size
        let center = Point(mark.x * Float(image.width), mark.y * Float(image.height))
        let glow = RadialGradientPaint(center: center, radius: radius * 1.3, stops: [
            (0, Color(hex: 0xF2708A).withAlpha(0.25 + 0.2 * depth)), (0.7, Color(hex: 0xE05A7A).withAlpha(0.18)),
            (1, Color(hex: 0xE05A7A).withAlpha(0)),
        ])
        paintAtop(glow, around: center, radiusX: radius * 1.3, radiusY: radius * 1.3, on: image)
        // The bump itself: a swollen disc lit from the upper left and in shadow at the
        // lower right (a dome, not a ring), a small bright highlight on its crown.
        let box = Self.extent(of: mark, width: image.width, height: image.height)
        shapes(in: box, on: image) { canvas, o in
            let c = Point(center.x - o.x, center.y - o.y)
            let shading = LinearGradientPaint(
                from: Point(c.x - radius * 0.7, c.y - radius * 0.7), to: Point(c.x + radius * 0.7, c.y + radius * 0.7),
                stops: [(0, Color(hex: 0xFFC9D6, alpha: 0.75)), (0.45, Color(hex: 0xE8607F, alpha: 0.68 + 0.12 * depth)),
                        (1, Color(hex: 0x8A2A50, alpha: 0.78 + 0.12 * depth))])
            canvas.fillEllipse(center: c, radiusX: radius, radiusY: radius * 0.94, paint: shading)
            canvas.fillEllipse(center: Point(c.x - radius * 0.36, c.y - radius * 0.38), radiusX: radius * 0.2, radiusY: radius * 0.13,
                               Color.white.withAlpha(0.7 + 0.2 * depth))
        }
    }
}
