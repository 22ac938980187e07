import ImmediateUI
import Raster
import RenderTestSupport
import Testing

/// A picture drawn in the same place two frames running is laid over later frames
/// from its held, shaded pixels: those frames must be the bytes drawing it gives.
@Suite("Pictures that hold still")
struct HeldPicturesTests {
    /// A 300x200 picture with a different colour at each texel, translucent at its top.
    static func picture() -> RasterImage {
        var rgba: [UInt8] = []
        for y in 0..<200 {
            for x in 0..<300 {
                rgba += [UInt8(x * 255 / 300), UInt8(y * 255 / 200), UInt8((x * 7 + y * 3) & 0xFF), y < 40 ? UInt8(90 + y * 4) : 255]
            }
        }
        return RasterImage(width: 300, height: 200, rgba: rgba)
    }

    /// Thumbnails in rounded cards at fractional places, fitted and faded, through a
    /// clip that cuts columns and rows, and past both edges of the window.
    static func build(_ ui: UIContext, _ image: RasterImage) {
        ui.image(image, in: Rect(x: 20.4, y: 30.7, width: 131.3, height: 97.9), cornerRadius: 14)
        ui.image(image, in: Rect(x: 200, y: 30, width: 160, height: 160), cornerRadius: 20, fit: .fit)
        ui.image(image, in: Rect(x: 400.5, y: 40.25, width: 90, height: 90), cornerRadius: 45, opacity: 0.6)
        ui.image(image, in: Rect(x: -37.2, y: 300.3, width: 120, height: 80), cornerRadius: 8)
        ui.image(image, in: Rect(x: 1230.6, y: 300, width: 120, height: 80), cornerRadius: 8)
        ui.pushClip(Rect(x: 560.5, y: 210.2, width: 100, height: 60))
        ui.image(image, in: Rect(x: 530, y: 190, width: 180, height: 120), cornerRadius: 16)
        ui.popClip()
    }

    static func backdrop() -> Canvas {
        let canvas = Canvas(width: 1280, height: 720)
        canvas.clear(Color(hex: 0x2A2E55))
        canvas.fill(PixelRect(x: 0, y: 100, width: 1280, height: 300), Color(hex: 0xC04020, alpha: 0.5))
        return canvas
    }


    @Test("a frame drawn from held pictures is the frame drawing them gives, whole, in bands and under a narrower clip")
    func heldPicturesGiveTheDrawnFrame() {
        let harness = UIHarness(), image = Self.picture()
        harness.frame { Self.build($0, image) }
        // The first sighting: drawn. Under a clip narrower than the window as well.
        let drawn = Self.backdrop(), drawnClipped = Self.backdrop()
        harness.ui.render(on: drawn)
        drawnClipped.pushClip(PixelRect(x: 60, y: 0, width: 480, height: 720))
        harness.ui.render(on: drawnClipped)
        // The second: held now.
        harness.frame { Self.build($0, image) }
        let held = Self.backdrop(), heldClipped = Self.backdrop(), banded = Self.backdrop()
        harness.ui.render(on: held)
        heldClipped.pushClip(PixelRect(x: 60, y: 0, width: 480, height: 720))
        harness.ui.render(on: heldClipped)
        for rows in [(0, 77), (77, 333), (333, 720)] { harness.ui.render(on: banded.bandView(rows: rows.0, rows.1)) }
        #expect(drawn.differingPixels(from: held) == 0)
        #expect(drawn.differingPixels(from: banded) == 0)
        #expect(drawnClipped.differingPixels(from: heldClipped) == 0)
    }

    @Test("the held pixels are what is drawn: a change not announced does not show until it is")
    func heldPixelsAreUsed() {
        let harness = UIHarness(), image = Self.picture()
        harness.frame { Self.build($0, image) }
        harness.frame { Self.build($0, image) }
        let before = Self.backdrop()
        harness.ui.render(on: before)
        // Paint the picture over without telling anyone: held pictures still show the old one.
        image.pixels.update(repeating: 0xFF00_FF00, count: image.width * image.height)
        harness.frame { Self.build($0, image) }
        let unannounced = Self.backdrop()
        harness.ui.render(on: unannounced)
        #expect(before.differingPixels(from: unannounced) == 0)
        // Announced, the picture is drawn again (and held again from the next frame on).
        image.pixelsChanged()
        harness.frame { Self.build($0, image) }
        let announced = Self.backdrop()
        harness.ui.render(on: announced)
        #expect(before.differingPixels(from: announced) > 20_000)
    }

    @Test("a picture that moves every frame is drawn each time, where it is")
    func movingPicturesAreDrawn() {
        let harness = UIHarness(), image = Self.picture()
        for step in 0..<3 {
            harness.frame { $0.image(image, in: Rect(x: 100 + Float(step) * 7.5, y: 100, width: 150, height: 100), cornerRadius: 12) }
        }
        let moved = Self.backdrop()
        harness.ui.render(on: moved)
        let fresh = UIHarness()
        fresh.frame { $0.image(image, in: Rect(x: 115, y: 100, width: 150, height: 100), cornerRadius: 12) }
        let reference = Self.backdrop()
        fresh.ui.render(on: reference)
        #expect(moved.differingPixels(from: reference) == 0)
    }
}
