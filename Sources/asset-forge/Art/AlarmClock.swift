import Foundation
import Raster
import Shaders

/// "Monday Alarm": a red twin-bell alarm clock, ringing and shaking, with a grumpy
/// face whose clock hands, set to ten past ten, double as angry eyebrows.
enum AlarmClockArt {
    static let red = Color(hex: 0xE63946)
    static let gold = Color(hex: 0xFFC23D)

    static func draw(_ canvas: Canvas) {
        let center = Point(512, 565)
        let radius: Float = 300
        canvas.groundShadow(center: Point(512, 930), width: 640, height: 80)

        // Legs, behind the body.
        for side in [Float(-1), 1] {
            let foot = Point(512 + side * 215, 905)
            var leg = Path()
            leg.move(to: polar(center, radius - 30, degrees(90 - side * 42)))
            leg.line(to: foot)
            canvas.ink(leg, width: 58)
            canvas.stroke(leg, width: 26, Color(hex: 0x4A3B52))
            canvas.outlined(Shape.ellipse(foot, 46, 24), Color(hex: 0x4A3B52))
        }

        // Hammer between the bells, then the bells, tilted outwards as they ring.
        let hammerTop = Point(512, 178)
        canvas.ink(Path.polygon([Point(500, 270), Point(524, 270), Point(518, hammerTop.y), Point(506, hammerTop.y)]), width: 30)
        canvas.fill(Path.polygon([Point(500, 270), Point(524, 270), Point(518, hammerTop.y), Point(506, hammerTop.y)]), gold.darker(0.2))
        canvas.outlined(Shape.circle(hammerTop, 30), ballLit(gold, center: hammerTop, radius: 30))
        for side in [Float(-1), 1] {
            let tilt = degrees(side * 38)
            let bellCenter = polar(center, radius + 40, degrees(-90) + tilt)
            drawBell(on: canvas, center: bellCenter, tilt: tilt)
        }

        // Body: a glossy red drum.
        canvas.outlined(Shape.circle(center, radius), ballLit(red, center: center, radius: radius, light: 0.3, dark: 0.35))
        canvas.fill(Shape.circle(center, radius - 22), paint: RadialGradientPaint(
            center: center, radius: radius - 22,
            stops: [(0.85, red.withAlpha(0)), (1, red.darker(0.3).withAlpha(0.6))]))

        // Dial with tick marks.
        let dialRadius: Float = 232
        let dial = Shape.circle(center, dialRadius)
        canvas.outlined(dial, RadialGradientPaint(
            center: Point(center.x - 60, center.y - 70), radius: dialRadius * 1.5,
            stops: [(0, Color(hex: 0xFFFDF5)), (0.6, Color(hex: 0xFFF3DA)), (1, Color(hex: 0xF2D9B0))]), outline: 14)
        // Step 0 is at three o'clock; steps 2...4 (five to seven) would cross the mouth.
        for hour in 0..<12 where !(2...4).contains(hour) {
            let angle = degrees(Float(hour) * 30)
            let major = hour % 3 == 0
            canvas.inkLine(polar(center, dialRadius - 22, angle), polar(center, dialRadius - (major ? 56 : 40), angle),
                           width: major ? 16 : 9)
        }

        // Hands at ten past ten: the V reads as furious brows over the eyes.
        let pivot = Point(center.x, center.y - 72)
        canvas.inkLine(pivot, polar(pivot, 150, degrees(-152)), width: 30)
        canvas.inkLine(pivot, polar(pivot, 120, degrees(-28)), width: 26)
        canvas.outlined(Shape.circle(pivot, 16), gold, outline: 8)

        Face(center: Point(center.x, center.y - 4), scale: 1.22, mood: .grumpy, skin: Color(hex: 0xFFF6E4),
             eyeSpacing: 80, mouthDrop: 108, gaze: Point(0, 0), showsBrows: false).draw(on: canvas)

        // Gloss on the rim.
        canvas.fill(Shape.ellipse(polar(center, radius - 12, degrees(-140)), 70, 16, rotation: degrees(-50)), Color.white.withAlpha(0.75))

        // Shaking and ringing.
        canvas.motionLines(around: center, radius: radius + 58, angle: degrees(180), spread: 0.5, count: 2, width: 16, gap: 44)
        canvas.motionLines(around: center, radius: radius + 58, angle: 0, spread: 0.5, count: 2, width: 16, gap: 44)
        // Ringing: short rays off the top of each bell.
        for side in [Float(-1), 1] {
            let tilt = degrees(side * 38)
            let bellCenter = polar(center, radius + 40, degrees(-90) + tilt)
            for index in -1...1 {
                let angle = degrees(-90) + tilt + degrees(Float(index) * 30 + side * 12)
                canvas.inkLine(polar(bellCenter, 150, angle), polar(bellCenter, 192, angle), width: 15)
            }
        }
    }

    private static func drawBell(on canvas: Canvas, center: Point, tilt: Float) {
        let r: Float = 112
        var dome = Path()
        dome.move(to: Point(center.x - r, center.y + r * 0.3))
        dome.curve(to: Point(center.x, center.y - r * 0.95), control1: Point(center.x - r, center.y - r * 0.5), control2: Point(center.x - r * 0.6, center.y - r * 0.95))
        dome.curve(to: Point(center.x + r, center.y + r * 0.3), control1: Point(center.x + r * 0.6, center.y - r * 0.95), control2: Point(center.x + r, center.y - r * 0.5))
        dome.quad(to: Point(center.x - r, center.y + r * 0.3), control: Point(center.x, center.y + r * 0.6))
        dome.close()
        let turn = AffineTransform.rotation(tilt, around: center)
        let bell = dome.applying(turn)
        canvas.outlined(Shape.circle(turn.apply(Point(center.x, center.y - r * 1.02)), 22), gold.darker(0.15))
        canvas.outlined(bell, ballLit(gold, center: turn.apply(Point(center.x, center.y - 10)), radius: r))
        canvas.fill(Shape.ellipse(turn.apply(Point(center.x - r * 0.42, center.y - r * 0.38)), 18, 38, rotation: tilt + 0.6),
                    Color.white.withAlpha(0.7))
    }
}
