import Foundation
import Raster
import Shaders

/// "The Printer": a grey office printer, jammed, sticking its crumpled paper out like
/// a tongue, a red warning light blinking and a wad of paper flying off. The PC LOAD
/// LETTER mood without any text.
enum PrinterArt {
    static let body = Color(hex: 0xB8C2D1)
    static let dark = Color(hex: 0x55607A)
    static let paper = Color(hex: 0xFFFFFF)
    static let warning = Color(hex: 0xFF4D3D)

    static func draw(_ canvas: Canvas) {
        canvas.groundShadow(center: Point(512, 880), width: 800, height: 90)

        // Paper waiting in the back tray, fanned.
        for (index, angle) in [Float(-10), -4, 3].enumerated() {
            let sheet = Shape.roundedRect(330 + Float(index) * 40, 150 + Float(index) * 8, 300, 260, radius: 10,
                                          rotation: degrees(angle))
            canvas.outlined(sheet, paper.mixed(with: Color(hex: 0xE4E9F2), Float(2 - index) * 0.3), outline: 12)
        }
        // Back tray.
        canvas.outlined(Shape.roundedRect(300, 330, 424, 90, radius: 24), topLit(dark, top: 330, bottom: 420))

        // Body.
        let bodyRect = Rect(x: 130, y: 380, width: 764, height: 420)
        canvas.outlined(Path.roundedRect(bodyRect, radius: 70), LinearGradientPaint(
            from: Point(0, bodyRect.minY), to: Point(0, bodyRect.maxY),
            stops: [(0, body.lighter(0.45)), (0.35, body.lighter(0.15)), (0.8, body), (1, body.darker(0.3))]))
        // Lid seam and the top shine.
        var seam = Path()
        seam.move(to: Point(150, 470))
        seam.line(to: Point(874, 470))
        canvas.ink(seam, width: 10, color: Ink.color.withAlpha(0.6))
        canvas.fill(Path.roundedRect(Rect(x: 190, y: 398, width: 300, height: 22), radius: 11), Color.white.withAlpha(0.7))
        canvas.fill(Shape.circle(Point(515, 409), 11), Color.white.withAlpha(0.7))

        // Control panel: a dark display with an error cross and a blinking light.
        canvas.outlined(Shape.roundedRect(640, 500, 200, 92, radius: 22), topLit(dark, top: 500, bottom: 592), outline: 12)
        let light = Point(800, 546)
        canvas.fill(Shape.circle(light, 70), paint: RadialGradientPaint(
            center: light, radius: 70, stops: [(0, warning.withAlpha(0.7)), (1, warning.withAlpha(0))]))
        canvas.outlined(Shape.circle(light, 22), ballLit(warning, center: light, radius: 22), outline: 8)
        canvas.inkLine(Point(690, 528), Point(730, 564), width: 10, color: warning.lighter(0.2))
        canvas.inkLine(Point(690, 564), Point(730, 528), width: 10, color: warning.lighter(0.2))

        // Face on the front.
        Face(center: Point(380, 560), scale: 1.0, mood: .grumpy, skin: body.lighter(0.12), eyeSpacing: 84,
             mouthDrop: 0).drawEyes(on: canvas)

        // Output slot: the mouth, with the jammed paper spilling out of it.
        canvas.outlined(Shape.roundedRect(210, 680, 604, 56, radius: 28), Color(hex: 0x2E2440), outline: 12)
        var crumple = Path()
        crumple.move(to: Point(300, 706))
        crumple.line(to: Point(690, 706))
        crumple.line(to: Point(720, 760))
        crumple.line(to: Point(668, 800))
        crumple.line(to: Point(700, 850))
        crumple.line(to: Point(610, 905))
        crumple.line(to: Point(540, 872))
        crumple.line(to: Point(470, 930))
        crumple.line(to: Point(400, 880))
        crumple.line(to: Point(330, 915))
        crumple.line(to: Point(300, 850))
        crumple.line(to: Point(338, 800))
        crumple.line(to: Point(282, 760))
        crumple.close()
        canvas.outlined(crumple, LinearGradientPaint(
            from: Point(0, 706), to: Point(0, 930), stops: [(0, Color(hex: 0xDCE2EC)), (0.3, paper), (1, Color(hex: 0xE9EDF4))]),
            outline: 13)
        // Creases and smudged "text" lines on the paper.
        for (a, b) in [(Point(338, 800), Point(420, 780)), (Point(420, 780), Point(400, 880)), (Point(668, 800), Point(590, 790)),
                       (Point(590, 790), Point(540, 872)), (Point(590, 790), Point(610, 905))] {
            canvas.inkLine(a, b, width: 7, color: Color(hex: 0x9AA6BD))
        }
        for (index, y) in [Float(740), 765].enumerated() {
            canvas.inkLine(Point(360 + Float(index) * 30, y), Point(650 - Float(index) * 40, y + 6), width: 10, color: Color(hex: 0x7B88A4))
        }

        // A crumpled paper ball flying off, with speed lines trailing behind it.
        let ball = Point(900, 215)
        let wad = Shape.blob([Point(ball.x - 58, ball.y - 20), Point(ball.x - 20, ball.y - 62), Point(ball.x + 40, ball.y - 50),
                              Point(ball.x + 62, ball.y + 5), Point(ball.x + 30, ball.y + 55), Point(ball.x - 40, ball.y + 50)],
                             tension: 0.9)
        canvas.outlined(wad, ballLit(paper, center: ball, radius: 60, light: 0.2, dark: 0.3), outline: 13)
        var creases = Path()
        creases.move(to: Point(ball.x - 42, ball.y - 8))
        creases.line(to: Point(ball.x - 16, ball.y + 12))
        creases.line(to: Point(ball.x + 4, ball.y - 16))
        creases.line(to: Point(ball.x + 36, ball.y + 2))
        creases.move(to: Point(ball.x - 22, ball.y + 36))
        creases.line(to: Point(ball.x + 2, ball.y + 26))
        creases.line(to: Point(ball.x + 18, ball.y + 42))
        creases.move(to: Point(ball.x - 10, ball.y - 44))
        creases.line(to: Point(ball.x + 4, ball.y - 16))
        canvas.ink(creases, width: 7, color: Color(hex: 0x9AA6BD))
        let direction = Point(0.82, -0.57), across = Point(0.57, 0.82)
        for offset in [Float(-42), 0, 42] {
            let middle = ball - direction * (140 - abs(offset) * 0.4) + across * offset
            canvas.inkLine(middle - direction * 28, middle + direction * 28, width: 13)
        }
        // A puff of smoke from the jam: the outlines first, then the fills, so the
        // circles merge into one cloud.
        let puffs: [(Point, Float)] = [(Point(150, 345), 44), (Point(106, 312), 36), (Point(170, 295), 30), (Point(96, 262), 24)]
        for (center, radius) in puffs { canvas.fill(Shape.circle(center, radius + 11), Ink.color) }
        for (center, radius) in puffs {
            canvas.fill(Shape.circle(center, radius), paint: ballLit(Color(hex: 0xE6E9F0), center: center, radius: radius, light: 0.6, dark: 0.15))
        }
    }
}
