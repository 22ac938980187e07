// The anchor imports CSDL2 directly (the app keeps SDL inside Platform): the anchor is
// raw SDL2 by definition, SDL's own software renderer drawing the same scene.
import CSDL2
import Raster
import Shaders

enum AnchorError: Error, CustomStringConvertible {
    case sdl(String)
    var description: String {
        switch self { case .sdl(let what): "SDL anchor: \(what): \(String(cString: SDL_GetError()))" }
    }
}

/// The main scene drawn by SDL2's software renderer into an ARGB8888 surface, with
/// linear filtering: per-row fills for the gradient, SDL_RenderCopyEx for the squashed,
/// rotated picture (opaque: SDL_BLENDMODE_NONE), pre-rendered card textures (blended),
/// a scaled thumbnail copy (opaque: NONE) and label textures (blended), on one thread.
/// Every texture is made once in init, so frames measure drawing only.
final class SDLSceneAnchor {
    let layout: SceneLayout
    let surface: UnsafeMutablePointer<SDL_Surface>
    let renderer: OpaquePointer
    private var textures: [OpaquePointer] = []
    private let picture: OpaquePointer
    private let sprite: OpaquePointer
    private let card: OpaquePointer
    private let thumbnail: OpaquePointer
    private let labels: [(texture: OpaquePointer, width: Int, height: Int)]
    /// Row colours of the background gradient (straight = premultiplied: it is opaque).
    private let rowColors: [UInt32]
    private let thumbSource: SDL_Rect
    /// Milliseconds of each frame's rotated picture (SDL_RenderCopyEx), for `anchor_rotate_ms`.
    var rotateTimes: [Double] = []

    init(layout: SceneLayout, assets: SceneAssets, labels labelImages: [Label]?) throws {
        self.layout = layout
        // Linear filtering for every texture created from here on (and set per texture below).
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear")
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(layout.width), Int32(layout.height), 32,
                                                           SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { throw AnchorError.sdl("surface") }
        self.surface = surface
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else { throw AnchorError.sdl("software renderer") }
        self.renderer = renderer

        var made: [OpaquePointer] = []
        // Opaque art (the picture, the thumbnails) is an alpha-less texture copied with
        // SDL_BLENDMODE_NONE, SDL's fastest path for it (ours stores opaque pixels
        // unblended too); art with alpha blends.
        func texture(_ bitmap: StraightBitmap, opaque: Bool = false) throws -> OpaquePointer {
            let format = opaque ? SDL_PIXELFORMAT_RGB888 : SDL_PIXELFORMAT_ARGB8888
            guard let texture = SDL_CreateTexture(renderer, format.rawValue,
                                                  Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                                  Int32(bitmap.width), Int32(bitmap.height))
            else { throw AnchorError.sdl("texture") }
            made.append(texture)
            _ = bitmap.argb.withUnsafeBytes { SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(bitmap.width * 4)) }
            SDL_SetTextureBlendMode(texture, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
            SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
            return texture
        }
        picture = try texture(assets.pictureStraight, opaque: true)
        sprite = try texture(assets.spriteStraight)
        thumbnail = try texture(assets.thumbnailStraight, opaque: true)
        // The card background, pre-rendered once (anti-aliased rounded rectangle).
        let cardRect = layout.cards[0]
        let cardCanvas = Canvas(width: cardRect.width, height: cardRect.height)
        cardCanvas.fillRoundedRect(Rect(x: 0, y: 0, width: Float(cardRect.width), height: Float(cardRect.height)),
                                   radius: layout.cardRadius, SceneLayout.cardColor)
        card = try texture(SceneAssets.straight(RasterImage(copying: cardCanvas)))
        labels = try (labelImages ?? []).map { (try texture($0.straight), $0.straight.width, $0.straight.height) }
        textures = made

        // The same gradient ours draws, one colour per row.
        let gradient = LinearGradientPaintRows(height: layout.height)
        rowColors = gradient.colors

        // Aspect-fill crop of the square thumbnail into the thumbnail rectangle.
        let thumb = layout.thumbRect(in: cardRect)
        let side = Double(SceneAssets.thumbnailSize)
        let scale = max(Double(thumb.width) / side, Double(thumb.height) / side)
        let cropW = Double(thumb.width) / scale, cropH = Double(thumb.height) / scale
        thumbSource = SDL_Rect(x: Int32(((side - cropW) / 2).rounded()), y: Int32(((side - cropH) / 2).rounded()),
                               w: Int32(cropW.rounded()), h: Int32(cropH.rounded()))
    }

    deinit {
        for texture in textures { SDL_DestroyTexture(texture) }
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }

    func draw() {
        // Background: one opaque fill per row (SDL_FillRect underneath).
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        var row = SDL_Rect(x: 0, y: 0, w: Int32(layout.width), h: 1)
        for y in 0..<layout.height {
            let color = rowColors[y]
            SDL_SetRenderDrawColor(renderer, UInt8((color >> 16) & 0xFF), UInt8((color >> 8) & 0xFF), UInt8(color & 0xFF), 255)
            row.y = Int32(y)
            SDL_RenderFillRect(renderer, &row)
        }
        let rect = layout.pictureRect
        var destination = SDL_Rect(x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
        // The rotate stage on its own (SW_RenderCopyEx: scale into a new surface, rotate
        // into another, copy it through its colour key): the queue is flushed around it.
        SDL_RenderFlush(renderer)
        let rotateStart = nowMilliseconds()
        SDL_RenderCopyEx(renderer, picture, nil, &destination, Double(layout.pictureAngleDegrees), nil, SDL_FLIP_NONE)
        SDL_RenderFlush(renderer)
        rotateTimes.append(nowMilliseconds() - rotateStart)
        var spriteRect = SDL_Rect(x: Int32(layout.spriteOrigin.x), y: Int32(layout.spriteOrigin.y),
                                  w: Int32(SceneAssets.spriteSize), h: Int32(SceneAssets.spriteSize))
        SDL_RenderCopy(renderer, sprite, nil, &spriteRect)
        var source = thumbSource
        for (index, cardRect) in layout.cards.enumerated() {
            var cardDestination = SDL_Rect(x: Int32(cardRect.x), y: Int32(cardRect.y), w: Int32(cardRect.width), h: Int32(cardRect.height))
            SDL_RenderCopy(renderer, card, nil, &cardDestination)
            // SDL has no rounded clip: the thumbnail is a plain scaled copy (square corners).
            let thumb = layout.thumbRect(in: cardRect)
            var thumbDestination = SDL_Rect(x: Int32(thumb.x), y: Int32(thumb.y), w: Int32(thumb.width), h: Int32(thumb.height))
            SDL_RenderCopy(renderer, thumbnail, &source, &thumbDestination)
            if index < labels.count {
                let label = labels[index]
                let origin = layout.labelOrigin(in: cardRect, labelWidth: label.width, labelHeight: label.height)
                var labelRect = SDL_Rect(x: Int32(origin.x), y: Int32(origin.y), w: Int32(label.width), h: Int32(label.height))
                SDL_RenderCopy(renderer, label.texture, nil, &labelRect)
            }
        }
        // The software renderer batches commands: flush so the frame is really drawn.
        SDL_RenderFlush(renderer)
    }
}

/// The background gradient's colour per row, taken from ours so both match exactly.
struct LinearGradientPaintRows {
    let colors: [UInt32]

    init(height: Int) {
        let canvas = Canvas(width: 1, height: height)
        let paint = LinearGradientPaint(from: Point(0, 0), to: Point(0, Float(height)), stops: SceneLayout.backgroundStops)
        canvas.fill(PixelRect(x: 0, y: 0, width: 1, height: height), paint: paint)
        colors = (0..<height).map { canvas[0, $0] }
    }
}
