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

    @Test("zooming keeps a free crop's shape, and the smallest side stops it")
    func zoomKeepsShape() {
        let wide = PictureCrop(x: 0, y: 0.25, width: 0.8, height: 0.4)
        let closer = wide.zoomed(by: 2)
        #expect(abs(closer.width / closer.height - 2) < 1e-4)
        #expect(abs(closer.x + closer.width / 2 - 0.4) < 1e-5, "zoomed about its middle")
        var small = wide
        for _ in 0..<20 { small = small.zoomed(by: 2) }
        #expect(abs(small.height - PictureCrop.smallest) < 1e-5 && abs(small.width - 2 * PictureCrop.smallest) < 1e-4)
    }

    @Test("stretching a free crop changes one side about its middle, within the picture and above a tenth")
    func stretch() {
        let crop = PictureCrop(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        let wider = crop.resized(dw: 0.2, dh: 0)
        #expect(abs(wider.width - 0.7) < 1e-5 && wider.height == 0.5 && abs(wider.x - 0.15) < 1e-5)
        #expect(crop.resized(dw: 5, dh: 0).width == 1)
        #expect(abs(crop.resized(dw: 0, dh: -5).height - PictureCrop.smallest) < 1e-6)
    }

    @Test("a dragged corner makes a crop that keeps the other corner, never inside out, never under a tenth")
    func spanning() {
        let crop = PictureCrop.spanning(left: 0.6, top: 0.9, right: 0.2, bottom: 0.3)
        #expect(abs(crop.x - 0.2) < 1e-6 && abs(crop.y - 0.3) < 1e-6 && abs(crop.width - 0.4) < 1e-6 && abs(crop.height - 0.6) < 1e-6)
        let pinched = PictureCrop.spanning(left: 0.5, top: 0.5, right: 0.52, bottom: 0.9, anchorRight: true)
        #expect(abs(pinched.width - PictureCrop.smallest) < 1e-6 && abs(pinched.x + pinched.width - 0.52) < 1e-6)
    }

    @Test("a crop in pixels is whole pixels inside the picture")
    func pixels() {
        let crop = PictureCrop(x: 0.25, y: 0.5, width: 0.5, height: 0.5)
        let cut = crop.pixels(pictureWidth: 801, pictureHeight: 600)
        #expect(cut.x == 200 && cut.y == 300 && cut.height == 300)
        #expect(cut.x + cut.width <= 801 && cut.width >= 400)
        let whole = PictureCrop.full.pixels(pictureWidth: 3, pictureHeight: 1)
        #expect(whole.x == 0 && whole.y == 0 && whole.width == 3 && whole.height == 1)
    }

    @Test("a mark moved to a new crop stays on the same spot of the picture, and one the crop leaves out goes")
    func recroppedMark() throws {
        let half = PictureCrop(x: 0.5, y: 0, width: 0.5, height: 1)
        let mark = Mark(x: 0.5, y: 0.5, tool: .fist, depth: 0.5, hits: 3, born: 0)
        // The middle of the right half is three quarters across the whole picture.
        let moved = try #require(mark.recropped(from: half, to: .full))
        #expect(abs(moved.x - 0.75) < 1e-6 && moved.y == 0.5 && moved.hits == 3)
        #expect(mark.recropped(from: .full, to: PictureCrop(x: 0, y: 0, width: 0.3, height: 1)) == nil)
        let back = try #require(moved.recropped(from: .full, to: half))
        #expect(abs(back.x - 0.5) < 1e-6)
    }
}
