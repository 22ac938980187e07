import Raster
import Testing

/// A solid fill cuts each row of a rounded rectangle into rim pixels and one span,
/// without working out the coverage of the pixels inside the rim. The same fill with
/// a paint that only shades (so it takes the pixel-by-pixel path through every rim
/// pixel) is the reference: the two must agree to the byte.
@Suite("Rounded rectangles: solid spans")
struct RoundedRectSpanTests {
    /// One colour, but not declared solid: fills take the general path.
    struct ShadedOnly: SpanPaint {
        let pixel: UInt32
        func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
            out.update(repeating: pixel, count: count)
        }
        var isOpaque: Bool { pixel >> 24 == 255 }
    }

    static let shapes: [(Rect, Float)] = {
        var generator = SeededGenerator(seed: 0x5EED)
        var shapes: [(Rect, Float)] = [
            (Rect(x: 10, y: 10, width: 80, height: 80), 40),  // a round button
            (Rect(x: 10.5, y: 9.25, width: 79.5, height: 80.75), 40),  // the same between pixels
            (Rect(x: 3.3, y: 4.7, width: 93.1, height: 51.9), 16),  // a card
            (Rect(x: 0, y: 0, width: 100, height: 60), 0),  // a plain fill
            (Rect(x: 20.4, y: 7.6, width: 0.7, height: 40), 0.3),  // thinner than a pixel
            (Rect(x: -30, y: -20, width: 90, height: 70), 25),  // past the canvas
            (Rect(x: 48.2, y: 30.1, width: 2.6, height: 2.6), 1.3),  // a dot
        ]
        for _ in 0..<60 {
            let width = Float.random(in: 0.5...110, using: &generator)
            let height = Float.random(in: 0.5...80, using: &generator)
            let rect = Rect(
                x: Float.random(in: -20...90, using: &generator), y: Float.random(in: -20...70, using: &generator),
                width: width, height: height)
            shapes.append((rect, Float.random(in: 0...(max(width, height) / 2 + 5), using: &generator)))
        }
        return shapes
    }()

    @Test("a solid rounded rectangle is the same bytes as the pixel-by-pixel fill",
          arguments: [0xFF33_6699, 0x8040_2010, 0x1010_1010] as [UInt32])
    func solidSpansMatchThePerPixelFill(pixel: UInt32) {
        let spans = Canvas(width: 100, height: 72), reference = Canvas(width: 100, height: 72)
        for (index, (rect, radius)) in Self.shapes.enumerated() {
            for canvas in [spans, reference] {
                canvas.resetClip()
                canvas.clear(Color(hex: 0x20_3040))
                // Half of them clipped, so rows start and end inside the shape too.
                if index % 2 == 1 { canvas.pushClip(PixelRect(x: 17, y: 11, width: 51, height: 43)) }
            }
            spans.fillRoundedRect(rect, radius: radius, paint: SolidPaint(premultiplied: pixel))
            reference.fillRoundedRect(rect, radius: radius, paint: ShadedOnly(pixel: pixel))
            var differing = 0
            for y in 0..<72 {
                for x in 0..<100 where spans[x, y] != reference[x, y] { differing += 1 }
            }
            #expect(differing == 0, "shape \(index): \(rect) radius \(radius)")
        }
    }

    @Test("the reference sees a wrong span: a rim pixel painted fully differs")
    func theComparisonSeesAWrongPixel() {
        let spans = Canvas(width: 100, height: 72), reference = Canvas(width: 100, height: 72)
        let rect = Rect(x: 10.5, y: 9.25, width: 79.5, height: 50.75)
        spans.fillRoundedRect(rect, radius: 20, paint: SolidPaint(premultiplied: 0xFF33_6699))
        reference.fillRoundedRect(rect, radius: 20, paint: ShadedOnly(pixel: 0xFF33_6699))
        #expect(spans[10, 30] == reference[10, 30])
        // The left edge at x = 10.5 half-covers column 10: painting it fully is seen.
        spans.fill(PixelRect(x: 10, y: 30, width: 1, height: 1), Color(hex: 0x336699))
        #expect(spans[10, 30] != reference[10, 30])
    }

    @Test("a rectangle far wider than any canvas is clipped, not overflowed")
    func hugeRectanglesAreClipped() {
        let canvas = Canvas(width: 20, height: 10)
        canvas.fillRoundedRect(Rect(x: 0, y: 0, width: 1e38, height: 10), radius: 4, Color(hex: 0xFFFFFF))
        canvas.fillRoundedRect(Rect(x: -1e38, y: 2, width: 2e38, height: 3e37), radius: 1e37, Color(hex: 0xFFFFFF))
        canvas.fillEllipse(center: Point(1e37, 5), radiusX: 2e37, radiusY: 5, Color(hex: 0xFFFFFF))
        #expect(canvas[10, 5] == 0xFFFF_FFFF)
    }
}

/// SplitMix64: the same shapes on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
