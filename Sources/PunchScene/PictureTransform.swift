import Raster
import StressCore

extension MainSceneFrame {
    /// Picture pixels to canvas pixels: aspect-fit into `rect`, then the squash about
    /// the hit column at the target's base (it flattens toward the ground and leans
    /// away from the blow), then the shake (a shift and a small turn).
    public static func pictureTransform(
        image: RasterImage, rect: Rect, effects: PunchEffects, previousSquash: Float, interpolation: Float, breath: Float = 0
    ) -> AffineTransform {
        let w = Float(image.width), h = Float(image.height)
        let fit = rect.width / w
        let squash = previousSquash + (effects.squash.value - previousSquash) * interpolation + breath
        let s = max(-0.12, min(0.35, squash))
        let sx = 1 + s * 0.55, sy = 1 - s
        let anchor = Point(effects.squashAnchor.x * w, h)
        let lean = (effects.squashAnchor.x - 0.5) * s * -0.3
        return AffineTransform.translation(-anchor.x, -anchor.y)
            .then(.scale(sx, sy))
            .then(.rotation(lean))
            .then(.translation(anchor.x, anchor.y))
            .then(.scale(fit, fit))
            .then(shakeTransform(effects, rect: rect))
    }

    /// How far the strongest shake moves the picture, as a share of its shorter side,
    /// and how far it turns it (radians): at 1280x720 about 32 px and 3.4 degrees (a
    /// 999 reaches about a third of that; the noise seldom nears its ends).
    static let shakeReach: Float = 0.08
    static let shakeTurnReach: Float = 0.06

    /// The picture moved into place with the shake: shifted, and turned a little
    /// about its middle (a camera's roll; a picture only shifting reads as a jitter).
    static func shakeTransform(_ effects: PunchEffects, rect: Rect) -> AffineTransform {
        let reach = shakeReach * min(rect.width, rect.height)
        let place = AffineTransform.translation(rect.minX + effects.shake.x * reach, rect.minY + effects.shake.y * reach)
        guard effects.shakeTurn != 0 else { return place }
        let middle = Point(rect.center.x + effects.shake.x * reach, rect.center.y + effects.shake.y * reach)
        return place.then(.translation(-middle.x, -middle.y)).then(.rotation(effects.shakeTurn * shakeTurnReach))
            .then(.translation(middle.x, middle.y))
    }

    /// The kiosk's breath as drawn: rounded so the picture's top edge (the breath
    /// stretches it up from its base) moves in steps of half a pixel. Between steps the
    /// transform equals the last frame's, so the frame does not draw the picture again:
    /// a change under half a pixel is not one a visitor sees, and the slow turns of
    /// each breath were most of the attract loop's frames.
    public static func visibleBreath(_ breath: Float, pictureHeight: Float) -> Float {
        guard breath != 0, pictureHeight > 1 else { return breath }
        let step = 0.5 / pictureHeight
        return (breath / step).rounded() * step
    }
}
