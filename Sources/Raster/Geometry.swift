// Raster owns the software renderer: the Canvas framebuffer, colours, clipping,
// compositing, anti-aliased shape coverage (rounded rectangles, circles, ellipses,
// polygons and paths), image blits, glyph-mask text and the band-parallel executor.
// It must not touch SDL, files or the clock: pixels in, pixels out.

import Foundation

/// A point or vector in canvas pixels; (0, 0) is the top-left corner of the top-left pixel.
public struct Point: Sendable, Hashable {
    public var x: Float
    public var y: Float
    public init(_ x: Float, _ y: Float) { self.x = x; self.y = y }
    public init(x: Float, y: Float) { self.x = x; self.y = y }

    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public static func * (a: Point, s: Float) -> Point { Point(a.x * s, a.y * s) }
    public var length: Float { (x * x + y * y).squareRoot() }
}

/// A rectangle with fractional edges, for anti-aliased drawing.
public struct Rect: Sendable, Hashable {
    public var x: Float
    public var y: Float
    public var width: Float
    public var height: Float

    public init(x: Float, y: Float, width: Float, height: Float) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public var minX: Float { x }
    public var minY: Float { y }
    public var maxX: Float { x + width }
    public var maxY: Float { y + height }
    public var center: Point { Point(x + width / 2, y + height / 2) }

    /// The rectangle grown by `amount` on every side (shrunk when negative).
    public func insetBy(_ amount: Float) -> Rect {
        Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    public func offsetBy(dx: Float, dy: Float) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }

    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    /// The smallest whole-pixel rectangle covering this one. Coordinates are held to
    /// ±2^30 pixels (no canvas is near that), and a NaN edge gives an empty rectangle:
    /// a transform gone wild then draws nothing instead of trapping in `Int(_:)`.
    public var enclosingPixels: PixelRect {
        guard !x.isNaN, !y.isNaN, !width.isNaN, !height.isNaN else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        @inline(__always) func held(_ value: Float) -> Float { min(Self.pixelLimit, max(-Self.pixelLimit, value)) }
        let left = Int(held(x).rounded(.down)), top = Int(held(y).rounded(.down))
        let right = Int(held(maxX).rounded(.up)), bottom = Int(held(maxY).rounded(.up))
        return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    static let pixelLimit: Float = 1_073_741_824
}

/// A rectangle of whole pixels, for clipping and exact fills.
public struct PixelRect: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The smallest rectangle holding both (an empty one adds nothing).
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let left = min(x, other.x), top = min(y, other.y)
        return PixelRect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    public func intersects(_ other: PixelRect) -> Bool {
        !isEmpty && !other.isEmpty && x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    public func intersection(_ other: PixelRect) -> PixelRect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// Calls `body` with the parts of this rectangle outside `hole` (at most four: the
    /// rows above and below it, then the columns beside it), none overlapping, so what
    /// an opaque picture will cover is not filled first. A visitor: nothing allocates.
    public func forEachPart(outside hole: PixelRect, _ body: (PixelRect) -> Void) {
        let covered = intersection(hole)
        guard !covered.isEmpty else {
            if !isEmpty { body(self) }
            return
        }
        @inline(__always) func visit(_ part: PixelRect) { if !part.isEmpty { body(part) } }
        visit(PixelRect(x: x, y: y, width: width, height: covered.y - y))
        visit(PixelRect(x: x, y: covered.maxY, width: width, height: maxY - covered.maxY))
        visit(PixelRect(x: x, y: covered.y, width: covered.x - x, height: covered.height))
        visit(PixelRect(x: covered.maxX, y: covered.y, width: maxX - covered.maxX, height: covered.height))
    }

    /// The same for several holes: the parts of this rectangle outside all of them,
    /// none overlapping. Each part is split by the next hole that reaches it only.
    public func forEachPart(outside holes: ArraySlice<PixelRect>, _ body: (PixelRect) -> Void) {
        guard !isEmpty else { return }
        guard let index = holes.firstIndex(where: { intersects($0) }) else {
            body(self)
            return
        }
        let rest = holes[(index + 1)...]
        forEachPart(outside: holes[index]) { $0.forEachPart(outside: rest, body) }
    }
}

/// A 2D affine transform: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct AffineTransform: Sendable, Hashable {
    public var a: Float, b: Float, c: Float, d: Float, tx: Float, ty: Float

    public init(a: Float, b: Float, c: Float, d: Float, tx: Float, ty: Float) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ dx: Float, _ dy: Float) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
    }

    public static func scale(_ sx: Float, _ sy: Float) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Rotation by `radians`, clockwise on screen (y points down).
    public static func rotation(_ radians: Float) -> AffineTransform {
        let cosine = Float(cos(Double(radians))), sine = Float(sin(Double(radians)))
        return AffineTransform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// First self, then `next`.
    public func then(_ next: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: next.a * a + next.c * b, b: next.b * a + next.d * b,
            c: next.a * c + next.c * d, d: next.b * c + next.d * d,
            tx: next.a * tx + next.c * ty + next.tx, ty: next.b * tx + next.d * ty + next.ty)
    }

    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// The inverse, or nil when the transform squashes everything onto a line.
    public var inverted: AffineTransform? {
        let determinant = a * d - b * c
        guard abs(determinant) > 1e-12 else { return nil }
        let inv = 1 / determinant
        return AffineTransform(
            a: d * inv, b: -b * inv, c: -c * inv, d: a * inv,
            tx: (c * ty - d * tx) * inv, ty: (b * tx - a * ty) * inv)
    }
}

