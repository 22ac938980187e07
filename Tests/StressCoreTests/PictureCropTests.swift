import StressCore
import Testing

@Suite("Cropping a target's picture")
struct PictureCropTests {
    @Test("zooming in keeps the point under it in place and never goes below a tenth; zooming out stops at the whole picture")
    func zoom() {
        let zoomed = PictureCrop.full.zoomed(by: 2, around: 0.25, cy: 0.75)
        #expect(abs(zoomed.width - 0.5) < 1e-5 && abs(zoomed.height - 0.5) < 1e-5)
        // The point a quarter across and three quarters down stays there.
        #expect(abs(zoomed.x + 0.25 * zoomed.width - 0.25) < 1e-5)
        #expect(abs(zoomed.y + 0.75 * zoomed.height - 0.75) < 1e-5)
        var crop = PictureCrop.full
        for _ in 0..<50 { crop = crop.zoomed(by: 1.5) }
        #expect(abs(crop.width - PictureCrop.smallest) < 1e-5)
        for _ in 0..<50 { crop = crop.zoomed(by: 0.5) }
        #expect(crop == .full)
    }

    @Test("panning stops at the picture's edges")
    func pan() {
        let half = PictureCrop.full.zoomed(by: 2)
        let moved = half.panned(dx: 10, dy: -10)
        #expect(moved.x == 0.5 && moved.y == 0)
        #expect(PictureCrop.full.panned(dx: 0.3, dy: 0.3) == .full)
    }

    @Test("square takes the largest square in the middle of the crop")
    func square() {
        let square = PictureCrop.full.squared(pictureWidth: 800, pictureHeight: 600)
        #expect(square.isSquare(pictureWidth: 800, pictureHeight: 600))
        #expect(abs(square.width - 0.75) < 1e-5 && square.height == 1 && abs(square.x - 0.125) < 1e-5)
        #expect(!PictureCrop.full.isSquare(pictureWidth: 800, pictureHeight: 600))
    }

    @Test("nonsense from a damaged library reads as the whole picture or is pulled inside it")
    func clamped() {
        #expect(PictureCrop(x: .nan, y: 0, width: 1, height: 1) == .full)
        let outside = PictureCrop(x: 2, y: -1, width: 0.5, height: 3)
        #expect(outside.x == 0.5 && outside.y == 0 && outside.height == 1)
    }
}
