import CRasterKernels
import Raster

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
        let inside = sampler.insideRange(u: mapping.u, v: mapping.v, du: mapping.du, dv: mapping.dv, count: count)
        if count >= 32 && sampler.width &* sampler.height >= 1 << 14 {
            // A picture past the first-level cache, shrunk (thumbnails): each row reads
            // new lines the hardware does not foresee. Ask for those of two rows down now,
            // as the blit does (see drawImage), so they are there when that row comes.
            let ahead = RowMapping(inverse: inverse, x: x, y: y + 2)
            let step = max(1, Int(8 / max(abs(inverse.a), abs(inverse.b), 1e-3)))
            let stepU = ahead.du &* Int32(step), stepV = ahead.dv &* Int32(step)
            let run = sampler.insideRange(u: ahead.u, v: ahead.v, du: stepU, dv: stepV, count: (count + step - 1) / step)
            if !run.isEmpty {
                rk_prefetch_run(sampler.pixels, sampler.width, ahead.u &+ stepU &* Int32(truncatingIfNeeded: run.lowerBound),
                                ahead.v &+ stepV &* Int32(truncatingIfNeeded: run.lowerBound), stepU, stepV, run.count)
            }
        }
        var index = 0
        // Edges that reach past the picture, then the inside run two pixels a step, then the rest.
        while index < (inside.isEmpty ? count : inside.lowerBound) {
            out[index] = sampler.sampleClamped(mapping.u, mapping.v)
            mapping.u &+= mapping.du; mapping.v &+= mapping.dv; index += 1
        }
        if !inside.isEmpty {
            let run = inside.count
            sampler.sampleRunInside(u: mapping.u, v: mapping.v, du: mapping.du, dv: mapping.dv, count: run, into: out + index)
            mapping.u &+= mapping.du &* Int32(truncatingIfNeeded: run)
            mapping.v &+= mapping.dv &* Int32(truncatingIfNeeded: run)
            index += run
        }
        while index < count {
            out[index] = sampler.sampleClamped(mapping.u, mapping.v)
            mapping.u &+= mapping.du; mapping.v &+= mapping.dv; index += 1
        }
    }
}
