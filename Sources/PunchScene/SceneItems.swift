// The main scene as one display list: each thing the renderer draws, in order, with
// how it is drawn, every pixel it may touch and a key of what decides them. Built once
// a frame on the main thread (`prepareItems`, which `describe(into:)` runs); the bands
// execute it and damage tracking hashes it, so there is no second description of the
// scene to keep in step with the first (the damage tests compare with full redraws,
// pixel for pixel).

import CRasterKernels
import Raster

/// One thing the scene draws.
public struct SceneItem {
    enum Drawing {
        /// The backdrop's gradient: around the glow when that is opaque.
        case backdrop
        case glow
        case target(RasterImage)
        /// Drawn with the item before it (the target's dents, a reticle's badge): an
        /// entry of its own, so a change there alone redraws only its box.
        case withPrevious
        case spinner(center: Point, radius: Float)
        case missingPicture(Rect)
        case header
        case image(RasterImage, AffineTransform, opacity: Float)
        case scorePop(ScorePop)
        case combo
        case reticle(PunchController.Reticle)
    }

    let drawing: Drawing
    let entry: DisplayEntry

    init(_ drawing: Drawing, _ bounds: PixelRect, exactUnderClip: Bool = true, key: (inout Hasher) -> Void) {
        var hasher = Hasher()
        key(&hasher)
        hasher.combine(bounds)
        self.drawing = drawing
        entry = DisplayEntry(bounds: bounds, key: hasher.finalize(), exactUnderClip: exactUnderClip)
    }
}

extension MainSceneRenderer {
    /// Appends this frame's scene (the UI's overlay not included) to `list`, building
    /// the scene's items first: what the bands then draw.
    public func describe(into list: inout DisplayList) {
        prepareItems()
        for item in items { list.append(item.entry) }
    }

    /// Builds this frame's items from `frame` (main thread, before the bands draw).
    public func prepareItems() {
        items.removeAll(keepingCapacity: true)
        pictureCover = PixelRect(x: 0, y: 0, width: 0, height: 0)
        let layout = frame.layout
        let size = paintsSize
        // The backdrop: a vertical gradient per window size, exact under any clip.
        let showsScene = frame.showsScene
        items.append(SceneItem(.backdrop, PixelRect(x: 0, y: 0, width: layout.width, height: layout.height)) { hasher in
            hasher.combine(0); hasher.combine(size.0); hasher.combine(size.1); hasher.combine(showsScene)
        })
        itemsRevision = revision
        guard frame.showsScene else { return }
        let glowImage = glow
        items.append(SceneItem(.glow, PixelRect(x: glowOrigin.0, y: glowOrigin.1, width: glow.width, height: glow.height)) { hasher in
            hasher.combine(1); hasher.combine(glowImage.serial); hasher.combine(glowImage.revision)
        })
        let rect = frame.pictureRect
        let scale = layout.scale
        switch frame.picture {
        case .ready(let image):
            var bounds = Self.bounds(of: contentBounds.box(of: image), under: frame.pictureTransform)
            if frame.pictureIsSticker {
                let card = frame.stickerCard(imageWidth: image.width, imageHeight: image.height)
                bounds = Self.union(bounds, Self.shadowBounds(card, blur: 26 * scale, offset: Point(0, 10 * scale)))
            } else if image.isOpaque {
                bounds = Self.union(bounds, Self.shadowBounds(
                    Rect(x: rect.minX + rect.width * 0.18, y: rect.maxY - 14 * scale, width: rect.width * 0.64, height: 18 * scale),
                    blur: 22 * scale, offset: Point(0, 0)))
            }
            let flash = frame.flashTint, transform = frame.pictureTransform, sticker = frame.pictureIsSticker
            if !drawsUnderPicture { pictureCover = coverOfPicture(image) }
            // An affine picture and a shadow draw the same pixels however a clip cuts their rows.
            items.append(SceneItem(.target(image), bounds) { hasher in
                hasher.combine(2); hasher.combine(image.serial); hasher.combine(image.revision); hasher.combine(image.isOpaque)
                hasher.combine(transform); hasher.combine(flash); hasher.combine(rect); hasher.combine(sticker); hasher.combine(scale)
            })
            // The dents change only their circles: their own entry, so a dent springing
            // back on a still picture redraws its box, not the whole picture.
            var dentBox = PixelRect(x: 0, y: 0, width: 0, height: 0)
            for dent in frame.dents where dent.isVisible { dentBox = dentBox.union(dent.bounds) }
            if !dentBox.isEmpty {
                let dents = frame.dents
                items.append(SceneItem(.withPrevious, dentBox.intersection(bounds)) { hasher in
                    hasher.combine(12); hasher.combine(dents); hasher.combine(image.serial); hasher.combine(image.revision)
                    hasher.combine(transform); hasher.combine(flash)
                })
            }
        case .loading:
            let radius = 28 * scale
            let center = rect.center
            let reach = radius * 1.16 + 2
            let head = spinnerHead
            let box = Rect(x: center.x - reach, y: center.y - reach, width: reach * 2, height: reach * 2).enclosingPixels
            items.append(SceneItem(.spinner(center: center, radius: radius), box) { hasher in
                hasher.combine(3); hasher.combine(head); hasher.combine(center); hasher.combine(radius)
            })
        case .failed:
            let card = rect.insetBy(rect.width * 0.12)
            let s = card.width
            // Its mountains are polygons.
            items.append(SceneItem(.missingPicture(rect), card.insetBy(-(s * 0.1 + 3)).enclosingPixels, exactUnderClip: false) { hasher in
                hasher.combine(4); hasher.combine(rect)
            })
        case .noTarget:
            break
        }
        if glyphs != nil {
            let title = frame.title, message = frame.message, header = layout.titleArea, bottom = messageBottom
            items.append(SceneItem(.header, headerBounds) { hasher in
                hasher.combine(5); hasher.combine(title); hasher.combine(message); hasher.combine(header); hasher.combine(scale)
                hasher.combine(bottom)
            })
        }
        for sprite in frame.sprites {
            forEachDrawing(of: sprite) { image, transform, opacity in
                items.append(SceneItem(.image(image, transform, opacity: opacity), Self.bounds(of: contentBounds.box(of: image), under: transform)) { hasher in
                    hasher.combine(6); hasher.combine(image.serial); hasher.combine(image.revision)
                    hasher.combine(transform); hasher.combine(opacity)
                })
            }
        }
        if glyphs != nil {
            for pop in frame.scorePops {
                guard let placed = scorePopPlacement(pop) else { continue }
                let opacity = pop.opacity
                items.append(SceneItem(.scorePop(pop), scorePopBounds(pop)) { hasher in
                    hasher.combine(7); hasher.combine(pop.text); hasher.combine(placed.box); hasher.combine(placed.size)
                    hasher.combine(placed.outline); hasher.combine(placed.color); hasher.combine(opacity)
                })
            }
            if frame.comboOpacity > 0, !frame.comboText.isEmpty {
                let pill = comboPill, text = frame.comboText, opacity = frame.comboOpacity
                items.append(SceneItem(.combo, pill.insetBy(-2).enclosingPixels) { hasher in
                    hasher.combine(8); hasher.combine(pill); hasher.combine(text); hasher.combine(opacity); hasher.combine(scale)
                })
            }
        }
        for reticle in frame.reticles {
            let drawing = reticleDrawing(reticle)
            items.append(SceneItem(.reticle(reticle), Self.bounds(of: contentBounds.box(of: drawing.image), under: drawing.transform)) { hasher in
                hasher.combine(9); hasher.combine(drawing.image.serial); hasher.combine(drawing.transform)
            })
            if let badge = reticleBadge(reticle) {
                // The disc's edge is smoothed: drawn whole across its rows.
                let reach = badge.radius + 2
                let disc = Rect(x: badge.center.x - reach, y: badge.center.y - reach, width: reach * 2, height: reach * 2).enclosingPixels
                let iconRect = PixelRect(x: badge.x - 1, y: badge.y - 1, width: badge.icon.width + 2, height: badge.icon.height + 2)
                items.append(SceneItem(.withPrevious, Self.union(disc, iconRect), exactUnderClip: false) { hasher in
                    hasher.combine(10); hasher.combine(badge.icon.serial); hasher.combine(badge.icon.revision)
                    hasher.combine(badge.center); hasher.combine(badge.radius)
                })
            }
        }
    }

    /// Draws `items` into `canvas` (a band, or the whole window), skipping what lies
    /// outside its clip before any work (text layout above all).
    func execute(on canvas: Canvas) {
        let layout = frame.layout
        let window = PixelRect(x: 0, y: 0, width: layout.width, height: layout.height)
        // A reticle's badge lies partly outside the ring's own box: a reticle is always drawn.
        for item in items {
            if case .reticle = item.drawing {} else if !canvas.clip.intersects(item.entry.bounds) { continue }
            switch item.drawing {
            case .backdrop:
                askForSpritePictures(on: canvas)
                // The warm glow behind the target belongs to the punch screen only. It is
                // the backdrop with the glow laid over it, opaque, so the backdrop is filled
                // only around it (filling under it too was a tenth of an idle kiosk's frame).
                // Nor under what the UI paints opaque over it (`cover`: its cards and panels)
                // or the target picture does (`pictureCover`).
                let glowRect = PixelRect(x: glowOrigin.0, y: glowOrigin.1, width: glow.width, height: glow.height)
                let band = window.intersection(canvas.clip)
                if frame.showsScene && glow.isOpaque {
                    band.forEachPart(outside: glowRect) { part in
                        part.forEachPart(outside: cover[...]) { piece in
                            piece.forEachPart(outside: pictureCover) { canvas.fill($0, paint: background) }
                        }
                    }
                } else {
                    band.forEachPart(outside: cover[...]) { part in
                        part.forEachPart(outside: pictureCover) { canvas.fill($0, paint: background) }
                    }
                }
            case .glow:
                let glowRect = PixelRect(x: glowOrigin.0, y: glowOrigin.1, width: glow.width, height: glow.height)
                glowRect.intersection(canvas.clip).forEachPart(outside: cover[...]) { part in
                    part.forEachPart(outside: pictureCover) { piece in
                        canvas.pushClip(piece)
                        canvas.drawImage(glow, x: glowOrigin.0, y: glowOrigin.1)
                        canvas.popClip()
                    }
                }
            case .target(let image): drawTarget(image, on: canvas)
            case .withPrevious: break
            case let .spinner(center, radius): drawSpinner(on: canvas, around: center, radius: radius)
            case .missingPicture(let rect): drawMissingPicture(on: canvas, in: rect)
            case .header: drawHeader(on: canvas)
            case let .image(image, transform, opacity): canvas.drawImage(image, transform: transform, opacity: opacity)
            case .scorePop(let pop): drawScorePop(pop, on: canvas)
            case .combo: drawCombo(on: canvas)
            case .reticle(let reticle): drawReticle(reticle, on: canvas)
            }
        }
    }

    /// Asks the caches for the pictures of the sprites this canvas will draw (a punch's
    /// burst and tool), while the backdrop is filled: the fill only writes, so the
    /// reads have the memory to themselves, and a sprite drawn after other work (the
    /// UI, the sound, another program) otherwise stalls on every new line it reads. A
    /// burst after a cairo frame drew in two thirds of the time. Only pictures up to
    /// 2 MB: a larger one would push out what the frame needs first.
    func askForSpritePictures(on canvas: Canvas) {
        for item in items {
            guard case let .image(image, _, _) = item.drawing, canvas.clip.intersects(item.entry.bounds),
                  image.width * image.height <= 1 << 19
            else { continue }
            rk_prefetch_read(image.pixels, image.width * image.height)
        }
    }

    /// Where the header's title and message may draw: the title area, and below it the
    /// lines a long message wraps to (with their shadow), down to `messageBottom`.
    var headerBounds: PixelRect {
        let header = frame.layout.titleArea
        let bottom = messageBottom + 2 * frame.layout.scale
        return Rect(x: header.minX, y: header.minY, width: header.width, height: bottom - header.minY).insetBy(-4).enclosingPixels
    }

    /// How far down a long message may wrap: to just above the picture (its resting
    /// place), never past it, and no further than three lines below the title would
    /// reach; always at least the message's own row.
    var messageBottom: Float {
        let header = frame.layout.titleArea
        let s = frame.layout.scale
        let messageTop = header.minY + header.height * 0.58
        // A line is less than twice the font's size.
        let threeLines = messageTop + Float(Self.messageLines) * 2 * 21 * s
        var bottom = min(threeLines, frame.pictureRect.minY - 6 * s)
        // Where the lines span the strip's side of the window, not down onto its buttons.
        let strip = frame.layout.toolStrip
        if header.minX < strip.maxX && strip.minY > header.minY { bottom = min(bottom, strip.minY - 4 * s) }
        return max(header.maxY, bottom)
    }

    /// Where a score pop may draw: its box and outline (its text is clipped to them).
    func scorePopBounds(_ pop: ScorePop) -> PixelRect {
        guard let placed = scorePopPlacement(pop) else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let grow = placed.outline + 1
        return PixelRect(x: placed.box.x - grow, y: placed.box.y - grow, width: placed.box.width + 2 * grow,
                         height: placed.box.height + 2 * grow)
    }

    /// Every pixel an image drawn under `transform` may touch, when its texels outside
    /// `box` are all transparent (a draw leaves a pixel sampling only those as it
    /// was): the box's corners grown by the one-texel border the sampler blends into,
    /// and one pixel more.
    static func bounds(of box: PixelRect, under transform: AffineTransform) -> PixelRect {
        guard !box.isEmpty else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let x0 = Float(box.x), y0 = Float(box.y), x1 = Float(box.maxX), y1 = Float(box.maxY)
        var minX = Float.infinity, maxX = -Float.infinity, minY = Float.infinity, maxY = -Float.infinity
        for corner in 0..<4 {
            let p = transform.apply(Point(corner == 1 || corner == 2 ? x1 + 1 : x0 - 1, corner >= 2 ? y1 + 1 : y0 - 1))
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else {
            return PixelRect(x: Int.min / 4, y: Int.min / 4, width: Int.max / 2, height: Int.max / 2)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).insetBy(-2).enclosingPixels
    }

    /// A soft shadow's reach (see `Canvas.drawShadow`).
    static func shadowBounds(_ rect: Rect, blur: Float, offset: Point) -> PixelRect {
        rect.offsetBy(dx: offset.x, dy: offset.y).insetBy(-(blur * 1.5 + 2)).enclosingPixels
    }

    static func union(_ a: PixelRect, _ b: PixelRect) -> PixelRect { a.union(b) }
}
