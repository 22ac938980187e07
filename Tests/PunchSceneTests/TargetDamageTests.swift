import AppModel
import PunchScene
import Raster
import Testing

/// The target's entry in the main scene's display list (what damage tracking redraws
/// when it moves).
@Suite("The target's damage")
struct TargetDamageTests {
    /// A 200x160 picture of drawn art: an opaque disc in transparent margins.
    static func art() -> RasterImage {
        let image = RasterImage(width: 200, height: 160)
        for y in 0..<160 {
            for x in 0..<200 {
                let dx = Float(x) - 120, dy = Float(y) - 70
                if dx * dx + dy * dy < 40 * 40 { image.pixels[y * 200 + x] = 0xFFE0_5030 }
            }
        }
        image.updateOpacity()
        return image
    }

    @Test("a picture with transparent margins damages only its art's bounds, which hold every pixel it draws")
    func damageIsTheArtsBounds() throws {
        let layout = MainLayout(width: 640, height: 480)
        let renderer = MainSceneRenderer(layout: layout, burst: nil, glyphs: nil)
        renderer.preparePaints()
        let picture = Self.art()
        let transform = AffineTransform.translation(-100, -80).then(.scale(1.3, 0.8)).then(.rotation(0.2)).then(.translation(320, 260))
        renderer.frame.picture = .ready(picture)
        renderer.frame.pictureTransform = transform
        var list = DisplayList()
        renderer.describe(into: &list)
        // The backdrop, the glow, then the target.
        try #require(list.count >= 3)
        let entry = list.entries[2]
        #expect(entry.exactUnderClip)

        let drawn = Canvas(width: 640, height: 480)
        renderer.render(into: drawn)
        // A transform that cannot be inverted draws no picture at all.
        renderer.frame.pictureTransform = .scale(0, 0)
        let without = Canvas(width: 640, height: 480)
        renderer.render(into: without)
        var changed = 0, outside = 0
        for y in 0..<480 {
            for x in 0..<640 where drawn[x, y] != without[x, y] {
                changed += 1
                if !entry.bounds.intersects(PixelRect(x: x, y: y, width: 1, height: 1)) { outside += 1 }
            }
        }
        #expect(changed > 3000)
        #expect(outside == 0)
        // The disc is 80 texels wide in a 200-texel picture: far less than its box.
        let box = entry.bounds.width * entry.bounds.height
        #expect(box < 200 * 160 * 13 / 10 * 8 / 10 / 2, "\(entry.bounds)")
    }
}
