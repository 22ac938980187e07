/// What fills covered pixels: a solid colour, or a per-pixel program (a gradient, a
/// transformed picture) from the Shaders module. The rasterizer asks for one span of
/// a row at a time, so a paint's per-call cost is spread over many pixels.
public protocol SpanPaint {
    /// Writes premultiplied colours for pixels `x ..< x + count` of row `y`.
    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>)
    /// True when every colour it shades is opaque, so full coverage can store.
    var isOpaque: Bool { get }
    /// The single premultiplied colour this paint always shades, if it is that simple;
    /// lets fills skip shading altogether.
    var solidColor: UInt32? { get }
}

extension SpanPaint {
    public var solidColor: UInt32? { nil }
}

/// One colour everywhere.
public struct SolidPaint: SpanPaint {
    public let pixel: UInt32

    public init(_ color: Color) { pixel = color.premultiplied }
    public init(premultiplied pixel: UInt32) { self.pixel = pixel }

    public func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        out.update(repeating: pixel, count: count)
    }

    public var isOpaque: Bool { pixel >> 24 == 255 }
    public var solidColor: UInt32? { pixel }
}
