import Raster
import Shaders
import StressCore

/// Draws a target's marks onto its picture, in the picture's own pixels, so they
/// squash, shake and flash with it and the frame draws one image as before.
///
/// The marked picture is kept and made again only when the marks change (a hit, a
/// wash) or another picture shows: a frame at rest costs nothing more with 300 marks
/// than with none. Marks are laid "atop": only where the picture is, never on its
/// transparent margin, so a bruise never floats beside a cartoon target.
public final class MarkPainter {
    private var marked: RasterImage?
    private var key: (picture: ObjectIdentifier, version: Int, wipe: Float)?
    /// One row of shaded colour, as wide as the widest picture seen.
    private var row: UnsafeMutablePointer<UInt32>
    private var rowCapacity: Int
    /// Where the marks drawn as shapes (cream, a splat) are drawn before being laid
    /// atop the picture; grown to the largest mark seen, kept.
    private var scratch = Canvas(width: 1, height: 1)
    /// The marks drawn on `marked` now, to find what a hit changed.
    private var drawn: [Mark] = []
    /// Drawing is kept inside this rectangle of the picture (all of it, or the part a
    /// hit changed).
    private var clip = PixelRect(x: 0, y: 0, width: 1 << 30, height: 1 << 30)
    /// The picture being marked, as it is without marks: a bruise takes its tone from
    /// what lies under it there (BruiseTone).
    private var original: RasterImage?

    public init() {
        rowCapacity = 1024
        row = .allocate(capacity: rowCapacity)
    }

    deinit { row.deallocate() }

    /// `picture` with `marks` on it; `wipe` (0...1) is how far a wash has gone from
    /// the left, the marks behind it already gone.
    public func picture(_ picture: RasterImage, with marks: MarkSet, wipe: Float? = nil) -> RasterImage {
        guard !marks.isEmpty || wipe != nil else { return picture }
        original = picture
        let wanted = (ObjectIdentifier(picture), marks.version, wipe ?? -1)
        if let marked, let key, key.picture == wanted.0, key.version == wanted.1, key.wipe == wanted.2 { return marked }
        if picture.width + 4 > rowCapacity {
            row.deallocate()
            rowCapacity = picture.width + 4
            row = .allocate(capacity: rowCapacity)
        }
        // A hit changes one mark (or adds one, and at capacity drops the oldest): only
        // the part of the picture those cover is laid again, so a hit on a target with
        // 300 marks costs about what the marks around it cost, not all 300.
        if wipe == nil, let marked, let key, key.picture == wanted.0, key.wipe == -1,
           let region = Self.changedRegion(from: drawn, to: marks.marks, width: picture.width, height: picture.height),
           region.width * region.height * 2 < picture.width * picture.height {
            if !region.isEmpty {
                for y in region.y..<(region.y + region.height) {
                    (marked.pixels + y * picture.width + region.x).update(from: picture.pixels + y * picture.width + region.x, count: region.width)
                }
                clip = region
                let area = Rect(x: Float(region.x), y: Float(region.y), width: Float(region.width), height: Float(region.height))
                for mark in marks.marks where Self.overlap(Self.extent(of: mark, width: picture.width, height: picture.height), area) {
                    paint(mark, on: marked)
                }
                clip = PixelRect(x: 0, y: 0, width: 1 << 30, height: 1 << 30)
            }
            drawn = marks.marks
            self.key = wanted
            return marked
        }
        let image: RasterImage
        if let marked, marked.width == picture.width, marked.height == picture.height {
            image = marked
        } else {
            image = RasterImage(width: picture.width, height: picture.height)
        }
        // The copy keeps the picture's opacity, and marks laid atop keep every pixel's
        // alpha, so a marked photo is still stored, not blended, when it is drawn.
        image.copyPixels(from: picture)
        let edge = wipe.map { $0 * 1.15 - 0.08 } ?? -1
        for mark in marks.marks where mark.x > edge {
            paint(mark, on: image)
        }
        drawn = wipe == nil ? marks.marks : []
        if let wipe { drawFoam(at: wipe, on: image) }
        image.pixelsChanged()
        marked = image
        key = wanted
        return image
    }

    private func paint(_ mark: Mark, on image: RasterImage) {
        // Each mark stays inside its extent, so the extent is exactly what it can change.
        let outer = clip
        let extent = Self.extent(of: mark, width: image.width, height: image.height).enclosingPixels
        clip = outer.intersection(extent)
        defer { clip = outer }
        switch mark.tool {
        case .fist: draw(mark, on: image)
        case .slap: drawFlush(mark, on: image)
        case .pie: drawCream(mark, on: image)
        case .tomato: drawSplat(mark, on: image)
        case .mallet: drawBump(mark, on: image)
        case .pillow: break  // feathers fly; nothing stays
        }
    }

    /// The pixels of a `width` x `height` picture that differ between the marks drawn
    /// and `marks`: the extents of the marks changed, added or dropped. Nil when more
    /// changed than one hit changes (a wash's Undo, another target's marks).
    static func changedRegion(from old: [Mark], to new: [Mark], width: Int, height: Int) -> PixelRect? {
        var changed: [Mark] = []
        func differences(shift: Int) -> Bool {
            changed.removeAll(keepingCapacity: true)
            for index in 0..<shift where index < old.count { changed.append(old[index]) }
            let count = max(new.count, old.count - shift)
            for index in 0..<count {
                let a: Mark? = index + shift < old.count ? old[index + shift] : nil
                let b: Mark? = index < new.count ? new[index] : nil
                guard a != b else { continue }
                if let a { changed.append(a) }
                if let b { changed.append(b) }
                if changed.count > 4 { return false }
            }
            return true
        }
        guard differences(shift: 0) || differences(shift: 1) else { return nil }
        var region = PixelRect(x: 0, y: 0, width: 0, height: 0)
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        for mark in changed {
            let extent = Self.extent(of: mark, width: width, height: height).insetBy(-2).enclosingPixels.intersection(whole)
            if extent.isEmpty { continue }
            if region.isEmpty {
                region = extent
            } else {
                let x0 = min(region.x, extent.x), y0 = min(region.y, extent.y)
                let x1 = max(region.x + region.width, extent.x + extent.width), y1 = max(region.y + region.height, extent.y + extent.height)
                region = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            }
        }
        return region
    }

    static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    /// A bruise: a dark plum centre through magenta to nothing, darker and wider as it
    /// deepens, and past two thirds a soft swelling (a pale sheen up and left of the
    /// middle), each a little oval and turned by where it is, as if drawn by hand. On
    /// a picture the plum would not show on (a purple or a nearly black photo) it is
    /// drawn in the tone that stands out there (BruiseTone).
    private func draw(_ mark: Mark, on image: RasterImage) {
        let size = Float(min(image.width, image.height))
        let depth = max(0, min(1, mark.depth))
        let radius = (0.032 + 0.05 * depth) * size
        let center = Point(mark.x * Float(image.width), mark.y * Float(image.height))
        // A repeatable wobble from the position, so a mark looks the same every time.
        let wobble = Easing.sine(mark.x * 37.1 + mark.y * 91.7)
        let aspect = 0.82 + 0.2 * (wobble * 0.5 + 0.5)
        let alpha = 0.3 + 0.55 * depth
        // What lies under it decides its tone: the whole mark's reach, at its deepest.
        let tone = BruiseTone.on(BruiseTone.meanColor(of: original ?? image, around: center, radius: 0.082 * size))
        // A plum middle fading through a faint darker rim to a red halo; a fresh one is
        // lighter and redder, a deep one darker and bluer. Two overlapping lobes make
        // each one lumpy, as a hand would draw it, not a stamped disc.
        let core = tone.fresh.mixed(with: tone.deep, depth)
        let stops: [(Float, Color)] = [
            (0, core.withAlpha(alpha)),
            (0.5, core.withAlpha(alpha * 0.78)),
            (0.66, tone.rim.withAlpha(alpha * 0.5)),
            (0.8, tone.halo.withAlpha(alpha * 0.28)),
            (1, tone.haloEnd.withAlpha(0)),
        ]
        let bruise = RadialGradientPaint(center: center, radius: radius, aspect: aspect, stops: stops)
        paintAtop(bruise, around: center, radiusX: radius, radiusY: radius * aspect, on: image)
        let turn = wobble * Float.pi
        let lobeCenter = Point(center.x + Easing.cosine(turn) * radius * 0.42, center.y + Easing.sine(turn) * radius * 0.36)
        let lobe = RadialGradientPaint(center: lobeCenter, radius: radius * 0.68, aspect: 1 / aspect,
                                       stops: stops.map { ($0.0, $0.1.withAlpha($0.1.a * 0.7)) })
        paintAtop(lobe, around: lobeCenter, radiusX: radius * 0.68, radiusY: radius * 0.68 / aspect, on: image)
        if depth > 0.66 {
            let swell = (depth - 0.66) / 0.34
            let sheenCenter = Point(center.x - radius * 0.28, center.y - radius * 0.3)
            let sheen = RadialGradientPaint(center: sheenCenter, radius: radius * 0.5, aspect: aspect, stops: [
                (0, tone.sheen.withAlpha(0.55 * swell)),
                (1, tone.sheenEnd.withAlpha(0)),
            ])
            paintAtop(sheen, around: sheenCenter, radiusX: radius * 0.5, radiusY: radius * 0.5 * aspect, on: image)
        }
    }

    /// The wash's edge: a soapy band with bubbles sweeping left to right.
    private func drawFoam(at wipe: Float, on image: RasterImage) {
        let w = Float(image.width), h = Float(image.height)
        let x = wipe * w * 1.15 - 0.08 * w
        let band = LinearFoamPaint(centerX: x, halfWidth: 0.06 * w)
        paintAtop(band, around: Point(x, h / 2), radiusX: 0.06 * w, radiusY: h / 2, on: image)
        var random = SeededRandom(seed: 0xB0B)
        for _ in 0..<14 {
            let bubble = Point(x + random.nextSigned() * 0.05 * w, random.nextUnit() * h)
            let radius = (0.012 + 0.02 * random.nextUnit()) * min(w, h)
            let paint = RadialGradientPaint(center: bubble, radius: radius, stops: [
                (0, Color(hex: 0xFFFFFF).withAlpha(0.15)), (0.7, Color(hex: 0xE8F6FF).withAlpha(0.55)),
                (0.85, Color(hex: 0xFFFFFF).withAlpha(0.9)), (1, Color(hex: 0xFFFFFF).withAlpha(0)),
            ])
            paintAtop(paint, around: bubble, radiusX: radius, radiusY: radius, on: image)
        }
    }

    /// Composites `paint` over the picture's own pixels inside an ellipse's bounds,
    /// "source atop": the result keeps the picture's alpha, so nothing is added where
    /// the picture is transparent.
    func paintAtop(_ paint: some SpanPaint, around center: Point, radiusX: Float, radiusY: Float, on image: RasterImage) {
        let x0 = max(clip.x, max(0, Int(center.x - radiusX)))
        let x1 = min(clip.x + clip.width, min(image.width, Int((center.x + radiusX).rounded(.up)) + 1))
        let y0 = max(clip.y, max(0, Int(center.y - radiusY)))
        let y1 = min(clip.y + clip.height, min(image.height, Int((center.y + radiusY).rounded(.up)) + 1))
        guard x1 > x0, y1 > y0 else { return }
        let count = x1 - x0
        for y in y0..<y1 {
            paint.shade(x: x0, y: y, count: count, into: row)
            let line = image.pixels + y * image.width + x0
            for index in 0..<count {
                let source = row[index]
                let sourceAlpha = source >> 24
                guard sourceAlpha != 0 else { continue }
                let destination = line[index]
                let destinationAlpha = destination >> 24
                guard destinationAlpha != 0 else { continue }
                line[index] = Self.atop(source, alpha: sourceAlpha, onto: destination, alpha: destinationAlpha)
            }
        }
    }
}

/// The wash's soapy band: white in the middle, fading to nothing either side.
struct LinearFoamPaint: SpanPaint {
    let centerX: Float
    let halfWidth: Float
    var isOpaque: Bool { false }

    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        for index in 0..<count {
            let distance = abs(Float(x + index) + 0.5 - centerX) / max(1, halfWidth)
            let alpha = max(0, 1 - distance * distance) * 0.8
            out[index] = Color(hex: 0xF4FBFF).withAlpha(alpha).premultiplied
        }
    }
}

// MARK: The tools' marks

extension MarkPainter {
    /// The rectangle (in picture pixels) a mark can touch, for a picture `width` x
    /// `height`: a frame that redraws only what changed can ask this.
    public static func extent(of mark: Mark, width: Int, height: Int) -> Rect {
        let size = Float(min(width, height))
        let depth = max(0, min(1, mark.depth))
        let center = Point(mark.x * Float(width), mark.y * Float(height))
        let reach: Float
        var below: Float = 0
        switch mark.tool {
        case .fist: reach = (0.032 + 0.05 * depth) * size * 1.45
        case .slap: reach = (0.07 + 0.04 * depth) * size * 1.75
        case .pie:
            reach = (0.055 + 0.04 * depth) * size * 1.5
            below = (0.05 + 0.16 * depth) * size
        case .tomato: reach = (0.05 + 0.04 * depth) * size * 2.1
        case .mallet: reach = (0.04 + 0.04 * depth) * size * 1.4
        case .pillow: reach = 0
        }
        return Rect(x: center.x - reach, y: center.y - reach, width: reach * 2, height: reach * 2 + below)
    }

    /// A mark's shape comes from where it is, on a coarse grid, so the small drift of
    /// a deepening mark keeps its shape (and a replay draws the same one).
    static func shapeSeed(_ mark: Mark) -> UInt64 {
        UInt64(max(0, (mark.x * 50).rounded())) &* 1_000_003 &+ UInt64(max(0, (mark.y * 50).rounded()))
    }

    /// A smooth closed blob around `center` through points at `radii` (evenly round).
    static func blob(_ center: Point, radii: [Float], turn: Float) -> Path {
        let count = radii.count
        let points = (0..<count).map { index -> Point in
            let angle = turn + Float(index) / Float(count) * 2 * Float.pi
            return Point(center.x + Easing.cosine(angle) * radii[index], center.y + Easing.sine(angle) * radii[index])
        }
        var path = Path()
        path.move(to: points[0])
        for index in 0..<count {
            let p0 = points[(index + count - 1) % count], p1 = points[index]
            let p2 = points[(index + 1) % count], p3 = points[(index + 2) % count]
            path.curve(to: p2, control1: Point(p1.x + (p2.x - p0.x) / 6, p1.y + (p2.y - p0.y) / 6),
                       control2: Point(p2.x - (p3.x - p1.x) / 6, p2.y - (p3.y - p1.y) / 6))
        }
        path.close()
        return path
    }

    /// Draws shapes for a mark inside `box` (picture pixels) on the scratch canvas,
    /// then lays them atop the picture (nothing where the picture is transparent).
    /// The closure gets the canvas and the box's corner to subtract from points.
    func shapes(in box: Rect, on image: RasterImage, _ body: (Canvas, Point) -> Void) {
        // Drawn whole from the same corner every time, whatever part is laid, so laying
        // only the part a hit changed gives the very pixels a full redraw would.
        let x0 = max(0, Int(box.minX)), y0 = max(0, Int(box.minY))
        let x1 = min(image.width, Int(box.maxX.rounded(.up)) + 1), y1 = min(image.height, Int(box.maxY.rounded(.up)) + 1)
        let lx0 = max(x0, clip.x), ly0 = max(y0, clip.y)
        let lx1 = min(x1, clip.x + clip.width), ly1 = min(y1, clip.y + clip.height)
        guard x1 > x0, y1 > y0, lx1 > lx0, ly1 > ly0 else { return }
        let w = x1 - x0, h = y1 - y0
        if scratch.width < w || scratch.height < h {
            scratch = Canvas(width: max(w, scratch.width), height: max(h, scratch.height))
        }
        for y in 0..<h { (scratch.pixels + y * scratch.stride).update(repeating: 0, count: w) }
        scratch.pushClip(PixelRect(x: 0, y: 0, width: w, height: h))
        body(scratch, Point(Float(x0), Float(y0)))
        scratch.popClip()
        for y in ly0..<ly1 {
            let source = scratch.pixels + (y - y0) * scratch.stride + (lx0 - x0)
            let line = image.pixels + y * image.width + lx0
            for index in 0..<(lx1 - lx0) {
                let pixel = source[index]
                let sourceAlpha = pixel >> 24
                guard sourceAlpha != 0 else { continue }
                let destination = line[index]
                let destinationAlpha = destination >> 24
                guard destinationAlpha != 0 else { continue }
                line[index] = Self.atop(pixel, alpha: sourceAlpha, onto: destination, alpha: destinationAlpha)
            }
        }
    }
}

extension MarkPainter {
    /// Porter-Duff "atop" for one premultiplied pixel, keeping the destination's alpha
    /// (marks stay inside the picture, never on its transparent margin):
    /// out = source × destination alpha + destination × (1 − source alpha).
    @inline(__always)
    static func atop(_ source: UInt32, alpha sourceAlpha: UInt32, onto destination: UInt32, alpha destinationAlpha: UInt32) -> UInt32 {
        let kept = Pixel.scale(destination, by: 255 - sourceAlpha)
        let laid = Pixel.scale(source & 0x00FF_FFFF, by: destinationAlpha)
        return (destination & 0xFF00_0000) | ((kept & 0x00FF_FFFF) &+ (laid & 0x00FF_FFFF))
    }
}
