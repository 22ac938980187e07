// The anchor imports cairo directly: it is cairo's image backend (pixman underneath),
// as a cairo application would draw the same screen.
import AppModel
import CCairo
import Foundation
import ImmediateUI
import Locking
import PunchScene
import Raster
import Shaders

/// scene_1080p's anchor: cairo's image backend drawing the primitives of the frame
/// `RealPunchScreen` captured, into an ARGB32 surface of the same size, in the same
/// order:
///
/// - the backdrop: cairo's three-stop linear gradient filled (OPERATOR_SOURCE) around
///   the glow's rectangle, and the glow there, an opaque surface cairo made once from
///   the same gradient with its radial glow over it (ours too composes the glow once
///   a window size and copies it);
/// - the sticker's soft shadow: cairo has no blur, so it is given each shadow's
///   coverage as an A8 mask made once (by our code) and blends the colour through it
///   (`cairo_mask_surface`); ours works this shadow out per pixel every frame, and
///   blends the UI's shadows from masks made once, as cairo does;
/// - the photo: a surface pattern with the frame's exact squash-and-rotate transform,
///   CAIRO_FILTER_BILINEAR, EXTEND_NONE, painted (OVER: the sticker has rounded,
///   transparent corners);
/// - the burst: the same, painted with the sprite's opacity;
/// - the header: the name (bold 40 px, with its shadow 2 px below) and the message
///   (21 px), centred, with cairo's text API on DejaVu Sans (cairo measures each line
///   every frame, as ours does);
/// - then every draw command of the UI, as ours runs them: rounded rectangles filled,
///   shadows from masks, pictures (thumbnails, tool icons) as bilinear surface
///   patterns filling their rounded rectangles, text, clips (save, rectangle, clip,
///   restore) and strokes.
///
/// Sources (surfaces, patterns, masks) are made once, so a frame only draws. Multi-
/// threaded, each thread has its own copies of them (cairo sets a pattern's transform
/// and filter on the shared pixman image of a surface as it draws, so threads sharing
/// one would race) and draws bands of rows, as ours does: six bands a thread, a free
/// thread taking the next.
final class CairoPunchScreen: @unchecked Sendable {
    // @unchecked: after init only `nextBand` (locked) changes; each thread draws into
    // its own rows of `pixels` with its own `Worker`.
    let width: Int
    let height: Int
    let stride: Int
    let pixels: UnsafeMutableRawPointer
    let threads: Int
    private let steps: [Step]
    private let workers: [Worker]
    private let bands: Int
    private let nextBand = Locked(0)
    private let regularFace: OpaquePointer
    private let boldFace: OpaquePointer

    /// One drawing step of the frame, resolved once.
    private enum Step {
        case backdrop(glow: PixelRect)
        case mask(index: Int, x: Int, y: Int, color: Color)
        /// A picture through its pattern (transform made once), with an opacity.
        case paint(pattern: Int, opacity: Float)
        /// A picture's pattern filling a rounded rectangle.
        case fillWithPattern(pattern: Int, rect: Rect, radius: Float, opacity: Float)
        case fill(Rect, radius: Float, color: Color)
        case text(String, PixelRect, FontDescription, Color, TextAlignment)
        case pushClip(PixelRect)
        case popClip
        case stroke(Rect, radius: Float, color: Color, width: Float)
    }

    /// A picture and how it maps to the canvas (image pixels to canvas pixels).
    private struct PatternSource {
        let image: Int
        let transform: Raster.AffineTransform
        /// Clamp at the edges (a thumbnail filling its card) or transparent outside (a
        /// transformed picture with soft edges).
        let pad: Bool
    }

    /// What one thread draws with: its own surfaces, patterns and masks.
    private final class Worker: @unchecked Sendable {
        // @unchecked: one thread uses a worker at a time (see draw).
        let gradient: OpaquePointer
        let glow: OpaquePointer
        let images: [OpaquePointer]
        let patterns: [OpaquePointer]
        let masks: [OpaquePointer]

        init(gradient: OpaquePointer, glow: OpaquePointer, images: [OpaquePointer], patterns: [OpaquePointer], masks: [OpaquePointer]) {
            self.gradient = gradient
            self.glow = glow
            self.images = images
            self.patterns = patterns
            self.masks = masks
        }

        deinit {
            for pattern in patterns { cairo_pattern_destroy(pattern) }
            for surface in images + masks + [glow] { cairo_surface_destroy(surface) }
            cairo_pattern_destroy(gradient)
        }
    }

    init(screen: RealPunchScreen, threads: Int) throws {
        let frame = screen.scene.frame
        let layout = frame.layout
        width = layout.width
        height = layout.height
        stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 64)
        memset(pixels, 0, stride * height)
        self.threads = max(1, threads)
        bands = self.threads == 1 ? 1 : self.threads * 6
        regularFace = cairo_toy_font_face_create("DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        boldFace = cairo_toy_font_face_create("DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)

        var steps: [Step] = []
        var images: [RasterImage] = []
        var patterns: [PatternSource] = []
        var masks: [(area: PixelRect, alpha: [UInt8])] = []
        func imageIndex(_ image: RasterImage) -> Int {
            if let index = images.firstIndex(where: { $0 === image }) { return index }
            images.append(image)
            return images.count - 1
        }
        func shadow(of rect: Rect, radius: Float, blur: Float, offset: Point, color: Color) {
            guard let mask = Self.shadowMask(of: rect, radius: radius, blur: blur, offset: offset) else { return }
            masks.append(mask)
            steps.append(.mask(index: masks.count - 1, x: mask.area.x, y: mask.area.y, color: color))
        }

        // The scene, in MainSceneRenderer's order.
        let stage = layout.stage
        let glowRect = stage.insetBy(-stage.height * 0.1).enclosingPixels.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        steps.append(.backdrop(glow: glowRect))
        guard case .ready(let picture) = frame.picture else { throw AnchorError.sdl("cairo anchor: the frame has no picture") }
        let rect = frame.pictureRect
        let s = layout.scale
        if frame.pictureIsSticker {
            shadow(of: rect, radius: min(rect.width, rect.height) * 0.07, blur: 26 * s, offset: Point(0, 10 * s), color: Color.black.withAlpha(0.42))
        } else if picture.isOpaque {
            shadow(of: Rect(x: rect.minX + rect.width * 0.18, y: rect.maxY - 14 * s, width: rect.width * 0.64, height: 18 * s),
                   radius: 9 * s, blur: 22 * s, offset: Point(0, 0), color: Color.black.withAlpha(0.35))
        }
        patterns.append(PatternSource(image: imageIndex(picture), transform: frame.pictureTransform, pad: false))
        steps.append(.paint(pattern: patterns.count - 1, opacity: 1))
        // The header (MainSceneRenderer.drawHeader for a message that fits one line).
        let header = layout.titleArea
        let titleHeight = Int(header.height * 0.58)
        let titleRect = PixelRect(x: Int(header.minX), y: Int(header.minY), width: Int(header.width), height: titleHeight)
        let titleShadow = PixelRect(x: titleRect.x, y: titleRect.y + max(1, Int(2 * s)), width: titleRect.width, height: titleRect.height)
        steps.append(.text(frame.title, titleShadow, .bold(Int(40 * s)), Color.black.withAlpha(0.35), .center))
        steps.append(.text(frame.title, titleRect, .bold(Int(40 * s)), Color(hex: 0xFFF6E8), .center))
        let messageRect = PixelRect(x: Int(header.minX), y: titleRect.maxY, width: Int(header.width), height: Int(header.height) - titleHeight)
        steps.append(.text(frame.message, messageRect, .regular(Int(21 * s)), Color(hex: 0xC9CCEB), .center))
        for sprite in frame.sprites {
            guard sprite.toolKind == .fist else { throw AnchorError.sdl("cairo anchor: only the fist's burst is drawn") }
            let size = 200 * s * sprite.scale
            let factor = size / Float(screen.burst.width)
            let half = Float(screen.burst.width) / 2
            let transform = Raster.AffineTransform.translation(-half, -half).then(.scale(factor, factor))
                .then(.rotation(sprite.rotation)).then(.translation(sprite.x, sprite.y))
            patterns.append(PatternSource(image: imageIndex(screen.burst), transform: transform, pad: false))
            steps.append(.paint(pattern: patterns.count - 1, opacity: sprite.opacity))
        }

        // The UI's commands, as UIRenderer.execute runs them.
        for command in screen.commands {
            switch command {
            case let .rect(rect, color, radius):
                steps.append(.fill(rect, radius: radius, color: color))
            case let .shadow(rect, radius, blur, offset, color):
                shadow(of: rect, radius: radius, blur: blur, offset: offset, color: color)
            case let .image(image, rect, radius, fit, opacity):
                var target = rect
                if fit == .fit {
                    let scale = min(rect.width / Float(image.width), rect.height / Float(image.height))
                    let w = Float(image.width) * scale, h = Float(image.height) * scale
                    target = Rect(x: rect.minX + (rect.width - w) / 2, y: rect.minY + (rect.height - h) / 2, width: w, height: h)
                }
                let scale = max(target.width / Float(image.width), target.height / Float(image.height))
                let dx = target.minX + (target.width - Float(image.width) * scale) / 2
                let dy = target.minY + (target.height - Float(image.height) * scale) / 2
                patterns.append(PatternSource(image: imageIndex(image), transform: Raster.AffineTransform.scale(scale, scale).then(.translation(dx, dy)), pad: true))
                steps.append(.fillWithPattern(pattern: patterns.count - 1, rect: target, radius: radius, opacity: opacity))
            case let .text(string, rect, font, color, alignment, _):
                steps.append(.text(string, Self.snapped(rect), font, color, alignment))
            case let .pushClip(rect):
                steps.append(.pushClip(Self.snapped(rect)))
            case .popClip:
                steps.append(.popClip)
            case let .focusRing(rect, radius, color, width), let .stroke(rect, radius, color, width):
                steps.append(.stroke(rect, radius: radius, color: color, width: width))
            }
        }
        self.steps = steps

        // Each thread's sources.
        let glowSurface = Self.makeGlow(rect: glowRect, stage: stage, height: height)
        var workers: [Worker] = []
        for _ in 0..<self.threads {
            let surfaces = images.map(Self.surface(of:))
            let made = patterns.map { source -> OpaquePointer in
                let pattern: OpaquePointer = cairo_pattern_create_for_surface(surfaces[source.image])
                var matrix = Self.matrix(source.transform)
                cairo_matrix_invert(&matrix)
                cairo_pattern_set_matrix(pattern, &matrix)
                cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
                cairo_pattern_set_extend(pattern, source.pad ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
                return pattern
            }
            let maskSurfaces = masks.map(Self.surface(ofMask:))
            let glow = Self.copy(glowSurface)
            workers.append(Worker(gradient: Self.backdropGradient(height: height), glow: glow, images: surfaces, patterns: made, masks: maskSurfaces))
        }
        cairo_surface_destroy(glowSurface)
        self.workers = workers
    }

    deinit {
        cairo_font_face_destroy(regularFace)
        cairo_font_face_destroy(boldFace)
        pixels.deallocate()
    }

    // MARK: Drawing

    /// One frame, on `threads` threads (one: the calling thread draws it whole).
    func draw() {
        if threads == 1 {
            drawBand(0, worker: workers[0])
            return
        }
        nextBand.withLock { $0 = 0 }
        DispatchQueue.concurrentPerform(iterations: threads) { index in
            let worker = workers[index]
            while true {
                let band = nextBand.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard band < bands else { return }
                drawBand(band, worker: worker)
            }
        }
    }

    private func drawBand(_ band: Int, worker: Worker) {
        let rows = (height + bands - 1) / bands
        let top = band * rows
        let bottom = min(height, top + rows)
        guard top < bottom, let surface = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self) + top * stride, CAIRO_FORMAT_ARGB32, Int32(width), Int32(bottom - top), Int32(stride))
        else { return }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return }
        defer { cairo_destroy(cr) }
        cairo_translate(cr, 0, Double(-top))
        run(cr, worker: worker, top: top, bottom: bottom)
        cairo_surface_flush(surface)
    }

    private func run(_ cr: OpaquePointer, worker: Worker, top: Int, bottom: Int) {
        for step in steps {
            switch step {
            case let .backdrop(glow):
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                cairo_set_source(cr, worker.gradient)
                cairo_rectangle(cr, 0, 0, Double(width), Double(height))
                cairo_rectangle(cr, Double(glow.x), Double(glow.y), Double(glow.width), Double(glow.height))
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
                cairo_fill(cr)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
                cairo_set_source_surface(cr, worker.glow, Double(glow.x), Double(glow.y))
                cairo_rectangle(cr, Double(glow.x), Double(glow.y), Double(glow.width), Double(glow.height))
                cairo_fill(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            case let .mask(index, x, y, color):
                setColor(cr, color)
                cairo_mask_surface(cr, worker.masks[index], Double(x), Double(y))
            case let .paint(pattern, opacity):
                cairo_set_source(cr, worker.patterns[pattern])
                if opacity >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, Double(opacity)) }
            case let .fillWithPattern(pattern, rect, radius, opacity):
                roundedRect(cr, rect, radius: radius)
                cairo_set_source(cr, worker.patterns[pattern])
                if opacity >= 1 {
                    cairo_fill(cr)
                } else {
                    cairo_save(cr)
                    cairo_clip(cr)
                    cairo_paint_with_alpha(cr, Double(opacity))
                    cairo_restore(cr)
                }
            case let .fill(rect, radius, color):
                setColor(cr, color)
                roundedRect(cr, rect, radius: radius)
                cairo_fill(cr)
            case let .text(string, box, font, color, alignment):
                // Like the UI's text: what lies wholly outside this band is not laid out.
                guard box.maxY + font.size / 2 > top, box.y - font.size / 2 < bottom, !string.isEmpty else { continue }
                cairo_set_font_face(cr, font.weight == .bold ? boldFace : regularFace)
                cairo_set_font_size(cr, Double(font.size))
                var text = cairo_text_extents_t()
                cairo_text_extents(cr, string, &text)
                var metrics = cairo_font_extents_t()
                cairo_font_extents(cr, &metrics)
                let x: Double
                switch alignment {
                case .leading: x = Double(box.x)
                case .center: x = Double(box.x) + (Double(box.width) - text.x_advance) / 2
                case .trailing: x = Double(box.maxX) - text.x_advance
                }
                let baseline = Double(box.y) + (Double(box.height) - metrics.ascent - metrics.descent) / 2 + metrics.ascent
                setColor(cr, color)
                cairo_move_to(cr, x.rounded(), baseline.rounded())
                cairo_show_text(cr, string)
            case let .pushClip(rect):
                cairo_save(cr)
                cairo_rectangle(cr, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
                cairo_clip(cr)
            case .popClip:
                cairo_restore(cr)
            case let .stroke(rect, radius, color, lineWidth):
                setColor(cr, color)
                roundedRect(cr, rect.insetBy(-lineWidth / 2), radius: radius + lineWidth / 2)
                cairo_set_line_width(cr, Double(lineWidth))
                cairo_stroke(cr)
            }
        }
    }

    private func setColor(_ cr: OpaquePointer, _ color: Color) {
        cairo_set_source_rgba(cr, Double(color.r), Double(color.g), Double(color.b), Double(color.a))
    }

    private func roundedRect(_ cr: OpaquePointer, _ rect: Rect, radius: Float) {
        let x = Double(rect.x), y = Double(rect.y), w = Double(rect.width), h = Double(rect.height)
        let r = max(0, min(Double(radius), w / 2, h / 2))
        guard r > 0 else {
            cairo_rectangle(cr, x, y, w, h)
            return
        }
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + w - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(cr, x + w - r, y + h - r, r, 0, Double.pi / 2)
        cairo_arc(cr, x + r, y + h - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cr, x + r, y + r, r, Double.pi, Double.pi * 1.5)
        cairo_close_path(cr)
    }

    /// Writes what cairo drew as PNG (`--dump`).
    func writePNG(to path: String) {
        guard let surface = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride)) else { return }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_write_to_png(surface, path)
    }

    // MARK: Sources, made once

    static func snapped(_ rect: Rect) -> PixelRect {
        let left = Int(rect.minX.rounded()), top = Int(rect.minY.rounded())
        return PixelRect(x: left, y: top, width: max(0, Int(rect.maxX.rounded()) - left), height: max(0, Int(rect.maxY.rounded()) - top))
    }

    static func matrix(_ t: Raster.AffineTransform) -> cairo_matrix_t {
        var matrix = cairo_matrix_t()
        matrix.xx = Double(t.a)
        matrix.yx = Double(t.b)
        matrix.xy = Double(t.c)
        matrix.yy = Double(t.d)
        matrix.x0 = Double(t.tx)
        matrix.y0 = Double(t.ty)
        return matrix
    }

    static let backdropStops: [(Double, UInt32)] = [(0, 0x2E3152), (0.55, 0x242640), (1, 0x191A2C)]

    static func backdropGradient(height: Int, shift: Double = 0) -> OpaquePointer {
        let pattern: OpaquePointer = cairo_pattern_create_linear(0, -shift, 0, Double(height) - shift)
        for (offset, hex) in backdropStops {
            cairo_pattern_add_color_stop_rgb(pattern, offset, Double((hex >> 16) & 0xFF) / 255, Double((hex >> 8) & 0xFF) / 255, Double(hex & 0xFF) / 255)
        }
        return pattern
    }

    /// The backdrop with the glow over it, in the glow's rectangle, drawn by cairo.
    static func makeGlow(rect: PixelRect, stage: Rect, height: Int) -> OpaquePointer {
        let surface: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(max(1, rect.width)), Int32(max(1, rect.height)))
        let cr: OpaquePointer = cairo_create(surface)
        let backdrop = backdropGradient(height: height, shift: Double(rect.y))
        cairo_set_source(cr, backdrop)
        cairo_paint(cr)
        cairo_pattern_destroy(backdrop)
        let cx = Double(stage.center.x) - Double(rect.x), cy = Double(stage.center.y) - Double(rect.y)
        let glow: OpaquePointer = cairo_pattern_create_radial(cx, cy, 0, cx, cy, Double(min(stage.width, stage.height) * 0.62))
        cairo_pattern_add_color_stop_rgba(glow, 0, 1, Double(0xD2) / 255, Double(0x7A) / 255, 0.20)
        cairo_pattern_add_color_stop_rgba(glow, 0.55, 1, Double(0x9F) / 255, Double(0x6E) / 255, 0.07)
        cairo_pattern_add_color_stop_rgba(glow, 1, 1, Double(0x9F) / 255, Double(0x6E) / 255, 0)
        cairo_set_source(cr, glow)
        cairo_paint(cr)
        cairo_pattern_destroy(glow)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return surface
    }

    static func copy(_ source: OpaquePointer) -> OpaquePointer {
        let width = cairo_image_surface_get_width(source), height = cairo_image_surface_get_height(source)
        let surface: OpaquePointer = cairo_image_surface_create(cairo_image_surface_get_format(source), width, height)
        let cr: OpaquePointer = cairo_create(surface)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, source, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return surface
    }

    /// A cairo surface holding `image`'s premultiplied pixels (RGB24 when opaque, so
    /// pixman may take its opaque paths, as ours stores opaque pixels unblended).
    static func surface(of image: RasterImage) -> OpaquePointer {
        let format = image.isOpaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        let surface: OpaquePointer = cairo_image_surface_create(format, Int32(image.width), Int32(image.height))
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        if let data = cairo_image_surface_get_data(surface) {
            for y in 0..<image.height {
                memcpy(data + y * stride, image.pixels + y * image.width, image.width * 4)
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    static func surface(ofMask mask: (area: PixelRect, alpha: [UInt8])) -> OpaquePointer {
        let surface: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(mask.area.width), Int32(mask.area.height))
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        if let data = cairo_image_surface_get_data(surface) {
            mask.alpha.withUnsafeBufferPointer { alpha in
                guard let base = alpha.baseAddress else { return }
                for y in 0..<mask.area.height {
                    memcpy(data + y * stride, base + y * mask.area.width, mask.area.width)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// The coverage of our soft shadow, pixel by pixel, over the pixels it reaches.
    static func shadowMask(of rect: Rect, radius: Float, blur: Float, offset: Point) -> (area: PixelRect, alpha: [UInt8])? {
        let area = rect.offsetBy(dx: offset.x, dy: offset.y).insetBy(-blur * 1.5 - 1).enclosingPixels
        guard area.width > 0, area.height > 0 else { return nil }
        let canvas = Canvas(width: area.width, height: area.height)
        canvas.drawShadow(of: rect.offsetBy(dx: Float(-area.x), dy: Float(-area.y)), radius: radius, blur: blur, offset: offset, color: .black)
        var alpha = [UInt8](repeating: 0, count: area.width * area.height)
        for y in 0..<area.height {
            for x in 0..<area.width { alpha[y * area.width + x] = UInt8(canvas[x, y] >> 24) }
        }
        return (area, alpha)
    }
}
