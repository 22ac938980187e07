import Foundation

/// A vector outline: contours of lines and Bézier curves, flattened to polygons for
/// filling and stroking. Used to draw art; the frame-by-frame UI uses the analytic
/// shapes in Shapes.swift, which need no flattening.
public struct Path: Sendable {
    private enum Element: Sendable {
        case move(Point)
        case line(Point)
        case quad(Point, Point)
        case cubic(Point, Point, Point)
        case close
    }

    private var elements: [Element] = []

    public init() {}

    public mutating func move(to p: Point) { elements.append(.move(p)) }
    public mutating func line(to p: Point) { elements.append(.line(p)) }
    public mutating func quad(to p: Point, control: Point) { elements.append(.quad(control, p)) }
    public mutating func curve(to p: Point, control1: Point, control2: Point) { elements.append(.cubic(control1, control2, p)) }
    public mutating func close() { elements.append(.close) }

    /// A closed polygon through `points`.
    public static func polygon(_ points: [Point]) -> Path {
        var path = Path()
        guard let first = points.first else { return path }
        path.move(to: first)
        for p in points.dropFirst() { path.line(to: p) }
        path.close()
        return path
    }

    /// An ellipse as four cubic arcs.
    public static func ellipse(center: Point, radiusX: Float, radiusY: Float) -> Path {
        let k: Float = 0.552_284_75
        let cx = center.x, cy = center.y, rx = radiusX, ry = radiusY
        var path = Path()
        path.move(to: Point(cx + rx, cy))
        path.curve(to: Point(cx, cy + ry), control1: Point(cx + rx, cy + ry * k), control2: Point(cx + rx * k, cy + ry))
        path.curve(to: Point(cx - rx, cy), control1: Point(cx - rx * k, cy + ry), control2: Point(cx - rx, cy + ry * k))
        path.curve(to: Point(cx, cy - ry), control1: Point(cx - rx, cy - ry * k), control2: Point(cx - rx * k, cy - ry))
        path.curve(to: Point(cx + rx, cy), control1: Point(cx + rx * k, cy - ry), control2: Point(cx + rx, cy - ry * k))
        path.close()
        return path
    }

    /// A rounded rectangle.
    public static func roundedRect(_ rect: Rect, radius: Float) -> Path {
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        let k: Float = 0.552_284_75 * r
        var path = Path()
        path.move(to: Point(rect.minX + r, rect.minY))
        path.line(to: Point(rect.maxX - r, rect.minY))
        path.curve(to: Point(rect.maxX, rect.minY + r), control1: Point(rect.maxX - r + k, rect.minY), control2: Point(rect.maxX, rect.minY + r - k))
        path.line(to: Point(rect.maxX, rect.maxY - r))
        path.curve(to: Point(rect.maxX - r, rect.maxY), control1: Point(rect.maxX, rect.maxY - r + k), control2: Point(rect.maxX - r + k, rect.maxY))
        path.line(to: Point(rect.minX + r, rect.maxY))
        path.curve(to: Point(rect.minX, rect.maxY - r), control1: Point(rect.minX + r - k, rect.maxY), control2: Point(rect.minX, rect.maxY - r + k))
        path.line(to: Point(rect.minX, rect.minY + r))
        path.curve(to: Point(rect.minX + r, rect.minY), control1: Point(rect.minX, rect.minY + r - k), control2: Point(rect.minX + r - k, rect.minY))
        path.close()
        return path
    }

    /// The path with every point moved by `transform`.
    public func applying(_ transform: AffineTransform) -> Path {
        var result = Path()
        result.elements = elements.map { element in
            switch element {
            case .move(let p): return .move(transform.apply(p))
            case .line(let p): return .line(transform.apply(p))
            case .quad(let c, let p): return .quad(transform.apply(c), transform.apply(p))
            case .cubic(let c1, let c2, let p): return .cubic(transform.apply(c1), transform.apply(c2), transform.apply(p))
            case .close: return .close
            }
        }
        return result
    }

    /// The path as polylines, curves cut into segments no farther than `tolerance`
    /// pixels from the true curve. `closed` tells which contours were closed.
    public func flattened(tolerance: Float = 0.2) -> [(points: [Point], closed: Bool)] {
        var contours: [(points: [Point], closed: Bool)] = []
        var current: [Point] = []
        var position = Point(0, 0)
        func finish(closed: Bool) {
            if current.count > 1 { contours.append((current, closed)) }
            current = []
        }
        for element in elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                current = [p]
                position = p
            case .line(let p):
                if current.isEmpty { current = [position] }
                current.append(p)
                position = p
            case .quad(let c, let p):
                if current.isEmpty { current = [position] }
                let steps = Self.segmentCount(deviation: ((position - c * 2 + p) * 0.25).length, tolerance: tolerance)
                for step in 1...steps {
                    let t = Float(step) / Float(steps), u = 1 - t
                    current.append(position * (u * u) + c * (2 * u * t) + p * (t * t))
                }
                position = p
            case .cubic(let c1, let c2, let p):
                if current.isEmpty { current = [position] }
                let deviation = max((position - c1 * 2 + c2).length, (c1 - c2 * 2 + p).length) * 0.75
                let steps = Self.segmentCount(deviation: deviation, tolerance: tolerance)
                for step in 1...steps {
                    let t = Float(step) / Float(steps), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, cc = 3 * u * t * t, d = t * t * t
                    current.append(position * a + c1 * b + c2 * cc + p * d)
                }
                position = p
            case .close:
                if let first = current.first { position = first }
                finish(closed: true)
            }
        }
        finish(closed: false)
        return contours
    }

    private static func segmentCount(deviation: Float, tolerance: Float) -> Int {
        max(1, min(256, Int((deviation / tolerance).squareRoot().rounded(.up))))
    }

    /// The outline of a stroke along the path: a quad per segment and a round join
    /// or cap per vertex, all wound the same way so the nonzero fill unites them.
    public func strokeOutline(width: Float, tolerance: Float = 0.2) -> [[Point]] {
        let half = width / 2
        guard half > 0 else { return [] }
        var pieces: [[Point]] = []
        let roundSteps = max(8, min(64, Int((Float.pi * half / 2).squareRoot() * 4)))
        for contour in flattened(tolerance: tolerance) {
            var points = contour.points
            if contour.closed, let first = points.first { points.append(first) }
            for index in 0..<(points.count - 1) {
                let a = points[index], b = points[index + 1]
                let delta = b - a
                let length = delta.length
                guard length > 1e-6 else { continue }
                let normal = Point(-delta.y / length * half, delta.x / length * half)
                pieces.append(Self.positive([a + normal, b + normal, b - normal, a - normal]))
            }
            for point in points {
                pieces.append((0..<roundSteps).map { step in
                    let angle = Float(step) / Float(roundSteps) * 2 * Float.pi
                    return Point(point.x + half * Float(cos(Double(angle))), point.y + half * Float(sin(Double(angle))))
                })
            }
        }
        return pieces
    }

    /// The contour wound in the positive direction.
    private static func positive(_ points: [Point]) -> [Point] {
        var area: Float = 0
        var previous = points[points.count - 1]
        for p in points {
            area += previous.x * p.y - p.x * previous.y
            previous = p
        }
        return area >= 0 ? points : points.reversed()
    }
}


extension Canvas {
    /// Fills a path (nonzero rule: reversed contours cut holes).
    public func fill(_ path: Path, paint: some SpanPaint) {
        fillPolygons(path.flattened().map(\.points), paint: paint)
    }

    public func fill(_ path: Path, _ color: Color) {
        fill(path, paint: SolidPaint(color))
    }

    /// Strokes a path with round joins and caps.
    public func stroke(_ path: Path, width: Float, _ color: Color) {
        fillPolygons(path.strokeOutline(width: width), paint: SolidPaint(color))
    }

    /// A straight line with round caps.
    public func drawLine(from a: Point, to b: Point, width: Float, _ color: Color) {
        var path = Path()
        path.move(to: a)
        path.line(to: b)
        stroke(path, width: width, color)
    }
}
