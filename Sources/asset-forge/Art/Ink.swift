import Foundation
import Raster
import Shaders

/// Foundation has an AffineTransform too; the art always means the renderer's.
typealias AffineTransform = Raster.AffineTransform

/// The house cartoon style shared by every illustration: one dark ink for outlines,
/// outlines drawn as a wider dark shape under the fill, top-lit gradient shading and
/// white "shine" highlights.
enum Ink {
    /// Outline ink: a warm near-black, softer than pure black next to bright fills.
    static let color = Color(hex: 0x2B1D2F)
    /// Visible outline thickness at 1024 px: about 1.7 px in a 96 px thumbnail, which
    /// is what keeps shapes readable that small.
    static let outline: Float = 17
    /// Thinner ink for details inside a shape (face features, seams).
    static let detail: Float = 13
}

extension Color {
    /// Mixed toward white.
    func lighter(_ amount: Float) -> Color { mixed(with: .white, amount).withAlpha(a) }
    /// Mixed toward a deep violet rather than black, so shadows stay colourful, not muddy.
    func darker(_ amount: Float) -> Color { mixed(with: Color(hex: 0x24123A), amount).withAlpha(a) }
}

extension AffineTransform {
    /// Rotation by `radians` (clockwise on screen) about `center`.
    static func rotation(_ radians: Float, around center: Point) -> AffineTransform {
        AffineTransform.translation(-center.x, -center.y).then(.rotation(radians)).then(.translation(center.x, center.y))
    }
}

/// Degrees to radians, since art is easier to think about in degrees.
func degrees(_ value: Float) -> Float { value * Float.pi / 180 }

/// A point at `radius` from `center` at `angle` radians (0 = right, clockwise on screen).
func polar(_ center: Point, _ radius: Float, _ angle: Float) -> Point {
    Point(center.x + radius * cos(angle), center.y + radius * sin(angle))
}

enum Shape {
    /// An ellipse turned by `rotation` radians about its centre.
    static func ellipse(_ center: Point, _ rx: Float, _ ry: Float, rotation: Float = 0) -> Path {
        let path = Path.ellipse(center: center, radiusX: rx, radiusY: ry)
        return rotation == 0 ? path : path.applying(.rotation(rotation, around: center))
    }

    static func circle(_ center: Point, _ radius: Float) -> Path {
        Path.ellipse(center: center, radiusX: radius, radiusY: radius)
    }

    static func roundedRect(_ x: Float, _ y: Float, _ width: Float, _ height: Float, radius: Float, rotation: Float = 0) -> Path {
        let rect = Rect(x: x, y: y, width: width, height: height)
        let path = Path.roundedRect(rect, radius: radius)
        return rotation == 0 ? path : path.applying(.rotation(rotation, around: rect.center))
    }

    /// A smooth closed blob through `points` (Catmull-Rom turned into cubic Béziers).
    static func blob(_ points: [Point], tension: Float = 1) -> Path {
        var path = Path()
        let count = points.count
        guard count > 2 else { return Path.polygon(points) }
        path.move(to: points[0])
        for index in 0..<count {
            let p0 = points[(index + count - 1) % count], p1 = points[index]
            let p2 = points[(index + 1) % count], p3 = points[(index + 2) % count]
            let c1 = p1 + (p2 - p0) * (tension / 6)
            let c2 = p2 - (p3 - p1) * (tension / 6)
            path.curve(to: p2, control1: c1, control2: c2)
        }
        path.close()
        return path
    }

    /// An open smooth curve through `points`, for strokes.
    static func curve(_ points: [Point]) -> Path {
        var path = Path()
        guard let first = points.first else { return path }
        path.move(to: first)
        let count = points.count
        for index in 0..<(count - 1) {
            let p0 = points[max(0, index - 1)], p1 = points[index]
            let p2 = points[index + 1], p3 = points[min(count - 1, index + 2)]
            path.curve(to: p2, control1: p1 + (p2 - p0) * (1 / 6), control2: p2 - (p3 - p1) * (1 / 6))
        }
        return path
    }

    /// A star or burst: `points` spikes alternating between the outer radii (one per
    /// spike, cycled) and `inner`, starting at `rotation`.
    static func star(_ center: Point, outer: [Float], inner: Float, points: Int, rotation: Float = 0) -> Path {
        var corners: [Point] = []
        for index in 0..<(points * 2) {
            let angle = rotation + Float(index) * Float.pi / Float(points)
            let radius = index % 2 == 0 ? outer[(index / 2) % outer.count] : inner
            corners.append(polar(center, radius, angle))
        }
        return Path.polygon(corners)
    }

    /// A teardrop with its point up, `height` tall, for sweat and coffee drops.
    static func drop(tip: Point, height: Float, tilt: Float = 0) -> Path {
        let r = height * 0.36
        let c = Point(tip.x, tip.y + height - r)
        var path = Path()
        path.move(to: tip)
        path.curve(to: Point(c.x + r, c.y), control1: Point(tip.x + r * 0.25, tip.y + height * 0.3), control2: Point(c.x + r, c.y - r * 0.9))
        path.curve(to: Point(c.x - r, c.y), control1: Point(c.x + r, c.y + r * 1.33), control2: Point(c.x - r, c.y + r * 1.33))
        path.curve(to: tip, control1: Point(c.x - r, c.y - r * 0.9), control2: Point(tip.x - r * 0.25, tip.y + height * 0.3))
        path.close()
        return tilt == 0 ? path : path.applying(.rotation(tilt, around: c))
    }

    /// The part of a closed polygon on the left of the directed line a -> b
    /// (Sutherland-Hodgman against one edge), used for eyelids and cut-away shapes.
    static func clip(_ polygon: [Point], keepingLeftOf a: Point, _ b: Point) -> [Point] {
        func side(_ p: Point) -> Float { (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) }
        var result: [Point] = []
        guard let last = polygon.last else { return result }
        var previous = last
        for current in polygon {
            let sp = side(previous), sc = side(current)
            if sc <= 0 {
                if sp > 0 { result.append(previous + (current - previous) * (sp / (sp - sc))) }
                result.append(current)
            } else if sp <= 0 {
                result.append(previous + (current - previous) * (sp / (sp - sc)))
            }
            previous = current
        }
        return result
    }

    /// The part of `polygon` inside the convex `window`, both wound as `ellipsePoints`
    /// winds them (clockwise on screen): a tongue kept inside its mouth.
    static func clip(_ polygon: [Point], inside window: [Point]) -> [Point] {
        var result = polygon
        for index in window.indices where !result.isEmpty {
            // Reversed edge: the window's inside is on the right of its clockwise edges.
            result = clip(result, keepingLeftOf: window[(index + 1) % window.count], window[index])
        }
        return result
    }

    /// An ellipse as a polygon, for clipping.
    static func ellipsePoints(_ center: Point, _ rx: Float, _ ry: Float, rotation: Float = 0, count: Int = 96) -> [Point] {
        (0..<count).map { index in
            let angle = Float(index) / Float(count) * 2 * Float.pi
            let local = Point(rx * cos(angle), ry * sin(angle))
            let turned = Point(local.x * cos(rotation) - local.y * sin(rotation), local.x * sin(rotation) + local.y * cos(rotation))
            return center + turned
        }
    }
}

extension Canvas {
    /// The cartoon shape: the path stroked in ink twice the outline width (half of it
    /// shows outside the shape), then filled on top.
    func outlined(_ path: Path, _ paint: some SpanPaint, outline: Float = Ink.outline) {
        stroke(path, width: outline * 2, Ink.color)
        fill(path, paint: paint)
    }

    func outlined(_ path: Path, _ color: Color, outline: Float = Ink.outline) {
        outlined(path, SolidPaint(color), outline: outline)
    }

    /// An ink line or curve with round caps.
    func ink(_ path: Path, width: Float = Ink.detail, color: Color = Ink.color) {
        stroke(path, width: width, color)
    }

    func inkLine(_ a: Point, _ b: Point, width: Float = Ink.detail, color: Color = Ink.color) {
        drawLine(from: a, to: b, width: width, color)
    }

    /// A soft elliptical shadow on the ground under the subject.
    func groundShadow(center: Point, width: Float, height: Float, strength: Float = 0.3) {
        let paint = RadialGradientPaint(
            center: center, radius: width / 2, aspect: height / width,
            stops: [(0, Color(hex: 0x1A1030, alpha: strength)), (0.6, Color(hex: 0x1A1030, alpha: strength * 0.55)),
                    (1, Color(hex: 0x1A1030, alpha: 0))])
        fill(Rect(x: center.x - width / 2, y: center.y - height / 2, width: width, height: height), paint: paint)
    }

    /// Short curved "shaking" strokes, centred on `center` and facing `angle`.
    func motionLines(around center: Point, radius: Float, angle: Float, spread: Float = 0.5, count: Int = 3,
                     width: Float = 14, gap: Float = 34) {
        for index in 0..<count {
            let r = radius + Float(index) * gap
            let half = spread * (1 - Float(index) * 0.12) / 2
            var path = Path()
            path.move(to: polar(center, r, angle - half))
            path.quad(to: polar(center, r, angle + half), control: polar(center, r * 1.03, angle))
            ink(path, width: width)
        }
    }

    /// A sweat drop with outline and shine.
    func sweatDrop(tip: Point, height: Float, tilt: Float = 0) {
        let drop = Shape.drop(tip: tip, height: height, tilt: tilt)
        outlined(drop, LinearGradientPaint(
            from: tip, to: Point(tip.x, tip.y + height),
            stops: [(0, Color(hex: 0xBDEBFF)), (1, Color(hex: 0x4AB3F0))]), outline: Ink.detail * 0.8)
        let c = Point(tip.x - height * 0.1, tip.y + height * 0.6)
        fill(Shape.ellipse(c, height * 0.07, height * 0.13, rotation: tilt + 0.3), Color.white.withAlpha(0.85))
    }
}

/// Top-lit shading: lighter at `top`, the base colour in the middle, darker at `bottom`.
func topLit(_ base: Color, top: Float, bottom: Float, light: Float = 0.28, dark: Float = 0.22) -> LinearGradientPaint {
    LinearGradientPaint(
        from: Point(0, top), to: Point(0, bottom),
        stops: [(0, base.lighter(light)), (0.5, base), (1, base.darker(dark))])
}

/// Shading for round things: lit from the upper left.
func ballLit(_ base: Color, center: Point, radius: Float, light: Float = 0.35, dark: Float = 0.25) -> RadialGradientPaint {
    RadialGradientPaint(
        center: Point(center.x - radius * 0.35, center.y - radius * 0.4), radius: radius * 1.45,
        stops: [(0, base.lighter(light)), (0.45, base), (1, base.darker(dark))])
}
