import Raster
import Shaders

/// A user's photo made to sit with the built-in art: rounded corners and a light
/// outline, like a sticker (the renderer adds the soft shadow under it). Made once
/// per picture, in the picture's own pixels, so it squashes with the photo.
public final class PhotoSticker {
    private var made: (source: ObjectIdentifier, sticker: RasterImage)?

    public init() {}

    /// The sticker for `photo` (kept until another photo shows).
    public func sticker(for photo: RasterImage) -> RasterImage {
        if let made, made.source == ObjectIdentifier(photo) { return made.sticker }
        let side = Float(min(photo.width, photo.height))
        let bounds = Rect(x: 0, y: 0, width: Float(photo.width), height: Float(photo.height))
        let radius = side * 0.07
        let outline = max(2, side * 0.018)
        let canvas = Canvas(width: photo.width, height: photo.height)
        canvas.fillRoundedRect(bounds, radius: radius, Color(hex: 0xFFF8EE).withAlpha(0.95))
        let inner = bounds.insetBy(outline)
        if let paint = ImagePaint(photo, aspectFill: bounds) {
            canvas.fillRoundedRect(inner, radius: max(0, radius - outline), paint: paint)
        }
        let sticker = RasterImage(copying: canvas)
        made = (ObjectIdentifier(photo), sticker)
        return sticker
    }
}
