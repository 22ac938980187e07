import Foundation
import TestSupport
import Testing

@Suite("Toasts on the punch screen keep off the picture")
struct ToastPlacementTests {
    @Test("the first-launch hint covers no pixel of a photo, wide or tall, at any size or in portrait",
          arguments: ["1280x720", "480x360", "720x1280", "1920x1080"], [true, false])
    func hintLeavesThePhotoAlone(size: String, wide: Bool) throws {
        let run = HeadlessRun()
        let photo = try run.cli.file("photo.png", TestPNG.solid(width: wide ? 600 : 300, height: wide ? 400 : 600, rgba: (30, 160, 60, 255)))
        _ = try run.cli.run("targets", "add", "--name", "Field", "--image", photo)
        let id = try #require(try run.cli.list().last?.id)
        _ = try run.cli.run("targets", "select", String(id))
        // The hint shows for 7 s on the first launch: with it, and after it has gone.
        let result = try run.run("0.5 screenshot $DIR/hint.png\n8.0 screenshot $DIR/plain.png\n8.1 quit", size: size)
        #expect(result.status == 0, "\(result.standardError)")
        let hint = try Screenshot(run.folder.file("hint.png").path), plain = try Screenshot(run.folder.file("plain.png").path)
        func green(_ shot: Screenshot, _ x: Int, _ y: Int) -> Bool { let p = shot.pixel(x, y); return p[1] > 140 && p[0] < 60 && p[2] < 90 }
        // The photo's box, from the screenshot without the hint.
        var minX = Int.max, maxX = -1, minY = Int.max, maxY = -1
        for y in stride(from: 0, to: plain.height, by: 2) {
            for x in stride(from: 0, to: plain.width, by: 2) where green(plain, x, y) {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        #expect(maxY > minY + 40, "\(size): the photo is not on screen")
        var covered = 0
        for y in minY...max(minY, maxY) { for x in minX...max(minX, maxX) where green(plain, x, y) && !green(hint, x, y) { covered += 1 } }
        #expect(covered == 0, "\(size): the hint covers \(covered) pixels of the photo")
        // And the hint did show (this is not two plain screenshots).
        let differing = stride(from: 0, to: plain.height, by: 2).reduce(0) { sum, y in
            sum + stride(from: 0, to: plain.width, by: 2).filter { hint.pixel($0, y) != plain.pixel($0, y) }.count
        }
        #expect(differing > 200, "\(size): no hint on the first launch")
    }
}
