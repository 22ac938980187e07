import Foundation
import Raster
import Shaders

/// The tools punches can hit with, in the house style: each drawn once in a 600 x 600
/// local box (placed by a transform) so its sprite, its strip icon and anything else
/// show the same object. Sprites are 512 x 512 with the hit at the centre; icons are
/// 256 x 256, the tool alone; bits are 128 x 128, the piece an impact throws.
enum ToolArt {
    static func scaleOf(_ t: AffineTransform) -> Float { BoxingGlove.scaleOf(t) }
    static func angleOf(_ t: AffineTransform) -> Float { BoxingGlove.angleOf(t) }

    // MARK: Objects (600 x 600 local box)

    /// An open hand, palm toward us, fingers up, the wrist at the bottom middle (300, 560).
    static func hand(on canvas: Canvas, _ t: AffineTransform, outline: Float) {
        func p(_ x: Float, _ y: Float) -> Point { t.apply(Point(x, y)) }
        let s = scaleOf(t), turn = angleOf(t)
        let skin = Color(hex: 0xF6C49A)
        let paint = LinearGradientPaint(from: p(300, 80), to: p(300, 560),
                                        stops: [(0, skin.lighter(0.25)), (0.6, skin), (1, skin.darker(0.18))])
        // Fingers (behind the palm), a thumb out to the left.
        let fingers: [(x: Float, top: Float, tilt: Float)] = [(195, 150, -0.16), (265, 95, -0.05), (340, 100, 0.05), (408, 160, 0.16)]
        for finger in fingers {
            let path = Shape.roundedRect(finger.x - 34, finger.top, 68, 250, radius: 34, rotation: finger.tilt).applying(t)
            canvas.outlined(path, paint, outline: outline)
        }
        var thumb = Path()
        thumb.move(to: p(190, 360))
        thumb.curve(to: p(70, 250), control1: p(140, 330), control2: p(70, 300))
        thumb.curve(to: p(150, 240), control1: p(70, 205), control2: p(125, 205))
        thumb.curve(to: p(240, 330), control1: p(175, 270), control2: p(200, 300))
        thumb.close()
        canvas.outlined(thumb, paint, outline: outline)
        // The palm and wrist.
        let palm = Shape.blob([p(160, 300), p(300, 270), p(445, 300), p(445, 430), p(380, 560), p(230, 560), p(160, 440)], tension: 0.9)
        canvas.outlined(palm, paint, outline: outline)
        // Palm lines and a blush of the sting.
        var line = Path()
        line.move(to: p(205, 390))
        line.quad(to: p(380, 360), control: p(300, 410))
        canvas.ink(line, width: outline * 0.55, color: Ink.color.withAlpha(0.6))
        canvas.fill(Shape.ellipse(p(330, 450), 60 * s, 36 * s, rotation: turn), Color(hex: 0xFF7A8A).withAlpha(0.45))
        canvas.fill(Shape.ellipse(p(245, 180), 16 * s, 40 * s, rotation: turn - 0.05), Color.white.withAlpha(0.45))
    }

    /// A plump pillow with tufted corners, a seam, and a little dent in its middle.
    static func pillow(on canvas: Canvas, _ t: AffineTransform, outline: Float) {
        func p(_ x: Float, _ y: Float) -> Point { t.apply(Point(x, y)) }
        let s = scaleOf(t), turn = angleOf(t)
        let cloth = Color(hex: 0xE9E3FF)
        // Sides bulging out between pinched corners, as a stuffed pillow's do.
        var body = Path()
        body.move(to: p(60, 120))
        body.curve(to: p(540, 120), control1: p(200, 70), control2: p(400, 70))
        body.curve(to: p(540, 480), control1: p(590, 240), control2: p(590, 360))
        body.curve(to: p(60, 480), control1: p(400, 530), control2: p(200, 530))
        body.curve(to: p(60, 120), control1: p(10, 360), control2: p(10, 240))
        body.close()
        canvas.outlined(body, RadialGradientPaint(center: p(250, 230), radius: 400 * s,
                                                  stops: [(0, Color.white), (0.5, cloth), (1, cloth.darker(0.22))]), outline: outline)
        // Wrinkles from the pinched corners toward the middle, and a seam along the top.
        for (corner, toward) in [(p(60, 120), p(150, 190)), (p(540, 120), p(450, 190)), (p(540, 480), p(455, 415)), (p(60, 480), p(145, 415))] {
            var wrinkle = Path()
            wrinkle.move(to: corner)
            wrinkle.quad(to: toward, control: Point((corner.x + toward.x) / 2 + 8 * s, (corner.y + toward.y) / 2))
            canvas.ink(wrinkle, width: outline * 0.45, color: Color(hex: 0x9A8CD8))
        }
        var seam = Path()
        seam.move(to: p(120, 130))
        seam.curve(to: p(480, 130), control1: p(240, 100), control2: p(360, 100))
        canvas.ink(seam, width: outline * 0.35, color: Color(hex: 0xB7AAEC))
        var dent = Path()
        dent.move(to: p(250, 300))
        dent.quad(to: p(350, 300), control: p(300, 330))
        canvas.ink(dent, width: outline * 0.6, color: Color(hex: 0x8C7DCF))
        canvas.fill(Shape.ellipse(p(200, 220), 80 * s, 26 * s, rotation: turn - 0.1), Color.white.withAlpha(0.75))
    }

    /// A cream pie seen a little from above: a crimped golden crust, a mound of
    /// whipped cream in swirls, and a cherry on top.
    static func pie(on canvas: Canvas, _ t: AffineTransform, outline: Float) {
        func p(_ x: Float, _ y: Float) -> Point { t.apply(Point(x, y)) }
        let s = scaleOf(t), turn = angleOf(t)
        let crust = Color(hex: 0xE2A24E)
        // The tin and the crust's crimped rim.
        canvas.outlined(Shape.ellipse(p(300, 400), 250 * s, 110 * s, rotation: turn),
                        topLitPaint(crust.darker(0.2), t, 330, 510), outline: outline)
        canvas.outlined(Shape.ellipse(p(300, 360), 248 * s, 100 * s, rotation: turn), topLitPaint(crust, t, 260, 460), outline: outline)
        for index in 0..<14 {
            let angle = Float(index) / 14 * 2 * Float.pi
            let at = p(300 + 232 * cos(angle), 360 + 92 * sin(angle))
            canvas.fill(Shape.ellipse(at, 20 * s, 12 * s, rotation: turn + angle), crust.lighter(0.25))
        }
        // Whipped cream: overlapping puffs, bigger at the back, a swirl on top.
        let cream = Color(hex: 0xFFF8EC)
        let puffs: [(Float, Float, Float)] = [(150, 330, 80), (450, 330, 80), (230, 290, 95), (370, 290, 95), (300, 330, 105),
                                              (300, 220, 95), (220, 360, 70), (380, 360, 70)]
        for puff in puffs {
            canvas.outlined(Shape.circle(p(puff.0, puff.1), puff.2 * s),
                            RadialGradientPaint(center: p(puff.0 - 25, puff.1 - 30), radius: puff.2 * 1.4 * s,
                                                stops: [(0, Color.white), (0.6, cream), (1, Color(hex: 0xE9D6B8))]), outline: outline * 0.8)
        }
        for puff in puffs { canvas.fill(Shape.circle(p(puff.0, puff.1), puff.2 * s * 0.8), cream.withAlpha(0.9)) }
        var swirl = Path()
        swirl.move(to: p(245, 250))
        swirl.quad(to: p(355, 240), control: p(300, 300))
        canvas.ink(swirl, width: outline * 0.5, color: Color(hex: 0xD9C3A0))
        // The cherry and its stem.
        var stem = Path()
        stem.move(to: p(300, 130))
        stem.quad(to: p(350, 50), control: p(300, 80))
        canvas.ink(stem, width: outline * 0.7, color: Color(hex: 0x4E7A2A))
        canvas.outlined(Shape.circle(p(300, 150), 46 * s), ballLit(Color(hex: 0xE0213A), center: p(300, 150), radius: 46 * s), outline: outline)
        canvas.fill(Shape.ellipse(p(285, 135), 12 * s, 8 * s, rotation: turn - 0.5), Color.white.withAlpha(0.85))
        canvas.fill(Shape.ellipse(p(230, 260), 40 * s, 14 * s, rotation: turn - 0.2), Color.white.withAlpha(0.9))
    }

    /// A ripe tomato with its green star of leaves and a shine.
    static func tomato(on canvas: Canvas, _ t: AffineTransform, outline: Float) {
        func p(_ x: Float, _ y: Float) -> Point { t.apply(Point(x, y)) }
        let s = scaleOf(t), turn = angleOf(t)
        let red = Color(hex: 0xE5302C)
        let body = Shape.blob([p(300, 120), p(470, 170), p(540, 330), p(460, 500), p(300, 540), p(140, 500), p(60, 330), p(130, 170)],
                              tension: 1)
        canvas.outlined(body, ballLit(red, center: p(300, 330), radius: 240 * s), outline: outline)
        // Lobes: two soft creases from the top.
        for (a, b, c) in [(p(250, 150), p(190, 330), p(230, 510)), (p(350, 150), p(410, 330), p(370, 510))] {
            var crease = Path()
            crease.move(to: a)
            crease.quad(to: c, control: b)
            canvas.ink(crease, width: outline * 0.45, color: red.darker(0.35).withAlpha(0.7))
        }
        let leaves = Shape.star(p(300, 140), outer: [95 * s, 80 * s, 100 * s, 85 * s, 90 * s], inner: 26 * s, points: 5, rotation: turn - 0.3)
        canvas.outlined(leaves, topLitPaint(Color(hex: 0x4FA33A), t, 60, 220), outline: outline * 0.8)
        canvas.outlined(Shape.roundedRect(p(300, 100).x - 12 * s, p(300, 100).y - 40 * s, 24 * s, 50 * s, radius: 12 * s, rotation: turn),
                        Color(hex: 0x3E8A2C), outline: outline * 0.6)
        canvas.fill(Shape.ellipse(p(200, 250), 48 * s, 24 * s, rotation: turn - 0.7), Color.white.withAlpha(0.7))
        canvas.fill(Shape.circle(p(170, 310), 12 * s), Color.white.withAlpha(0.6))
    }

    /// A rubber mallet: a fat blue rubber head across the top, a wooden handle down
    /// to (300, 580). The head's striking face is its left end, at about (95, 170).
    static func mallet(on canvas: Canvas, _ t: AffineTransform, outline: Float) {
        func p(_ x: Float, _ y: Float) -> Point { t.apply(Point(x, y)) }
        let s = scaleOf(t), turn = angleOf(t)
        let wood = Color(hex: 0xC98A4B)
        let handle = Shape.roundedRect(p(300, 400).x - 30 * s, p(300, 400).y - 200 * s, 60 * s, 400 * s, radius: 28 * s, rotation: turn)
        canvas.outlined(handle, LinearGradientPaint(from: p(270, 0), to: p(330, 0),
                                                    stops: [(0, wood.lighter(0.3)), (0.5, wood), (1, wood.darker(0.3))]), outline: outline)
        canvas.ink(Shape.curve([p(290, 300), p(296, 420), p(290, 540)]), width: outline * 0.35, color: wood.darker(0.45))
        let rubber = Color(hex: 0x3C7BE0)
        let head = Shape.roundedRect(p(300, 170).x - 210 * s, p(300, 170).y - 105 * s, 420 * s, 210 * s, radius: 70 * s, rotation: turn)
        canvas.outlined(head, LinearGradientPaint(from: p(0, 65), to: p(0, 275),
                                                  stops: [(0, rubber.lighter(0.35)), (0.5, rubber), (1, rubber.darker(0.35))]), outline: outline)
        // The two striking faces, darker rubber, and a band where the handle goes in.
        for x: Float in [120, 480] {
            canvas.outlined(Shape.ellipse(p(x, 170), 34 * s, 102 * s, rotation: turn), rubber.darker(0.25), outline: outline * 0.7)
        }
        canvas.outlined(Shape.roundedRect(p(300, 170).x - 40 * s, p(300, 170).y - 108 * s, 80 * s, 216 * s, radius: 14 * s, rotation: turn),
                        Color(hex: 0xB9C2D6), outline: outline * 0.7)
        canvas.fill(Shape.ellipse(p(300, 110), 150 * s, 20 * s, rotation: turn), Color.white.withAlpha(0.55))
        canvas.fill(Shape.circle(p(470, 108), 12 * s), Color.white.withAlpha(0.55))
    }

    static func topLitPaint(_ base: Color, _ t: AffineTransform, _ top: Float, _ bottom: Float) -> LinearGradientPaint {
        LinearGradientPaint(from: t.apply(Point(300, top)), to: t.apply(Point(300, bottom)),
                            stops: [(0, base.lighter(0.28)), (0.5, base), (1, base.darker(0.22))])
    }

    // MARK: Sprites (512 x 512, the hit at the centre)

    /// A soft burst behind a tool: an uneven star in `color` with a light core.
    static func splash(on canvas: Canvas, outer: [Float], inner: Float, color: Color, core: Color, rim: Color, turn: Float) {
        let center = Point(256, 256)
        let star = Shape.blob((0..<(outer.count * 2)).map { index in
            polar(center, index % 2 == 0 ? outer[index / 2] : inner, turn + Float(index) * Float.pi / Float(outer.count))
        }, tension: 0.7)
        canvas.stroke(star, width: 14, rim)
        canvas.fill(star, paint: RadialGradientPaint(center: center, radius: outer.max() ?? 200, stops: [(0, core), (0.55, color), (1, color.darker(0.1))]))
    }

    static func slapSprite(_ canvas: Canvas) {
        // A pink sting behind the palm, motion arcs from where it swung in.
        splash(on: canvas, outer: [170, 140, 165, 135, 175, 145, 160, 138], inner: 118, color: Color(hex: 0xFFB3C1),
               core: Color(hex: 0xFFF0F3), rim: Color(hex: 0xE8455E), turn: degrees(10))
        canvas.motionLines(around: Point(256, 256), radius: 190, angle: degrees(-140), spread: 0.9, count: 2, width: 11, gap: 30)
        let t = AffineTransform.translation(-300, -330).then(.scale(0.62, 0.62)).then(.rotation(degrees(-28))).then(.translation(262, 262))
        hand(on: canvas, t, outline: 9)
    }

    static func pillowSprite(_ canvas: Canvas) {
        // A puff of air: white cloud lobes behind the pillow.
        let center = Point(256, 256)
        for index in 0..<9 {
            let angle = Float(index) / 9 * 2 * Float.pi + 0.2
            let at = polar(center, 150 + Float(index % 3) * 14, angle)
            canvas.outlined(Shape.circle(at, 58 + Float(index % 2) * 12), Color(hex: 0xF4F1FF).withAlpha(0.95), outline: 7)
        }
        canvas.fill(Shape.circle(center, 170), Color(hex: 0xF4F1FF).withAlpha(0.95))
        let t = AffineTransform.translation(-300, -300).then(.scale(0.62, 0.62)).then(.rotation(degrees(-12))).then(.translation(256, 262))
        pillow(on: canvas, t, outline: 9)
    }

    static func pieSprite(_ canvas: Canvas) {
        // Cream flying off the splat.
        splash(on: canvas, outer: [235, 190, 225, 180, 240, 200, 215, 185, 230], inner: 140, color: Color(hex: 0xFFF6E4),
               core: Color.white, rim: Color(hex: 0xDCC49C), turn: degrees(-5))
        for (angle, distance, radius) in [(Float(-30), Float(215), Float(22)), (100, 225, 18), (200, 210, 24), (260, 230, 16)] {
            canvas.outlined(Shape.circle(polar(Point(256, 256), distance, degrees(angle)), radius), Color(hex: 0xFFF8EC), outline: 6)
        }
        let t = AffineTransform.translation(-300, -330).then(.scale(0.66, 0.66)).then(.rotation(degrees(8))).then(.translation(256, 262))
        pie(on: canvas, t, outline: 9)
    }

    static func tomatoSprite(_ canvas: Canvas) {
        splash(on: canvas, outer: [240, 175, 230, 190, 245, 170, 225, 200, 235, 180], inner: 130, color: Color(hex: 0xE5302C),
               core: Color(hex: 0xFF7A5C), rim: Color(hex: 0x9E1420), turn: degrees(8))
        for (angle, distance, radius) in [(Float(20), Float(225), Float(20)), (140, 235, 16), (220, 220, 22), (300, 232, 14)] {
            let at = polar(Point(256, 256), distance, degrees(angle))
            canvas.outlined(Shape.circle(at, radius), Color(hex: 0xE5302C), outline: 6)
        }
        // The tomato itself, squashed on impact.
        let t = AffineTransform.translation(-300, -330).then(.scale(0.5, 0.42)).then(.translation(256, 268))
        tomato(on: canvas, t, outline: 9)
        // Seeds thrown out over it.
        for (x, y, a) in [(Float(200), Float(200), Float(0.4)), (320, 190, -0.5), (340, 330, 0.9), (175, 320, -0.2)] {
            canvas.fill(Shape.ellipse(Point(x, y), 9, 6, rotation: a), Color(hex: 0xF6E7A6))
        }
    }

    static func malletSprite(_ canvas: Canvas) {
        // A "bonk" star at the face, the mallet swung in from the upper left.
        let outer: [Float] = [120, 95, 115, 90, 125, 100, 110, 92]
        let burst = Shape.star(Point(256, 256), outer: outer, inner: 70, points: outer.count, rotation: degrees(-8))
        canvas.stroke(burst, width: 12, Color(hex: 0xE0212F))
        canvas.fill(burst, paint: RadialGradientPaint(center: Point(256, 256), radius: 120,
                                                      stops: [(0, Color(hex: 0xFFF6B8)), (0.6, Color(hex: 0xFFE14D)), (1, Color(hex: 0xFF8A1F))]))
        // The head's face (local (95, 170)) lands near the centre; the handle runs down-right.
        let t = AffineTransform.translation(-95, -170).then(.scale(0.48, 0.48)).then(.rotation(degrees(-40))).then(.translation(240, 262))
        mallet(on: canvas, t, outline: 9)
    }

    // MARK: Icons (256 x 256, the tool alone)

    static func icon(_ tool: String, _ canvas: Canvas) {
        let outline: Float = 14
        switch tool {
        case "fist":
            let t = AffineTransform.translation(-300, -275).then(.scale(0.4, 0.4)).then(.translation(128, 128))
            BoxingGlove.draw(on: canvas, transform: t, outline: outline * 0.8)
        case "slap":
            hand(on: canvas, AffineTransform.translation(-300, -320).then(.scale(0.4, 0.4)).then(.rotation(degrees(-12))).then(.translation(128, 132)),
                 outline: outline)
        case "pillow":
            pillow(on: canvas, AffineTransform.translation(-300, -300).then(.scale(0.36, 0.36)).then(.rotation(degrees(-10))).then(.translation(128, 130)),
                   outline: outline)
        case "pie":
            pie(on: canvas, AffineTransform.translation(-300, -300).then(.scale(0.39, 0.39)).then(.translation(128, 126)), outline: outline)
        case "tomato":
            tomato(on: canvas, AffineTransform.translation(-300, -320).then(.scale(0.38, 0.38)).then(.translation(128, 134)), outline: outline)
        default:
            mallet(on: canvas, AffineTransform.translation(-300, -330).then(.scale(0.32, 0.32)).then(.rotation(degrees(-35))).then(.translation(128, 150)),
                   outline: outline)
        }
    }

    // MARK: Bits (128 x 128, what an impact throws)

    static func bit(_ tool: String, _ canvas: Canvas) {
        let c = Point(64, 64)
        switch tool {
        case "fist":
            // A puff of dust knocked off the target: three soft lumps, warm grey.
            let puff = Shape.blob([Point(30, 78), Point(36, 46), Point(62, 30), Point(92, 40), Point(106, 70), Point(90, 98),
                                   Point(58, 104)])
            canvas.outlined(puff, RadialGradientPaint(center: Point(52, 52), radius: 70,
                                                      stops: [(0, Color(hex: 0xFBF3E4)), (1, Color(hex: 0xCDBFA8))]), outline: 4)
            canvas.fill(Shape.ellipse(Point(54, 52), 14, 9, rotation: -0.3), Color.white.withAlpha(0.75))
        case "slap":
            // A little four-point sparkle of the sting.
            let star = Shape.star(c, outer: [56], inner: 16, points: 4, rotation: degrees(-45))
            canvas.outlined(star, Color(hex: 0xFFE3EA), outline: 5)
            canvas.fill(Shape.circle(c, 10), Color.white)
        case "pillow":
            // A feather: a curved quill with soft vanes either side.
            var vane = Path()
            vane.move(to: Point(20, 112))
            vane.curve(to: Point(104, 14), control1: Point(20, 60), control2: Point(60, 16))
            vane.curve(to: Point(26, 106), control1: Point(112, 50), control2: Point(70, 100))
            vane.close()
            canvas.outlined(vane, LinearGradientPaint(from: Point(20, 110), to: Point(104, 14),
                                                      stops: [(0, Color(hex: 0xE2DCF7)), (1, Color.white)]), outline: 4)
            canvas.ink(Shape.curve([Point(14, 118), Point(50, 70), Point(100, 20)]), width: 4, color: Color(hex: 0x9A8CD8))
            for index in 0..<4 {
                let at = Point(46 + Float(index) * 13, 80 - Float(index) * 15)
                canvas.inkLine(at, Point(at.x + 14, at.y + 8), width: 2.5, color: Color(hex: 0xC7BBF5))
            }
        case "pie":
            let blob = Shape.blob([Point(64, 18), Point(100, 36), Point(110, 74), Point(84, 108), Point(40, 104), Point(18, 70), Point(30, 34)])
            canvas.outlined(blob, RadialGradientPaint(center: Point(50, 46), radius: 80, stops: [(0, Color.white), (0.6, Color(hex: 0xFFF6E4)), (1, Color(hex: 0xE9D6B8))]),
                            outline: 5)
            canvas.fill(Shape.ellipse(Point(50, 44), 14, 7, rotation: -0.4), Color.white)
        case "tomato":
            let drop = Shape.drop(tip: Point(64, 8), height: 110)
            canvas.outlined(drop, RadialGradientPaint(center: Point(54, 70), radius: 60, stops: [(0, Color(hex: 0xFF6A50)), (1, Color(hex: 0xC41E24))]),
                            outline: 5)
            canvas.fill(Shape.ellipse(Point(52, 76), 8, 14, rotation: 0.3), Color.white.withAlpha(0.7))
        default:
            // A cartoon star, for the mallet's "seeing stars".
            let star = Shape.star(c, outer: [52], inner: 23, points: 5, rotation: degrees(-90))
            canvas.outlined(star, RadialGradientPaint(center: Point(54, 50), radius: 70, stops: [(0, Color(hex: 0xFFF6B8)), (1, Color(hex: 0xFFC21F))]),
                            outline: 5)
        }
    }

    /// A tomato seed: a pale teardrop in its jelly.
    static func seed(_ canvas: Canvas) {
        canvas.fill(Shape.ellipse(Point(64, 64), 40, 26, rotation: 0.3), Color(hex: 0xF0614E, alpha: 0.55))
        canvas.outlined(Shape.ellipse(Point(64, 64), 24, 15, rotation: 0.3),
                        RadialGradientPaint(center: Point(58, 58), radius: 30, stops: [(0, Color(hex: 0xFFF8D2)), (1, Color(hex: 0xE8CF7A))]),
                        outline: 4)
    }

    /// A speed line: a streak pointing right (+x), thick and bright at its head,
    /// tapering to nothing behind; turned to point away from the hit when thrown.
    static func streak(_ canvas: Canvas) {
        var streak = Path()
        streak.move(to: Point(6, 64))
        streak.curve(to: Point(122, 57), control1: Point(50, 62), control2: Point(100, 55))
        streak.curve(to: Point(122, 71), control1: Point(128, 60), control2: Point(128, 68))
        streak.curve(to: Point(6, 64), control1: Point(100, 73), control2: Point(50, 66))
        streak.close()
        canvas.outlined(streak, LinearGradientPaint(from: Point(6, 64), to: Point(122, 64),
                                                    stops: [(0, Color(hex: 0xFFF4D6, alpha: 0.2)), (1, Color.white)]), outline: 3)
    }
}
