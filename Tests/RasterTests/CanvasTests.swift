import Raster
import RenderTestSupport
import Testing

@Suite("Canvas: exact fills, clipping and blits")
struct CanvasTests {
    @Test("an opaque fill stores exactly its colour and nothing outside the rectangle")
    func opaqueFillIsExact() {
        let canvas = Canvas(width: 8, height: 6)
        canvas.fill(PixelRect(x: 2, y: 1, width: 3, height: 2), Color(hex: 0x336699))
        for y in 0..<6 {
            for x in 0..<8 {
                let inside = (2..<5).contains(x) && (1..<3).contains(y)
                #expect(canvas[x, y] == (inside ? 0xFF33_6699 : 0), "pixel \(x),\(y)")
            }
        }
    }

    @Test("a translucent fill blends source-over in premultiplied alpha")
    func translucentFillBlends() {
        let canvas = Canvas(width: 2, height: 1)
        canvas.clear(Color(hex: 0x0000FF))
        canvas.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), Color(hex: 0xFF0000, alpha: 0.5))
        // 50% red (0x80 premultiplied) over blue: red 0x80, blue 0xFF * (1 - 128/255) = 0x7F.
        #expect(canvas[0, 0] == 0xFF80_007F)
        #expect(canvas[1, 0] == 0xFF00_00FF)
    }

    @Test("drawing stays inside the clip, and popping the clip restores it")
    func clipping() {
        let canvas = Canvas(width: 10, height: 10)
        canvas.pushClip(PixelRect(x: 3, y: 3, width: 4, height: 4))
        canvas.fill(PixelRect(x: 0, y: 0, width: 10, height: 10), .white)
        canvas.fillCircle(center: Point(5, 5), radius: 20, .white)
        canvas.popClip()
        #expect(canvas.coveredArea == 16)
        canvas.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), .white)
        #expect(canvas[0, 0] == 0xFFFF_FFFF)
    }

    @Test("nested clips intersect")
    func nestedClips() {
        let canvas = Canvas(width: 10, height: 10)
        canvas.pushClip(PixelRect(x: 0, y: 0, width: 6, height: 6))
        canvas.pushClip(PixelRect(x: 4, y: 4, width: 6, height: 6))
        #expect(canvas.clip == PixelRect(x: 4, y: 4, width: 2, height: 2))
        canvas.popClip()
        #expect(canvas.clip == PixelRect(x: 0, y: 0, width: 6, height: 6))
    }

    @Test("an opaque image blit copies its pixels exactly, clipped at the canvas edge")
    func opaqueBlitIsExact() {
        let image = RasterImage(width: 3, height: 2, rgba: [
            255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255,
            1, 2, 3, 255, 4, 5, 6, 255, 7, 8, 9, 255,
        ])
        #expect(image.isOpaque)
        let canvas = Canvas(width: 4, height: 4)
        canvas.drawImage(image, x: 2, y: 3)
        #expect(canvas[2, 3] == 0xFFFF_0000)
        #expect(canvas[3, 3] == 0xFF00_FF00)
        #expect(canvas.coveredArea == 2)
    }

    @Test("straight-alpha pictures are premultiplied on load and round-trip back")
    func premultiplyRoundTrip() {
        let image = RasterImage(width: 1, height: 1, rgba: [200, 100, 50, 128])
        #expect(!image.isOpaque)
        #expect(image[0, 0] == 0x8064_3219)
        let back = image.rgbaBytes()
        #expect(back[3] == 128)
        #expect(abs(Int(back[0]) - 200) <= 2 && abs(Int(back[1]) - 100) <= 2 && abs(Int(back[2]) - 50) <= 2)
    }

    @Test("source-over of premultiplied pixels matches the formula", arguments: [
        (UInt32(0xFF12_3456), UInt32(0xFFAB_CDEF), UInt32(0xFF12_3456)),
        (0x0000_0000, 0xFFAB_CDEF, 0xFFAB_CDEF),
        (0x8080_0000, 0xFF00_00FF, 0xFF80_007F),
    ])
    func overFormula(source: UInt32, destination: UInt32, expected: UInt32) {
        #expect(Pixel.over(source, destination) == expected)
    }

    @Test("scaling by 255 and 0 is exact for every channel value")
    func scaleExtremes() {
        for value in UInt32(0)...255 {
            let pixel = value << 24 | value << 16 | value << 8 | value
            #expect(Pixel.scale(pixel, by: 255) == pixel)
            #expect(Pixel.scale(pixel, by: 0) == 0)
        }
    }
}

@Suite("Canvas: anti-aliased shapes")
struct ShapeTests {
    @Test("a rectangle with half-pixel edges covers its exact area with half-covered borders")
    func fractionalRect() {
        let canvas = Canvas(width: 10, height: 10)
        canvas.fill(Rect(x: 2.5, y: 2, width: 4, height: 3), .white)
        #expect(abs(canvas.coveredArea - 12) < 0.05)
        #expect(canvas[2, 3] >> 24 == 128)
        #expect(canvas[3, 3] >> 24 == 255)
        #expect(canvas[6, 3] >> 24 == 128)
    }

    @Test("circles cover pi r squared", arguments: [3.0, 10.5, 40.0] as [Float])
    func circleArea(radius: Float) {
        let canvas = Canvas(width: 100, height: 100)
        canvas.fillCircle(center: Point(50.3, 49.8), radius: radius, .white)
        let expected = Double.pi * Double(radius * radius)
        #expect(abs(canvas.coveredArea - expected) / expected < 0.01)
    }

    @Test("ellipses cover pi a b")
    func ellipseArea() {
        let canvas = Canvas(width: 120, height: 80)
        canvas.fillEllipse(center: Point(60, 40), radiusX: 50, radiusY: 20, .white)
        let expected = Double.pi * 50 * 20
        #expect(abs(canvas.coveredArea - expected) / expected < 0.01)
    }

    @Test("rounded rectangles cover the rectangle less the four corners")
    func roundedRectArea() {
        let canvas = Canvas(width: 100, height: 60)
        canvas.fillRoundedRect(Rect(x: 10, y: 10, width: 80, height: 40), radius: 12, .white)
        let expected = 80.0 * 40 - (4 - Double.pi) * 144
        #expect(abs(canvas.coveredArea - expected) / expected < 0.005)
    }

    @Test("a triangle covers its exact area, and a reversed inner contour cuts a hole")
    func polygonAreaAndHole() {
        let canvas = Canvas(width: 60, height: 60)
        canvas.fillPolygon([Point(5, 5), Point(55, 5), Point(5, 45)], .white)
        #expect(abs(canvas.coveredArea - 1000) < 0.5)

        let ring = Canvas(width: 60, height: 60)
        let outer = [Point(10, 10), Point(50, 10), Point(50, 50), Point(10, 50)]
        let inner = [Point(20, 20), Point(20, 40), Point(40, 40), Point(40, 20)]
        ring.fillPolygons([outer, inner], paint: SolidPaint(.white))
        #expect(abs(ring.coveredArea - 1200) < 0.5)
        #expect(ring[30, 30] == 0)
    }

    @Test("a polygon reaching past the canvas edges keeps the visible part's coverage")
    func polygonClippedAtEdges() {
        let canvas = Canvas(width: 20, height: 20)
        canvas.fillPolygon([Point(-30, -30), Point(50, -30), Point(50, 10), Point(-30, 10)], .white)
        #expect(abs(canvas.coveredArea - 200) < 0.5)
    }

    // Edges found by search whose row-by-row x drifts a rounding error below 0 in
    // the strip's first row, after being extended back from above the canvas: the
    // rasterizer once wrote coverage one float before its scratch buffer there
    // (AddressSanitizer's heap-buffer-overflow under make sanitize).
    @Test("edges entering from above the canvas's left edge stay inside the coverage scratch",
          arguments: [
            (Point(-0.1693275, 1.933384), Point(1.3693542, -11.805328), 21),
            (Point(-0.4105668, 1.8853569), Point(1.4103675, -3.5816498), 10),
            (Point(-1.3895842, 14.735962), Point(2.2044144, -20.813923), 36),
            (Point(1.1758494, -4.9576874), Point(-1.3007934, 6.4746246), 1),
            (Point(1.7117677, -29.8386), Point(-1.0525442, 19.846947), 47),
          ])
    func edgesDriftingPastTheLeftEdge(from: Point, to: Point, width: Int) {
        let canvas = Canvas(width: width, height: 16)
        // A wedge whose left side is the edge: everything right of it to x = width + 5.
        let right = Float(width) + 5
        canvas.fillPolygon([from, to, Point(right, to.y), Point(right, from.y)], .white)
        #expect(canvas.coveredArea <= Double(width * 16) + 0.5)
        // The bottom row lies inside the wedge wherever the edge has passed x = 0.
        #expect(canvas[width - 1, 0] != 0 || canvas[width - 1, 15] != 0)
    }

    @Test("a stroked line covers about its length times its width")
    func strokeArea() {
        let canvas = Canvas(width: 100, height: 40)
        canvas.drawLine(from: Point(20, 20), to: Point(80, 20), width: 6, .white)
        let expected = 60.0 * 6 + Double.pi * 9  // body plus two round caps
        #expect(abs(canvas.coveredArea - expected) / expected < 0.02)
    }

    @Test("shapes match their snapshot")
    func shapesSnapshot() {
        let canvas = Canvas(width: 128, height: 96)
        canvas.clear(Color(hex: 0x1E2233))
        canvas.fillRoundedRect(Rect(x: 6.5, y: 6.5, width: 54, height: 36), radius: 9, Color(hex: 0xF5A623))
        canvas.fillCircle(center: Point(92, 26), radius: 20.3, Color(hex: 0x4A90E2, alpha: 0.8))
        canvas.fillEllipse(center: Point(34, 70), radiusX: 28, radiusY: 14, Color(hex: 0x7ED321))
        var star: [Point] = []
        for index in 0..<10 {
            let angle = Float(index) * Float.pi / 5 - Float.pi / 2
            let radius: Float = index % 2 == 0 ? 22 : 9
            star.append(Point(94 + radius * cos(angle), 70 + radius * sin(angle)))
        }
        canvas.fillPolygon(star, Color(hex: 0xE94B3C))
        var wave = Path()
        wave.move(to: Point(8, 88))
        wave.curve(to: Point(120, 88), control1: Point(40, 60), control2: Point(80, 116))
        canvas.stroke(wave, width: 3, Color(hex: 0xFFFFFF, alpha: 0.9))
        expectGolden(canvas, "shapes")
    }
}

@Suite("Band executor")
struct BandExecutorTests {
    final class Scene: BandRenderer {
        func render(into band: Canvas) {
            band.clear(Color(hex: 0x202030))
            band.fillRoundedRect(Rect(x: 10.3, y: 7.7, width: 150, height: 90), radius: 20, Color(hex: 0xFF8800, alpha: 0.7))
            band.fillCircle(center: Point(120, 60), radius: 45, Color(hex: 0x3388FF, alpha: 0.6))
            band.fillPolygon([Point(5, 110), Point(190, 20), Point(180, 115)], Color(hex: 0x55DD55, alpha: 0.5))
        }
    }

    @Test("drawing in parallel bands gives exactly the single-threaded picture", arguments: [2, 3, 7])
    func bandsMatchSingleThread(threads: Int) {
        let single = Canvas(width: 200, height: 120)
        Scene().render(into: single)
        let parallel = Canvas(width: 200, height: 120)
        let executor = BandExecutor(canvas: parallel, threads: threads)
        executor.render(Scene())
        executor.render(Scene())  // a second frame reuses the same workers
        for y in 0..<120 {
            for x in 0..<200 where single[x, y] != parallel[x, y] {
                Issue.record("pixel \(x),\(y) differs")
                return
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
