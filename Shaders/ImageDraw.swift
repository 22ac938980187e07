// Shaders owns the per-pixel programs the rasterizer runs: bilinear texture sampling
// under an affine (squash and rotate) transform, linear and radial gradients, the
// vignette, the impact flash tint and soft drop shadows. It draws only through
// Raster's Canvas and must not touch SDL, files or app state.

import Raster

/// Bilinear sampling of a premultiplied image at 16.16 fixed-point texel coordinates
/// (texel centres at whole numbers). Texels outside the image are transparent, which
/// is what gives a transformed picture its anti-aliased edge.
@usableFromInline
struct BilinearSampler {
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int
    let height: Int

    init(_ image: RasterImage) {
        pixels = image.pixels
        width = image.width
        height = image.height
    }

    /// All four texels are inside the image.
    @inline(__always)
    func sampleInside(_ u: Int32, _ v: Int32) -> UInt32 {
        let x = Int(u >> 16), y = Int(v >> 16)
        let fx = UInt32((u >> 8) & 0xFF), fy = UInt32((v >> 8) & 0xFF)
        let row = pixels + y * width + x
        let top = Pixel.lerp(row[0], row[1], fx)
        let bottom = Pixel.lerp(row[width], row[width + 1], fx)
        return Pixel.lerp(top, bottom, fy)
    }

    /// Any position: texels past the edges count as transparent.
    @inline(__always)
    func sampleClamped(_ u: Int32, _ v: Int32) -> UInt32 {
        let x = Int(u >> 16), y = Int(v >> 16)  // arithmetic shift: floor for negatives
        let fx = UInt32((u >> 8) & 0xFF), fy = UInt32((v >> 8) & 0xFF)
        @inline(__always) func texel(_ tx: Int, _ ty: Int) -> UInt32 {
            tx >= 0 && tx < width && ty >= 0 && ty < height ? pixels[ty * width + tx] : 0
        }
        let top = Pixel.lerp(texel(x, y), texel(x + 1, y), fx)
        let bottom = Pixel.lerp(texel(x, y + 1), texel(x + 1, y + 1), fx)
        return Pixel.lerp(top, bottom, fy)
    }
}

/// Inverse mapping of one output row into texel space, in 16.16 fixed point.
struct RowMapping {
    var u: Int32
    var v: Int32
    let du: Int32
    let dv: Int32

    /// The texel coordinates of pixel centre (x + 0.5, y + 0.5) and their per-pixel steps.
    init(inverse: AffineTransform, x: Int, y: Int) {
        let cx = Float(x) + 0.5, cy = Float(y) + 0.5
        // -0.5: texel centres sit at whole numbers in the sampler's space.
        let fu = inverse.a * cx + inverse.c * cy + inverse.tx - 0.5
        let fv = inverse.b * cx + inverse.d * cy + inverse.ty - 0.5
        u = Int32(clamping: Int((fu * 65536).rounded()))
        v = Int32(clamping: Int((fv * 65536).rounded()))
        du = Int32(clamping: Int((inverse.a * 65536).rounded()))
        dv = Int32(clamping: Int((inverse.b * 65536).rounded()))
    }
}

/// The x range (relative to the row start, clamped to 0...count) where a linear
/// function value + step·i stays strictly inside (low, high).
@inline(__always)
func spanInside(value: Float, step: Float, low: Float, high: Float, count: Int) -> (Int, Int) {
    if abs(step) < 1e-9 {
        return value > low && value < high ? (0, count) : (0, 0)
    }
    var first = (low - value) / step
    var last = (high - value) / step
    if first > last { swap(&first, &last) }
    // Open interval (first, last): the integers strictly between.
    let start = max(0, min(count, Int((first + 1e-4).rounded(.down)) + 1))
    let end = max(start, min(count, Int((last - 1e-4).rounded(.up))))
    return (start, end)
}

extension Canvas {
    /// Draws `image` mapped by `transform` (image pixels to canvas pixels) in one
    /// inverse-mapped pass: per row the covered span is solved, texel coordinates step
    /// in fixed point, samples are bilinear in premultiplied alpha, and where the
    /// picture is opaque and fully inside it is stored rather than blended. `flash`
    /// (0...1) tints the picture toward `flashColor`, for the moment of impact.
    public func drawImage(
        _ image: RasterImage, transform: AffineTransform, opacity: Float = 1,
        flash: Float = 0, flashColor: Color = .white
    ) {
        guard let inverse = transform.inverted, opacity > 0 else { return }
        let w = Float(image.width), h = Float(image.height)
        // Destination bounds of the picture grown by its one-texel transparent border
        // (corner by corner, so no array is made per draw).
        var minX = Float.infinity, maxX = -Float.infinity, minY = Float.infinity, maxY = -Float.infinity
        for corner in 0..<4 {
            let p = transform.apply(Point(corner == 1 || corner == 2 ? w + 1 : -1, corner >= 2 ? h + 1 : -1))
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        let area = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).enclosingPixels.intersection(clip)
        guard !area.isEmpty else { return }

        let sampler = BilinearSampler(image)
        let fade = UInt32(max(0, min(1, opacity)) * 255 + 0.5)
        let flashWeight = UInt32(max(0, min(1, flash)) * 256 + 0.5)
        let flashPixel = flashColor.withAlpha(1).premultiplied
        let storeOpaque = image.isOpaque && fade >= 255 && flashWeight == 0

        for y in area.y..<area.maxY {
            let cy = Float(y) + 0.5, cx = Float(area.x) + 0.5
            let u0 = inverse.a * cx + inverse.c * cy + inverse.tx - 0.5
            let v0 = inverse.b * cx + inverse.d * cy + inverse.ty - 0.5
            // Pixels whose sample point lies in (-1, w) x (-1, h) touch the picture.
            let (uStart, uEnd) = spanInside(value: u0, step: inverse.a, low: -1, high: w, count: area.width)
            let (vStart, vEnd) = spanInside(value: v0, step: inverse.b, low: -1, high: h, count: area.width)
            let start = max(uStart, vStart), end = min(uEnd, vEnd)
            guard end > start else { continue }
            // Pixels whose four texels are all inside: sample point in [0, w-1) x [0, h-1).
            let (uInStart, uInEnd) = spanInside(value: u0, step: inverse.a, low: 0.002, high: w - 1.002, count: area.width)
            let (vInStart, vInEnd) = spanInside(value: v0, step: inverse.b, low: 0.002, high: h - 1.002, count: area.width)
            let innerStart = max(start, min(end, max(uInStart, vInStart)))
            let innerEnd = max(innerStart, min(end, min(uInEnd, vInEnd)))

            var mapping = RowMapping(inverse: inverse, x: area.x + start, y: y)
            let row = pixels + y * stride + area.x
            var x = start
            @inline(__always) func put(_ sample: UInt32) {
                var color = sample
                if flashWeight > 0 {
                    color = Pixel.lerp(color, Pixel.scale(flashPixel, by: color >> 24), flashWeight)
                }
                row[x] = Pixel.over(color, row[x], coverage: fade)
            }
            while x < innerStart {
                put(sampler.sampleClamped(mapping.u, mapping.v))
                mapping.u &+= mapping.du; mapping.v &+= mapping.dv; x += 1
            }
            if storeOpaque {
                while x < innerEnd {
                    row[x] = sampler.sampleInside(mapping.u, mapping.v)
                    mapping.u &+= mapping.du; mapping.v &+= mapping.dv; x += 1
                }
            } else {
                while x < innerEnd {
                    put(sampler.sampleInside(mapping.u, mapping.v))
                    mapping.u &+= mapping.du; mapping.v &+= mapping.dv; x += 1
                }
            }
            while x < end {
                put(sampler.sampleClamped(mapping.u, mapping.v))
                mapping.u &+= mapping.du; mapping.v &+= mapping.dv; x += 1
            }
        }
    }
}

/// A picture as a paint: fills any shape (a rounded thumbnail card, a circle) with
/// the picture mapped by `transform`, bilinear, transparent outside the picture.
public struct ImagePaint: SpanPaint {
    let sampler: BilinearSampler
    let inverse: AffineTransform
    public let isOpaque: Bool

    /// `transform` maps image pixels to canvas pixels.
    public init?(_ image: RasterImage, transform: AffineTransform) {
        guard let inverse = transform.inverted else { return nil }
        sampler = BilinearSampler(image)
        self.inverse = inverse
        // Only opaque where the picture covers the shape; callers fill shapes inside it.
        isOpaque = image.isOpaque
    }

    /// The picture scaled to cover `rect` (cropping the longer side), like a photo
    /// thumbnail.
    public init?(_ image: RasterImage, aspectFill rect: Rect) {
        let scale = max(rect.width / Float(image.width), rect.height / Float(image.height))
        let dx = rect.minX + (rect.width - Float(image.width) * scale) / 2
        let dy = rect.minY + (rect.height - Float(image.height) * scale) / 2
        self.init(image, transform: AffineTransform.scale(scale, scale).then(.translation(dx, dy)))
    }

    public func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        var mapping = RowMapping(inverse: inverse, x: x, y: y)
        let maxU = Int32((sampler.width - 1) << 16) - 1, maxV = Int32((sampler.height - 1) << 16) - 1
        for index in 0..<count {
            let u = mapping.u, v = mapping.v
            out[index] = u >= 0 && v >= 0 && u < maxU && v < maxV
                ? sampler.sampleInside(u, v) : sampler.sampleClamped(u, v)
            mapping.u &+= mapping.du; mapping.v &+= mapping.dv
        }
    }
}
