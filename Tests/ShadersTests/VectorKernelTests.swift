import CRasterKernels
import Foundation
import Raster
import Shaders
import Testing

/// A picture of noise-like, partly translucent pixels, so every channel and weight matters.
private func noisePicture(width: Int, height: Int, seed: UInt32) -> RasterImage {
    var state = seed
    var rgba: [UInt8] = []
    rgba.reserveCapacity(width * height * 4)
    for _ in 0..<(width * height) {
        for _ in 0..<4 {
            state = state &* 1_664_525 &+ 1_013_904_223
            rgba.append(UInt8(truncatingIfNeeded: state >> 24))
        }
    }
    return RasterImage(width: width, height: height, rgba: rgba)
}

/// Draws the same pictures under many transforms, once with the AVX2 kernels and once
/// with the baseline code, and returns both canvases' pixels.
private func drawBothWays(_ draw: (Canvas) -> Void) -> (vector: [UInt32], baseline: [UInt32]) {
    func pixels(_ canvas: Canvas) -> [UInt32] { (0..<(canvas.width * canvas.height)).map { canvas.pixels[$0] } }
    let vector = Canvas(width: 320, height: 240), baseline = Canvas(width: 320, height: 240)
    vector.clear(Color(hex: 0x1E2540))
    baseline.clear(Color(hex: 0x1E2540))
    rk_set_avx2_enabled(1)
    draw(vector)
    rk_set_avx2_enabled(0)
    draw(baseline)
    rk_set_avx2_enabled(1)
    return (pixels(vector), pixels(baseline))
}

/// Whether the AVX2 kernels can run here at all. Where they cannot (a CPU without
/// AVX2, or STRESSPUNCH_SIMD=baseline), both sides of a comparison below would be the
/// portable code, and a pass would prove nothing: those tests are skipped, by name and
/// with this reason, instead of passing silently.
private let vectorKernelsRun = rk_avx2_supported() != 0 && rk_simd_baseline_forced() == 0
private let notComparable: Comment = rk_avx2_supported() == 0
    ? "this CPU has no AVX2: both sides would be the portable code"
    : "STRESSPUNCH_SIMD=baseline: the AVX2 kernels are off"

@Suite("Vector kernels give the baseline code's pixels", .serialized)
struct VectorKernelTests {
    @Test("the machine's AVX2 is detected and used where the CPU has it, unless STRESSPUNCH_SIMD=baseline")
    func avx2IsUsedWhereSupported() {
        let baseline = ProcessInfo.processInfo.environment["STRESSPUNCH_SIMD"] == "baseline"
        #expect((rk_simd_baseline_forced() != 0) == baseline)
        #expect(rk_avx2_enabled() == (baseline ? 0 : rk_avx2_supported()))
        rk_set_avx2_enabled(0)
        #expect(rk_avx2_enabled() == 0)
        // Turning the kernels back on (as the comparisons do) cannot override the switch.
        rk_set_avx2_enabled(1)
        #expect(rk_avx2_enabled() == (baseline ? 0 : rk_avx2_supported()))
        if !vectorKernelsRun { print("VectorKernelTests: the AVX2 comparisons are skipped: \(notComparable)") }
    }

    @Test("bilinear pictures under squash, rotation and shear are byte-identical both ways",
          .enabled(if: vectorKernelsRun, notComparable))
    func bilinearMatches() {
        let opaque = noisePicture(width: 97, height: 83, seed: 7)
        let opaqueRGBA = (0..<(97 * 83)).flatMap { index -> [UInt8] in
            let pixel = opaque.pixels[index]
            return [UInt8(truncatingIfNeeded: pixel >> 16), UInt8(truncatingIfNeeded: pixel >> 8), UInt8(truncatingIfNeeded: pixel), 255]
        }
        let solid = RasterImage(width: 97, height: 83, rgba: opaqueRGBA)
        let translucent = noisePicture(width: 61, height: 130, seed: 11)
        let (vector, baseline) = drawBothWays { canvas in
            for step in 0..<24 {
                let angle = Float(step) * 0.27 - 3
                let transform = AffineTransform.translation(-40, -35)
                    .then(.scale(0.6 + Float(step % 5) * 0.35, 0.5 + Float(step % 7) * 0.3))
                    .then(.rotation(angle))
                    .then(.translation(Float(40 + step * 11 % 240), Float(30 + step * 7 % 180)))
                canvas.drawImage(step.isMultiple(of: 2) ? solid : translucent, transform: transform,
                                 opacity: step % 3 == 0 ? 0.7 : 1, flash: step % 4 == 1 ? 0.4 : 0)
            }
            if let paint = ImagePaint(solid, aspectFill: Rect(x: 10, y: 20, width: 231, height: 117)) {
                canvas.fillRoundedRect(Rect(x: 10, y: 20, width: 231, height: 117), radius: 12, paint: paint)
            }
        }
        let differing = zip(vector, baseline).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) pixels differ between the AVX2 and baseline kernels")
        // The drawing reached the pictures: most of the canvas changed from the background.
        #expect(vector.filter { $0 != Color(hex: 0x1E2540).premultiplied }.count > 320 * 240 / 2)
    }

    @Test("translucent fills, sprites, shadows, gradients, glyph masks and opaque fills make the same bytes both ways",
          .enabled(if: vectorKernelsRun, notComparable))
    func blendsMatch() {
        let sprite = noisePicture(width: 77, height: 45, seed: 3)
        let (vector, baseline) = drawBothWays { canvas in
            for step in 0..<12 {
                let color = Color(hex: UInt32(0x30A0F0 &+ step &* 0x1F2F3F) & 0xFFFFFF, alpha: Float(step + 1) / 13)
                canvas.fill(PixelRect(x: step * 19 % 250, y: step * 13 % 190, width: 9 + step * 7, height: 40), color)
                canvas.fillRoundedRect(Rect(x: Float(step * 23 % 200), y: Float(step * 17 % 150), width: 101, height: 63),
                                       radius: 14, color)
                canvas.drawImage(sprite, x: step * 29 % 260 - 10, y: step * 11 % 200 - 5)
            }
            // Opaque fills and a vertical gradient (row fills), soft shadows (a coverage
            // mask under one colour, every level from 0 to past 1) and an odd-width
            // clip, so the eight-pixel kernels leave remainders for the baseline.
            canvas.fill(PixelRect(x: 3, y: 200, width: 157, height: 37), Color(hex: 0x77AA33))
            canvas.fill(PixelRect(x: 170, y: 180, width: 141, height: 57), paint: LinearGradientPaint(
                from: Point(0, 180), to: Point(0, 237), stops: [(0, Color(hex: 0x223344)), (1, Color(hex: 0xDDCCBB))]))
            canvas.pushClip(PixelRect(x: 5, y: 3, width: 301, height: 229))
            // A large one too, as the sticker's: its blurred edges worked out eight at a time.
            canvas.drawShadow(of: Rect(x: 30.5, y: 20.25, width: 250, height: 190), radius: 24, blur: 12, offset: Point(1.5, 9),
                              color: Color(hex: 0x101020, alpha: 0.4))
            for step in 0..<5 {
                canvas.drawShadow(of: Rect(x: Float(20 + step * 57), y: Float(30 + step * 31), width: 60, height: 41),
                                  radius: Float(4 + step * 3), blur: Float(6 + step * 5), offset: Point(2, 5),
                                  color: Color(hex: 0x101020, alpha: 0.3 + Float(step) * 0.15))
            }
            canvas.popClip()
            // Glyph-like masks (runs of empty bytes, full ones and every level between)
            // in an opaque and a translucent colour, 61 wide so groups of eight end early.
            var mask = [UInt8](repeating: 0, count: 61 * 23)
            var state: UInt32 = 99
            for index in mask.indices where index % 61 > 9 {
                state = state &* 1_664_525 &+ 1_013_904_223
                mask[index] = index % 7 == 0 ? 255 : UInt8(truncatingIfNeeded: state >> 24) & (index % 3 == 0 ? 0 : 0xFF)
            }
            mask.withUnsafeBufferPointer { bytes in
                guard let base = bytes.baseAddress else { return }
                canvas.drawMask(base, width: 61, height: 23, rowBytes: 61, x: 13, y: 7, paint: SolidPaint(Color(hex: 0xF2E6D0)))
                canvas.drawMask(base, width: 61, height: 23, rowBytes: 61, x: 201, y: 151,
                                paint: SolidPaint(Color(hex: 0x202040, alpha: 0.45)))
            }
        }
        let differing = zip(vector, baseline).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) pixels differ between the AVX2 and baseline kernels")
        #expect(vector.filter { $0 != Color(hex: 0x1E2540).premultiplied }.count > 320 * 240 / 3)
    }
}

extension VectorKernelTests {
    @Test("dented pictures (bent points sampled eight at a time) are byte-identical both ways",
          .enabled(if: vectorKernelsRun, notComparable))
    func dentsMatch() {
        let picture = noisePicture(width: 120, height: 100, seed: 11)
        let opaque = RasterImage(width: 120, height: 100, rgba: (0..<(120 * 100)).flatMap { index -> [UInt8] in
            let p = picture[index % 120, index / 120]
            return [UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF), 255]
        })
        let both = drawBothWays { canvas in
            for (step, image) in [picture, opaque, picture].enumerated() {
                let transform = AffineTransform.translation(-60, -50).then(.scale(1.6 + 0.3 * Float(step), 1.4))
                    .then(.rotation(0.2 * Float(step) - 0.1)).then(.translation(160, 120))
                let dents = [PictureDent(center: Point(150 + 9 * Float(step), 110), radius: 70, depth: 0.4 - 0.3 * Float(step),
                                         ripple: 0.15, phase: 0.4 * Float(step)),
                             PictureDent(center: Point(200, 150), radius: 35, depth: -0.3)]
                canvas.drawImage(image, transform: transform, opacity: step == 2 ? 0.8 : 1, dents: dents)
            }
        }
        let differing = zip(both.vector, both.baseline).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) pixels differ")
        #expect(Set(both.vector).count > 1000, "the pictures were drawn")
    }
}
