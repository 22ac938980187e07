import Foundation
import Raster
import Shaders

/// "Overflowing Inbox": a blue in-tray buried under a heap of envelopes, more
/// envelopes flying out, a red unread badge, and a worried, sweating face.
enum InboxArt {
    static let blue = Color(hex: 0x2F80ED)
    static let envelopeColor = Color(hex: 0xFFF4DC)
    static let seal = Color(hex: 0xE84855)

    static func draw(_ canvas: Canvas) {
        canvas.groundShadow(center: Point(512, 880), width: 780, height: 90)

        // Flying envelopes behind the heap.
        drawEnvelope(on: canvas, center: Point(250, 205), width: 190, rotation: degrees(-24))
        drawEnvelope(on: canvas, center: Point(770, 170), width: 170, rotation: degrees(20))

        // Inside of the tray (its back wall and floor seen from above).
        let inside = Path.polygon([Point(205, 470), Point(819, 470), Point(880, 560), Point(144, 560)])
        canvas.outlined(inside, topLit(blue.darker(0.35), top: 470, bottom: 560))

        // The heap: envelopes stacked every which way.
        let heap: [(Float, Float, Float, Float)] = [
            (300, 470, -14, 230), (720, 470, 12, 230), (500, 450, 4, 250), (380, 370, 10, 220), (640, 380, -9, 220),
            (510, 300, -5, 230), (410, 230, 16, 200), (620, 240, -18, 200),
        ]
        for (x, y, angle, width) in heap {
            drawEnvelope(on: canvas, center: Point(x, y), width: width, rotation: degrees(angle))
        }

        // Front of the tray.
        let front = Path.polygon([Point(144, 560), Point(880, 560), Point(820, 840), Point(204, 840)])
        canvas.outlined(front, LinearGradientPaint(
            from: Point(0, 560), to: Point(0, 840),
            stops: [(0, blue.lighter(0.3)), (0.5, blue), (1, blue.darker(0.3))]))
        // Lip highlight along the top edge.
        canvas.fill(Path.roundedRect(Rect(x: 190, y: 578, width: 380, height: 18), radius: 9), Color.white.withAlpha(0.55))
        canvas.fill(Shape.circle(Point(594, 587), 9), Color.white.withAlpha(0.55))

        Face(center: Point(512, 680), scale: 0.95, mood: .worried, skin: blue, eyeSpacing: 92, mouthDrop: 96)
            .draw(on: canvas)
        canvas.sweatDrop(tip: Point(760, 700), height: 74, tilt: degrees(12))
        canvas.sweatDrop(tip: Point(258, 650), height: 70, tilt: degrees(-12))

        // Envelopes escaping, with speed lines.
        drawEnvelope(on: canvas, center: Point(140, 350), width: 170, rotation: degrees(-30))
        drawEnvelope(on: canvas, center: Point(884, 340), width: 160, rotation: degrees(28))
        canvas.motionLines(around: Point(512, 420), radius: 470, angle: degrees(-160), spread: 0.22, count: 2, width: 13, gap: 30)
        canvas.motionLines(around: Point(512, 420), radius: 470, angle: degrees(-20), spread: 0.22, count: 2, width: 13, gap: 30)

        // Unread badge.
        let badge = Point(800, 600)
        canvas.outlined(Shape.circle(badge, 64), ballLit(seal, center: badge, radius: 64))
        canvas.fill(Path.roundedRect(Rect(x: badge.x - 10, y: badge.y - 40, width: 20, height: 50), radius: 10), Color.white)
        canvas.fill(Shape.circle(Point(badge.x, badge.y + 30), 11), Color.white)
    }

    static func drawEnvelope(on canvas: Canvas, center: Point, width: Float, rotation: Float) {
        let height = width * 0.64
        let turn = AffineTransform.rotation(rotation, around: center)
        let left = center.x - width / 2, top = center.y - height / 2
        let body = Path.roundedRect(Rect(x: left, y: top, width: width, height: height), radius: width * 0.06).applying(turn)
        canvas.outlined(body, LinearGradientPaint(
            from: turn.apply(Point(center.x, top)), to: turn.apply(Point(center.x, top + height)),
            stops: [(0, envelopeColor.lighter(0.4)), (1, envelopeColor.darker(0.08))]), outline: Ink.detail)
        // The flap: a V from the top corners to just below the middle.
        let tip = turn.apply(Point(center.x, center.y + height * 0.08))
        var flap = Path()
        flap.move(to: turn.apply(Point(left + width * 0.05, top + height * 0.08)))
        flap.line(to: tip)
        flap.line(to: turn.apply(Point(left + width * 0.95, top + height * 0.08)))
        canvas.ink(flap, width: Ink.detail * 0.8)
        canvas.outlined(Shape.circle(tip, width * 0.075), seal, outline: Ink.detail * 0.6)
    }
}
