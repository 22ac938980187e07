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
        var index = 3
        while index < pixels.count {
            if pixels[index] != 255 { return true }
            index += 4
        }
        return false
    }

    /// The picture turned upright according to an EXIF orientation (1...8), the way a
    /// phone's camera app shows it.
    public func uprighted(exifOrientation orientation: Int) -> PictureBitmap {
        guard (2...8).contains(orientation) else { return self }
        let swapsAxes = orientation >= 5
        let outWidth = swapsAxes ? height : width
        let outHeight = swapsAxes ? width : height
        var out = [UInt8](repeating: 0, count: pixels.count)
        for y in 0..<outHeight {
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
                let source = (sy * width + sx) * 4
                let target = (y * outWidth + x) * 4
                out[target] = pixels[source]
                out[target + 1] = pixels[source + 1]
                out[target + 2] = pixels[source + 2]
                out[target + 3] = pixels[source + 3]
            }
        }
        return PictureBitmap(width: outWidth, height: outHeight, pixels: out)
    }

    /// The picture scaled down so its longer side is at most `longSide`, by area
    /// averaging in premultiplied alpha (no moiré, no dark fringes around transparent
    /// edges). Pictures already small enough come back unchanged.
    public func downscaled(toLongSide longSide: Int) -> PictureBitmap {
        let longest = max(width, height)
        guard longest > longSide, longSide > 0 else { return self }
        let scale = Double(longSide) / Double(longest)
        let outWidth = max(1, Int((Double(width) * scale).rounded()))
        let outHeight = max(1, Int((Double(height) * scale).rounded()))
        let columns = AreaWeights(source: width, target: outWidth)
        let rows = AreaWeights(source: height, target: outHeight)

        var accumulator = [Float](repeating: 0, count: outWidth * outHeight * 4)
        var rowSums = [Float](repeating: 0, count: outWidth * 4)
        for sy in 0..<height {
            // Horizontal pass of one source row into output columns.
            for index in rowSums.indices { rowSums[index] = 0 }
            let rowStart = sy * width * 4
            for sx in 0..<width {
                let p = rowStart + sx * 4
                let alpha = Float(pixels[p + 3]) / 255
                let r = Float(pixels[p]) * alpha, g = Float(pixels[p + 1]) * alpha, b = Float(pixels[p + 2]) * alpha
                let a = Float(pixels[p + 3])
                let split = columns.splits[sx]
                var o = split.first * 4
                rowSums[o] += r * split.firstWeight; rowSums[o + 1] += g * split.firstWeight
                rowSums[o + 2] += b * split.firstWeight; rowSums[o + 3] += a * split.firstWeight
                if split.secondWeight > 0 {
                    o += 4
                    rowSums[o] += r * split.secondWeight; rowSums[o + 1] += g * split.secondWeight
                    rowSums[o + 2] += b * split.secondWeight; rowSums[o + 3] += a * split.secondWeight
                }
            }
            // Vertical pass: the row lands in at most two output rows.
            let split = rows.splits[sy]
            let firstRow = split.first * outWidth * 4
            for index in 0..<rowSums.count { accumulator[firstRow + index] += rowSums[index] * split.firstWeight }
            if split.secondWeight > 0 {
                let secondRow = firstRow + outWidth * 4
                for index in 0..<rowSums.count { accumulator[secondRow + index] += rowSums[index] * split.secondWeight }
            }
        }

        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        for pixel in 0..<(outWidth * outHeight) {
            let p = pixel * 4
            let a = accumulator[p + 3]
            out[p + 3] = UInt8(clamping: Int(a.rounded()))
            guard a > 0.5 else { continue }
            // Un-premultiply: colour sums were weighted by alpha/255.
            let factor = 255 / a
            out[p] = UInt8(clamping: Int((accumulator[p] * factor).rounded()))
            out[p + 1] = UInt8(clamping: Int((accumulator[p + 1] * factor).rounded()))
            out[p + 2] = UInt8(clamping: Int((accumulator[p + 2] * factor).rounded()))
        }
        return PictureBitmap(width: outWidth, height: outHeight, pixels: out)
    }
}

/// For area-averaged downscaling along one axis: each source pixel spans 1/scale of
/// an output pixel, so it lands in one output pixel or straddles two.
private struct AreaWeights {
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
