/// Decoded pixels: 8-bit RGBA, straight (not premultiplied) alpha, rows top to bottom
/// with no padding. The form pictures take between decoding and storing.
public struct PictureBitmap: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "RGBA bitmap size mismatch")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Whether any pixel is not fully opaque.
    public var hasTransparency: Bool {
        pixels.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return false }
            // Two pixels a load: every byte but the alphas is set, so an all-ones word
            // means both are opaque (a byte at a time was a few percent of an import).
            let raw = UnsafeRawPointer(base)
            var index = 0
            while index + 8 <= bytes.count {
                if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) | 0x00FF_FFFF_00FF_FFFF != UInt64.max { return true }
                index += 8
            }
            index += 3
            while index < bytes.count {
                if bytes[index] != 255 { return true }
                index += 4
            }
            return false
        }
    }

    /// The picture turned upright according to an EXIF orientation (1...8), the way a
    /// phone's camera app shows it.
    public func uprighted(exifOrientation orientation: Int) -> PictureBitmap {
        guard (2...8).contains(orientation) else { return self }
        let swapsAxes = orientation >= 5
        let outWidth = swapsAxes ? height : width
        let outHeight = swapsAxes ? width : height
        let width = self.width, height = self.height
        var out = [UInt8](repeating: 0, count: pixels.count)
        // Whole pixels as 32-bit words: an import turns millions of them.
        pixels.withUnsafeBytes { sourceBytes in
            out.withUnsafeMutableBytes { targetBytes in
                let source = sourceBytes.bindMemory(to: UInt32.self)
                let target = targetBytes.bindMemory(to: UInt32.self)
                for y in 0..<outHeight {
                    let row = y * outWidth
                    for x in 0..<outWidth {
                        // Where the output pixel (x, y) comes from in the stored image.
                        let (sx, sy): (Int, Int)
                        switch orientation {
                        case 2: (sx, sy) = (width - 1 - x, y)                 // mirrored
                        case 3: (sx, sy) = (width - 1 - x, height - 1 - y)    // rotated 180
                        case 4: (sx, sy) = (x, height - 1 - y)                // mirrored vertically
                        case 5: (sx, sy) = (y, x)                             // transposed
                        case 6: (sx, sy) = (y, height - 1 - x)                // rotate 90 clockwise to view
                        case 7: (sx, sy) = (width - 1 - y, height - 1 - x)    // transversed
                        default: (sx, sy) = (width - 1 - y, x)                // 8: rotate 90 counter-clockwise
                        }
                        target[row + x] = source[sy * width + sx]
                    }
                }
            }
        }
        return PictureBitmap(width: outWidth, height: outHeight, pixels: out)
    }

    /// The size `downscaled(toLongSide:)` gives a `width` x `height` picture: a decoder
    /// that scales as it decodes (WebP) aims at exactly this.
    public static func downscaledSize(width: Int, height: Int, toLongSide longSide: Int) -> (width: Int, height: Int) {
        let longest = max(width, height)
        guard longest > longSide, longSide > 0 else { return (width, height) }
        let scale = Double(longSide) / Double(longest)
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// The picture scaled down so its longer side is at most `longSide`, by area
    /// averaging in premultiplied alpha (no moiré, no dark fringes around transparent
    /// edges). Pictures already small enough come back unchanged.
    ///
    /// Streams: each source row is folded into the (at most two) output rows it
    /// covers, and an output row is finished as soon as no later source row reaches
    /// it, so the working memory is two rows, not a float copy of the picture.
    public func downscaled(toLongSide longSide: Int) -> PictureBitmap {
        let (outWidth, outHeight) = Self.downscaledSize(width: width, height: height, toLongSide: longSide)
        guard outWidth != width || outHeight != height else { return self }
        let columns = AreaWeights(source: width, target: outWidth)
        let rows = AreaWeights(source: height, target: outHeight)
        let width = self.width, height = self.height

        let opaque = !hasTransparency
        // Every byte is written by a band (an unwritten one would be a bug the tests
        // catch as garbage): no 11 MB of zeros first.
        var out = [UInt8](unsafeUninitializedCapacity: outWidth * outHeight * 4) { buffer, initialized in
            initialized = buffer.count
        }
        pixels.withUnsafeBufferPointer { sourceBuffer in
            out.withUnsafeMutableBufferPointer { targetBuffer in
                columns.splits.withUnsafeBufferPointer { columnBuffer in
                    rows.splits.withUnsafeBufferPointer { rowBuffer in
                        guard let source = sourceBuffer.baseAddress, let target = targetBuffer.baseAddress,
                              let columnSplits = columnBuffer.baseAddress, let rowSplits = rowBuffer.baseAddress
                        else { return }
                        let job = DownscaleJob(source: source, width: width, height: height, target: target, outWidth: outWidth,
                                               outHeight: outHeight, columns: columnSplits, rows: rowSplits)
                        // One band, the whole picture: JPEG and WebP imports shrink as they
                        // decode, so what comes here is small or rare (a big PNG, GIF or BMP).
                        // Bands on threads would need a lock the sanitizers can follow.
                        job.run(band: 0..<outHeight, opaque: opaque)
                    }
                }
            }
        }
        return PictureBitmap(width: outWidth, height: outHeight, pixels: out)
    }

    /// One downscale's pointers, and the band of output rows it can be asked for.
    private struct DownscaleJob {
        let source: UnsafePointer<UInt8>
        let width: Int, height: Int
        let target: UnsafeMutablePointer<UInt8>
        let outWidth: Int, outHeight: Int
        let columns: UnsafePointer<AreaWeights.Split>, rows: UnsafePointer<AreaWeights.Split>

        func run(band: Range<Int>, opaque: Bool) {
            // Photos are opaque: then there is no alpha to weigh by or divide out (the
            // same sums, as alpha/255 is exactly 1), which halves the work.
            if opaque {
                PictureBitmap.downscale(self, band: band, opaque: true)
            } else {
                PictureBitmap.downscale(self, band: band, opaque: false)
            }
        }
    }

    /// The streaming area average of the output rows in `band`, on plain pointers: no
    /// captured variables in the loops, which the optimizer would otherwise have to
    /// reload every pixel. A band reads the source rows that reach its rows; a row
    /// straddling two bands is summed by both, each keeping its own share.
    @inline(__always)
    private static func downscale(_ job: DownscaleJob, band: Range<Int>, opaque: Bool) {
        guard !band.isEmpty else { return }
        let outWidth = job.outWidth, width = job.width, rows = job.rows, columns = job.columns
        let source = job.source, target = job.target
        // Premultiplied RGBA sums, four floats a pixel: this source row's, and the two
        // output rows it can reach.
        let floats = outWidth * 4
        let rowSums = UnsafeMutablePointer<Float>.allocate(capacity: floats)
        var current = UnsafeMutablePointer<Float>.allocate(capacity: floats)
        var next = UnsafeMutablePointer<Float>.allocate(capacity: floats)
        defer { rowSums.deallocate(); current.deallocate(); next.deallocate() }
        current.initialize(repeating: 0, count: floats)
        next.initialize(repeating: 0, count: floats)
        rowSums.initialize(repeating: 0, count: floats)
        // The first source row reaching the band: rows only move down, so a search from the top.
        var sy = 0
        while sy < job.height && rows[sy].first + 1 < band.lowerBound { sy += 1 }
        var currentRow = band.lowerBound
        while sy < job.height {
            let split = rows[sy]
            if split.first >= band.upperBound { break }
            if split.first < band.lowerBound {
                // The row above the band: only its spill lands in the band's first row.
                if split.secondWeight > 0 {
                    sumRow(source + sy * width * 4, width: width, splits: columns, into: rowSums, count: floats, opaque: opaque)
                    let weight = split.secondWeight, into = current
                    for index in 0..<floats { into[index] += rowSums[index] * weight }
                }
                sy += 1
                continue
            }
            // Rows before this one's first output row get nothing more.
            while currentRow < split.first {
                finishRow(current, into: target + currentRow * floats, count: outWidth, opaque: opaque)
                swap(&current, &next)
                next.update(repeating: 0, count: floats)
                currentRow += 1
            }
            sumRow(source + sy * width * 4, width: width, splits: columns, into: rowSums, count: floats, opaque: opaque)
            // Vertical pass: the row lands in at most two output rows (the second may be the next band's).
            let firstWeight = split.firstWeight, secondWeight = split.secondWeight
            let into = current, spill = next
            for index in 0..<floats { into[index] += rowSums[index] * firstWeight }
            if secondWeight > 0 && currentRow + 1 < band.upperBound {
                for index in 0..<floats { spill[index] += rowSums[index] * secondWeight }
            }
            sy += 1
        }
        finishRow(current, into: target + currentRow * floats, count: outWidth, opaque: opaque)
        if currentRow + 1 < band.upperBound {
            finishRow(next, into: target + (currentRow + 1) * floats, count: outWidth, opaque: opaque)
        }
    }

    /// Horizontal pass: one source row, premultiplied, into output columns. Each
    /// output column is summed in a register and stored once (adding into memory
    /// pixel by pixel waited on the previous pixel's store).
    @inline(__always)
    static func sumRow(_ source: UnsafePointer<UInt8>, width: Int, splits: UnsafePointer<AreaWeights.Split>,
                               into sums: UnsafeMutablePointer<Float>, count: Int, opaque: Bool) {
        sums.update(repeating: 0, count: count)
        var column = 0
        var here = SIMD4<Float>(repeating: 0), spill = SIMD4<Float>(repeating: 0)
        var p = 0
        for sx in 0..<width {
            let split = splits[sx]
            if split.first != column {
                // Columns only move right, one at a time (each source pixel is under one output pixel wide).
                (sums + column * 4).withMemoryRebound(to: SIMD4<Float>.self, capacity: 1) { $0.pointee = here }
                here = spill
                spill = SIMD4<Float>(repeating: 0)
                column = split.first
            }
            let premultiplied: SIMD4<Float>
            if opaque {
                // All four bytes in one load, widened as a vector (alpha is 255 already).
                let bytes = UnsafeRawPointer(source + p).loadUnaligned(as: SIMD4<UInt8>.self)
                premultiplied = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: bytes))
            } else {
                let a = Float(source[p + 3])
                let alpha = a / 255
                premultiplied = SIMD4<Float>(Float(source[p]) * alpha, Float(source[p + 1]) * alpha, Float(source[p + 2]) * alpha, a)
            }
            here += premultiplied * SIMD4<Float>(repeating: split.firstWeight)
            spill += premultiplied * SIMD4<Float>(repeating: split.secondWeight)
            p += 4
        }
        (sums + column * 4).withMemoryRebound(to: SIMD4<Float>.self, capacity: 1) { $0.pointee = here }
        if column * 4 + 4 < count {
            (sums + column * 4 + 4).withMemoryRebound(to: SIMD4<Float>.self, capacity: 1) { $0.pointee = spill }
        }
    }

    /// A finished output row: sums back to straight-alpha bytes.
    @inline(__always)
    static func finishRow(_ sums: UnsafeMutablePointer<Float>, into target: UnsafeMutablePointer<UInt8>, count: Int,
                                  opaque: Bool) {
        var p = 0
        if opaque {
            for _ in 0..<count {
                target[p] = UInt8(Swift.min(sums[p] + 0.5, 255))
                target[p + 1] = UInt8(Swift.min(sums[p + 1] + 0.5, 255))
                target[p + 2] = UInt8(Swift.min(sums[p + 2] + 0.5, 255))
                target[p + 3] = 255
                p += 4
            }
            return
        }
        for _ in 0..<count {
            // Sums are never negative, so adding a half and truncating rounds them (and
            // is an instruction, where `rounded()` is a call into libm on baseline x86-64).
            let a = sums[p + 3]
            target[p + 3] = UInt8(clamping: Int(a + 0.5))
            if a > 0.5 {
                // Un-premultiply: colour sums were weighted by alpha/255.
                let factor = 255 / a
                target[p] = UInt8(clamping: Int(sums[p] * factor + 0.5))
                target[p + 1] = UInt8(clamping: Int(sums[p + 1] * factor + 0.5))
                target[p + 2] = UInt8(clamping: Int(sums[p + 2] * factor + 0.5))
            } else {
                target[p] = 0; target[p + 1] = 0; target[p + 2] = 0
            }
            p += 4
        }
    }
}

/// For area-averaged downscaling along one axis: each source pixel spans 1/scale of
/// an output pixel, so it lands in one output pixel or straddles two.
struct AreaWeights {
    struct Split {
        var first: Int
        var firstWeight: Float
        var secondWeight: Float
    }
    var splits: [Split]

    init(source: Int, target: Int) {
        let span = Double(target) / Double(source)  // output pixels per source pixel (< 1)
        splits = (0..<source).map { index in
            let start = Double(index) * span
            let end = start + span
            let first = min(Int(start), target - 1)
            let inFirst = min(end, Double(first + 1)) - start
            let inSecond = first + 1 < target ? max(0, end - Double(first + 1)) : 0
            // Overlaps in output units: over one output pixel they add up to 1.
            return Split(first: first, firstWeight: Float(inFirst), secondWeight: Float(inSecond))
        }
    }
}
