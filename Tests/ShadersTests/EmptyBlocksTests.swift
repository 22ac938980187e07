import Raster
import RenderTestSupport
import Shaders
import Testing

/// A transformed picture with transparent parts skips the groups of pixels whose
/// samples all fall in its empty 8x8 blocks: the pixels must be what sampling every
/// one gives, whatever the transform, fade, flash or clip.
@Suite("Skipping a picture's empty blocks")
struct EmptyBlocksTests {
    /// 96x96: a disc off-centre, a translucent ring, lone texels and a thin line in
    /// transparent margins; block edges fall inside and beside each.
    static func sparse() -> RasterImage {
        var rgba = [UInt8](repeating: 0, count: 96 * 96 * 4)
        func put(_ x: Int, _ y: Int, _ color: (UInt8, UInt8, UInt8, UInt8)) {
            let index = (y * 96 + x) * 4
            (rgba[index], rgba[index + 1], rgba[index + 2], rgba[index + 3]) = color
        }
        for y in 0..<96 {
            for x in 0..<96 {
                let dx = Float(x) - 40.5, dy = Float(y) - 44.5, d = (dx * dx + dy * dy).squareRoot()
                if d < 18 { put(x, y, (230, UInt8(x * 2), 40, 255)) }
                if d > 30 && d < 33 { put(x, y, (60, 90, 240, 120)) }
                if x == 87 && y > 10 && y < 80 { put(x, y, (250, 250, 250, 255)) }
            }
        }
        for (x, y) in [(3, 3), (8, 8), (15, 90), (64, 7), (95, 95), (71, 60)] { put(x, y, (255, 200, 0, 200)) }
        return RasterImage(width: 96, height: 96, rgba: rgba)
    }

    static let transforms: [AffineTransform] = {
        let centre = AffineTransform.translation(-48, -48)
        return [
            centre.then(.translation(100, 80)),
            centre.then(.scale(2.4, 1.9)).then(.rotation(0.37)).then(.translation(101.3, 79.6)),
            centre.then(.scale(0.61, 0.7)).then(.rotation(-1.2)).then(.translation(60.2, 50.9)),
            centre.then(AffineTransform(a: 1.3, b: 0.4, c: -0.7, d: 1.1, tx: 0, ty: 0)).then(.translation(98.7, 81.1)),
            centre.then(.scale(3.1, 3.1)).then(.rotation(2.9)).then(.translation(99.5, 80.5)),
        ]
    }()

    static func noise() -> Canvas {
        let canvas = Canvas(width: 200, height: 160)
        var state: UInt32 = 12345
        for y in 0..<160 {
            for x in 0..<200 {
                state = state &* 1_664_525 &+ 1_013_904_223
                canvas[x, y] = 0xFF00_0000 | (state >> 8)
            }
        }
        return canvas
    }


    @Test("skipping empty blocks gives the bytes sampling every pixel gives",
          arguments: [(Float(1), Float(0)), (0.55, 0), (1, 0.6), (0.8, 0.3)])
    func skippingIsExact(opacity: Float, flash: Float) {
        let picture = Self.sparse()
        for (index, transform) in Self.transforms.enumerated() {
            let skipped = Self.noise(), sampled = Self.noise()
            // Under a clip that cuts the rows as well, on every other transform.
            if index % 2 == 1 {
                skipped.pushClip(PixelRect(x: 71, y: 0, width: 57, height: 160))
                sampled.pushClip(PixelRect(x: 71, y: 0, width: 57, height: 160))
            }
            skipped.drawImage(picture, transform: transform, opacity: opacity, flash: flash)
            sampled.drawImage(picture, transform: transform, opacity: opacity, flash: flash, skippingEmpty: false)
            #expect(skipped.differingPixels(from: sampled) == 0, "transform \(index)")
            #expect(sampled.differingPixels(from: Self.noise()) > 300, "transform \(index) drew nothing")
        }
    }

    @Test("the blocks are what is skipped: a texel written without announcing it is not drawn until it is")
    func skippedBlocksAreNotSampled() {
        let picture = Self.sparse()
        let transform = AffineTransform.translation(-48, -48).then(.scale(1.5, 1.5)).then(.translation(100, 80))
        let first = Self.noise()
        first.drawImage(picture, transform: transform)
        // A bright texel in the empty bottom margin, pixelsChanged() not called.
        picture.pixels[90 * 96 + 72] = 0xFFFF_FFFF
        let skipped = Self.noise(), sampled = Self.noise()
        skipped.drawImage(picture, transform: transform)
        sampled.drawImage(picture, transform: transform, skippingEmpty: false)
        #expect(skipped.differingPixels(from: first) == 0)
        #expect(sampled.differingPixels(from: skipped) > 0)
        picture.pixelsChanged()
        let announced = Self.noise()
        announced.drawImage(picture, transform: transform)
        #expect(announced.differingPixels(from: sampled) == 0)
    }
}
