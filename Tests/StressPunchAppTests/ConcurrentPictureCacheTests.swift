import AppModel
import Foundation
import Raster
import Testing
import TestSupport

@Suite("Pictures decoded on the cache's queue, as the running app decodes them")
struct ConcurrentPictureCacheTests {
    /// Headless runs and the session tests decode inline (so their frames never depend
    /// on timing); only the app decodes on the cache's queue. This drives that queue
    /// against a frame loop, so ThreadSanitizer (`make sanitize`) sees the two meet.
    @Test("pictures and thumbnails made on the cache's queue reach the frame loop whole, while frames go on and one is forgotten")
    func backgroundDecodes() throws {
        let folder = TemporaryDirectory("concurrent-pictures")
        var urls: [URL] = []
        for index in 0..<12 {
            let url = folder.file("p\(index).png")
            try Data(TestPNG.solid(width: 96, height: 64, rgba: (UInt8(index * 20), 90, 40, 255))).write(to: url)
            urls.append(url)
        }
        let cache = PictureCache(codec: TestPNGCodec(), synchronous: false)
        var pictures: [URL: RasterImage] = [:], thumbnails: [URL: RasterImage] = [:]
        let deadline = Date().addingTimeInterval(60)
        var frame = 0
        while (pictures.count < urls.count || thumbnails.count < urls.count) && Date() < deadline {
            cache.beginFrame()
            for url in urls {
                if pictures[url] == nil, case .ready(let picture)? = cache.entry(for: url) { pictures[url] = picture }
                if thumbnails[url] == nil, let thumbnail = cache.thumbnail(for: url) { thumbnails[url] = thumbnail }
            }
            _ = cache.isLoading
            // As replacing a target's picture does, likely while its decode is in flight.
            if frame == 1 { cache.forget(urls[0]) }
            frame += 1
            usleep(2_000)
        }
        #expect(pictures.count == urls.count && thumbnails.count == urls.count, "after \(frame) frames")
        for (index, url) in urls.enumerated() {
            for image in [pictures[url], thumbnails[url]].compactMap({ $0 }) {
                #expect(image.width > 0 && (image.pixels[0] >> 16) & 0xFF == UInt32(index * 20), "\(url.lastPathComponent)")
            }
        }
    }
}
