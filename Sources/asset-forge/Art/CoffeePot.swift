import Foundation
import Raster
import Shaders

/// "Empty Coffee Pot": a glass carafe with a brown collar and handle, empty but for a
/// stain at the bottom, a sad face, and one last drop falling from the spout.
enum CoffeePotArt {
    static let brown = Color(hex: 0x7A4A2C)
    static let coffee = Color(hex: 0x5B3219)
    static let glass = Color(hex: 0xD9EEF5)
    static let plate = Color(hex: 0x3B3447)

    static func draw(_ canvas: Canvas) {
        canvas.groundShadow(center: Point(500, 915), width: 700, height: 80)

        // Warming plate.
        canvas.outlined(Shape.ellipse(Point(490, 868), 300, 44), topLit(plate, top: 824, bottom: 912, light: 0.3, dark: 0.2))
        canvas.fill(Shape.ellipse(Point(490, 860), 250, 28), Color(hex: 0xE2573B).withAlpha(0.55))

        // Handle, behind the glass on the right.
        var handle = Path()
        handle.move(to: Point(700, 390))
        handle.curve(to: Point(720, 720), control1: Point(880, 390), control2: Point(900, 700))
        canvas.ink(handle, width: 110)
        canvas.stroke(handle, width: 76, brown)
        var handleShine = Path()
        handleShine.move(to: Point(760, 420))
        handleShine.curve(to: Point(820, 560), control1: Point(810, 430), control2: Point(825, 500))
        canvas.stroke(handleShine, width: 16, Color.white.withAlpha(0.35))

        // The glass: a round-bottomed carafe with a narrow neck and a spout.
        var carafe = Path()
        carafe.move(to: Point(330, 360))
        carafe.line(to: Point(650, 360))
        carafe.curve(to: Point(780, 640), control1: Point(650, 440), control2: Point(780, 500))
        carafe.curve(to: Point(610, 850), control1: Point(780, 780), control2: Point(700, 850))
        carafe.line(to: Point(370, 850))
        carafe.curve(to: Point(200, 640), control1: Point(280, 850), control2: Point(200, 780))
        carafe.curve(to: Point(330, 360), control1: Point(200, 500), control2: Point(330, 440))
        carafe.close()
        canvas.outlined(carafe, LinearGradientPaint(
            from: Point(200, 0), to: Point(780, 0),
            stops: [(0, glass.darker(0.08)), (0.3, glass.lighter(0.6)), (0.7, glass), (1, glass.darker(0.15))]))
        // The last of the coffee: a thin puddle at the bottom.
        var puddle = Path()
        puddle.move(to: Point(290, 805))
        puddle.quad(to: Point(690, 805), control: Point(490, 780))
        puddle.curve(to: Point(600, 842), control1: Point(670, 830), control2: Point(640, 842))
        puddle.line(to: Point(380, 842))
        puddle.curve(to: Point(290, 805), control1: Point(340, 842), control2: Point(310, 830))
        puddle.close()
        canvas.fill(puddle, paint: LinearGradientPaint(
            from: Point(0, 790), to: Point(0, 842), stops: [(0, coffee.lighter(0.2)), (1, coffee)]))
        // Dried rings where the coffee used to be.
        for y in [Float(720)] {
            var ring = Path()
            ring.move(to: Point(225, y))
            ring.quad(to: Point(755, y), control: Point(490, y + 40))
            canvas.stroke(ring, width: 8, coffee.withAlpha(0.25))
        }
        // Glass glints.
        var glint = Path()
        glint.move(to: Point(270, 560))
        glint.curve(to: Point(300, 760), control1: Point(245, 630), control2: Point(255, 710))
        canvas.stroke(glint, width: 26, Color.white.withAlpha(0.85))
        canvas.fill(Shape.circle(Point(328, 798), 12), Color.white.withAlpha(0.85))
        canvas.ink(carafe)

        // Collar and lid.
        var collar = Path()
        collar.move(to: Point(300, 250))
        collar.line(to: Point(690, 250))
        collar.line(to: Point(668, 400))
        collar.line(to: Point(312, 400))
        collar.close()
        canvas.outlined(collar, topLit(brown, top: 250, bottom: 400))
        // Spout lip on the left.
        canvas.outlined(Path.polygon([Point(300, 262), Point(222, 236), Point(236, 296), Point(306, 312)]), brown.darker(0.1))
        canvas.outlined(Shape.roundedRect(280, 200, 430, 70, radius: 30), topLit(brown.darker(0.15), top: 200, bottom: 270))
        canvas.outlined(Shape.roundedRect(440, 150, 110, 64, radius: 26), topLit(brown.darker(0.25), top: 150, bottom: 214))
        canvas.fill(Path.roundedRect(Rect(x: 312, y: 212, width: 170, height: 14), radius: 7), Color.white.withAlpha(0.45))
        canvas.fill(Path.roundedRect(Rect(x: 320, y: 285, width: 20, height: 90), radius: 10), Color.white.withAlpha(0.3))

        Face(center: Point(490, 560), scale: 1.0, mood: .sad, skin: glass, eyeSpacing: 92, mouthDrop: 100)
            .draw(on: canvas)
        // A tear.
        canvas.sweatDrop(tip: Point(380, 600), height: 64)

        // The single last drop, falling from the spout.
        let drop = Shape.drop(tip: Point(190, 400), height: 96)
        canvas.outlined(drop, LinearGradientPaint(
            from: Point(0, 400), to: Point(0, 496), stops: [(0, coffee.lighter(0.35)), (1, coffee)]), outline: Ink.detail)
        canvas.fill(Shape.ellipse(Point(180, 466), 8, 14, rotation: 0.3), Color.white.withAlpha(0.7))
        // Fall lines above it, between the spout and the drop.
        canvas.inkLine(Point(160, 330), Point(160, 366), width: 11)
        canvas.inkLine(Point(220, 340), Point(220, 372), width: 11)
    }
}
