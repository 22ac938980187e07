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

    public init() {
        rowCapacity = 1024
        row = .allocate(capacity: rowCapacity)
    }

    deinit { row.deallocate() }

    /// `picture` with `marks` on it; `wipe` (0...1) is how far a wash has gone from
    /// the left, the marks behind it already gone.
    public func picture(_ picture: RasterImage, with marks: MarkSet, wipe: Float? = nil) -> RasterImage {
        guard !marks.isEmpty || wipe != nil else { return picture }
        let wanted = (ObjectIdentifier(picture), marks.version, wipe ?? -1)
        if let marked, let key, key.picture == wanted.0, key.version == wanted.1, key.wipe == wanted.2 { return marked }
        let image: RasterImage
        if let marked, marked.width == picture.width, marked.height == picture.height {
            image = marked
        } else {
            image = RasterImage(width: picture.width, height: picture.height)
        }
        image.pixels.update(from: picture.pixels, count: picture.width * picture.height)
        if picture.width + 4 > rowCapacity {
            row.deallocate()
            rowCapacity = picture.width + 4
            row = .allocate(capacity: rowCapacity)
        }
        let edge = wipe.map { $0 * 1.15 - 0.08 } ?? -1
        for mark in marks.marks where mark.x > edge {
            draw(mark, on: image)
        }
        if let wipe { drawFoam(at: wipe, on: image) }
        image.pixelsChanged()
        marked = image
        key = wanted
        return image
    }

    /// A bruise: a dark plum centre through magenta to nothing, darker and wider as it
    /// deepens, and past two thirds a soft swelling (a pale sheen up and left of the
    /// middle), each a little oval and turned by where it is, as if drawn by hand.
    private func draw(_ mark: Mark, on image: RasterImage) {
        let size = Float(min(image.width, image.height))
        let depth = max(0, min(1, mark.depth))
        let radius = (0.032 + 0.05 * depth) * size
        let center = Point(mark.x * Float(image.width), mark.y * Float(image.height))
        // A repeatable wobble from the position, so a mark looks the same every time.
        let wobble = Easing.sine(mark.x * 37.1 + mark.y * 91.7)
        let aspect = 0.82 + 0.2 * (wobble * 0.5 + 0.5)
        let alpha = 0.3 + 0.55 * depth
        // A plum middle fading through a faint darker rim to a red halo; a fresh one is
        // lighter and redder, a deep one darker and bluer. Two overlapping lobes make
        // each one lumpy, as a hand would draw it, not a stamped disc.
        let core = Color(hex: 0x9A4A8E).mixed(with: Color(hex: 0x47286F), depth)
        let stops: [(Float, Color)] = [
            (0, core.withAlpha(alpha)),
            (0.5, core.withAlpha(alpha * 0.78)),
            (0.66, Color(hex: 0x3A1D4E).withAlpha(alpha * 0.5)),
            (0.8, Color(hex: 0xC9405F).withAlpha(alpha * 0.28)),
            (1, Color(hex: 0xE0607A).withAlpha(0)),
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
                (0, Color(hex: 0xFFE6F2).withAlpha(0.55 * swell)),
                (1, Color(hex: 0xFFE0EC).withAlpha(0)),
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
    private func paintAtop(_ paint: some SpanPaint, around center: Point, radiusX: Float, radiusY: Float, on image: RasterImage) {
        let x0 = max(0, Int(center.x - radiusX)), x1 = min(image.width, Int((center.x + radiusX).rounded(.up)) + 1)
        let y0 = max(0, Int(center.y - radiusY)), y1 = min(image.height, Int((center.y + radiusY).rounded(.up)) + 1)
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
                // out = source × destination alpha + destination × (1 − source alpha)
                let kept = Pixel.scale(destination, by: 255 - sourceAlpha)
                let laid = Pixel.scale(source & 0x00FF_FFFF, by: destinationAlpha)
                line[index] = (destination & 0xFF00_0000) | ((kept & 0x00FF_FFFF) &+ (laid & 0x00FF_FFFF))
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
