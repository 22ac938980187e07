import Foundation
import Raster
import Shaders

/// "Loading Wheel": a laptop whose screen shows nothing but the spinner, a ring of
/// fading dots, with a worried face inside it and sweat flying off the screen.
enum LoadingWheelArt {
    static let bezel = Color(hex: 0x2C3550)
    static let screen = Color(hex: 0x14325E)
    static let silver = Color(hex: 0xC7CEDB)
    static let spinner = Color(hex: 0x4FE3F0)

    static func draw(_ canvas: Canvas) {
        canvas.groundShadow(center: Point(512, 890), width: 860, height: 90)

        // Keyboard deck in perspective.
        let deck = Path.polygon([Point(190, 760), Point(834, 760), Point(940, 860), Point(84, 860)])
        canvas.outlined(deck, topLit(silver, top: 760, bottom: 860, light: 0.35, dark: 0.15))
        canvas.outlined(Path.polygon([Point(420, 820), Point(604, 820), Point(612, 846), Point(412, 846)]),
                        silver.darker(0.12), outline: 8)
        for row in 0..<2 {
            let y = 778 + Float(row) * 20
            let inset = Float(row) * 12
            canvas.inkLine(Point(210 - inset, y), Point(814 + inset, y), width: 8, color: silver.darker(0.35))
        }

        // Lid and screen.
        let lid = Rect(x: 170, y: 180, width: 684, height: 590)
        canvas.outlined(Path.roundedRect(lid, radius: 44), topLit(bezel, top: lid.minY, bottom: lid.maxY, light: 0.2, dark: 0.2))
        let display = lid.insetBy(42)
        canvas.fill(Path.roundedRect(display, radius: 16), paint: RadialGradientPaint(
            center: Point(display.center.x, display.center.y - 40), radius: 420,
            stops: [(0, screen.lighter(0.25)), (1, screen.darker(0.35))]))
        canvas.ink(Path.roundedRect(display, radius: 16), width: 10)
        // Screen glare.
        canvas.fillPolygon([Point(display.minX + 20, display.minY + 20), Point(display.minX + 200, display.minY + 20),
                            Point(display.minX + 20, display.minY + 200)], Color.white.withAlpha(0.12))
        canvas.fill(Shape.circle(Point(512, 200), 7), Color(hex: 0x6B7694))

        // The spinner: twelve dots, bright at the head and fading around the ring.
        let center = Point(512, 470)
        let ringRadius: Float = 196
        for index in 0..<12 {
            let fade = Float(index) / 11
            let angle = degrees(-60) - Float(index) * degrees(30)
            let dot = polar(center, ringRadius, angle)
            let radius: Float = 38 - fade * 14
            let color = spinner.mixed(with: screen.lighter(0.15), fade * 0.8)
            canvas.fill(Shape.circle(dot, radius + 9), Ink.color.withAlpha(0.9 - fade * 0.5))
            canvas.fill(Shape.circle(dot, radius), paint: ballLit(color, center: dot, radius: radius, light: 0.5, dark: 0.1))
        }

        Face(center: Point(center.x, center.y - 20), scale: 1.05, mood: .worried, skin: screen, eyeSpacing: 72, mouthDrop: 100)
            .draw(on: canvas)

        // Sweat flying off both sides.
        canvas.sweatDrop(tip: Point(105, 205), height: 100, tilt: degrees(-30))
        canvas.sweatDrop(tip: Point(880, 130), height: 110, tilt: degrees(28))
        canvas.sweatDrop(tip: Point(935, 320), height: 70, tilt: degrees(40))
        canvas.sweatDrop(tip: Point(80, 420), height: 60, tilt: degrees(-40))
    }
}
