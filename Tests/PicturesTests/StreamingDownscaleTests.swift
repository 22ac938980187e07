import Pictures
import Testing

@Suite("Downscaling as it streams")
struct StreamingDownscaleTests {
    /// A noisy picture with soft transparency in places.
    static func picture(width: Int, height: Int, seed: UInt32, transparent: Bool) -> PictureBitmap {
        var state = seed
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                let noise = UInt8(truncatingIfNeeded: state >> 24)
                let alpha: UInt8 = transparent && (x + y) % 7 < 3 ? UInt8(truncatingIfNeeded: (x * 37 + y) % 256) : 255
                pixels += [UInt8(truncatingIfNeeded: x * 5) &+ noise / 8, UInt8(truncatingIfNeeded: y * 3), noise, alpha]
            }
        }
        return PictureBitmap(width: width, height: height, pixels: pixels)
    }

    /// The area average written the plain way: every output pixel integrates the
    /// source over its own rectangle, in premultiplied alpha, in doubles.
    static func reference(_ source: PictureBitmap, width: Int, height: Int) -> PictureBitmap {
        let sx = Double(source.width) / Double(width), sy = Double(source.height) / Double(height)
        var out: [UInt8] = []
        for oy in 0..<height {
            for ox in 0..<width {
                var sums = [Double](repeating: 0, count: 4)
                let x0 = Double(ox) * sx, x1 = x0 + sx, y0 = Double(oy) * sy, y1 = y0 + sy
                for y in Int(y0)..<min(source.height, Int(y1.rounded(.up))) {
                    let wy = min(y1, Double(y + 1)) - max(y0, Double(y))
                    for x in Int(x0)..<min(source.width, Int(x1.rounded(.up))) {
                        let w = wy * (min(x1, Double(x + 1)) - max(x0, Double(x))) / (sx * sy)
                        let p = (y * source.width + x) * 4
                        let a = Double(source.pixels[p + 3])
                        for c in 0..<3 { sums[c] += Double(source.pixels[p + c]) * a / 255 * w }
                        sums[3] += a * w
                    }
                }
                let a = sums[3]
                out += (0..<3).map { a > 0.5 ? UInt8(clamping: Int((sums[$0] * 255 / a).rounded())) : 0 }
                    + [UInt8(clamping: Int(a.rounded()))]
            }
        }
        return PictureBitmap(width: width, height: height, pixels: out)
    }

    @Test("the streaming downscale matches a plain area average, opaque or not, at uneven ratios, small or big",
          arguments: [(97, 61, 40), (61, 97, 40), (300, 200, 211), (45, 45, 44), (1000, 3, 7), (1300, 800, 999), (900, 1200, 97)])
    func matchesReference(width: Int, height: Int, longSide: Int) {
        for transparent in [false, true] {
            let source = Self.picture(width: width, height: height, seed: UInt32(width * height), transparent: transparent)
            let small = source.downscaled(toLongSide: longSide)
            let expected = Self.reference(source, width: small.width, height: small.height)
            #expect(max(small.width, small.height) == longSide)
            let worst = zip(small.pixels, expected.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= 1, "\(width)x\(height) to \(longSide), transparent \(transparent): off by \(worst)")
        }
    }

    @Test("the size a downscale gives is the one it announces")
    func announcedSize() {
        let source = Self.picture(width: 300, height: 199, seed: 3, transparent: false)
        let small = source.downscaled(toLongSide: 128)
        let size = PictureBitmap.downscaledSize(width: 300, height: 199, toLongSide: 128)
        #expect((small.width, small.height) == (size.width, size.height))
        #expect(PictureBitmap.downscaledSize(width: 100, height: 50, toLongSide: 2048) == (100, 50))
    }
}
