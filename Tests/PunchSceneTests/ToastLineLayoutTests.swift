import AppModel
import Raster
import Testing

@Suite("The punch screen's layout: the toast line between the picture and the favorites bar, the tools, the kiosk's title")
struct ToastLineLayoutTests {
    static let sizes = [(1280, 720), (480, 360), (720, 1280), (1080, 1920), (1920, 1080), (3840, 2160), (800, 1280), (1024, 600)]

    func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    @Test("no picture, wide, square or tall, reaches the toast line, and the line sits above the favorites bar")
    func pictureStaysAboveTheLine() {
        for (width, height) in Self.sizes {
            for kiosk in [false, true] {
                let layout = MainLayout(width: width, height: height, kiosk: kiosk)
                #expect(layout.toastLine.maxY <= layout.favoritesBar.minY, "\(width)x\(height)")
                for (w, h) in [(1600, 900), (1, 1), (600, 1200), (3000, 400)] {
                    let picture = layout.pictureRect(imageWidth: w, imageHeight: h)
                    #expect(!overlaps(picture, layout.toastLine), "\(width)x\(height) kiosk \(kiosk): a \(w)x\(h) picture \(picture) reaches \(layout.toastLine)")
                    // It keeps most of the size it had filling the whole stage.
                    let room = layout.stage.insetBy(layout.stage.height * 0.04)
                    let full = min(room.width / Float(w), room.height / Float(h)) * Float(h)
                    #expect(picture.height >= full * 0.75, "\(width)x\(height): a \(w)x\(h) picture shrank from \(full) to \(picture.height)")
                }
            }
        }
    }

    @Test("on a tall screen the tool row and Wash sit above the toast line and below the picture")
    func toolRowClearsTheLineAndThePicture() {
        for (width, height) in Self.sizes {
            let layout = MainLayout(width: width, height: height)
            guard !layout.toolStripIsColumn else { continue }
            let picture = layout.pictureRect(imageWidth: 600, imageHeight: 1200)
            for button in (0..<MainLayout.toolCount).map(layout.toolButton) + [layout.washButton] {
                #expect(!overlaps(button, layout.toastLine), "\(width)x\(height): \(button) under a toast")
                #expect(!overlaps(button, picture), "\(width)x\(height): \(button) over the picture")
            }
        }
    }

    @Test("a kiosk's title area keeps clear of the operator's corner and its lock")
    func kioskTitleClearsTheLock() {
        for (width, height) in Self.sizes {
            let layout = MainLayout(width: width, height: height, kiosk: true)
            #expect(!overlaps(layout.titleArea, layout.operatorCorner), "\(width)x\(height): \(layout.titleArea) under the lock")
            #expect(layout.titleArea.width >= Float(width) * 0.5)
        }
    }
}
