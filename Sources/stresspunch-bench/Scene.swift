import Raster
import Shaders

/// The geometry of the main screen at a scale (1 = 1920x1080, 2 = 3840x2160), shared
/// by ours and the anchor so both draw the same thing.
struct SceneLayout {
    let scale: Int
    let width: Int
    let height: Int
    /// The target picture: 1024x1024 squashed to 900x800 (times scale), rotated 3°
    /// about the centre of that rectangle.
    let pictureCentre: (x: Int, y: Int)
    let pictureSize: (width: Int, height: Int)
    let pictureAngleDegrees: Float = 3
    let spriteOrigin: (x: Int, y: Int)
    let cards: [PixelRect]
    let cardRadius: Float
    let thumbRadius: Float
    let labelPointSize: Int

    init(scale: Int) {
        self.scale = scale
        width = 1920 * scale
        height = 1080 * scale
        pictureCentre = (960 * scale, 440 * scale)
        pictureSize = (900 * scale, 800 * scale)
        spriteOrigin = ((960 + 120 - 128) * scale, (440 - 60 - 128) * scale)
        let cardWidth = 240 * scale, cardHeight = 170 * scale, gap = 30 * scale
        let left = (width - (4 * cardWidth + 3 * gap)) / 2
        cards = (0..<4).map { PixelRect(x: left + $0 * (cardWidth + gap), y: 895 * scale, width: cardWidth, height: cardHeight) }
        cardRadius = Float(16 * scale)
        thumbRadius = Float(10 * scale)
        labelPointSize = 22 * scale
    }

    /// Image pixels to canvas pixels for the target picture.
    var pictureTransform: AffineTransform {
        let half = Float(SceneAssets.pictureSize) / 2
        return AffineTransform.translation(-half, -half)
            .then(.scale(Float(pictureSize.width) / Float(SceneAssets.pictureSize),
                         Float(pictureSize.height) / Float(SceneAssets.pictureSize)))
            .then(.rotation(pictureAngleDegrees * Float.pi / 180))
            .then(.translation(Float(pictureCentre.x), Float(pictureCentre.y)))
    }

    /// The picture's unrotated destination rectangle (what SDL_RenderCopyEx takes).
    var pictureRect: PixelRect {
        PixelRect(x: pictureCentre.x - pictureSize.width / 2, y: pictureCentre.y - pictureSize.height / 2,
                  width: pictureSize.width, height: pictureSize.height)
    }

    func thumbRect(in card: PixelRect) -> PixelRect {
        let inset = 10 * scale
        return PixelRect(x: card.x + inset, y: card.y + inset, width: card.width - 2 * inset, height: 120 * scale)
    }

    func labelOrigin(in card: PixelRect, labelWidth: Int, labelHeight: Int) -> (x: Int, y: Int) {
        let thumb = thumbRect(in: card)
        let below = card.maxY - thumb.maxY
        return (card.x + (card.width - labelWidth) / 2, thumb.maxY + (below - labelHeight) / 2)
    }

    static let backgroundStops: [(Float, Color)] = [
        (0, Color(hex: 0x3A4A7A)), (0.6, Color(hex: 0x1E2540)), (1, Color(hex: 0x101322)),
    ]
    static let cardColor = Color(hex: 0xF4F1EA, alpha: 0.92)
}

extension PixelRect {
    var floatRect: Rect { Rect(x: Float(x), y: Float(y), width: Float(width), height: Float(height)) }
}

/// Ours: the whole scene through Raster and Shaders. Everything it needs is made in
/// init, so `render` allocates nothing; it is a BandRenderer so the same code draws
/// one band per core.
final class OursScene: BandRenderer {
    let layout: SceneLayout
    let assets: SceneAssets
    let background: LinearGradientPaint
    let pictureTransform: AffineTransform
    let thumbPaints: [ImagePaint]
    let labels: [Label]?
    /// The target's picture as drawn: the asset's, or the asset with marks on it.
    var picture: RasterImage

    init(layout: SceneLayout, assets: SceneAssets, labels: [Label]?) {
        self.layout = layout
        self.assets = assets
        background = LinearGradientPaint(from: Point(0, 0), to: Point(0, Float(layout.height)), stops: SceneLayout.backgroundStops)
        pictureTransform = layout.pictureTransform
        thumbPaints = layout.cards.compactMap { ImagePaint(assets.thumbnail, aspectFill: layout.thumbRect(in: $0).floatRect) }
        self.labels = labels
        picture = assets.picture
    }

    func render(into canvas: Canvas) {
        drawBackground(canvas)
        drawPicture(canvas)
        drawSprite(canvas)
        drawCards(canvas)
    }

    func drawBackground(_ canvas: Canvas) {
        canvas.fill(PixelRect(x: 0, y: 0, width: layout.width, height: layout.height), paint: background)
    }

    func drawPicture(_ canvas: Canvas) {
        canvas.drawImage(picture, transform: pictureTransform)
    }

    func drawSprite(_ canvas: Canvas) {
        canvas.drawImage(assets.sprite, x: layout.spriteOrigin.x, y: layout.spriteOrigin.y)
    }

    func drawCards(_ canvas: Canvas) {
        for (index, card) in layout.cards.enumerated() {
            canvas.fillRoundedRect(card.floatRect, radius: layout.cardRadius, SceneLayout.cardColor)
            canvas.fillRoundedRect(layout.thumbRect(in: card).floatRect, radius: layout.thumbRadius, paint: thumbPaints[index])
            if let labels {
                let label = labels[index].image
                let origin = layout.labelOrigin(in: card, labelWidth: label.width, labelHeight: label.height)
                canvas.drawImage(label, x: origin.x, y: origin.y)
            }
        }
    }

    /// Median milliseconds of each part of one single-thread frame (`--breakdown`).
    func breakdown(_ canvas: Canvas, frames: Int) -> [(String, Double)] {
        let parts: [(String, (Canvas) -> Void)] = [
            ("background", drawBackground), ("picture", drawPicture), ("sprite", drawSprite), ("cards", drawCards),
        ]
        var times = [[Double]](repeating: [], count: parts.count)
        canvas.resetClip()
        for frame in 0..<(frames + 5) {
            for (index, part) in parts.enumerated() {
                let start = nowMilliseconds()
                part.1(canvas)
                if frame >= 5 { times[index].append(nowMilliseconds() - start) }
            }
        }
        return parts.indices.map { (parts[$0].0, median(times[$0])) }
    }
}

/// Ours for `affine_blit`: only the rotated, squashed picture.
final class OursAffineBlit: BandRenderer {
    let picture: RasterImage
    let transform: AffineTransform

    init(picture: RasterImage, transform: AffineTransform) {
        self.picture = picture
        self.transform = transform
    }

    func render(into canvas: Canvas) {
        canvas.drawImage(picture, transform: transform)
    }
}
