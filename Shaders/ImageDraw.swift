// Shaders owns the per-pixel programs the rasterizer runs: bilinear texture sampling
// under an affine (squash and rotate) transform, linear and radial gradients, the
// vignette, the impact flash tint and soft drop shadows. It draws only through
// Raster's Canvas and must not touch SDL, files or app state.

import CRasterKernels
import Raster

/// One premultiplied pixel spread over the four 16-bit lanes of a UInt64 (B, R, G, A
/// at bits 0, 16, 32, 48), so one 64-bit multiply weights all four channels at once
/// where the 0x00FF00FF split needs two.
@usableFromInline
enum WidePixel {
    @inline(__always)
    static func expand(_ pixel: UInt32) -> UInt64 {
        let value = UInt64(pixel)
        return (value & 0x00FF_00FF) | ((value & 0xFF00_FF00) << 24)
    }

    @inline(__always)
    static func compress(_ wide: UInt64) -> UInt32 {
        // G and A come down 24 bits into the gaps between B and R.
        UInt32(truncatingIfNeeded: wide | (wide >> 24))
    }

    /// (a·(256 − w) + b·w) >> 8 per lane, w in 0...256: exactly `Pixel.lerp`. It is
    /// written a·256 + (b − a)·w to need one multiply; the lanes of b − a borrow from
    /// each other, but modulo 2^64 the total is Σ (a·256 + (b − a)·w)·2^(16i) and each
    /// lane's true value lies in 0...65280, so the final word carries nothing across.
    @inline(__always)
    static func lerp(_ a: UInt64, _ b: UInt64, _ weight: UInt64) -> UInt64 {
        (((a << 8) &+ (b &- a) &* weight) >> 8) & 0x00FF_00FF_00FF_00FF
    }
}

/// Bilinear sampling of a premultiplied image at 16.16 fixed-point texel coordinates
/// (texel centres at whole numbers). Texels outside the image are transparent, which
/// is what gives a transformed picture its anti-aliased edge.
@usableFromInline
struct BilinearSampler {
    /// Held so the pixels live as long as the sampler: a paint made from a picture
    /// nobody else keeps (a temporary) would otherwise read freed memory (ASan found
    /// exactly that).
    let image: RasterImage
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int
    let height: Int

    init(_ image: RasterImage) {
        self.image = image
        pixels = image.pixels
        width = image.width
        height = image.height
    }

    /// All four texels are inside the image. Bit-identical to lerping with
    /// `Pixel.lerp` (top row, bottom row, then between them), in three multiplies.
    @inline(__always)
    func sampleInside(_ u: Int32, _ v: Int32) -> UInt32 {
        let x = Int(u >> 16), y = Int(v >> 16)
        let fx = UInt64(UInt32(bitPattern: u >> 8) & 0xFF), fy = UInt64(UInt32(bitPattern: v >> 8) & 0xFF)
        let row = UnsafeRawPointer(pixels + (y &* width &+ x))
        // Each texel pair is one 8-byte load (little-endian: the left texel is the low half).
        let top = row.loadUnaligned(as: UInt64.self)
        let bottom = row.loadUnaligned(fromByteOffset: width << 2, as: UInt64.self)
        let upper = WidePixel.lerp(WidePixel.expand(UInt32(truncatingIfNeeded: top)),
                                   WidePixel.expand(UInt32(truncatingIfNeeded: top >> 32)), fx)
        let lower = WidePixel.lerp(WidePixel.expand(UInt32(truncatingIfNeeded: bottom)),
                                   WidePixel.expand(UInt32(truncatingIfNeeded: bottom >> 32)), fx)
        return WidePixel.compress(WidePixel.lerp(upper, lower, fy))
    }

    /// Two samples at once, both with all four texels inside, in 16-bit SIMD lanes
    /// (SSE2 on x86-64): the same arithmetic and result as two `sampleInside` calls,
    /// returned as the two pixels in one UInt64 (first sample in the low half).
    /// `fx` and `fy` hold each sample's 8-bit weights, repeated over its four lanes.
    @inline(__always)
    func samplePairInside(_ u0: Int32, _ v0: Int32, _ u1: Int32, _ v1: Int32,
                          fx: SIMD8<UInt16>, fy: SIMD8<UInt16>) -> UInt64 {
        let first = UnsafeRawPointer(pixels + (Int(v0 >> 16) &* width &+ Int(u0 >> 16)))
        let second = UnsafeRawPointer(pixels + (Int(v1 >> 16) &* width &+ Int(u1 >> 16)))
        let rowBytes = width &<< 2
        // As 32-bit lanes: top = [left0 right0 left1 right1], bottom likewise one row down.
        let top = unsafeBitCast(SIMD2<UInt64>(first.loadUnaligned(as: UInt64.self), second.loadUnaligned(as: UInt64.self)),
                                to: SIMD4<UInt32>.self)
        let bottom = unsafeBitCast(SIMD2<UInt64>(first.loadUnaligned(fromByteOffset: rowBytes, as: UInt64.self),
                                                 second.loadUnaligned(fromByteOffset: rowBytes, as: UInt64.self)),
                                   to: SIMD4<UInt32>.self)
        // Regroup (one shuffle each) so left and right texels sit in separate vectors:
        // [top0 top1 bottom0 bottom1], then widen bytes to 16-bit lanes.
        let left = unsafeBitCast(SIMD4(lowHalf: top.evenHalf, highHalf: bottom.evenHalf), to: SIMD16<UInt8>.self)
        let right = unsafeBitCast(SIMD4(lowHalf: top.oddHalf, highHalf: bottom.oddHalf), to: SIMD16<UInt8>.self)
        let upper = Self.lerp(SIMD8<UInt16>(truncatingIfNeeded: left.lowHalf), SIMD8<UInt16>(truncatingIfNeeded: right.lowHalf), fx)
        let lower = Self.lerp(SIMD8<UInt16>(truncatingIfNeeded: left.highHalf), SIMD8<UInt16>(truncatingIfNeeded: right.highHalf), fx)
        return unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: Self.lerp(upper, lower, fy)), to: UInt64.self)
    }

    /// Writes `count` samples from (u, v), stepping (du, dv), to `out`; every sample
    /// must have its four texels inside (see `insideRange`). Same pixels as calling
    /// `sampleInside` for each, two at a time.
    @inline(__always)
    func sampleRunInside(u: Int32, v: Int32, du: Int32, dv: Int32, count: Int, into out: UnsafeMutablePointer<UInt32>,
                         prefetchingAhead ahead: (u: Int32, v: Int32) = (0, 0)) {
        var u = u, v = v, index = 0
        // AVX2 where the CPU has it: eight samples a step, the same pixels (its 32-bit
        // indices hold any picture under 2^31 texels), prefetching `ahead` as it goes.
        if count >= 8, width &* height < Int(Int32.max), rk_avx2_enabled() != 0 {
            index = rk_bilinear_run_avx2(pixels, width, u, v, du, dv, count, out, ahead.u, ahead.v)
            u &+= du &* Int32(truncatingIfNeeded: index)
            v &+= dv &* Int32(truncatingIfNeeded: index)
        }
        if count &- index >= 2 {
            // The weights are the top bytes of the 16-bit fractions, and a fraction steps
            // by wrapping 16-bit adds (the wrap is the fraction's own modulo), so each
            // pair's weights cost one add and one shift per axis instead of a broadcast.
            var fractionU = SIMD8<UInt16>(lowHalf: SIMD4(repeating: UInt16(truncatingIfNeeded: u)),
                                          highHalf: SIMD4(repeating: UInt16(truncatingIfNeeded: u &+ du)))
            var fractionV = SIMD8<UInt16>(lowHalf: SIMD4(repeating: UInt16(truncatingIfNeeded: v)),
                                          highHalf: SIMD4(repeating: UInt16(truncatingIfNeeded: v &+ dv)))
            let stepU = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: du &<< 1))
            let stepV = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: dv &<< 1))
            while index &+ 2 <= count {
                let pair = samplePairInside(u, v, u &+ du, v &+ dv, fx: fractionU &>> 8, fy: fractionV &>> 8)
                UnsafeMutableRawPointer(out + index).storeBytes(of: pair, as: UInt64.self)
                fractionU &+= stepU; fractionV &+= stepV
                u &+= du &<< 1; v &+= dv &<< 1; index &+= 2
            }
        }
        if index < count { out[index] = sampleInside(u, v) }
    }

    /// The indices i in 0..<count whose sample (u + i·du, v + i·dv) has all four texels
    /// inside the image, solved exactly in integers (so no sample of the run can read
    /// past the picture, however long the row).
    func insideRange(u: Int32, v: Int32, du: Int32, dv: Int32, count: Int) -> Range<Int> {
        let us = Self.indices(value: Int64(u), step: Int64(du), low: 0, high: Int64(width - 1) << 16 - 1, count: count)
        let vs = Self.indices(value: Int64(v), step: Int64(dv), low: 0, high: Int64(height - 1) << 16 - 1, count: count)
        let lower = max(us.lowerBound, vs.lowerBound), upper = min(us.upperBound, vs.upperBound)
        // The caller's Int32 steps wrap; past Int32's range they would not match these.
        let last = Int64(u) + Int64(du) * Int64(max(0, upper - 1)), lastV = Int64(v) + Int64(dv) * Int64(max(0, upper - 1))
        guard upper > lower, Int64(Int32.min)...Int64(Int32.max) ~= last, Int64(Int32.min)...Int64(Int32.max) ~= lastV
        else { return 0..<0 }
        return lower..<upper
    }

    /// The i in 0..<count with low <= value + i·step <= high.
    static func indices(value: Int64, step: Int64, low: Int64, high: Int64, count: Int) -> Range<Int> {
        @inline(__always) func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }
        @inline(__always) func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 { -floorDiv(-a, b) }
        guard high >= low else { return 0..<0 }
        let first: Int64, last: Int64
        if step == 0 {
            guard value >= low && value <= high else { return 0..<0 }
            return 0..<count
        } else if step > 0 {
            first = ceilDiv(low - value, step); last = floorDiv(high - value, step)
        } else {
            first = ceilDiv(value - high, -step); last = floorDiv(value - low, -step)
        }
        let start = Int(max(0, min(Int64(count), first))), end = Int(max(0, min(Int64(count), last + 1)))
        return end > start ? start..<end : 0..<0
    }

    /// `WidePixel.lerp` in 16-bit lanes: a·256 + (b − a)·w wraps within each lane in
    /// between, but its true value lies in 0...65280, so modulo 2^16 it is exact.
    @inline(__always)
    static func lerp(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>, _ weight: SIMD8<UInt16>) -> SIMD8<UInt16> {
        ((a &<< 8) &+ (b &- a) &* weight) &>> 8
    }

    /// Any position: texels past the edges count as transparent.
    @inline(__always)
    func sampleClamped(_ u: Int32, _ v: Int32) -> UInt32 {
        let x = Int(u >> 16), y = Int(v >> 16)  // arithmetic shift: floor for negatives
        let fx = UInt64(UInt32(bitPattern: u >> 8) & 0xFF), fy = UInt64(UInt32(bitPattern: v >> 8) & 0xFF)
        @inline(__always) func texel(_ tx: Int, _ ty: Int) -> UInt64 {
            tx >= 0 && tx < width && ty >= 0 && ty < height ? WidePixel.expand(pixels[ty * width + tx]) : 0
        }
        let upper = WidePixel.lerp(texel(x, y), texel(x + 1, y), fx)
        let lower = WidePixel.lerp(texel(x, y + 1), texel(x + 1, y + 1), fx)
        return WidePixel.compress(WidePixel.lerp(upper, lower, fy))
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

    /// The mapping of pixel x + `steps`, reached by stepping from x's (in 64 bits, so
    /// the same whatever pixel the caller starts drawing at).
    init(inverse: AffineTransform, x: Int, y: Int, advancedBy steps: Int) {
        let cx = Float(x) + 0.5, cy = Float(y) + 0.5
        let fu = inverse.a * cx + inverse.c * cy + inverse.tx - 0.5
        let fv = inverse.b * cx + inverse.d * cy + inverse.ty - 0.5
        du = Int32(clamping: Int((inverse.a * 65536).rounded()))
        dv = Int32(clamping: Int((inverse.b * 65536).rounded()))
        u = Int32(clamping: Int((fu * 65536).rounded()) &+ Int(du) &* steps)
        v = Int32(clamping: Int((fv * 65536).rounded()) &+ Int(dv) &* steps)
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
    /// Pixels a translucent run is checked for empty texel blocks at a time.
    static let emptyGroup = 16

    /// Draws `image` mapped by `transform` (image pixels to canvas pixels) in one
    /// inverse-mapped pass: per row the covered span is solved, texel coordinates step
    /// in fixed point, samples are bilinear in premultiplied alpha, and where the
    /// picture is opaque and fully inside it is stored rather than blended. `flash`
    /// (0...1) tints the picture toward `flashColor`, for the moment of impact.
    ///
    /// `dents` (canvas pixels) bend the picture where it was hit: inside each dent's
    /// circle the pixels sample from moved points and are shaded, in this same pass,
    /// so the picture is drawn once and exactly the same under any clip or band.
    ///
    /// `opaqueWithin` (canvas pixels) is where every sample's four texels are opaque
    /// (`PictureCover`): there a translucent picture's samples are stored as an opaque
    /// one's are, not blended over pixels they would hide anyway. A picture with
    /// transparent parts skips groups of pixels whose samples all fall in its empty
    /// blocks (`TexelBlocks`); `skippingEmpty: false` samples them all (the tests'
    /// reference).
    public func drawImage(
        _ image: RasterImage, transform: AffineTransform, opacity: Float = 1,
        flash: Float = 0, flashColor: Color = .white, dents: [PictureDent] = [],
        opaqueWithin opaque: PixelRect = PixelRect(x: 0, y: 0, width: 0, height: 0), skippingEmpty: Bool = true
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
        let bounds = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).enclosingPixels
        let area = bounds.intersection(clip)
        guard !area.isEmpty else { return }

        let sampler = BilinearSampler(image)
        let fade = UInt32(max(0, min(1, opacity)) * 255 + 0.5)
        let flashWeight = UInt32(max(0, min(1, flash)) * 256 + 0.5)
        let flashPixel = flashColor.withAlpha(1).premultiplied
        let storeOpaque = image.isOpaque && fade >= 255 && flashWeight == 0
        // Where a picture with transparent parts is empty (see the translucent runs).
        let blocks = image.isOpaque || !skippingEmpty ? nil : image.texelBlocks
        // Where the dents bend the picture (nothing outside their circles moves).
        var dentBox = PixelRect(x: 0, y: 0, width: 0, height: 0)
        for dent in dents where dent.isVisible {
            dentBox = dentBox.union(dent.bounds)
        }

        // A picture bigger than the caches is read along slanted lines the hardware
        // prefetcher does not follow, so each new cache line stalled the sampling loop.
        // With AVX2 the kernel prefetches as it samples: each group of eight asks for
        // the rows the same group two rows below will read, so the misses come a few at
        // a time all through the row (asked for all at a row's start, four rows ahead,
        // most were dropped by a full miss queue: after 19 ms of other work, a picture
        // the caches had let go took 80 % longer to draw). Without AVX2, the lines four
        // rows ahead are prefetched at each row's start (a prefetch waits for nothing;
        // touching loads, once used, chained through one value).
        let isLarge = image.width * image.height >= 1 << 18
        let kernelPrefetches = isLarge && rk_avx2_enabled() != 0
        let touchAhead = isLarge ? (kernelPrefetches ? 2 : 4) : 0
        // Samples between row-start prefetches: about half a cache line (8 texels) of travel.
        let touchStep = max(1, Int(8 / max(abs(inverse.a), abs(inverse.b), 1e-3)))
        let ahead: (u: Int32, v: Int32) = kernelPrefetches
            ? (Int32(clamping: Int((inverse.c * 65536 * Float(touchAhead)).rounded())),
               Int32(clamping: Int((inverse.d * 65536 * Float(touchAhead)).rounded())))
            : (0, 0)

        // The dents' field, sampled every `DentField.cell` pixels and interpolated
        // between (per pixel only a blend of its corners): its buffers live on the stack.
        guard !dentBox.isEmpty else {
            var none: DentField?
            drawRows(&none)
            return
        }
        let originX = DentField.floorToCell(dentBox.x), originY = DentField.floorToCell(dentBox.y)
        let columns = (dentBox.maxX - originX) / DentField.cell + 2
        let longestRun = (columns + 1) * DentField.cell
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: columns * 9 + longestRun * 3) { storage in
            guard let base = storage.baseAddress else { return }
            var field: DentField? = DentField(dents: dents, inverse: inverse, originX: originX, originY: originY,
                                              columns: columns, storage: base, longestRun: longestRun)
            drawRows(&field)
        }

        func drawRows(_ field: inout DentField?) {
        for y in area.y..<area.maxY {
            // Each row is solved and stepped from the picture's own left edge, not the
            // clip's: a clip cut across the row (a damage rectangle) then draws exactly
            // the pixels a whole row would.
            let cy = Float(y) + 0.5, cx = Float(bounds.x) + 0.5
            let u0 = inverse.a * cx + inverse.c * cy + inverse.tx - 0.5
            let v0 = inverse.b * cx + inverse.d * cy + inverse.ty - 0.5
            let skip = area.x - bounds.x, rowCount = area.maxX - bounds.x
            if touchAhead > 0 && !kernelPrefetches && y + touchAhead < area.maxY {
                // Fixed-point steps over the inside run of that row.
                let ahead = RowMapping(inverse: inverse, x: area.x, y: y + touchAhead)
                let stepU = ahead.du &* Int32(touchStep), stepV = ahead.dv &* Int32(touchStep)
                let run = sampler.insideRange(u: ahead.u, v: ahead.v, du: stepU, dv: stepV,
                                              count: (area.width + touchStep - 1) / touchStep)
                let u = ahead.u &+ stepU &* Int32(truncatingIfNeeded: run.lowerBound)
                let v = ahead.v &+ stepV &* Int32(truncatingIfNeeded: run.lowerBound)
                rk_prefetch_run(sampler.pixels, image.width, u, v, stepU, stepV, run.count)
            }
            // Pixels whose sample point lies in (-1, w) x (-1, h) touch the picture.
            let (uStart, uEnd) = spanInside(value: u0, step: inverse.a, low: -1, high: w, count: rowCount)
            let (vStart, vEnd) = spanInside(value: v0, step: inverse.b, low: -1, high: h, count: rowCount)
            let start = max(uStart, vStart, skip), end = min(uEnd, vEnd)
            guard end > start else { continue }
            let mapping = RowMapping(inverse: inverse, x: bounds.x, y: y, advancedBy: start)
            // Pixels whose four texels are all inside, solved exactly on the fixed-point steps.
            let inside = sampler.insideRange(u: mapping.u, v: mapping.v, du: mapping.du, dv: mapping.dv, count: end - start)
            let innerStart = inside.isEmpty ? end : start + inside.lowerBound
            let innerEnd = inside.isEmpty ? end : start + inside.upperBound

            let row = pixels + y * stride + bounds.x
            @inline(__always) func store(_ sample: UInt32, at x: Int) {
                var color = sample
                if flashWeight > 0 {
                    color = Pixel.lerp(color, Pixel.scale(flashPixel, by: color >> 24), flashWeight)
                }
                row[x] = Pixel.over(color, row[x], coverage: fade)
            }
            // A row through a dent: where the field moves anything, pixel by pixel from
            // bent points; the parts either side go the fast way below.
            var bentStart = end, bentEnd = end
            if y >= dentBox.y && y < dentBox.maxY, let span = field?.prepareRow(y) {
                bentStart = max(start, min(end, span.lowerBound - bounds.x))
                bentEnd = max(bentStart, min(end, span.upperBound - bounds.x))
            }
            if bentStart < bentEnd, let field {
                let bent = RowMapping(inverse: inverse, x: bounds.x, y: y, advancedBy: bentStart)
                let count = bentEnd - bentStart
                let samples = colorScratch
                field.sample(sampler, from: bent, atX: bounds.x + bentStart, count: count, into: samples)
                if flashWeight == 0 && fade >= 255 {
                    SpanBlend.over(samples, onto: row + bentStart, count: count)
                } else {
                    for index in 0..<count { store(samples[index], at: bentStart + index) }
                }
            }
            drawRun(start, bentStart)
            drawRun(bentEnd, end)

            /// Pixels from..<to of the row (relative to the picture's left edge, inside
            /// start..<end), unbent.
            func drawRun(_ from: Int, _ to: Int) {
            guard to > from else { return }
            var mapping = RowMapping(inverse: inverse, x: bounds.x, y: y, advancedBy: from)
            let innerStart = min(to, max(from, innerStart)), innerEnd = min(to, max(innerStart, innerEnd))
            let end = to
            var x = from
            @inline(__always) func put(_ sample: UInt32) { store(sample, at: x) }
            while x < innerStart {
                put(sampler.sampleClamped(mapping.u, mapping.v))
                mapping.u &+= mapping.du; mapping.v &+= mapping.dv; x += 1
            }
            if storeOpaque {
                // Opaque and fully inside: store the samples straight into the row.
                let count = innerEnd - x
                sampler.sampleRunInside(u: mapping.u, v: mapping.v, du: mapping.du, dv: mapping.dv, count: count, into: row + x,
                                        prefetchingAhead: y + touchAhead < area.maxY ? ahead : (0, 0))
                mapping.u &+= mapping.du &* Int32(truncatingIfNeeded: count)
                mapping.v &+= mapping.dv &* Int32(truncatingIfNeeded: count)
                x = innerEnd
            } else if innerEnd > x {
                // Translucent pictures (drawn art with transparent margins), fades and
                // the flash: sample the run two at a time into scratch, then blend.
                var count = innerEnd - x
                let samples = colorScratch
                let prefetch = y + touchAhead < area.maxY ? ahead : (0, 0)
                if flashWeight == 0 && fade >= 255 && y >= opaque.y && y < opaque.maxY {
                    // Where the picture is opaque (a sticker inside its rounded corners)
                    // the samples are stored straight into the row, as an opaque
                    // picture's are: what they hide is neither read nor blended.
                    let storeStart = min(count, max(0, opaque.x - bounds.x - x))
                    let storeEnd = max(storeStart, min(count, opaque.maxX - bounds.x - x))
                    if storeEnd > storeStart {
                        sampler.sampleRunInside(u: mapping.u, v: mapping.v, du: mapping.du, dv: mapping.dv, count: storeStart,
                                                into: samples, prefetchingAhead: prefetch)
                        SpanBlend.over(samples, onto: row + x, count: storeStart)
                        let storeU = mapping.u &+ mapping.du &* Int32(truncatingIfNeeded: storeStart)
                        let storeV = mapping.v &+ mapping.dv &* Int32(truncatingIfNeeded: storeStart)
                        sampler.sampleRunInside(u: storeU, v: storeV, du: mapping.du, dv: mapping.dv, count: storeEnd - storeStart,
                                                into: row + x + storeStart, prefetchingAhead: prefetch)
                        mapping.u &+= mapping.du &* Int32(truncatingIfNeeded: storeEnd)
                        mapping.v &+= mapping.dv &* Int32(truncatingIfNeeded: storeEnd)
                        x += storeEnd
                        count -= storeEnd
                    }
                }
                // Pixels `from ..< from + n` of the run (from x), sampled and blended.
                func blend(_ from: Int, _ n: Int) {
                    guard n > 0 else { return }
                    let u = mapping.u &+ mapping.du &* Int32(truncatingIfNeeded: from)
                    let v = mapping.v &+ mapping.dv &* Int32(truncatingIfNeeded: from)
                    sampler.sampleRunInside(u: u, v: v, du: mapping.du, dv: mapping.dv, count: n, into: samples,
                                            prefetchingAhead: prefetch)
                    let target = row + x + from
                    if flashWeight == 0 && fade >= 255 {
                        // Source-over, eight at a time where it can (transparent margins
                        // leave the row alone, opaque groups are stored).
                        SpanBlend.over(samples, onto: target, count: n)
                    } else {
                        // The flash of a hit and a fading sprite: eight at a time with AVX2
                        // where the CPU has it (the same arithmetic as `store`).
                        let done = n >= 8 && rk_avx2_enabled() != 0
                            ? rk_tint_over_avx2(samples, target, n, flashPixel, flashWeight, fade) : 0
                        for index in done..<n { store(samples[index], at: x + from + index) }
                    }
                }
                if let blocks {
                    // Groups of pixels whose samples all fall in the picture's empty
                    // blocks are skipped unsampled: a transparent sample leaves a pixel
                    // as it was, tinted or faded or not.
                    var pending = 0, group = 0
                    while group < count {
                        let n = min(Self.emptyGroup, count - group)
                        let ua = mapping.u &+ mapping.du &* Int32(truncatingIfNeeded: group)
                        let va = mapping.v &+ mapping.dv &* Int32(truncatingIfNeeded: group)
                        let ub = ua &+ mapping.du &* Int32(truncatingIfNeeded: n - 1)
                        let vb = va &+ mapping.dv &* Int32(truncatingIfNeeded: n - 1)
                        if blocks.isClear(x0: Int(min(ua, ub) >> 16), y0: Int(min(va, vb) >> 16),
                                          x1: Int(max(ua, ub) >> 16) + 1, y1: Int(max(va, vb) >> 16) + 1) {
                            blend(pending, group - pending)
                            pending = group + n
                        }
                        group += n
                    }
                    blend(pending, count - pending)
                } else {
                    blend(0, count)
                }
                mapping.u &+= mapping.du &* Int32(truncatingIfNeeded: count)
                mapping.v &+= mapping.dv &* Int32(truncatingIfNeeded: count)
                x = innerEnd
            }
            while x < end {
                put(sampler.sampleClamped(mapping.u, mapping.v))
                mapping.u &+= mapping.du; mapping.v &+= mapping.dv; x += 1
            }
            }
        }
        }
    }
}
