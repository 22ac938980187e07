import CRasterKernels

/// A CPU framebuffer of premultiplied 0xAARRGGBB pixels (the byte order of SDL's
/// XRGB/ARGB8888 window surfaces), with a clip rectangle and the scratch rows its
/// rasterizers need, allocated once so drawing a frame allocates nothing.
///
/// A canvas may be a band view of another (`bandView(rows:)`): it shares the pixels
/// but has its own clip and scratch, so bands can be drawn on separate threads.
public final class Canvas: @unchecked Sendable {
    // @unchecked: a canvas is used by one thread at a time; band views of one
    // framebuffer write disjoint rows.
    public let width: Int
    public let height: Int
    /// Pixels per row in memory (at least `width`).
    public let stride: Int
    public let pixels: UnsafeMutablePointer<UInt32>
    private let ownsPixels: Bool
    /// The memory a canvas holding only part of its area allocated (`pixels` is offset
    /// from it); nil when that is `pixels` itself.
    private var storage: UnsafeMutablePointer<UInt32>?
    private let owner: Canvas?

    /// The rows this canvas may touch at all (the whole canvas, or its band).
    public let band: PixelRect
    /// Drawing is limited to this rectangle (always inside `band`).
    public private(set) var clip: PixelRect
    private var clipStack: [PixelRect] = []

    // Scratch, one row wide: shaded colours, per-pixel coverage, and the polygon
    // rasterizer's accumulation strip.
    let shadeRow: UnsafeMutablePointer<UInt32>
    let coverageRow: UnsafeMutablePointer<Float>
    /// A rounded rectangle's left and right border coverage on its straight rows (the
    /// same on each), kept while the shape is drawn: two rows' worth.
    let edgeCoverage: UnsafeMutablePointer<Float>
    static let stripRows = 16
    let accumulation: UnsafeMutablePointer<Float>
    var accumulationWidth: Int { width + 3 }

    public convenience init(width: Int, height: Int) {
        let w = max(1, width), h = max(1, height)
        let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: w * h)
        memory.initialize(repeating: 0, count: w * h)
        self.init(pixels: memory, width: w, height: h, stride: w, ownsPixels: true, owner: nil, band: nil)
    }

    /// A canvas drawing straight into memory it does not own (a window surface), so a
    /// finished frame needs no copy. The memory must outlive the canvas and hold
    /// `height` rows of `stride` 32-bit pixels.
    public convenience init(wrapping memory: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int) {
        self.init(pixels: memory, width: max(1, width), height: max(1, height), stride: max(stride, max(1, width)),
                  ownsPixels: false, owner: nil, band: nil)
    }

    /// A canvas in the coordinates of a larger one that holds only `rect`'s pixels
    /// (transparent to start) and draws only there: a picture shaded once, where it
    /// lies, to be laid over frames later (the same arithmetic at the same
    /// coordinates gives the same pixels). `pixels` points where (0, 0) would be, so
    /// only rows and columns inside `rect` may be read.
    public convenience init(holding rect: PixelRect) {
        let area = PixelRect(x: max(0, rect.x), y: max(0, rect.y), width: max(1, rect.width), height: max(1, rect.height))
        let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: area.width * area.height)
        memory.initialize(repeating: 0, count: area.width * area.height)
        self.init(pixels: memory - (area.y * area.width + area.x), width: area.maxX, height: area.maxY, stride: area.width,
                  ownsPixels: true, owner: nil, band: area)
        storage = memory
    }

    /// Every canvas is made here: the pixels it draws into, its band (nil: all rows) and
    /// its own scratch rows, allocated once so drawing a frame allocates nothing.
    private init(
        pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int, ownsPixels: Bool, owner: Canvas?,
        band rows: PixelRect?
    ) {
        self.width = width
        self.height = height
        self.stride = stride
        self.pixels = pixels
        self.ownsPixels = ownsPixels
        self.owner = owner
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        band = rows.map { $0.intersection(whole) } ?? whole
        clip = band
        clipStack.reserveCapacity(16)
        shadeRow = .allocate(capacity: width + 4)
        coverageRow = .allocate(capacity: width + 4)
        edgeCoverage = .allocate(capacity: 2 * (width + 4))
        accumulation = .allocate(capacity: (width + 3) * (Self.stripRows + 1))
        accumulation.initialize(repeating: 0, count: (width + 3) * (Self.stripRows + 1))
    }

    deinit {
        if ownsPixels { (storage ?? pixels).deallocate() }
        shadeRow.deallocate()
        coverageRow.deallocate()
        edgeCoverage.deallocate()
        accumulation.deallocate()
    }

    /// A view of rows `top ..< bottom` that shares these pixels, for drawing one band
    /// on another thread.
    public func bandView(rows top: Int, _ bottom: Int) -> Canvas {
        let parent = owner ?? self
        return Canvas(pixels: parent.pixels, width: parent.width, height: parent.height, stride: parent.stride,
                      ownsPixels: false, owner: parent, band: PixelRect(x: 0, y: top, width: width, height: bottom - top))
    }

    // MARK: Clipping

    /// Limits drawing to `rect` (within the current clip) until the matching `popClip`.
    public func pushClip(_ rect: PixelRect) {
        clipStack.append(clip)
        clip = clip.intersection(rect)
    }

    public func popClip() {
        clip = clipStack.popLast() ?? band
    }

    /// Forgets every pushed clip.
    public func resetClip() {
        clipStack.removeAll(keepingCapacity: true)
        clip = band
    }

    // MARK: Pixels

    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * stride + x] }
        set { pixels[y * stride + x] = newValue }
    }

    /// Sets every pixel inside the clip to `color` (no blending).
    public func clear(_ color: Color) {
        let value = color.premultiplied
        for y in clip.y..<clip.maxY {
            SpanBlend.fill(pixels + y * stride + clip.x, count: clip.width, with: value)
        }
    }

    /// Fills whole pixels exactly: stores an opaque colour, blends a translucent one.
    public func fill(_ rect: PixelRect, _ color: Color) {
        let area = rect.intersection(clip)
        guard !area.isEmpty else { return }
        let value = color.premultiplied
        for y in area.y..<area.maxY {
            coverSpan(y: y, x: area.x, count: area.width, coverage: 255, solid: value)
        }
    }

    /// Fills whole pixels with a paint.
    public func fill(_ rect: PixelRect, paint: some SpanPaint) {
        let area = rect.intersection(clip)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            coverSpan(y: y, x: area.x, count: area.width, coverage: 255, paint: paint)
        }
    }

    // MARK: Span compositing (every shape ends here)

    /// Composites `count` pixels of row `y` from `x` with one coverage (0...255).
    /// The caller has clipped the span.
    @inline(__always)
    func coverSpan(y: Int, x: Int, count: Int, coverage: UInt32, solid: UInt32) {
        guard count > 0, coverage > 0 else { return }
        let row = pixels + y * stride + x
        if coverage >= 255 && solid >> 24 == 255 {
            SpanBlend.fill(row, count: count, with: solid)
            return
        }
        let source = coverage >= 255 ? solid : Pixel.scale(solid, by: coverage)
        let inverse = 255 &- (source >> 24)
        if inverse == 255 { return }
        SpanBlend.blendSolid(row, count: count, source: source, inverse: inverse)
    }

    /// As `coverSpan(solid:)`, with any paint.
    func coverSpan(y: Int, x: Int, count: Int, coverage: UInt32, paint: some SpanPaint) {
        if let solid = paint.solidColor {
            coverSpan(y: y, x: x, count: count, coverage: coverage, solid: solid)
            return
        }
        guard count > 0, coverage > 0 else { return }
        let row = pixels + y * stride + x
        if coverage >= 255 && paint.isOpaque {
            paint.shade(x: x, y: y, count: count, into: row)
            return
        }
        paint.shade(x: x, y: y, count: count, into: shadeRow)
        if coverage >= 255 {
            // A picture with alpha (an icon, a sticker's corners) over a card: the span
            // blend, eight at a time (the same pixels as `Pixel.over` one by one).
            SpanBlend.over(shadeRow, onto: row, count: count)
            return
        }
        for index in 0..<count {
            row[index] = Pixel.over(shadeRow[index], row[index], coverage: coverage)
        }
    }

    /// Composites `count` pixels of row `y` from `x`, each with its own coverage
    /// (0...1) read from `coverage`. The caller has clipped the span.
    func coverPixels(y: Int, x: Int, count: Int, coverage: UnsafePointer<Float>, paint: some SpanPaint) {
        guard count > 0 else { return }
        let row = pixels + y * stride + x
        if let solid = paint.solidColor {
            // Eight pixels a step with AVX2 where the CPU has it (same arithmetic): a
            // soft shadow's mask is this, row after row.
            let done = count >= 8 && rk_avx2_enabled() != 0 ? rk_cover_solid_avx2(row, coverage, count, solid) : 0
            for index in done..<count {
                let c = UInt32(min(1, coverage[index]) * 255 + 0.5)
                if c == 0 { continue }
                row[index] = Pixel.over(solid, row[index], coverage: c)
            }
            return
        }
        paint.shade(x: x, y: y, count: count, into: shadeRow)
        for index in 0..<count {
            let c = UInt32(min(1, coverage[index]) * 255 + 0.5)
            if c == 0 { continue }
            row[index] = Pixel.over(shadeRow[index], row[index], coverage: c)
        }
    }

    /// A scratch row of premultiplied colours, one per canvas column, for paint code
    /// outside this module (e.g. samples to blend after a vectorized sampling pass).
    public var colorScratch: UnsafeMutablePointer<UInt32> { shadeRow }

    /// A scratch row of coverage values (0...1), one per canvas column, for shape
    /// code outside this module; pass it to `fillCoverageRow`.
    public var coverageScratch: UnsafeMutablePointer<Float> { coverageRow }

    /// Composites `count` pixels of row `y` from `x` with the coverage values in
    /// `coverageScratch[0..<count]`, clipped.
    public func fillCoverageRow(y: Int, x: Int, count: Int, paint: some SpanPaint) {
        fillCoverageRow(y: y, x: x, count: count, scratchOffset: 0, paint: paint)
    }

    /// As `fillCoverageRow`, the coverage of pixel x + i read from
    /// `coverageScratch[scratchOffset + i]`.
    public func fillCoverageRow(y: Int, x: Int, count: Int, scratchOffset: Int, paint: some SpanPaint) {
        guard y >= clip.y, y < clip.maxY else { return }
        let start = max(x, clip.x), end = min(x + count, clip.maxX)
        guard end > start else { return }
        coverPixels(y: y, x: start, count: end - start, coverage: coverageRow + scratchOffset + (start - x), paint: paint)
    }

    /// Pixels x ..< x + count of row `y` at one coverage (0...1), clipped: the same
    /// pixels as `fillCoverageRow` with that value in every place, as one span.
    public func fillCoverageSpan(y: Int, x: Int, count: Int, coverage: Float, paint: some SpanPaint) {
        guard y >= clip.y, y < clip.maxY else { return }
        let start = max(x, clip.x), end = min(x + count, clip.maxX)
        guard end > start else { return }
        coverSpan(y: y, x: start, count: end - start, coverage: UInt32(min(1, coverage) * 255 + 0.5), paint: paint)
    }

    // MARK: Images and masks

    /// Draws an image at whole-pixel position (x, y), unscaled, faded by `opacity`.
    public func drawImage(_ image: RasterImage, x: Int, y: Int, opacity: Float = 1) {
        let area = PixelRect(x: x, y: y, width: image.width, height: image.height).intersection(clip)
        guard !area.isEmpty else { return }
        let fade = UInt32(max(0, min(1, opacity)) * 255 + 0.5)
        for row in area.y..<area.maxY {
            let source = image.pixels + (row - y) * image.width + (area.x - x)
            let target = pixels + row * stride + area.x
            if fade >= 255 && image.isOpaque {
                target.update(from: source, count: area.width)
                continue
            }
            if fade >= 255 {
                SpanBlend.over(source, onto: target, count: area.width)
                continue
            }
            for index in 0..<area.width {
                target[index] = Pixel.over(source[index], target[index], coverage: fade)
            }
        }
    }

    /// Paints through an 8-bit alpha mask (a glyph) whose top-left lands at (x, y).
    public func drawMask(
        _ mask: UnsafePointer<UInt8>, width maskWidth: Int, height maskHeight: Int, rowBytes: Int,
        x: Int, y: Int, paint: some SpanPaint
    ) {
        let area = PixelRect(x: x, y: y, width: maskWidth, height: maskHeight).intersection(clip)
        guard !area.isEmpty else { return }
        if let solid = paint.solidColor {
            // Text is nearly always one colour: the mask bytes are the coverage as they
            // are (byte / 255 through the float path rounds back to the same byte).
            for row in area.y..<area.maxY {
                SpanBlend.mask(mask + (row - y) * rowBytes + (area.x - x), solid: solid,
                               onto: pixels + row * stride + area.x, count: area.width)
            }
            return
        }
        for row in area.y..<area.maxY {
            let source = mask + (row - y) * rowBytes + (area.x - x)
            for index in 0..<area.width { coverageRow[index] = Float(source[index]) / 255 }
            coverPixels(y: row, x: area.x, count: area.width, coverage: coverageRow, paint: paint)
        }
    }

    /// Draws a premultiplied colour bitmap (a colour emoji glyph) at (x, y).
    public func drawPixels(
        _ source: UnsafePointer<UInt32>, width sourceWidth: Int, height sourceHeight: Int, x: Int, y: Int,
        opacity: Float = 1
    ) {
        let area = PixelRect(x: x, y: y, width: sourceWidth, height: sourceHeight).intersection(clip)
        guard !area.isEmpty else { return }
        let fade = UInt32(max(0, min(1, opacity)) * 255 + 0.5)
        for row in area.y..<area.maxY {
            let from = source + (row - y) * sourceWidth + (area.x - x)
            let target = pixels + row * stride + area.x
            for index in 0..<area.width { target[index] = Pixel.over(from[index], target[index], coverage: fade) }
        }
    }
}

/// Row kernels every drawing ends in: fills and blends of runs of pixels. AVX2 where
/// the CPU has it, else four pixels a step in 16-bit lanes (SSE2 width on x86-64).
/// The arithmetic is `Pixel.scale`'s exact rounding lane by lane, and the final add is
/// a 32-bit add per pixel like the scalar code's, so results are bit-identical to it.
public enum SpanBlend {
    /// row[i] = value for `count` pixels.
    @inline(__always)
    public static func fill(_ row: UnsafeMutablePointer<UInt32>, count: Int, with value: UInt32) {
        // Wide stores where the CPU has them: a whole-window backdrop is this, row by row.
        let done = count >= 8 && rk_avx2_enabled() != 0 ? rk_fill_avx2(row, count, value) : 0
        (row + done).update(repeating: value, count: count - done)
    }

    /// `Pixel.scale` per lane: t = x·f + 128, (t + t >> 8) >> 8. x·f + 128 <= 65153 and
    /// t + t >> 8 <= 65407, so nothing overflows a 16-bit lane.
    @inline(__always)
    static func scale(_ pixels: SIMD8<UInt16>, by factor: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let t = pixels &* factor &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    /// Four pixels scaled lane by lane: `low` factors for the first two, `high` for the others.
    @inline(__always)
    static func scale(_ pixels: SIMD16<UInt8>, low: SIMD8<UInt16>, high: SIMD8<UInt16>) -> SIMD4<UInt32> {
        let first = scale(SIMD8<UInt16>(truncatingIfNeeded: pixels.lowHalf), by: low)
        let second = scale(SIMD8<UInt16>(truncatingIfNeeded: pixels.highHalf), by: high)
        return unsafeBitCast(SIMD16<UInt8>(lowHalf: SIMD8<UInt8>(truncatingIfNeeded: first),
                                           highHalf: SIMD8<UInt8>(truncatingIfNeeded: second)), to: SIMD4<UInt32>.self)
    }

    /// row[i] = source + Pixel.scale(row[i], by: inverse) for `count` pixels.
    static func blendSolid(_ row: UnsafeMutablePointer<UInt32>, count: Int, source: UInt32, inverse: UInt32) {
        let factor = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: inverse))
        let add = SIMD4<UInt32>(repeating: source)
        // Eight pixels a step with AVX2 where the CPU has it (same arithmetic).
        var index = count >= 8 && rk_avx2_enabled() != 0 ? rk_blend_solid_avx2(row, count, source, inverse) : 0
        while index &+ 4 <= count {
            let raw = UnsafeMutableRawPointer(row + index)
            let scaled = scale(raw.loadUnaligned(as: SIMD16<UInt8>.self), low: factor, high: factor)
            raw.storeBytes(of: scaled &+ add, as: SIMD4<UInt32>.self)
            index &+= 4
        }
        while index < count {
            row[index] = source &+ Pixel.scale(row[index], by: inverse)
            index &+= 1
        }
    }

    /// row[i] = Pixel.over(solid, row[i], coverage: mask[i]) for `count` pixels,
    /// skipping the empty bytes a glyph mask is mostly made of eight at a time.
    static func mask(_ mask: UnsafePointer<UInt8>, solid: UInt32, onto row: UnsafeMutablePointer<UInt32>, count: Int) {
        // Eight pixels a step with AVX2 where the CPU has it (the same arithmetic): text.
        var index = count >= 8 && rk_avx2_enabled() != 0 ? rk_mask_solid_avx2(row, mask, count, solid) : 0
        while index < count {
            if index &+ 8 <= count && UnsafeRawPointer(mask + index).loadUnaligned(as: UInt64.self) == 0 {
                index &+= 8
                continue
            }
            let coverage = UInt32(mask[index])
            if coverage != 0 { row[index] = Pixel.over(solid, row[index], coverage: coverage) }
            index &+= 1
        }
    }

    /// row[i] = Pixel.over(source[i], row[i]) for `count` pixels (premultiplied).
    public static func over(_ source: UnsafePointer<UInt32>, onto row: UnsafeMutablePointer<UInt32>, count: Int) {
        var index = count >= 8 && rk_avx2_enabled() != 0 ? rk_over_avx2(source, row, count) : 0
        while index &+ 4 <= count {
            let from = UnsafeRawPointer(source + index).loadUnaligned(as: SIMD4<UInt32>.self)
            let raw = UnsafeMutableRawPointer(row + index)
            let alpha = from &>> 24
            // Fully transparent or fully opaque groups (most of a sprite) need no arithmetic;
            // the general path would give the same pixels.
            if all(from .== 0) {
                index &+= 4
                continue
            }
            if all(alpha .== 255) {
                raw.storeBytes(of: from, as: SIMD4<UInt32>.self)
                index &+= 4
                continue
            }
            // 255 − alpha in both 16-bit halves of each pixel's word, then spread over
            // that pixel's four lanes (a dword unpack each).
            let inverse = 255 &- alpha
            let doubled = inverse | (inverse &<< 16)
            let low = unsafeBitCast(SIMD4(doubled[0], doubled[0], doubled[1], doubled[1]), to: SIMD8<UInt16>.self)
            let high = unsafeBitCast(SIMD4(doubled[2], doubled[2], doubled[3], doubled[3]), to: SIMD8<UInt16>.self)
            let scaled = scale(raw.loadUnaligned(as: SIMD16<UInt8>.self), low: low, high: high)
            raw.storeBytes(of: scaled &+ from, as: SIMD4<UInt32>.self)
            index &+= 4
        }
        while index < count {
            row[index] = Pixel.over(source[index], row[index])
            index &+= 1
        }
    }
}

