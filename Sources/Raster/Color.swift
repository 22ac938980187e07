/// A colour with straight (not premultiplied) alpha, each channel 0...1.
public struct Color: Sendable, Hashable {
    public var r: Float
    public var g: Float
    public var b: Float
    public var a: Float

    public init(r: Float, g: Float, b: Float, a: Float = 1) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// From 0xRRGGBB and an alpha.
    public init(hex: UInt32, alpha: Float = 1) {
        r = Float((hex >> 16) & 0xFF) / 255
        g = Float((hex >> 8) & 0xFF) / 255
        b = Float(hex & 0xFF) / 255
        a = alpha
    }

    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 1, g: 1, b: 1)
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)

    public func withAlpha(_ alpha: Float) -> Color { Color(r: r, g: g, b: b, a: alpha) }

    /// Linear mix: 0 gives self, 1 gives `other`.
    public func mixed(with other: Color, _ t: Float) -> Color {
        Color(r: r + (other.r - r) * t, g: g + (other.g - g) * t, b: b + (other.b - b) * t, a: a + (other.a - a) * t)
    }

    /// Premultiplied 0xAARRGGBB, the canvas pixel format.
    public var premultiplied: UInt32 {
        let alpha = max(0, min(1, a))
        func channel(_ value: Float) -> UInt32 { UInt32((max(0, min(1, value)) * alpha * 255).rounded()) }
        return UInt32((alpha * 255).rounded()) << 24 | channel(r) << 16 | channel(g) << 8 | channel(b)
    }

    /// The straight-alpha colour of a premultiplied pixel.
    public init(premultiplied pixel: UInt32) {
        let alpha = Float(pixel >> 24) / 255
        if alpha == 0 {
            self = .clear
            return
        }
        r = min(1, Float((pixel >> 16) & 0xFF) / 255 / alpha)
        g = min(1, Float((pixel >> 8) & 0xFF) / 255 / alpha)
        b = min(1, Float(pixel & 0xFF) / 255 / alpha)
        a = alpha
    }
}

/// Per-pixel arithmetic on premultiplied 0xAARRGGBB values, two channels at a time
/// in one 32-bit word (the classic 0x00FF00FF split).
public enum Pixel {
    /// Every channel of `pixel` times `factor`/255, rounded exactly.
    @inline(__always)
    public static func scale(_ pixel: UInt32, by factor: UInt32) -> UInt32 {
        var rb = (pixel & 0x00FF_00FF) &* factor &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((pixel >> 8) & 0x00FF_00FF) &* factor &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// Porter-Duff source-over of premultiplied pixels.
    @inline(__always)
    public static func over(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        let alpha = source >> 24
        if alpha == 255 { return source }
        if alpha == 0 && source == 0 { return destination }
        return source &+ scale(destination, by: 255 &- alpha)
    }

    /// Source-over with the source first faded by `coverage` (0...255).
    @inline(__always)
    public static func over(_ source: UInt32, _ destination: UInt32, coverage: UInt32) -> UInt32 {
        if coverage >= 255 { return over(source, destination) }
        if coverage == 0 { return destination }
        return over(scale(source, by: coverage), destination)
    }

    /// Linear blend of two pixels: 0 gives `a`, 256 gives `b`.
    @inline(__always)
    public static func lerp(_ a: UInt32, _ b: UInt32, _ weight: UInt32) -> UInt32 {
        let inverse = 256 &- weight
        let rb = (((a & 0x00FF_00FF) &* inverse &+ (b & 0x00FF_00FF) &* weight) >> 8) & 0x00FF_00FF
        let ag = (((a >> 8) & 0x00FF_00FF) &* inverse &+ ((b >> 8) & 0x00FF_00FF) &* weight) & 0xFF00_FF00
        return rb | ag
    }
}
