import AppModel
import PunchScene
import Raster
import Shaders
import Testing

/// What the target picture paints opaque is not drawn under (the backdrop, the glow,
/// the sticker's shadow): the frame must come out the same, pixel for pixel.
@Suite("What the picture covers")
struct PictureCoverTests {
    /// A 300x240 photo: every texel opaque, a different colour at each.
    static func photo() -> RasterImage {
        let image = RasterImage(width: 300, height: 240)
        for y in 0..<240 {
            for x in 0..<300 {
                image.pixels[y * 300 + x] = 0xFF00_0000 | UInt32(x * 255 / 300) << 16 | UInt32(y * 255 / 240) << 8 | UInt32((x + y) & 0xFF)
            }
        }
        image.updateOpacity()
        return image
    }

    /// Drawn art: an opaque disc in transparent margins.
    static func art() -> RasterImage {
        let image = RasterImage(width: 200, height: 160)
        for y in 0..<160 {
            for x in 0..<200 {
                let dx = Float(x) - 110, dy = Float(y) - 80
                if dx * dx + dy * dy < 60 * 60 { image.pixels[y * 200 + x] = 0xFFE0_5030 }
            }
        }
        image.updateOpacity()
        return image
    }

    struct Case: CustomTestStringConvertible {
        let name: String
        let picture: RasterImage
        let sticker: Bool
        let transform: AffineTransform
        var flash: Float = 0
        var dents: [PictureDent] = []
        /// The cover reaches within 3 pixels of where the picture stops being opaque
        /// (not so with dents, which take their reach off it, nor about a disc, whose
        /// rectangle touches it only at its corners).
        var tight = true
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        let sticker = PhotoSticker().sticker(for: photo())
        let centre = AffineTransform.translation(-150, -120)
        return [
            Case(name: "a sticker at rest", picture: sticker, sticker: true, transform: centre.then(.translation(320, 250))),
            Case(name: "a sticker squashed, leaning and flashing", picture: sticker, sticker: true,
                 transform: centre.then(.scale(1.12, 0.86)).then(.rotation(0.09)).then(.translation(317.3, 262.6)), flash: 0.3),
            Case(name: "a sticker dented", picture: sticker, sticker: true,
                 transform: centre.then(.scale(1.05, 0.93)).then(.rotation(-0.04)).then(.translation(321.5, 251.2)),
                 dents: [PictureDent(center: Point(300, 240), radius: 70, depth: 0.45),
                         PictureDent(center: Point(360, 270), radius: 40, depth: -0.3, ripple: 0.2, phase: 0.6)], tight: false),
            Case(name: "an opaque photo, unframed, shown smaller", picture: photo(), sticker: false,
                 transform: centre.then(.scale(0.55, 0.6)).then(.rotation(0.3)).then(.translation(330, 240))),
            Case(name: "drawn art with transparent margins", picture: art(), sticker: false,
                 transform: AffineTransform.translation(-100, -80).then(.scale(1.4, 1.2)).then(.rotation(0.2)).then(.translation(320, 250)),
                 tight: false),
        ]
    }()

    static func holds(_ rect: PixelRect, _ x: Int, _ y: Int) -> Bool {
        x >= rect.x && x < rect.maxX && y >= rect.y && y < rect.maxY
    }

    static func renderer(_ test: Case) -> MainSceneRenderer {
        let renderer = MainSceneRenderer(layout: MainLayout(width: 640, height: 480), burst: nil, glyphs: nil)
        renderer.preparePaints()
        renderer.frame.picture = .ready(test.picture)
        renderer.frame.pictureIsSticker = test.sticker
        renderer.frame.pictureTransform = test.transform
        renderer.frame.flash = test.flash
        renderer.frame.dents = test.dents
        return renderer
    }

    @Test("the frame is the same, pixel for pixel, with what the picture covers left undrawn", arguments: cases)
    func sameFrame(_ test: Case) {
        let renderer = Self.renderer(test)
        let culled = Canvas(width: 640, height: 480)
        renderer.render(into: culled)
        let cover = renderer.pictureCover
        renderer.drawsUnderPicture = true
        let whole = Canvas(width: 640, height: 480)
        renderer.render(into: whole)
        #expect(renderer.pictureCover.isEmpty)
        var different = 0
        for y in 0..<480 {
            for x in 0..<640 where culled[x, y] != whole[x, y] { different += 1 }
        }
        #expect(different == 0, "\(different) pixels differ; cover \(cover)")
        // It covers most of what the picture shows (its rounded corners, a sticker's
        // outline and the tilt aside), so the check above is not of an empty cover.
        let picture = Float(test.picture.width * test.picture.height) * abs(test.transform.a * test.transform.d - test.transform.b * test.transform.c)
        // (A disc of art fills a third of its picture; the square in it, two thirds of that.)
        let share: Float = test.tight ? 0.5 : 0.1
        #expect(Float(cover.width * cover.height) > picture * share, "cover \(cover)")
    }

    @Test("every pixel of the cover is the picture's whatever was under it, and the cover reaches near its edge", arguments: cases)
    func coverIsOpaqueAndTight(_ test: Case) {
        let renderer = Self.renderer(test)
        var list = DisplayList()
        renderer.describe(into: &list)
        let cover = renderer.pictureCover
        // The picture alone over two backgrounds: where it paints opaque they agree.
        func picture(over background: Color) -> Canvas {
            let canvas = Canvas(width: 640, height: 480)
            canvas.clear(background)
            canvas.drawImage(test.picture, transform: test.transform, flash: renderer.frame.flashTint, flashColor: Color(hex: 0xFFF4E0), dents: test.dents)
            return canvas
        }
        let black = picture(over: Color(hex: 0x000000)), magenta = picture(over: Color(hex: 0xFF00FF))
        func showingThrough(_ rect: PixelRect) -> Int {
            var count = 0
            for y in max(0, rect.y)..<min(480, rect.maxY) {
                for x in max(0, rect.x)..<min(640, rect.maxX) where black[x, y] != magenta[x, y] { count += 1 }
            }
            return count
        }
        #expect(!cover.isEmpty)
        #expect(showingThrough(cover) == 0, "cover \(cover)")
        // The control: over the picture's whole box the background does show (its edges
        // at least), so a cover grown that far would fail the check above.
        let box = list.entries[2].bounds
        #expect(showingThrough(box) > 0, "box \(box)")
        if test.tight {
            let grown = PixelRect(x: cover.x - 3, y: cover.y - 3, width: cover.width + 6, height: cover.height + 6)
            #expect(showingThrough(grown) > 0, "cover \(cover)")
        }
    }

    @Test("an opaque core is found about a picture's middle: its rounded corners and outline left out")
    func stickerCore() {
        let sticker = PhotoSticker().sticker(for: Self.photo())
        let renderer = Self.renderer(Self.cases[0])
        var list = DisplayList()
        renderer.describe(into: &list)
        let cover = renderer.pictureCover
        // At rest (no squash, no tilt) the cover is the core shifted onto the canvas, a
        // texel and a bit in from it: well inside the 300x240 sticker, and most of it.
        #expect(cover.x > 170 && cover.maxX < 470 && cover.y > 130 && cover.maxY < 370, "\(cover)")
        #expect(cover.width > 250 && cover.height > 190, "\(cover)")
        #expect(!sticker.isOpaque)
    }

    @Test("a shadow drawn sparing a hole leaves the hole and draws the rest as without it")
    func shadowSparingAHole() {
        let rect = Rect(x: 100, y: 80, width: 300, height: 200)
        let hole = PixelRect(x: 130, y: 110, width: 240, height: 150)
        let whole = Canvas(width: 520, height: 400), spared = Canvas(width: 520, height: 400)
        whole.clear(Color(hex: 0x303050))
        spared.clear(Color(hex: 0x303050))
        whole.drawShadow(of: rect, radius: 20, blur: 30, offset: Point(0, 12), color: Color.black.withAlpha(0.42))
        spared.drawShadow(of: rect, radius: 20, blur: 30, offset: Point(0, 12), color: Color.black.withAlpha(0.42), sparing: hole)
        var inHoleDrawn = 0, outsideDifferent = 0, inHoleDarkened = 0
        let background = Canvas(width: 1, height: 1)
        background.clear(Color(hex: 0x303050))
        for y in 0..<400 {
            for x in 0..<520 {
                if Self.holds(hole, x, y) {
                    if spared[x, y] != background[0, 0] { inHoleDrawn += 1 }
                    if whole[x, y] != background[0, 0] { inHoleDarkened += 1 }
                } else if spared[x, y] != whole[x, y] {
                    outsideDifferent += 1
                }
            }
        }
        #expect(inHoleDrawn == 0)
        #expect(outsideDifferent == 0)
        // The control: without the hole the shadow does draw there.
        #expect(inHoleDarkened == hole.width * hole.height)
    }

    @Test("every pixel of the punch screen is drawn, whatever the canvas held before", arguments: [false, true])
    func everyPixelDrawn(sticker: Bool) {
        let renderer = MainSceneRenderer(layout: MainLayout(width: 800, height: 600), burst: nil, glyphs: nil)
        renderer.preparePaints()
        let photo = Self.photo()
        renderer.frame.picture = .ready(sticker ? PhotoSticker().sticker(for: photo) : photo)
        renderer.frame.pictureIsSticker = sticker
        renderer.frame.pictureTransform = AffineTransform.translation(-150, -120).then(.scale(1.1, 0.9)).then(.rotation(0.05))
            .then(.translation(400, 320))
        let black = Canvas(width: 800, height: 600), magenta = Canvas(width: 800, height: 600)
        black.clear(Color(hex: 0x000000))
        magenta.clear(Color(hex: 0xFF00FF))
        renderer.render(into: black)
        renderer.render(into: magenta)
        var differing = 0
        for y in 0..<600 {
            for x in 0..<800 where black[x, y] != magenta[x, y] { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels show what was there before")
        #expect(!renderer.pictureCover.isEmpty)
    }

    @Test("a picture zoomed far past the window, or a transform gone wrong, gives a cover in the window or none")
    func extremeTransforms() {
        let photo = Self.photo()
        for transform in [AffineTransform.scale(1e30, 1e30), .scale(4000, 4000).then(.translation(-1e6, -1e6)),
                          AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0), .scale(1e-20, 1e-20), .scale(-1, 1).then(.translation(400, 0))] {
            let renderer = MainSceneRenderer(layout: MainLayout(width: 640, height: 480), burst: nil, glyphs: nil)
            renderer.preparePaints()
            renderer.frame.picture = .ready(photo)
            renderer.frame.pictureTransform = transform
            var list = DisplayList()
            renderer.describe(into: &list)
            let cover = renderer.pictureCover
            #expect(cover.isEmpty || (cover.x >= 0 && cover.y >= 0 && cover.maxX <= 640 && cover.maxY <= 480), "\(transform): \(cover)")
            // And the frame is drawn (the sticker's shadow too), without trapping.
            renderer.frame.pictureIsSticker = true
            renderer.render(into: Canvas(width: 640, height: 480))
        }
    }
}
