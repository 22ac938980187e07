import Foundation
import Raster
import Shaders

/// "The Deadline": a tear-off calendar page on fire, the due date circled in red,
/// a panicked face, and a stopwatch ticking in the corner.
enum DeadlineArt {
    static let flameOuter = Color(hex: 0xFF6A1A)
    static let flameInner = Color(hex: 0xFFD23F)
    static let header = Color(hex: 0x2D4B8E)
    static let page = Color(hex: 0xFFFDF7)
    static let circle = Color(hex: 0xE8283C)

    static func draw(_ canvas: Canvas) {
        canvas.groundShadow(center: Point(512, 915), width: 700, height: 80)

        // Flames licking up behind the page.
        let outerFlame = flame(base: 880, left: 130, right: 894, peaks: [
            Point(150, 420), Point(270, 170), Point(420, 290), Point(520, 60), Point(640, 260),
            Point(770, 140), Point(880, 400),
        ])
        canvas.outlined(outerFlame, LinearGradientPaint(
            from: Point(0, 80), to: Point(0, 880), stops: [(0, Color(hex: 0xFF3D1F)), (0.6, flameOuter), (1, flameOuter.lighter(0.2))]))
        let innerFlame = flame(base: 880, left: 200, right: 824, peaks: [
            Point(220, 470), Point(320, 290), Point(430, 380), Point(520, 200), Point(620, 360),
            Point(720, 260), Point(810, 470),
        ])
        canvas.fill(innerFlame, paint: LinearGradientPaint(
            from: Point(0, 200), to: Point(0, 880), stops: [(0, flameInner), (1, flameInner.lighter(0.5))]))

        // The page, slightly tilted, with its binder rings.
        let tilt = degrees(-5)
        let pageRect = Rect(x: 250, y: 300, width: 524, height: 540)
        let turn = AffineTransform.rotation(tilt, around: pageRect.center)
        canvas.outlined(Path.roundedRect(pageRect, radius: 34).applying(turn), LinearGradientPaint(
            from: turn.apply(Point(0, pageRect.minY)), to: turn.apply(Point(0, pageRect.maxY)),
            stops: [(0, page), (1, page.darker(0.08))]))
        // Header band: clip the page's top part by drawing it as its own rounded shape.
        var band = Path()
        band.move(to: Point(pageRect.minX, pageRect.minY + 150))
        band.line(to: Point(pageRect.minX, pageRect.minY + 34))
        band.quad(to: Point(pageRect.minX + 34, pageRect.minY), control: Point(pageRect.minX, pageRect.minY))
        band.line(to: Point(pageRect.maxX - 34, pageRect.minY))
        band.quad(to: Point(pageRect.maxX, pageRect.minY + 34), control: Point(pageRect.maxX, pageRect.minY))
        band.line(to: Point(pageRect.maxX, pageRect.minY + 150))
        band.close()
        canvas.outlined(band.applying(turn), LinearGradientPaint(
            from: turn.apply(Point(0, pageRect.minY)), to: turn.apply(Point(0, pageRect.minY + 150)),
            stops: [(0, header.lighter(0.25)), (1, header)]))
        canvas.fill(Path.roundedRect(Rect(x: pageRect.minX + 30, y: pageRect.minY + 22, width: 200, height: 16), radius: 8)
            .applying(turn), Color.white.withAlpha(0.45))
        for x in [Float(360), 664] {
            let ring = turn.apply(Point(x, pageRect.minY - 10))
            canvas.outlined(Shape.roundedRect(ring.x - 18, ring.y - 60, 36, 110, radius: 18, rotation: tilt),
                            topLit(Color(hex: 0xC4CAD8), top: ring.y - 60, bottom: ring.y + 50), outline: 12)
        }
        // Burnt, curling corner at the bottom right.
        let corner = [turn.apply(Point(pageRect.maxX, pageRect.maxY - 110)), turn.apply(Point(pageRect.maxX, pageRect.maxY - 34)),
                      turn.apply(Point(pageRect.maxX - 34, pageRect.maxY)), turn.apply(Point(pageRect.maxX - 120, pageRect.maxY))]
        canvas.fillPolygon(corner, Color(hex: 0x6B3A22).withAlpha(0.55))

        // The month: a grid of days, the past ones crossed off, the due date circled.
        let cell: Float = 62, pitch: Float = 96
        for row in 0..<3 {
            for column in 0..<5 {
                let local = Point(320 + Float(column) * pitch, 505 + Float(row) * 100)
                let middle = turn.apply(local)
                canvas.fill(Shape.roundedRect(middle.x - cell / 2, middle.y - cell / 2, cell, cell, radius: 12, rotation: tilt),
                            Color(hex: 0xECE8DE))
                if row == 0 && column != 0 {
                    let half = cell * 0.3
                    canvas.inkLine(turn.apply(local + Point(-half, -half)), turn.apply(local + Point(half, half)), width: 11, color: circle)
                    canvas.inkLine(turn.apply(local + Point(half, -half)), turn.apply(local + Point(-half, half)), width: 11, color: circle)
                }
            }
        }
        let due = turn.apply(Point(320, 705))
        let loop = Shape.curve((0...30).map { step -> Point in
            // A quick pen loop: a little more than one turn, slightly off-round.
            let angle = degrees(-40) + Float(step) / 30 * degrees(400)
            return Point(due.x + 58 * cos(angle), due.y + 50 * sin(angle) * (1 + Float(step) * 0.004))
        })
        canvas.stroke(loop, width: 15, circle)

        let faceCenter = turn.apply(Point(pageRect.center.x + 30, pageRect.minY + 372))
        Face(center: Point(faceCenter.x, faceCenter.y - 30), scale: 1.0, mood: .panicked, skin: page, eyeSpacing: 82, mouthDrop: 100)
            .draw(on: canvas)
        canvas.sweatDrop(tip: turn.apply(Point(pageRect.minX + 50, pageRect.minY + 250)), height: 80, tilt: degrees(-20))

        // Stopwatch in the corner.
        drawStopwatch(on: canvas, center: Point(790, 760), radius: 120)
    }

    /// A flame silhouette through alternating tips and dips: each tongue rises
    /// steeply with a belly, both sides meeting in a sharp tip that leans toward the
    /// middle, closed along the base.
    private static func flame(base: Float, left: Float, right: Float, peaks: [Point]) -> Path {
        let middle = (left + right) / 2
        var path = Path()
        path.move(to: Point(left, base))
        var previous = Point(left, base)
        for peak in peaks {
            let rising = peak.y < previous.y
            let lean: Float = peak.x < middle ? 1 : -1
            let dx = peak.x - previous.x, dy = peak.y - previous.y
            if rising {
                // Up from the dip: first nearly straight up, then swept into the tip.
                path.curve(to: peak, control1: Point(previous.x + dx * 0.05, previous.y + dy * 0.55),
                           control2: Point(peak.x - lean * abs(dy) * 0.18, peak.y - dy * 0.35))
            } else {
                // Down from the tip: leave it steeply, bulge out, settle into the dip.
                path.curve(to: peak, control1: Point(previous.x + dx * 0.3, previous.y + dy * 0.3),
                           control2: Point(peak.x - dx * 0.45, peak.y - dy * 0.05))
            }
            previous = peak
        }
        path.curve(to: Point(right, base), control1: Point(previous.x + 30, previous.y + 120), control2: Point(right + 10, base - 120))
        path.quad(to: Point(left, base), control: Point(middle, base + 40))
        path.close()
        return path
    }

    private static func drawStopwatch(on canvas: Canvas, center: Point, radius: Float) {
        canvas.outlined(Shape.roundedRect(center.x - 22, center.y - radius - 50, 44, 50, radius: 8), Color(hex: 0x9AA0B5), outline: 12)
        canvas.outlined(Shape.roundedRect(center.x - 45, center.y - radius - 72, 90, 34, radius: 14), Color(hex: 0xC4CAD8), outline: 12)
        canvas.outlined(Shape.circle(center, radius), ballLit(Color(hex: 0x9AA0B5), center: center, radius: radius))
        canvas.outlined(Shape.circle(center, radius - 22), RadialGradientPaint(
            center: Point(center.x - 30, center.y - 30), radius: radius * 1.2,
            stops: [(0, .white), (1, Color(hex: 0xE9EBF2))]), outline: 10)
        // A red sweep of the time left, almost gone.
        var wedge = [center]
        for step in 0...20 {
            wedge.append(polar(center, radius - 34, degrees(-90) - degrees(50) * Float(step) / 20))
        }
        canvas.fillPolygon(wedge, circle.withAlpha(0.8))
        canvas.inkLine(center, polar(center, radius - 40, degrees(-140)), width: 14)
        canvas.outlined(Shape.circle(center, 12), circle, outline: 6)
        // Tick marks of the sound it makes.
        for index in 0..<3 {
            let angle = degrees(-20 + Float(index) * 28)
            canvas.inkLine(polar(center, radius + 22, angle), polar(center, radius + 58, angle), width: 13)
        }
    }
}
