import Raster
import StressCore

extension MainSceneFrame {
    /// Picture pixels to canvas pixels: aspect-fit into `rect`, then the squash about
    /// the hit column at the target's base (it flattens toward the ground and leans
    /// away from the blow), then the shake.
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
            .then(.translation(rect.minX + effects.shake.x, rect.minY + effects.shake.y))
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
