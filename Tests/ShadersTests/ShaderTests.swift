import Raster
import RenderTestSupport
import Shaders
import Testing

/// A 16x16 test picture: four coloured quadrants and a white diagonal.
func checkerPicture(alpha: UInt8 = 255) -> RasterImage {
    var rgba: [UInt8] = []
    for y in 0..<16 {
        for x in 0..<16 {
            var color: [UInt8] = switch (x < 8, y < 8) {
            case (true, true): [230, 60, 50]
            case (false, true): [60, 200, 80]
            case (true, false): [50, 110, 230]
            case (false, false): [250, 200, 40]
            }
            if x == y { color = [255, 255, 255] }
            rgba += color + [alpha]
        }
    }
    return RasterImage(width: 16, height: 16, rgba: rgba)
}

@Suite("Image drawing under a transform")
struct ImageDrawTests {
    @Test("the identity transform copies an opaque picture exactly")
    func identityIsExact() {
        let picture = checkerPicture()
        let canvas = Canvas(width: 16, height: 16)
        canvas.drawImage(picture, transform: .identity)
        for y in 0..<16 { for x in 0..<16 { #expect(canvas[x, y] == picture[x, y], "pixel \(x),\(y)") } }
    }

    @Test("a whole-pixel translation is exact too")
    func translationIsExact() {
        let picture = checkerPicture()
        let canvas = Canvas(width: 24, height: 24)
        canvas.drawImage(picture, transform: .translation(5, 3))
        #expect(canvas[5, 3] == picture[0, 0])
        #expect(canvas[20, 18] == picture[15, 15])
        #expect(canvas[4, 3] == 0 && canvas[5, 2] == 0)
    }

    @Test("a rotated picture gets soft, anti-aliased edges")
    func rotatedEdgesAreSoft() {
        let picture = RasterImage(width: 40, height: 40, fill: .white)
        let canvas = Canvas(width: 80, height: 80)
        let transform = AffineTransform.translation(-20, -20).then(.rotation(0.3)).then(.translation(40, 40))
        canvas.drawImage(picture, transform: transform)
        var partial = 0
        for y in 0..<80 { for x in 0..<80 where (1...254).contains(canvas[x, y] >> 24) { partial += 1 } }
        #expect(partial > 100)
        #expect(abs(canvas.coveredArea - 1600) / 1600 < 0.02)
    }

    @Test("a full flash turns an opaque picture white, keeping its shape")
    func flashTintsWhite() {
        let canvas = Canvas(width: 16, height: 16)
        canvas.drawImage(checkerPicture(), transform: .identity, flash: 1)
        #expect(canvas[3, 9] == 0xFFFF_FFFF)
    }

    @Test("opacity fades the picture over what is below")
    func opacityFades() {
        let canvas = Canvas(width: 16, height: 16)
        canvas.clear(.black)
        canvas.drawImage(RasterImage(width: 16, height: 16, fill: .white), transform: .identity, opacity: 0.5)
        #expect(canvas[8, 8] == 0xFF80_8080)
    }

    @Test("scaled, squashed and rotated pictures match their snapshots")
    func transformSnapshots() {
        let picture = checkerPicture()
        let scaled = Canvas(width: 48, height: 48)
        scaled.drawImage(picture, transform: .scale(2.5, 2.5).then(.translation(4, 4)))
        expectGolden(scaled, "image-scaled")

        let squashed = Canvas(width: 64, height: 48)
        let squash = AffineTransform.translation(-8, -8).then(.scale(3.2, 1.8))
            .then(.rotation(3 * Float.pi / 180)).then(.translation(32, 24))
        squashed.clear(Color(hex: 0x303040))
        squashed.drawImage(picture, transform: squash)
        expectGolden(squashed, "image-squashed-rotated")

        let translucent = Canvas(width: 40, height: 40)
        translucent.clear(Color(hex: 0x202020))
        translucent.drawImage(checkerPicture(alpha: 160), transform: .translation(-8, -8).then(.rotation(0.7)).then(.scale(1.7, 1.7)).then(.translation(20, 20)))
        expectGolden(translucent, "image-translucent-rotated")
    }

    @Test("a transformed picture drawn under clips cut across its rows equals it drawn whole")
    func clipCutsAcrossRowsAreExact() {
        // Damage tracking draws parts of rows; every part must be what the whole row draws.
        let picture = checkerPicture(alpha: 200)
        let transform = AffineTransform.translation(-8, -8).then(.scale(3.7, 2.3))
            .then(.rotation(0.41)).then(.translation(40.3, 29.7))
        for (flash, opacity) in [(Float(0), Float(1)), (0.6, 1), (0, 0.7)] {
            let whole = Canvas(width: 80, height: 60)
            whole.clear(Color(hex: 0x303040))
            whole.drawImage(picture, transform: transform, opacity: opacity, flash: flash)
            let parts = Canvas(width: 80, height: 60)
            parts.clear(Color(hex: 0x303040))
            // Uneven vertical strips, each starting inside the picture's rows.
            var left = 0
            for width in [13, 1, 7, 22, 3, 17, 17] {
                parts.pushClip(PixelRect(x: left, y: 0, width: width, height: 60))
                parts.drawImage(picture, transform: transform, opacity: opacity, flash: flash)
                parts.popClip()
                left += width
            }
            var differing = 0, drawn = 0
            for y in 0..<60 {
                for x in 0..<80 {
                    if whole[x, y] != parts[x, y] { differing += 1 }
                    if whole[x, y] != Color(hex: 0x303040).premultiplied { drawn += 1 }
                }
            }
            #expect(drawn > 1000)
            #expect(differing == 0, "flash \(flash), opacity \(opacity): \(differing) pixels differ")
        }
    }

    @Test("a picture paint fills a rounded card, cropped to cover it")
    func imagePaintFillsShape() throws {
        let canvas = Canvas(width: 40, height: 30)
        let card = Rect(x: 4, y: 4, width: 32, height: 22)
        let paint = try #require(ImagePaint(checkerPicture(), aspectFill: card))
        canvas.fillRoundedRect(card, radius: 6, paint: paint)
        #expect(canvas[20, 15] >> 24 == 255)
        #expect(canvas[4, 4] >> 24 < 128)  // rounded corner
        expectGolden(canvas, "image-paint-card")
    }
}

@Suite("Gradients, vignette and shadows")
struct PaintTests {
    @Test("a vertical gradient runs from its first to its last colour")
    func verticalGradient() {
        let canvas = Canvas(width: 4, height: 256)
        let paint = LinearGradientPaint(from: Point(0, 0), to: Point(0, 256), stops: [(0, .black), (1, .white)])
        canvas.fill(PixelRect(x: 0, y: 0, width: 4, height: 256), paint: paint)
        #expect(canvas[0, 0] & 0xFF <= 1)
        #expect(canvas[0, 255] & 0xFF >= 254)
        for y in 1..<256 { #expect(canvas[2, y] & 0xFF >= canvas[2, y - 1] & 0xFF) }
    }

    @Test("a horizontal gradient with three stops passes through the middle one")
    func threeStops() {
        let canvas = Canvas(width: 101, height: 1)
        let paint = LinearGradientPaint(from: Point(0, 0), to: Point(101, 0),
                                        stops: [(0, Color(hex: 0xFF0000)), (0.5, Color(hex: 0x00FF00)), (1, Color(hex: 0x0000FF))])
        canvas.fill(PixelRect(x: 0, y: 0, width: 101, height: 1), paint: paint)
        #expect((canvas[50, 0] >> 8) & 0xFF >= 250)
        #expect((canvas[0, 0] >> 16) & 0xFF >= 250)
        #expect(canvas[100, 0] & 0xFF >= 250)
    }

    @Test("a radial gradient is its first colour at the centre and its last beyond the radius")
    func radialGradient() {
        let canvas = Canvas(width: 64, height: 64)
        let paint = RadialGradientPaint(center: Point(32, 32), radius: 20, stops: [(0, .white), (1, .black)])
        canvas.fill(PixelRect(x: 0, y: 0, width: 64, height: 64), paint: paint)
        #expect(canvas[32, 32] & 0xFF >= 245)
        #expect(canvas[2, 2] == 0xFF00_0000)
    }

    @Test("the vignette leaves the middle alone and darkens the corners")
    func vignette() {
        let canvas = Canvas(width: 160, height: 90)
        canvas.clear(.white)
        canvas.drawVignette()
        #expect(canvas[80, 45] == 0xFFFF_FFFF)
        #expect(canvas[0, 0] & 0xFF < 200)
    }

    @Test("a soft shadow is darkest under its rectangle and fades smoothly to nothing")
    func shadowFalloff() {
        let canvas = Canvas(width: 100, height: 60)
        canvas.drawShadow(of: Rect(x: 30, y: 20, width: 40, height: 20), radius: 6, blur: 10, color: Color.black.withAlpha(0.6))
        let centre = canvas[50, 30] >> 24
        #expect((140...153).contains(centre))  // a blurred 20 px band keeps ~97% of its 0.6 alpha
        var previous = centre
        for x in 50..<100 {
            let alpha = canvas[x, 30] >> 24
            #expect(alpha <= previous)
            previous = alpha
        }
        #expect(canvas[99, 30] >> 24 == 0)
        expectGolden(canvas, "shadow")
    }

    /// What the shadow tests draw on.
    static let shadowGround = Color(hex: 0x6A70C0)

    /// The shadow worked out (`drawShadow(of:)`) and drawn from `mask`, each on its own
    /// canvas filled with `shadowGround` and clipped to `clip`.
    static func shadowWorkedAndMasked(_ shape: Rect, radius: Float, blur: Float, offset: Point, color: Color, mask: ShadowMask,
                                      width: Int, height: Int, clip: PixelRect) -> (worked: Canvas, masked: Canvas) {
        let worked = Canvas(width: width, height: height), masked = Canvas(width: width, height: height)
        for canvas in [worked, masked] {
            canvas.clear(shadowGround)
            canvas.pushClip(clip)
        }
        worked.drawShadow(of: shape, radius: radius, blur: blur, offset: offset, color: color)
        masked.drawShadow(mask, color: color)
        return (worked, masked)
    }

    /// How many pixels of a width x height canvas `test` holds for.
    static func count(_ width: Int, _ height: Int, where test: (Int, Int) -> Bool) -> Int {
        var count = 0
        for y in 0..<height {
            for x in 0..<width where test(x, y) { count += 1 }
        }
        return count
    }

    @Test("a shadow drawn from its mask, whole or under a clip, equals the shadow worked out")
    func shadowMaskMatches() throws {
        let shape = Rect(x: 21.3, y: 14.6, width: 47.5, height: 23), radius: Float = 11.5, blur: Float = 9, offset = Point(0.4, 3.2)
        let color = Color.black.withAlpha(0.32)
        let mask = try #require(ShadowMask(of: shape, radius: radius, blur: blur, offset: offset))
        for clip in [PixelRect(x: 0, y: 0, width: 100, height: 70), PixelRect(x: 33, y: 9, width: 21, height: 30)] {
            let (worked, masked) = Self.shadowWorkedAndMasked(shape, radius: radius, blur: blur, offset: offset, color: color,
                                                              mask: mask, width: 100, height: 70, clip: clip)
            let differing = Self.count(100, 70) { worked[$0, $1] != masked[$0, $1] }
            let shaded = Self.count(100, 70) { worked[$0, $1] != Self.shadowGround.premultiplied }
            #expect(shaded > 300)
            #expect(differing == 0)
        }
        #expect(ShadowMask(of: Rect(x: 0, y: 0, width: 4000, height: 4000), radius: 0, blur: 4) == nil)
    }

    @Test("a large shadow's full middle, drawn without working out the blur, equals its mask worked out everywhere",
          arguments: [PixelRect(x: 0, y: 0, width: 420, height: 300), PixelRect(x: 0, y: 0, width: 130, height: 300),
                      PixelRect(x: 250, y: 40, width: 170, height: 90), PixelRect(x: 97, y: 61, width: 203, height: 151),
                      PixelRect(x: 201, y: 0, width: 3, height: 300)])
    func fullMiddleMatches(clip: PixelRect) throws {
        // The sticker's shadow at 1080p is this shape: most of it full strength.
        let shape = Rect(x: 40.5, y: 30.25, width: 331, height: 223), radius: Float = 26, blur: Float = 14, offset = Point(1.5, 9)
        let color = Color(hex: 0x101020, alpha: 0.45)
        let mask = try #require(ShadowMask(of: shape, radius: radius, blur: blur, offset: offset))
        let (worked, masked) = Self.shadowWorkedAndMasked(shape, radius: radius, blur: blur, offset: offset, color: color,
                                                          mask: mask, width: 420, height: 300, clip: clip)
        let fullColor = Pixel.over(color.premultiplied, Self.shadowGround.premultiplied, coverage: 255)
        let differing = Self.count(420, 300) { worked[$0, $1] != masked[$0, $1] }
        let full = Self.count(420, 300) { worked[$0, $1] == fullColor }
        #expect(differing == 0, "\(differing) pixels differ from the shadow worked out everywhere")
        // The middle is there to skip: most of the clip is at full strength.
        #expect(full > clip.width * clip.height / 4, "only \(full) pixels at full strength")
    }

    /// Shapes whose blur the straight edges' shortcut must get right: a blur wider than
    /// the shape (its middle never full), square corners, a pill (no straight rows).
    static let shortcutShapes: [(Rect, Float, Float)] = [
        (Rect(x: 150.2, y: 110.7, width: 60, height: 40), 4, 60),
        (Rect(x: 60, y: 40, width: 300.5, height: 200), 0, 20),
        (Rect(x: 70.3, y: 90.1, width: 280, height: 80), 40, 24),
        (Rect(x: 100, y: 60, width: 30, height: 180), 15, 9),
    ]

    @Test("a shadow drawn with the straight edges' shortcut equals its mask worked out everywhere",
          arguments: 0..<4)
    func straightEdgesMatch(index: Int) throws {
        let (shape, radius, blur) = Self.shortcutShapes[index]
        let offset = Point(0.7, 6.3)
        let color = Color(hex: 0x101020, alpha: 0.45)
        let mask = try #require(ShadowMask(of: shape, radius: radius, blur: blur, offset: offset))
        for clip in [PixelRect(x: 0, y: 0, width: 420, height: 300), PixelRect(x: 91, y: 37, width: 133, height: 201)] {
            let (worked, masked) = Self.shadowWorkedAndMasked(shape, radius: radius, blur: blur, offset: offset, color: color,
                                                              mask: mask, width: 420, height: 300, clip: clip)
            let differing = Self.count(420, 300) { worked[$0, $1] != masked[$0, $1] }
            let shaded = Self.count(420, 300) { masked[$0, $1] != Self.shadowGround.premultiplied }
            #expect(differing == 0, "\(differing) pixels differ under \(clip)")
            #expect(shaded > 1000)
        }
    }
}
