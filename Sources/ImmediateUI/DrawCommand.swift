// DrawCommand owns the plain list the UI emits each frame and the renderer that
// executes it on a Canvas with Raster and Shaders. Widgets never draw; tests read
// the list without pixels, and only `UIRenderer` touches a canvas.

import Raster
import Shaders

/// How a picture fills its destination rectangle.
public enum ImageFit: Sendable, Hashable {
    /// Covers the rectangle, cropping the longer side (thumbnails).
    case fill
    /// Fits inside the rectangle whole, letterboxed.
    case fit
}

/// One thing to draw, in window pixels. Plain data: compare it, count it, replay it.
public enum DrawCommand: Sendable {
    case rect(Rect, color: Color, cornerRadius: Float)
    case shadow(Rect, cornerRadius: Float, blur: Float, offset: Point, color: Color)
    case image(RasterImage, Rect, cornerRadius: Float, fit: ImageFit, opacity: Float)
    /// One line (`maxLines == 1`: vertically centred, cut with "…") or a paragraph from the top.
    case text(String, Rect, font: FontDescription, color: Color, alignment: TextAlignment, maxLines: Int)
    case pushClip(Rect)
    case popClip
    /// A ring of `width` around `rect`, outside it.
    case focusRing(Rect, cornerRadius: Float, color: Color, width: Float)
    /// An outline of `width` around `rect`, outside it, that is not the focus ring
    /// (a search field's magnifier): drawn the same, told apart by tests.
    case stroke(Rect, cornerRadius: Float, color: Color, width: Float)
}

extension DrawCommand: Equatable {
    public static func == (lhs: DrawCommand, rhs: DrawCommand) -> Bool {
        switch (lhs, rhs) {
        case let (.rect(a, c1, r1), .rect(b, c2, r2)): return a == b && c1 == c2 && r1 == r2
        case let (.shadow(a, r1, b1, o1, c1), .shadow(b, r2, b2, o2, c2)):
            return a == b && r1 == r2 && b1 == b2 && o1 == o2 && c1 == c2
        case let (.image(i1, a, r1, f1, o1), .image(i2, b, r2, f2, o2)):
            return i1 === i2 && a == b && r1 == r2 && f1 == f2 && o1 == o2
        case let (.text(s1, a, f1, c1, al1, m1), .text(s2, b, f2, c2, al2, m2)):
            return s1 == s2 && a == b && f1 == f2 && c1 == c2 && al1 == al2 && m1 == m2
        case let (.pushClip(a), .pushClip(b)): return a == b
        case (.popClip, .popClip): return true
        case let (.focusRing(a, r1, c1, w1), .focusRing(b, r2, c2, w2)), let (.stroke(a, r1, c1, w1), .stroke(b, r2, c2, w2)):
            return a == b && r1 == r2 && c1 == c2 && w1 == w2
        default: return false
        }
    }
}

/// Executes draw commands on a canvas.
public enum UIRenderer {
    /// Draws `commands` in order on `canvas`, text with `glyphs`. Clips nest; any left
    /// open are closed at the end so the canvas is returned as it came.
    public static func execute(_ commands: [DrawCommand], on canvas: Canvas, glyphs: any GlyphSource) {
        execute(commands, on: canvas, glyphs: glyphs, shadows: ShadowMasks(), pictures: HeldPictures())
    }

    /// The same, drawing the shadows `shadows` holds masks of from those masks, and the
    /// pictures `pictures` holds from their held pixels.
    static func execute(
        _ commands: [DrawCommand], on canvas: Canvas, glyphs: any GlyphSource, shadows: ShadowMasks, pictures: HeldPictures
    ) {
        var depth = 0
        // The list runs once per band of rows; what lies wholly outside this band's
        // clip is skipped before any work (text layout above all).
        @inline(__always) func visible(_ rect: Rect, margin: Float = 0) -> Bool {
            let clip = canvas.clip
            return rect.maxY + margin > Float(clip.y) && rect.minY - margin < Float(clip.maxY)
                && rect.maxX + margin > Float(clip.x) && rect.minX - margin < Float(clip.maxX)
        }
        for (index, command) in commands.enumerated() {
            switch command {
            case let .rect(rect, color, radius):
                if visible(rect) { canvas.fillRoundedRect(rect, radius: radius, color) }
            case let .shadow(rect, radius, blur, offset, color):
                if visible(rect.offsetBy(dx: offset.x, dy: offset.y), margin: blur * 1.5 + 1) {
                    let hidden = hiddenByNext(commands, after: index)
                    if let mask = shadows.mask(rect, radius: radius, blur: blur, offset: offset) {
                        canvas.drawShadow(mask, color: color, sparing: hidden)
                    } else {
                        canvas.drawShadow(of: rect, radius: radius, blur: blur, offset: offset, color: color, sparing: hidden)
                    }
                }
            case let .image(image, rect, radius, fit, opacity):
                if visible(rect), !pictures.draw(image, in: rect, radius: radius, fit: fit, opacity: opacity, on: canvas) {
                    drawImage(image, in: rect, radius: radius, fit: fit, opacity: opacity, on: canvas)
                }
            case let .text(string, rect, font, color, alignment, maxLines):
                // Glyphs may reach a little outside their box (descenders, accents).
                guard visible(rect, margin: Float(font.size) * 0.5) else { continue }
                let pixels = snapped(rect)
                if maxLines <= 1 {
                    canvas.drawText(string, in: pixels, alignment: alignment, font: font, source: glyphs, color: color)
                } else {
                    canvas.drawParagraph(
                        string, in: pixels, alignment: alignment, maxLines: maxLines, font: font, source: glyphs,
                        color: color)
                }
            case let .pushClip(rect):
                canvas.pushClip(snapped(rect))
                depth += 1
            case .popClip:
                guard depth > 0 else { continue }
                canvas.popClip()
                depth -= 1
            case let .focusRing(rect, radius, color, width), let .stroke(rect, radius, color, width):
                let ring = rect.insetBy(-width / 2)
                canvas.stroke(Path.roundedRect(ring, radius: radius + width / 2), width: width, color)
            }
        }
        while depth > 0 {
            canvas.popClip()
            depth -= 1
        }
    }

    /// The pixels the command after `index` paints opaque whatever is under them, when
    /// it is an opaque card (a shadow's own card, drawn next under the same clip): the
    /// shadow need not be drawn there. The card's band between its corners' rows.
    static func hiddenByNext(_ commands: [DrawCommand], after index: Int) -> PixelRect {
        guard index + 1 < commands.count, case let .rect(rect, color, radius) = commands[index + 1], color.a >= 1 else {
            return PixelRect(x: 0, y: 0, width: 0, height: 0)
        }
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        return inner(Rect(x: rect.minX, y: rect.minY + r, width: rect.width, height: rect.height - 2 * r))
    }

    /// Whole pixels for text boxes and clips, rounded to the nearest edge.
    static func snapped(_ rect: Rect) -> PixelRect {
        let left = Int(rect.minX.rounded()), top = Int(rect.minY.rounded())
        return PixelRect(
            x: left, y: top, width: max(0, Int(rect.maxX.rounded()) - left),
            height: max(0, Int(rect.maxY.rounded()) - top))
    }

    static func drawImage(
        _ image: RasterImage, in rect: Rect, radius: Float, fit: ImageFit, opacity: Float, on canvas: Canvas
    ) {
        let target = target(of: image, in: rect, fit: fit)
        guard let paint = ImagePaint(image, aspectFill: target) else { return }
        if opacity >= 1 {
            canvas.fillRoundedRect(target, radius: radius, paint: paint)
        } else {
            canvas.fillRoundedRect(target, radius: radius, paint: FadedPaint(base: paint, opacity: opacity))
        }
    }

    /// The shape a picture fills: `rect` itself, or the picture's own aspect fitted
    /// inside it, centred.
    static func target(of image: RasterImage, in rect: Rect, fit: ImageFit) -> Rect {
        switch fit {
        case .fill:
            return rect
        case .fit:
            let scale = min(rect.width / Float(image.width), rect.height / Float(image.height))
            let width = Float(image.width) * scale, height = Float(image.height) * scale
            return Rect(
                x: rect.minX + (rect.width - width) / 2, y: rect.minY + (rect.height - height) / 2,
                width: width, height: height)
        }
    }
}

/// A paint seen through a constant opacity (fading thumbnails in and out).
struct FadedPaint<Base: SpanPaint>: SpanPaint {
    let base: Base
    let factor: UInt32

    init(base: Base, opacity: Float) {
        self.base = base
        factor = UInt32(max(0, min(1, opacity)) * 255 + 0.5)
    }

    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        base.shade(x: x, y: y, count: count, into: out)
        for index in 0..<count { out[index] = Pixel.scale(out[index], by: factor) }
    }

    var isOpaque: Bool { factor >= 255 && base.isOpaque }
}
