import Foundation
import Raster
import Shaders

/// "Pointless Meeting": a purple presentation board on an easel with the dullest
/// grey pie chart ever shown, yawning its head off, with floating Zs.
enum MeetingArt {
    static let purple = Color(hex: 0x7A4FE0)
    static let wood = Color(hex: 0xA66A3F)
    static let board = Color(hex: 0xFBFAFF)

    static func draw(_ canvas: Canvas) {
        canvas.groundShadow(center: Point(512, 915), width: 700, height: 80)

        // Easel legs behind the board.
        for (top, bottom) in [(Point(430, 600), Point(250, 900)), (Point(594, 600), Point(774, 900)), (Point(512, 600), Point(512, 870))] {
            var leg = Path()
            leg.move(to: top)
            leg.line(to: bottom)
            canvas.ink(leg, width: 64)
            canvas.stroke(leg, width: 30, bottom.x == 512 ? wood.darker(0.25) : wood)
        }

        // Board with a thick purple frame.
        let frame = Rect(x: 120, y: 150, width: 784, height: 560)
        canvas.outlined(Path.roundedRect(frame, radius: 40), LinearGradientPaint(
            from: Point(0, frame.minY), to: Point(0, frame.maxY),
            stops: [(0, purple.lighter(0.3)), (0.5, purple), (1, purple.darker(0.3))]))
        let surface = frame.insetBy(40)
        canvas.outlined(Path.roundedRect(surface, radius: 14), LinearGradientPaint(
            from: Point(surface.minX, surface.minY), to: Point(surface.maxX, surface.maxY),
            stops: [(0, .white), (1, board.darker(0.06))]), outline: 10)
        // Top clip holding the board.
        canvas.outlined(Shape.roundedRect(452, 118, 120, 56, radius: 16), topLit(Color(hex: 0x9AA0B5), top: 118, bottom: 174), outline: 12)
        // Frame shine.
        canvas.fill(Path.roundedRect(Rect(x: 160, y: 160, width: 240, height: 14), radius: 7), Color.white.withAlpha(0.5))

        // The pie chart is the face: dull grey slices, eyes shut, a huge yawn.
        let pie = Point(420, 440)
        let radius: Float = 190
        let slices: [(Float, Color)] = [(0.52, Color(hex: 0xB9BDC9)), (0.28, Color(hex: 0x9197A8)), (0.2, Color(hex: 0xD8D2C0))]
        canvas.fill(Shape.circle(pie, radius + Ink.outline), Ink.color)
        var start = degrees(-90)
        for (share, color) in slices {
            let end = start + share * 2 * Float.pi
            var wedge = [pie]
            let steps = max(4, Int(share * 96))
            for step in 0...steps {
                wedge.append(polar(pie, radius, start + (end - start) * Float(step) / Float(steps)))
            }
            canvas.fillPolygon(wedge, color)
            start = end
        }
        start = degrees(-90)
        for (share, _) in slices {
            canvas.inkLine(pie, polar(pie, radius, start), width: 9)
            start += share * 2 * Float.pi
        }
        canvas.fill(Shape.circle(pie, radius), paint: RadialGradientPaint(
            center: Point(pie.x - 60, pie.y - 70), radius: radius * 1.4,
            stops: [(0, Color.white.withAlpha(0.35)), (0.6, Color.white.withAlpha(0)), (1, Ink.color.withAlpha(0.15))]))
        Face(center: Point(pie.x, pie.y - 30), scale: 1.0, mood: .yawning, skin: slices[0].1, eyeSpacing: 80, mouthDrop: 100)
            .draw(on: canvas)

        // Bullet points and a bar chart where nothing changes, on the right.
        for (index, length) in [Float(150), 120, 140].enumerated() {
            let y = 270 + Float(index) * 44
            canvas.fill(Shape.circle(Point(676, y), 9), Color(hex: 0x9197A8))
            canvas.inkLine(Point(700, y), Point(700 + length, y), width: 14, color: Color(hex: 0xC9CCD6))
        }
        let axis = Point(668, 600)
        for (index, height) in [Float(92), 88, 94, 90].enumerated() {
            let x = 684 + Float(index) * 42
            canvas.outlined(Shape.roundedRect(x, axis.y - height, 28, height, radius: 5), Color(hex: 0xB9BDC9), outline: 7)
        }
        canvas.inkLine(Point(axis.x, 470), axis, width: 10)
        canvas.inkLine(axis, Point(856, axis.y), width: 10)

        // Zzz drifting up off the board.
        drawZ(on: canvas, at: Point(770, 92), size: 56)
        drawZ(on: canvas, at: Point(846, 44), size: 42)
        drawZ(on: canvas, at: Point(904, 14), size: 30)
    }

    /// A "Z" drawn as an outlined zigzag.
    private static func drawZ(on canvas: Canvas, at corner: Point, size: Float) {
        var z = Path()
        z.move(to: corner)
        z.line(to: Point(corner.x + size, corner.y))
        z.line(to: Point(corner.x, corner.y + size))
        z.line(to: Point(corner.x + size, corner.y + size))
        canvas.ink(z, width: size * 0.42)
        canvas.stroke(z, width: size * 0.2, Color.white)
    }
}
