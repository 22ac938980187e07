import Foundation
import Raster
import Shaders

/// "Slow Wi-Fi": a green router with two antennas and an annoyed face, under a
/// Wi-Fi fan with only the first bar lit and the rest greyed out.
enum WifiRouterArt {
    static let green = Color(hex: 0x3DBE6B)
    static let signal = Color(hex: 0xFFB627)
    static let dead = Color(hex: 0xCBD0DA)

    static func draw(_ canvas: Canvas) {
        canvas.groundShadow(center: Point(512, 885), width: 820, height: 90)

        // Signal fan: the dot and the first arc lit, the outer arcs dead.
        let origin = Point(512, 470)
        for (index, radius) in [Float(290), 210, 130].enumerated() {
            var arc = Path()
            arc.move(to: polar(origin, radius, degrees(-135)))
            let steps = 24
            for step in 1...steps {
                arc.line(to: polar(origin, radius, degrees(-135 + 90 * Float(step) / Float(steps))))
            }
            let lit = index == 2
            canvas.ink(arc, width: 64)
            canvas.stroke(arc, width: 64 - 2 * Ink.outline, lit ? signal : dead)
        }
        let dot = Point(origin.x, origin.y - 48)
        canvas.outlined(Shape.circle(dot, 30), ballLit(signal, center: dot, radius: 30))

        // Antennas.
        for (base, top) in [(Point(250, 560), Point(180, 270)), (Point(774, 560), Point(844, 270))] {
            var antenna = Path()
            antenna.move(to: base)
            antenna.line(to: top)
            canvas.ink(antenna, width: 64)
            canvas.stroke(antenna, width: 30, Color(hex: 0x3A3F55))
            canvas.outlined(Shape.circle(top, 30), ballLit(Color(hex: 0x3A3F55), center: top, radius: 30, light: 0.4))
        }

        // The box.
        let box = Rect(x: 120, y: 540, width: 784, height: 300)
        canvas.outlined(Path.roundedRect(box, radius: 80), LinearGradientPaint(
            from: Point(0, box.minY), to: Point(0, box.maxY),
            stops: [(0, green.lighter(0.4)), (0.45, green), (1, green.darker(0.35))]))
        canvas.fill(Path.roundedRect(Rect(x: 200, y: 560, width: 420, height: 20), radius: 10), Color.white.withAlpha(0.6))
        canvas.fill(Shape.circle(Point(648, 570), 10), Color.white.withAlpha(0.6))
        // Status lights: one red, the rest off.
        for index in 0..<4 {
            let light = Point(640 + Float(index) * 56, 790)
            let on = index == 0
            if on {
                canvas.fill(Shape.circle(light, 40), paint: RadialGradientPaint(
                    center: light, radius: 40, stops: [(0, Color(hex: 0xFF3B3B, alpha: 0.8)), (1, Color(hex: 0xFF3B3B, alpha: 0))]))
            }
            canvas.outlined(Shape.circle(light, 14), on ? Color(hex: 0xFF3B3B) : green.darker(0.45), outline: 7)
        }
        // Vents on the left.
        for index in 0..<4 {
            let x = 190 + Float(index) * 40
            canvas.inkLine(Point(x, 770), Point(x, 805), width: 14, color: green.darker(0.5))
        }

        Face(center: Point(430, 670), scale: 1.0, mood: .annoyed, skin: green, eyeSpacing: 88, mouthDrop: 96)
            .draw(on: canvas)
        // An annoyed puff of steam.
        canvas.motionLines(around: Point(512, 690), radius: 420, angle: 0, spread: 0.25, count: 2, width: 14, gap: 30)
        canvas.motionLines(around: Point(512, 690), radius: 420, angle: degrees(180), spread: 0.25, count: 2, width: 14, gap: 30)
    }
}
