import AppModel
import PunchScene
import Raster
import RenderTestSupport
import Shaders
import Testing

/// The glow behind the target keeps only the box where it differs from the backdrop;
/// a frame fills the backdrop around it. The frame must be what the whole glow gave.
@Suite("The backdrop's glow")
struct BackdropGlowTests {
    static let stops: [(Float, Color)] = [(0, Color(hex: 0x2E3157)), (0.6, Color(hex: 0x24264A)), (1, Color(hex: 0x1B1C38))]

    /// The backdrop filled over the window, then `glow` copied at `origin`, as a frame does.
    static func frame(_ layout: MainLayout, _ glow: RasterImage, at origin: (Int, Int)) -> Canvas {
        let canvas = Canvas(width: layout.width, height: layout.height)
        canvas.fill(PixelRect(x: 0, y: 0, width: layout.width, height: layout.height),
                    paint: LinearGradientPaint(from: Point(0, 0), to: Point(0, Float(layout.height)), stops: stops))
        canvas.drawImage(glow, x: origin.0, y: origin.1)
        return canvas
    }


    @Test("the kept box gives the frame the whole glow gave, and is smaller",
          arguments: [(1920, 1080), (640, 480), (720, 1280), (1280, 800)])
    func theCroppedGlowIsTheWholeGlow(size: (Int, Int)) {
        let layout = MainLayout(width: size.0, height: size.1)
        let (whole, wholeOrigin) = MainSceneRenderer.bakedGlow(layout: layout, backdropStops: Self.stops, cropped: false)
        let (kept, keptOrigin) = MainSceneRenderer.bakedGlow(layout: layout, backdropStops: Self.stops)
        #expect(Self.frame(layout, whole, at: wholeOrigin).differingPixels(from: Self.frame(layout, kept, at: keptOrigin)) == 0)
        // Landscape windows have the widest transparent margins beside the round glow.
        let share = size.0 > size.1 ? 3 : 4
        #expect(kept.width * kept.height < whole.width * whole.height * share / 4, "the transparent part was not cut off")
        #expect(kept.isOpaque)
    }

    @Test("the box is tight: one column or row less on any side changes the frame")
    func theKeptBoxIsTight() {
        let layout = MainLayout(width: 1920, height: 1080)
        let (kept, origin) = MainSceneRenderer.bakedGlow(layout: layout, backdropStops: Self.stops)
        let reference = Self.frame(layout, kept, at: origin)
        // Each side trimmed by one: the trimmed pixels fall back to the backdrop.
        for (dx, dy, dw, dh) in [(1, 0, -1, 0), (0, 0, -1, 0), (0, 1, 0, -1), (0, 0, 0, -1)] {
            let trimmed = RasterImage(width: kept.width + dw, height: kept.height + dh)
            for y in 0..<trimmed.height {
                (trimmed.pixels + y * trimmed.width).update(from: kept.pixels + (y + dy) * kept.width + dx, count: trimmed.width)
            }
            #expect(Self.frame(layout, trimmed, at: (origin.0 + dx, origin.1 + dy)).differingPixels(from: reference) > 0,
                    "trimming \(dx),\(dy),\(dw),\(dh) changed nothing")
        }
    }
}
