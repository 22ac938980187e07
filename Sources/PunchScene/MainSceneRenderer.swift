import AppModel
import Foundation
import Raster
import Shaders
import StressCore

/// What one frame of the main screen shows, captured on the main thread before the
/// bands are drawn (the bands only read it, on several threads at once).
public struct MainSceneFrame {
    public enum PictureState {
        case ready(RasterImage)
        case loading
        case failed
        /// No target to show (the library is empty): nothing is drawn where the picture
        /// would be, where the UI offers to add one.
        case noTarget
    }

    public var layout: MainLayout
    public var picture: PictureState
    /// Maps picture pixels to canvas pixels, squash and shake included.
    public var pictureTransform: AffineTransform
    public var pictureRect: Rect
    /// The picture is a photo framed as a sticker: it gets a soft shadow of its card.
    public var pictureIsSticker = false
    public var flash: Float
    /// The flash is the big one's impact frame: the picture drawn all in the flash's colour.
    public var flashIsImpact = false
    /// How far the picture is tinted toward the flash's colour: a pop lights it by a
    /// third at most (more washed the art out pale); the impact frame makes it a silhouette.
    public var flashTint: Float { flash * (flashIsImpact ? 1 : 0.32) }
    /// Where the picture is dented now (canvas pixels), drawn in its own pass.
    public var dents: [PictureDent] = []
    public var sprites: [PunchSprite]
    /// "742!" near each recent hit, and "×5 combo" while a chain lasts.
    public var scorePops: [ScorePop]
    public var comboText: String
    public var comboOpacity: Float
    public var reducesMotion: Bool
    public var reticles: [PunchController.Reticle]
    public var time: Double
    /// The selected target's name and message for the header ("" when none).
    public var title: String
    public var message: String
    /// False on screens that cover the punch scene (only the backdrop shows).
    public var showsScene: Bool
    /// The tool punches hit with now (shown on each reticle).
    public var tool: PunchTool = .fist

    /// Where a sticker's card is drawn this frame: the picture's box under its
    /// transform (the squash flattens it toward its base, the lean and the shake move
    /// it), boxed. Its shadow is cast from this, not from the card at rest, or for
    /// every squash a strip of shadow showed above the picture's lowered top edge.
    public func stickerCard(imageWidth: Int, imageHeight: Int) -> Rect {
        let w = Float(imageWidth), h = Float(imageHeight)
        var minX = Float.infinity, maxX = -Float.infinity, minY = Float.infinity, maxY = -Float.infinity
        for corner in [Point(0, 0), Point(w, 0), Point(0, h), Point(w, h)] {
            let p = pictureTransform.apply(corner)
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return pictureRect }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public init(layout: MainLayout) {
        self.layout = layout
        picture = .loading
        pictureTransform = .identity
        pictureRect = layout.placeholderRect
        flash = 0
        sprites = []
        scorePops = []
        comboText = ""
        comboOpacity = 0
        reducesMotion = false
        reticles = []
        time = 0
        title = ""
        message = ""
        showsScene = true
    }
}

/// Draws the main screen: backdrop, the target (squashed, flashing), punch sprites
/// and gamepad reticles. Paints and sprite images are made once per window size,
/// so a frame allocates nothing.
public final class MainSceneRenderer: BandRenderer {
    public static let reticleColors: [Color] = [Color(hex: 0x4FC3F7), Color(hex: 0xFF8A65), Color(hex: 0xAED581), Color(hex: 0xBA68C8)]

    public var frame: MainSceneFrame {
        didSet { revision &+= 1 }
    }
    /// This frame's drawing, built from `frame` (SceneItems.swift), and which
    /// `revision` of the frame it was built from.
    var items: [SceneItem] = []
    var revision = 0
    var itemsRevision = -1
    /// Extra drawing on top (the UI layer), run in every band after the scene.
    public var overlay: ((Canvas) -> Void)?
    /// Whole pixels the overlay paints opaque this frame (the UI's cards and panels):
    /// the backdrop and the glow are not drawn under them, since nothing drawn there
    /// would show. Empty: everything is drawn.
    public var cover: [PixelRect] = []
    /// Whole pixels the target picture paints opaque this frame (PictureCover.swift):
    /// the backdrop, the glow and the sticker's shadow are not drawn under them.
    public internal(set) var pictureCover = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// True: draw under the picture too, as if nothing covered it (tests and the
    /// bench's breakdown compare the two).
    public var drawsUnderPicture = false {
        didSet { revision &+= 1 }
    }
    let opaqueCores = OpaqueCoreMemo()
    /// Where text comes from; without fonts the scene is drawn without words.
    public let glyphs: (any GlyphSource)?
    let burst: RasterImage
    /// Each tool's pictures (the fist's sprite is `burst`); a missing one falls back
    /// to the burst, so a bundle without them still punches.
    let toolArt: [PunchTool: ToolArt]
    /// The tools' icons, area-averaged to the sizes shown (strip, reticle), made once a size.
    public let toolIcons: ToolIcons
    let reticleImages: [RasterImage]
    /// The backdrop: a vertical gradient (a row fill per row: writes only, no reads)
    /// and, behind the target, a glow pre-composited over it once per window size, so
    /// a frame copies the glow's rectangle instead of shading a radial gradient.
    var background: LinearGradientPaint
    var glow: RasterImage
    var glowOrigin = (0, 0)
    var paintsSize = (0, 0)
    /// The backdrop and the header's text in black and white (the high-contrast theme),
    /// instead of the app's indigo and cream.
    public var highContrast = false {
        didSet { if highContrast != oldValue { paintsSize = (0, 0) } }
    }
    /// Right to left (Arabic, Hebrew): the combo's pill at the stage's lower left, across
    /// from Wash, which the mirrored UI puts at the lower right.
    public var mirrored = false {
        didSet { revision &+= 1 }
    }
    /// The backdrop's gradient, top to bottom.
    private var backdropStops: [(Float, Color)] {
        if highContrast { return [(Float(0), Color(hex: 0x000000)), (Float(1), Color(hex: 0x000000))] }
        return [(Float(0), Color(hex: 0x2E3152)), (Float(0.55), Color(hex: 0x242640)), (Float(1), Color(hex: 0x191A2C))]
    }
    /// The drawn pictures' content boxes, for damage tracking (main thread).
    let contentBounds = ContentBoundsMemo()

    /// `burst` is the punch sprite picture; without one a burst is drawn here.
    public init(layout: MainLayout, burst: RasterImage?, glyphs: (any GlyphSource)?, toolArt: [PunchTool: ToolArt] = [:]) {
        frame = MainSceneFrame(layout: layout)
        self.glyphs = glyphs
        self.burst = burst ?? Self.drawnBurst(size: 256)
        self.toolArt = toolArt
        toolIcons = ToolIcons(art: toolArt, fallback: burst ?? Self.drawnBurst(size: 256))
        reticleImages = Self.reticleColors.map { Self.drawnReticle(color: $0, size: 96) }
        background = LinearGradientPaint(from: Point(0, 0), to: Point(0, 1), stops: [(0, .black), (1, .black)])
        glow = RasterImage(width: 1, height: 1)
        preparePaints()
    }

    /// Redraws the backdrop when the window size changed (main thread, once per size).
    public func preparePaints() {
        let layout = frame.layout
        guard paintsSize != (layout.width, layout.height) else { return }
        paintsSize = (layout.width, layout.height)
        revision &+= 1
        background = LinearGradientPaint(
            from: Point(0, 0), to: Point(0, Float(layout.height)),
            stops: backdropStops)
        (glow, glowOrigin) = Self.bakedGlow(layout: layout, backdropStops: backdropStops)
        for tool in PunchTool.allCases { _ = toolIcons.icon(tool, side: reticleIconSide) }
    }

    /// The tool icon beside a reticle, in pixels.
    var reticleIconSide: Int { max(8, Int(34 * frame.layout.scale)) }

    /// Draws the frame's items (built now if `frame` changed since they were: the
    /// bands, drawing at once on several threads, find them built by `describe`).
    public func render(into canvas: Canvas) {
        if itemsRevision != revision { prepareItems() }
        execute(on: canvas)
        overlay?(canvas)
    }

    /// The target's name, big and bold, with its message beneath.
    func drawHeader(on canvas: Canvas) {
        guard let glyphs else { return }
        let header = frame.layout.titleArea
        let s = frame.layout.scale
        let titleHeight = Int(header.height * 0.58)
        let titleRect = PixelRect(x: Int(header.minX), y: Int(header.minY), width: Int(header.width), height: titleHeight)
        let shadow = PixelRect(x: titleRect.x, y: titleRect.y + max(1, Int(2 * s)), width: titleRect.width, height: titleRect.height)
        // Each line of text is clipped to its box: one the clip misses is not laid out.
        if canvas.clip.intersects(shadow) {
            canvas.drawText(frame.title, in: shadow, alignment: .center, font: .bold(Int(40 * s)), source: glyphs, color: Color.black.withAlpha(0.35))
        }
        if canvas.clip.intersects(titleRect) {
            canvas.drawText(frame.title, in: titleRect, alignment: .center, font: .bold(Int(40 * s)), source: glyphs,
                            color: highContrast ? Color(hex: 0xFFFFFF) : Color(hex: 0xFFF6E8))
        }
        let messageRect = PixelRect(x: Int(header.minX), y: titleRect.maxY, width: Int(header.width), height: Int(header.height) - titleHeight)
        // The message's reach, wrapped or not (as `headerBounds` reckons it; wrapped
        // lines start at most half a line, under a font size, above its row).
        let reachTop = messageRect.y - Int(21 * s) - 1
        let messageReach = PixelRect(x: messageRect.x, y: reachTop, width: messageRect.width, height: headerBounds.maxY - reachTop)
        guard canvas.clip.intersects(messageReach) else { return }
        let messageFont = FontDescription.regular(Int(21 * s))
        let messageColor = highContrast ? Color(hex: 0xE6E6E6) : Color(hex: 0xC9CCEB)
        let layout = TextLayout(source: glyphs, font: messageFont)
        guard layout.width(of: frame.message) > messageRect.width else {
            canvas.drawText(frame.message, in: messageRect, alignment: .center, font: messageFont, source: glyphs, color: messageColor)
            return
        }
        // A long message wraps, from where the one line sits, into the room between
        // the title and the picture's top (`messageBottom`), never over the picture:
        // at the largest size whose lines (three at most) fit, cut with "…" at the
        // smallest when even that does not. A shadow keeps it legible.
        let bottom = Int(messageBottom)
        var font = messageFont
        var lineCount = 1
        var lineHeight = layout.metrics.lineHeight
        for points in Self.messageSizes {
            font = FontDescription.regular(Int(points * s))
            let sized = TextLayout(source: glyphs, font: font)
            lineHeight = sized.metrics.lineHeight
            let room = max(1, (bottom - messageRect.y) / max(1, lineHeight))
            let needed = sized.lineCount(of: frame.message, width: messageRect.width, maxLines: Self.messageLines + 1)
            lineCount = min(Self.messageLines, room, needed)
            if needed <= lineCount { break }
        }
        let height = lineHeight * lineCount
        // Centred on the message's row while it fits there, else from the row's top.
        let top = height <= messageRect.height ? messageRect.y + (messageRect.height - height) / 2 : messageRect.y
        let lines = PixelRect(x: messageRect.x, y: top, width: messageRect.width, height: height)
        let offset = max(1, Int(2 * s))
        canvas.drawParagraph(
            frame.message, in: PixelRect(x: lines.x, y: lines.y + offset, width: lines.width, height: lines.height),
            alignment: .center, maxLines: lineCount, font: font, source: glyphs, color: Color.black.withAlpha(0.45))
        canvas.drawParagraph(
            frame.message, in: lines, alignment: .center, maxLines: lineCount, font: font, source: glyphs,
            color: messageColor)
    }

    /// The sizes (points) a long message tries, largest first, until its lines fit.
    static let messageSizes: [Float] = [21, 18, 16, 14]

    /// How many lines a long message may take before it is cut with "…" (fewer where
    /// the picture leaves less room).
    static let messageLines = 3

    func drawTarget(_ image: RasterImage, on canvas: Canvas) {
        let rect = frame.pictureRect
        let scale = frame.layout.scale
        // A soft contact shadow on the "floor" under a photo; drawn art with transparent
        // margins brings its own ground shadow.
        if frame.pictureIsSticker {
            // A sticker lifts off the stage: its card's soft shadow, a little below,
            // following the card as it squashes, leans and shakes.
            let card = frame.stickerCard(imageWidth: image.width, imageHeight: image.height)
            canvas.drawShadow(of: card, radius: min(card.width, card.height) * 0.07, blur: 26 * scale,
                              offset: Point(0, 10 * scale), color: Color.black.withAlpha(0.42), sparing: pictureCover)
        } else if image.isOpaque {
            canvas.drawShadow(
            of: Rect(x: rect.minX + rect.width * 0.18, y: rect.maxY - 14 * scale, width: rect.width * 0.64, height: 18 * scale),
                radius: 9 * scale, blur: 22 * scale, color: Color.black.withAlpha(0.35), sparing: pictureCover)
        }
        canvas.drawImage(image, transform: frame.pictureTransform, flash: frame.flashTint, flashColor: Color(hex: 0xFFF4E0),
                         dents: frame.dents, opaqueWithin: pictureCover)
    }

    private func drawSprite(_ sprite: PunchSprite, on canvas: Canvas) {
        forEachDrawing(of: sprite) { image, transform, opacity in
            canvas.drawImage(image, transform: transform, opacity: opacity)
        }
    }

    /// What a sprite draws, in order: each picture, where, how faded. Damage tracking
    /// reads the same (`describe(into:)`), so a new kind of sprite needs only this.
    /// A visitor, not an array: the frame allocates nothing for it.
    public func forEachDrawing(of sprite: PunchSprite, _ body: (RasterImage, AffineTransform, Float) -> Void) {
        if sprite.toolKind == .fist {
            // The dust and speed lines fly out behind the burst.
            forEachBit(of: sprite, art: toolArt[.fist], size: sprite.toolKind.spriteSize * sprite.sizeFactor * frame.layout.scale, body)
            let size = 200 * frame.layout.scale * sprite.sizeFactor * sprite.scale
            let factor = size / Float(burst.width)
            let half = Float(burst.width) / 2
            let transform = AffineTransform.translation(-half, -half)
                .then(.scale(factor, factor))
                .then(.rotation(sprite.rotation))
                .then(.translation(sprite.x, sprite.y))
            body(burst, transform, sprite.opacity)
            return
        }
        let art = toolArt[sprite.toolKind]
        let size = sprite.toolKind.spriteSize * sprite.sizeFactor * frame.layout.scale
        // What it throws flies behind the tool, except feathers, which float in front.
        if sprite.toolKind != .pillow { forEachBit(of: sprite, art: art, size: size, body) }
        let image = art?.sprite ?? burst
        func drawPose(_ pose: SpritePose, opacity: Float) {
            guard opacity > 0 else { return }
            let factor = size / Float(image.width)
            let half = Float(image.width) / 2
            let pivot = Point(pose.pivotX * Float(image.width), pose.pivotY * Float(image.width))
            let transform = AffineTransform.translation(-half - pivot.x, -half - pivot.y)
                .then(.scale(factor * pose.scaleX, factor * pose.scaleY))
                .then(.rotation(pose.rotation))
                .then(.translation(sprite.x + pose.pivotX * size, sprite.y + pose.pivotY * size))
            body(image, transform, opacity)
        }
        // The wind-up's smear: the swing's raised and half-way poses, faint and fading,
        // behind the tool that has already landed.
        let sinceContact = sprite.age - sprite.toolKind.contactAge
        if sprite.toolKind.swings, sinceContact >= 0, sinceContact < PunchTool.swingSmearSeconds {
            let fading = 1 - sinceContact / PunchTool.swingSmearSeconds
            for (share, opacity) in [(Float(0), Float(0.22)), (0.5, 0.4)] {
                var ghost = sprite
                ghost.age = sprite.toolKind.contactAge * share
                drawPose(ghost.pose, opacity: opacity * fading)
            }
        }
        let pose = sprite.pose
        drawPose(pose, opacity: pose.opacity)
        if sprite.toolKind == .pillow { forEachBit(of: sprite, art: art, size: size, body) }
    }

    private func forEachBit(of sprite: PunchSprite, art: ToolArt?, size: Float, _ body: (RasterImage, AffineTransform, Float) -> Void) {
        for index in 0..<sprite.bitCount {
            let piece = sprite.bit(index)
            guard piece.opacity > 0, piece.scale > 0, let bit = piece.usesSecondBit ? art?.secondBit : art?.bit else { continue }
            // Sized by its width (a speed line is a thin band; the rest are square).
            let factor = size * piece.scale / Float(bit.width)
            let transform = AffineTransform.translation(-Float(bit.width) / 2, -Float(bit.height) / 2)
                .then(.scale(factor * piece.stretch, factor / piece.stretch))
                .then(.rotation(piece.rotation))
                .then(.translation(sprite.x + piece.dx * size, sprite.y + piece.dy * size))
            body(bit, transform, piece.opacity)
        }
    }

    /// The strength of a hit, in the comic style of the burst: warm yellow for a tap,
    /// orange, then red for a haymaker, with a dark outline so it reads on any picture.
    func drawScorePop(_ pop: ScorePop, on canvas: Canvas) {
        guard let glyphs, let placed = scorePopPlacement(pop) else { return }
        let (x, y, width, height) = (placed.box.x, placed.box.y, placed.box.width, placed.box.height)
        let (size, outline, alpha) = (placed.size, placed.outline, pop.opacity)
        let color = placed.color
        for (dx, dy) in [(-outline, 0), (outline, 0), (0, -outline), (0, outline)] {
            canvas.drawText(pop.text, in: PixelRect(x: x + dx, y: y + dy, width: width, height: height), alignment: .center,
                            font: .bold(size), source: glyphs, color: Color(hex: 0x1B1B2F, alpha: 0.85 * alpha))
        }
        canvas.drawText(pop.text, in: PixelRect(x: x, y: y, width: width, height: height), alignment: .center,
                        font: .bold(size), source: glyphs, color: color.withAlpha(alpha))
    }

    /// Where a score pop's text goes (its box, outline included by `outline` each
    /// side), how big and in what colour; nil when too small to draw.
    func scorePopPlacement(_ pop: ScorePop) -> (box: PixelRect, size: Int, outline: Int, color: Color)? {
        // Never up over the title or the message's first line (a hit near the picture's top).
        guard let placed = pop.placement(scale: frame.layout.scale, reduceMotion: frame.reducesMotion,
                                         windowWidth: frame.layout.width, top: frame.layout.titleArea.maxY) else { return nil }
        let color: Color = pop.strength >= 800 ? Color(hex: 0xFF4B3E) : pop.strength >= 550 ? Color(hex: 0xFF9F1C) : Color(hex: 0xFFE066)
        return (placed.box, placed.size, placed.outline, color)
    }

    /// The combo's pill (bottom right of the stage).
    var comboPill: Rect {
        let s = frame.layout.scale
        let stage = frame.layout.stage
        return Rect(x: mirrored ? stage.minX + 20 * s : stage.maxX - 230 * s, y: stage.maxY - 64 * s, width: 210 * s, height: 56 * s)
    }

    /// The running combo, bottom right of the stage (clear of the challenges' panels
    /// at the top), while it lasts.
    func drawCombo(on canvas: Canvas) {
        guard let glyphs, frame.comboOpacity > 0, !frame.comboText.isEmpty else { return }
        let s = frame.layout.scale
        let pill = comboPill
        let alpha = frame.comboOpacity
        canvas.fillRoundedRect(pill, radius: pill.height / 2, Color(hex: 0x1B1B2F, alpha: 0.7 * alpha))
        canvas.drawText(frame.comboText, in: pill.enclosingPixels, alignment: .center, font: .bold(Int(30 * s)), source: glyphs,
                        color: Color(hex: 0xFFD27A).withAlpha(alpha))
    }

    func drawReticle(_ reticle: PunchController.Reticle, on canvas: Canvas) {
        let drawing = reticleDrawing(reticle)
        canvas.drawImage(drawing.image, transform: drawing.transform)
        if let badge = reticleBadge(reticle) {
            canvas.fillCircle(center: badge.center, radius: badge.radius, Color(hex: 0x1B1B2F, alpha: 0.72))
            canvas.drawImage(badge.icon, x: badge.x, y: badge.y)
        }
    }

    func reticleDrawing(_ reticle: PunchController.Reticle) -> (image: RasterImage, transform: AffineTransform) {
        let image = reticleImages[reticle.colorIndex % reticleImages.count]
        let size = (64 + 14 * reticle.pulse) * frame.layout.scale
        let factor = size / Float(image.width)
        let half = Float(image.width) / 2
        return (image, AffineTransform.translation(-half, -half).then(.scale(factor, factor)).then(.translation(reticle.x, reticle.y)))
    }

    /// The tool this pad hits with, on a dark disc at the ring's upper right: the icon,
    /// the disc's centre and radius, and where the icon's corner goes.
    func reticleBadge(_ reticle: PunchController.Reticle) -> (icon: RasterImage, center: Point, radius: Float, x: Int, y: Int)? {
        let side = reticleIconSide
        guard let icon = toolIcons.cached(frame.tool, side: side) else { return nil }
        let s = frame.layout.scale
        let center = Point(reticle.x + 30 * s, reticle.y - 30 * s)
        return (icon, center, Float(side) * 0.62,
                Int((center.x - Float(side) / 2).rounded()), Int((center.y - Float(side) / 2).rounded()))
    }

    /// The spinner's lit dot: what of the frame's time it shows.
    var spinnerHead: Int { Int(frame.time * 12) % 10 }

    func drawSpinner(on canvas: Canvas, around center: Point, radius: Float) {
        let dots = 10
        let head = spinnerHead
        for index in 0..<dots {
            let angle = Float(index) / Float(dots) * 2 * Float.pi
            let age = (head - index + dots) % dots
            let alpha = 1 - Float(age) / Float(dots) * 0.85
            let p = Point(center.x + radius * Float(cos(Double(angle))), center.y + radius * Float(sin(Double(angle))))
            canvas.fillCircle(center: p, radius: radius * 0.16, Color.white.withAlpha(alpha))
        }
    }

    /// A picture that could not be loaded: a calm card with a "no picture" symbol,
    /// still punchable.
    func drawMissingPicture(on canvas: Canvas, in rect: Rect) {
        let card = rect.insetBy(rect.width * 0.12)
        let s = card.width
        canvas.drawShadow(of: card, radius: s * 0.08, blur: s * 0.05, offset: Point(0, s * 0.02), color: Color.black.withAlpha(0.4))
        canvas.fillRoundedRect(card, radius: s * 0.08, Color(hex: 0x3A3D63))
        canvas.fillCircle(center: Point(card.minX + s * 0.68, card.minY + s * 0.32), radius: s * 0.09, Color(hex: 0xFFD27A, alpha: 0.8))
        canvas.fillPolygon([
            Point(card.minX + s * 0.12, card.maxY - s * 0.18), Point(card.minX + s * 0.40, card.minY + s * 0.42),
            Point(card.minX + s * 0.62, card.maxY - s * 0.18),
        ], Color(hex: 0x8E92C8))
        canvas.fillPolygon([
            Point(card.minX + s * 0.45, card.maxY - s * 0.18), Point(card.minX + s * 0.66, card.minY + s * 0.55),
            Point(card.minX + s * 0.88, card.maxY - s * 0.18),
        ], Color(hex: 0x6E72A8))
    }

    // MARK: Images made once

    /// A comic burst, for when the sprite asset is missing.
    static func drawnBurst(size: Int) -> RasterImage {
        let canvas = Canvas(width: size, height: size)
        let c = Float(size) / 2
        func star(_ outer: Float, _ inner: Float) -> [Point] {
            (0..<24).map { index in
                let angle = Float(index) * Float.pi / 12
                let radius = index % 2 == 0 ? outer : inner
                return Point(c + radius * Float(cos(Double(angle))), c + radius * Float(sin(Double(angle))))
            }
        }
        canvas.fillPolygon(star(c * 0.98, c * 0.62), Color(hex: 0xD7263D))
        canvas.fillPolygon(star(c * 0.84, c * 0.52), Color(hex: 0xFFB627))
        canvas.fillCircle(center: Point(c, c), radius: c * 0.36, Color(hex: 0xFFE66D))
        return RasterImage(copying: canvas)
    }

    static func drawnReticle(color: Color, size: Int) -> RasterImage {
        let canvas = Canvas(width: size, height: size)
        let c = Float(size) / 2
        var ring = Path.ellipse(center: Point(c, c), radiusX: c * 0.72, radiusY: c * 0.72)
        ring = ring.applying(.identity)
        canvas.fillPolygons(ring.strokeOutline(width: c * 0.16), paint: SolidPaint(Color.black.withAlpha(0.35)))
        canvas.fillPolygons(ring.strokeOutline(width: c * 0.09), paint: SolidPaint(color))
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] as [(Float, Float)] {
            canvas.drawLine(from: Point(c + dx * c * 0.45, c + dy * c * 0.45), to: Point(c + dx * c * 0.95, c + dy * c * 0.95),
                            width: c * 0.08, color)
        }
        canvas.fillCircle(center: Point(c, c), radius: c * 0.07, color)
        return RasterImage(copying: canvas)
    }
}
