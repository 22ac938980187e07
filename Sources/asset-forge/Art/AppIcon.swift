import Foundation
import Raster
import Shaders

/// The app icon at 1024 px (downscaled for the shipped sizes): a red boxing glove on
/// a violet-to-blue rounded square, with a soft burst behind it. Transparent
/// outside the square, as desktop icons are.
enum AppIconArt {
    static func draw(_ canvas: Canvas) {
        let tile = Rect(x: 48, y: 48, width: 928, height: 928)
        canvas.drawShadow(of: tile.insetBy(8), radius: 200, blur: 36, offset: Point(0, 14), color: Color(hex: 0x1A1030, alpha: 0.45))
        canvas.fillRoundedRect(tile, radius: 208, paint: LinearGradientPaint(
            from: Point(tile.minX, tile.minY), to: Point(tile.maxX, tile.maxY),
            stops: [(0, Color(hex: 0x8B5CF6)), (0.55, Color(hex: 0x5B3FD9)), (1, Color(hex: 0x2B3FAE))]))
        // An impact burst behind the glove: the same idea as the punch sprite, softer.
        let center = Point(500, 500)
        let outer: [Float] = [400, 330, 380, 320, 410, 340]
        canvas.fill(Shape.star(center, outer: outer, inner: 250, points: 12, rotation: degrees(-10)), paint: RadialGradientPaint(
            center: center, radius: 410,
            stops: [(0, Color(hex: 0xFFF1A8)), (0.55, Color(hex: 0xFFD23F)), (1, Color(hex: 0xFF9A2E, alpha: 0.95))]))
        // Top sheen on the tile.
        canvas.fillRoundedRect(Rect(x: tile.minX, y: tile.minY, width: tile.width, height: tile.height * 0.5), radius: 208,
                               paint: LinearGradientPaint(from: Point(0, tile.minY), to: Point(0, tile.minY + tile.height * 0.5),
                                                          stops: [(0, Color.white.withAlpha(0.18)), (1, Color.white.withAlpha(0))]))

        let glove = AffineTransform.translation(-300, -280)
            .then(.scale(1.28, 1.28))
            .then(.rotation(degrees(-12)))
            .then(.translation(520, 520))
        BoxingGlove.draw(on: canvas, transform: glove, outline: 24)
    }
}
