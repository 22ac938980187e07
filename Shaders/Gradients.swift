import Raster

/// Colour stops turned into a 256-entry table of premultiplied colours, made once
/// when the paint is made, so shading a pixel is one table lookup.
public struct GradientTable: Sendable {
    public static let size = 256
    let entries: [UInt32]

    /// `stops` are (position 0...1, colour) pairs in increasing position.
    public init(_ stops: [(Float, Color)]) {
        var table = [UInt32](repeating: 0, count: Self.size)
        let sorted = stops.sorted { $0.0 < $1.0 }
        for index in 0..<Self.size {
            let t = Float(index) / Float(Self.size - 1)
            var color = sorted.first?.1 ?? .clear
            for (offset, stop) in sorted.enumerated() {
                if t <= stop.0 {
                    if offset == 0 { color = stop.1; break }
                    let previous = sorted[offset - 1]
                    let span = max(stop.0 - previous.0, 1e-6)
                    color = previous.1.mixed(with: stop.1, (t - previous.0) / span)
                    break
                }
                color = stop.1
            }
            table[index] = color.premultiplied
        }
        entries = table
    }

    public var isOpaque: Bool { entries.allSatisfy { $0 >> 24 == 255 } }

    @inline(__always)
    func color(at t: Float) -> UInt32 {
        let index = Int(max(0, min(1, t)) * Float(Self.size - 1) + 0.5)
        return entries.withUnsafeBufferPointer { $0[index] }
    }
}

/// A linear gradient from `start` (t = 0) to `end` (t = 1), clamped beyond.
public struct LinearGradientPaint: SpanPaint {
    let table: GradientTable
    let start: Point
    let dx: Float
    let dy: Float
    public let isOpaque: Bool

    public init(from start: Point, to end: Point, stops: [(Float, Color)]) {
        self.init(from: start, to: end, table: GradientTable(stops))
    }

    public init(from start: Point, to end: Point, table: GradientTable) {
        self.table = table
        self.start = start
        let delta = end - start
        let lengthSquared = max(delta.x * delta.x + delta.y * delta.y, 1e-6)
        dx = delta.x / lengthSquared
        dy = delta.y / lengthSquared
        isOpaque = table.isOpaque
    }

    public func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        var t = (Float(x) + 0.5 - start.x) * dx + (Float(y) + 0.5 - start.y) * dy
        if abs(dx) < 1e-9 {
            // Vertical gradient: one colour for the whole span.
            SpanBlend.fill(out, count: count, with: table.color(at: t))
            return
        }
        table.entries.withUnsafeBufferPointer { entries in
            let last = Float(GradientTable.size - 1)
            for index in 0..<count {
                out[index] = entries[Int(max(0, min(1, t)) * last + 0.5)]
                t += dx
            }
        }
    }
}

/// A radial gradient: t = 0 at `center`, t = 1 at `radius` (scaled by `aspect` in y
/// for an elliptical falloff), clamped beyond.
public struct RadialGradientPaint: SpanPaint {
    let table: GradientTable
    let center: Point
    let inverseRadius: Float
    let aspect: Float
    public let isOpaque: Bool

    public init(center: Point, radius: Float, aspect: Float = 1, stops: [(Float, Color)]) {
        table = GradientTable(stops)
        self.center = center
        inverseRadius = 1 / max(radius, 1e-3)
        self.aspect = aspect
        isOpaque = table.isOpaque
    }

    public func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let dy = (Float(y) + 0.5 - center.y) * inverseRadius / aspect
        let dy2 = dy * dy
        var dx = (Float(x) + 0.5 - center.x) * inverseRadius
        table.entries.withUnsafeBufferPointer { entries in
            let last = Float(GradientTable.size - 1)
            for index in 0..<count {
                let t = min(1, (dx * dx + dy2).squareRoot())
                out[index] = entries[Int(t * last + 0.5)]
                dx += inverseRadius
            }
        }
    }
}

extension Canvas {
    /// Darkens the clip's edges and corners: transparent in the middle, `color` at
    /// `strength` in the far corners.
    public func drawVignette(color: Color = .black, strength: Float = 0.45) {
        let area = clip
        guard !area.isEmpty else { return }
        let size = Float(max(width, height))
        let paint = RadialGradientPaint(
            center: Point(Float(width) / 2, Float(height) / 2), radius: size * 0.75,
            aspect: Float(height) / Float(max(width, 1)) + 0.35,
            stops: [(0, color.withAlpha(0)), (0.55, color.withAlpha(0)), (1, color.withAlpha(strength))])
        fill(PixelRect(x: 0, y: 0, width: width, height: height), paint: paint)
    }
}
