import Foundation
import Raster
import Shaders

/// A red boxing glove seen from the side, punching right, drawn in a 600 x 600 local
/// box and placed by a transform. Shared by the app icon and the punch burst so the
/// glove is the same everywhere.
enum BoxingGlove {
    static let red = Color(hex: 0xE8283C)
    static let cuffWhite = Color(hex: 0xF6F1E7)

    /// `transform` maps the local 600 x 600 box to the canvas; `outline` is in canvas pixels.
    static func draw(on canvas: Canvas, transform t: AffineTransform, outline: Float) {
        func p(_ x: Float, _ y: Float) -> Point { t.apply(Point(x, y)) }

        // Cuff (behind the mitt): a padded sleeve with a red band.
        let cuff = Shape.blob([p(60, 250), p(185, 215), p(215, 330), p(195, 470), p(70, 470), p(40, 360)], tension: 0.8)
        canvas.outlined(cuff, LinearGradientPaint(
            from: p(0, 230), to: p(0, 480),
            stops: [(0, cuffWhite.lighter(0.3)), (0.6, cuffWhite), (1, Color(hex: 0xC9BFB4))]), outline: outline)
        let band = Shape.blob([p(100, 236), p(148, 226), p(160, 470), p(108, 472)], tension: 0.4)
        canvas.fill(band, paint: LinearGradientPaint(
            from: p(0, 230), to: p(0, 480), stops: [(0, red.lighter(0.2)), (1, red.darker(0.25))]))
        canvas.ink(band, width: outline * 0.7)

        // The mitt: one big padded blob.
        var mitt = Path()
        mitt.move(to: p(170, 235))
        mitt.curve(to: p(370, 70), control1: p(185, 130), control2: p(265, 70))
        mitt.curve(to: p(565, 255), control1: p(480, 70), control2: p(570, 150))
        mitt.curve(to: p(430, 478), control1: p(560, 390), control2: p(515, 478))
        mitt.line(to: p(265, 478))
        mitt.curve(to: p(170, 430), control1: p(215, 478), control2: p(172, 462))
        mitt.close()
        canvas.outlined(mitt, RadialGradientPaint(
            center: p(330, 170), radius: 420 * scaleOf(t),
            stops: [(0, red.lighter(0.35)), (0.45, red), (1, red.darker(0.4))]), outline: outline)

        // Thumb along the bottom front.
        var thumb = Path()
        thumb.move(to: p(235, 395))
        thumb.curve(to: p(430, 350), control1: p(290, 350), control2: p(370, 336))
        thumb.curve(to: p(445, 448), control1: p(505, 362), control2: p(505, 444))
        thumb.curve(to: p(260, 464), control1: p(380, 452), control2: p(300, 472))
        thumb.curve(to: p(235, 395), control1: p(228, 452), control2: p(222, 415))
        thumb.close()
        canvas.outlined(thumb, LinearGradientPaint(
            from: p(0, 330), to: p(0, 470), stops: [(0, red.lighter(0.12)), (1, red.darker(0.35))]), outline: outline * 0.8)
        // The thumb's knuckle and a glint on it, so it reads as a thumb, not a pocket.
        var knuckle = Path()
        knuckle.move(to: p(392, 352))
        knuckle.quad(to: p(398, 410), control: p(412, 380))
        canvas.ink(knuckle, width: outline * 0.6)
        canvas.fill(Shape.ellipse(p(320, 372), 40 * scaleOf(t), 10 * scaleOf(t), rotation: angleOf(t) - 0.12), Color.white.withAlpha(0.45))

        // Finger crease on the front of the mitt.
        var crease = Path()
        crease.move(to: p(455, 150))
        crease.quad(to: p(500, 300), control: p(505, 205))
        canvas.ink(crease, width: outline * 0.75)

        // Gloss: a long soft highlight on the top and a dot.
        let glossCenter = p(330, 135)
        canvas.fill(Shape.ellipse(glossCenter, 95 * scaleOf(t), 32 * scaleOf(t), rotation: angleOf(t) - 0.22), Color.white.withAlpha(0.7))
        canvas.fill(Shape.circle(p(455, 118), 18 * scaleOf(t)), Color.white.withAlpha(0.7))
    }

    /// The uniform scale in a transform made of scale, rotation and translation.
    static func scaleOf(_ t: AffineTransform) -> Float { (t.a * t.a + t.b * t.b).squareRoot() }
    static func angleOf(_ t: AffineTransform) -> Float { atan2(t.b, t.a) }
}
