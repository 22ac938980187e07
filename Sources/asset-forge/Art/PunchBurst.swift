import Foundation
import Raster
import Shaders

/// The punch sprite: a comic "POW" burst, a jagged yellow-orange star with a red
/// rim, speed lines, and the glove punching through the middle. 512 x 512.
enum PunchBurstArt {
    static let yellow = Color(hex: 0xFFE14D)
    static let orange = Color(hex: 0xFF8A1F)
    static let red = Color(hex: 0xE0212F)

    static func draw(_ canvas: Canvas) {
        let center = Point(256, 256)
        // Uneven spike lengths, fixed so the burst looks hand-drawn yet never changes.
        let outer: [Float] = [246, 200, 236, 190, 244, 212, 230, 196, 240, 205, 226, 188, 242, 208]
        let burst = Shape.star(center, outer: outer, inner: 150, points: outer.count, rotation: degrees(-8))
        canvas.stroke(burst, width: 18, red)
        canvas.fill(burst, paint: RadialGradientPaint(
            center: center, radius: 240, stops: [(0, yellow.lighter(0.5)), (0.5, yellow), (1, orange)]))
        let innerBurst = Shape.star(center, outer: outer.map { $0 * 0.68 }, inner: 112, points: outer.count, rotation: degrees(4))
        canvas.fill(innerBurst, Color(hex: 0xFFF6B8).withAlpha(0.9))

        // Impact lines between the spikes.
        for index in 0..<7 {
            let angle = degrees(-70 + Float(index) * 52)
            canvas.inkLine(polar(center, 196, angle), polar(center, 224, angle), width: 9, color: red)
        }

        // The glove, punching toward the upper right, big enough to read at sprite size.
        let glove = AffineTransform.translation(-300, -280)
            .then(.scale(0.6, 0.6))
            .then(.rotation(degrees(-14)))
            .then(.translation(256, 262))
        BoxingGlove.draw(on: canvas, transform: glove, outline: 9)
    }
}
