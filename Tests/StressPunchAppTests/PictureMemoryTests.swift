import AppModel
import Foundation
import Pictures
import Raster
import RenderTestSupport
import Input
import StressCore
import StressPunchApp
import TargetStore
import Testing
import TestSupport

@Suite("Decoded pictures under a byte budget, least recently used out first")
struct ByteBudgetCacheTests {
    /// A cache whose frames have moved on, so nothing in it counts as on screen.
    static func settled(_ cache: inout ByteBudgetCache<String, Int>) {
        cache.beginFrame()
        cache.beginFrame()
    }

    @Test("over budget, the least recently used entries go first, and a use makes an entry the newest")
    func evictionOrder() {
        var cache = ByteBudgetCache<String, Int>(budget: 300)
        for (index, key) in ["a", "b", "c"].enumerated() { cache.insert(index, cost: 100, for: key) }
        Self.settled(&cache)
        #expect(cache.keysOldestFirst == ["a", "b", "c"])
        #expect(cache.value(for: "a") == 0)  // a is now the newest
        #expect(cache.keysOldestFirst == ["b", "c", "a"])
        Self.settled(&cache)
        #expect(cache.insert(3, cost: 100, for: "d") == ["b"])
        #expect(cache.keysOldestFirst == ["c", "a", "d"])
        #expect(cache.value(for: "b") == nil)
        Self.settled(&cache)
        // One big entry puts out as many old ones as it needs room for, oldest first.
        #expect(cache.insert(4, cost: 250, for: "e") == ["c", "a", "d"])
        #expect(cache.keysOldestFirst == ["e"])
        #expect(cache.bytes == 250)
    }

    @Test("the bytes held never pass the budget once the frames move on, however many are inserted")
    func budgetHolds() {
        var cache = ByteBudgetCache<String, Int>(budget: 10_000)
        var seen = 0
        for index in 0..<5_000 {
            cache.beginFrame()
            cache.beginFrame()
            cache.insert(index, cost: 100 + index % 900, for: "key \(index)")
            seen = max(seen, cache.bytes)
            #expect(cache.bytes <= 10_000)
        }
        #expect(seen > 9_000)  // it did fill up: the budget, not a lack of inserts, held it
        #expect(cache.count < 100)
        // Replacing an entry's value charges its new cost only.
        Self.settled(&cache)
        let before = cache.bytes
        let last = cache.keysOldestFirst.last ?? ""
        cache.insert(0, cost: 1, for: last)
        #expect(cache.bytes < before)
        cache.remove(last)
        #expect(!cache.contains(last))
    }

    @Test("what this frame or the last used is never put out, even over budget; it goes once the frames move on")
    func shownEntriesStay() {
        var cache = ByteBudgetCache<String, Int>(budget: 200)
        cache.insert(1, cost: 100, for: "shown 1")
        cache.insert(2, cost: 100, for: "shown 2")
        cache.beginFrame()
        _ = cache.value(for: "shown 1")
        _ = cache.value(for: "shown 2")
        // A decode lands mid-frame: both shown ones stay, the cache goes over for now.
        #expect(cache.insert(3, cost: 100, for: "new") == [])
        #expect(cache.bytes == 300)
        cache.beginFrame()
        _ = cache.value(for: "shown 2")
        _ = cache.value(for: "new")
        // "shown 1" was last used a frame ago: still protected this frame.
        #expect(cache.insert(4, cost: 10, for: "small") == [])
        cache.beginFrame()
        _ = cache.value(for: "shown 2")
        _ = cache.value(for: "new")
        _ = cache.value(for: "small")
        // Now two frames have passed without it: it goes, and only it.
        #expect(cache.insert(5, cost: 10, for: "tiny") == ["shown 1"])
        #expect(cache.keysOldestFirst == ["shown 2", "new", "small", "tiny"])
    }
}

@Suite("The picture cache's budgets")
struct PictureCacheBudgetTests {
    @Test("browsing more thumbnails than the budget holds keeps the bytes under it, drops the oldest and keeps the newest")
    func thumbnailBudget() throws {
        let folder = TemporaryDirectory("thumbnail-budget")
        // 256x256 decoded is 256 KB: 200 of them are 50 MB, over the 40 MB budget.
        let count = 200
        #expect(count * 256 * 256 * 4 > PictureCache.thumbnailBudget)
        var urls: [URL] = []
        for index in 0..<count {
            let url = folder.file("p\(index).png")
            try Data(TestPNG.solid(width: 256, height: 256, rgba: (UInt8(index), 9, 9, 255))).write(to: url)
            urls.append(url)
        }
        let cache = PictureCache(codec: TestPNGCodec(), synchronous: true)
        for url in urls {
            cache.beginFrame()
            #expect(cache.thumbnail(for: url) != nil)
            #expect(cache.heldBytes.thumbnails <= PictureCache.thumbnailBudget)
        }
        #expect(cache.counts.thumbnailsMade == count)
        #expect(cache.heldBytes.thumbnails > PictureCache.thumbnailBudget - 256 * 256 * 4)
        // The newest is still held (no decode); the oldest went and is made again.
        cache.beginFrame()
        #expect(cache.thumbnail(for: urls[count - 1]) != nil)
        #expect(cache.counts.thumbnailsMade == count)
        #expect(cache.thumbnail(for: urls[0]) != nil)
        #expect(cache.counts.thumbnailsMade == count + 1)
    }
}

@Suite("Thumbnails kept on disk, so a big library's grid decodes only what shows")
struct ThumbnailGridTests {
    /// A library of `count` targets with distinct stored pictures and their kept
    /// thumbnails, inserted in one transaction (one by one would be `count` commits).
    /// Only the first `files` rows get files (creating 20,000 files is most of a
    /// minute on a busy disk): a grid decoding past them would count a made thumbnail
    /// (a failed one) for each row it touched, which the tests see.
    static func library(_ folder: TemporaryDirectory, count: Int, files: Int = 300, keptThumbnails: Bool) throws -> TargetStore {
        let store = try TargetStore(dataDirectory: folder.url)
        var names: [String] = []
        for index in 0..<count {
            let name = "picture-\(index).png"
            names.append(name)
            guard index < files else { continue }
            let shade = UInt8(index % 251)
            let png = TestPNG.solid(width: 8, height: 6, rgba: (shade, UInt8(index / 251 % 256), 90, 255))
            try Data(png).write(to: store.pictures.directory.appendingPathComponent(name))
            if keptThumbnails, let kept = store.thumbnails.url(forPicture: name) { try Data(png).write(to: kept) }
        }
        try store.connection.write { db in
            for (index, name) in names.enumerated() {
                try db.execute("INSERT INTO target (name, message, image_file, sort_order, created_at) VALUES (?, '', ?, ?, 0)",
                               [.text("Target \(index + 1)"), .text(name), .integer(Int64(100 + index))])
            }
        }
        return store
    }

    static func session(_ store: TargetStore) throws -> AppSession {
        try AppSession(
            store: store, codec: TestPNGCodec(), builtinPictureURL: { _ in nil }, burst: nil, glyphs: BoxGlyphSource(),
            configuration: AppConfiguration(), width: 1280, height: 720, synchronousPictures: true)
    }

    static func frames(_ session: AppSession, _ count: Int, events: [InputEvent] = [], from time: inout Double) {
        for index in 0..<count {
            _ = session.frame(FrameInput(events: index == 0 ? events : [], elapsed: 1.0 / 60, time: time, width: 1280, height: 720))
            time += 1.0 / 60
        }
    }

    @Test("opening More targets and Manage over 10,000 targets reads a screenful of kept thumbnails and decodes no picture")
    func tenThousandRowGrid() throws {
        let folder = TemporaryDirectory("grid-10k")
        let store = try Self.library(folder, count: 10_000, keptThumbnails: true)
        let session = try Self.session(store)
        var time = 0.0
        Self.frames(session, 3, events: [.keyDown(.character("m"), modifiers: [.control], isRepeat: false)], from: &time)
        #expect(session.page == .allTargets)
        let grid = session.pictureCounts
        // It reached the thumbnails: the visible cards were read from their files...
        #expect(grid.thumbnailsRead > 4)
        // ...and only those: a screenful, not 10,000, and no picture decoded for a card.
        #expect(grid.thumbnailsRead < 200)
        #expect(grid.thumbnailsMade == 0)
        Self.frames(session, 3, events: [.keyDown(.character("l"), modifiers: [.control], isRepeat: false)], from: &time)
        #expect(session.page == .manage)
        let manage = session.pictureCounts
        #expect(manage.thumbnailsRead + manage.thumbnailsMade < 400)
        #expect(manage.thumbnailsMade == 0)
    }

    @Test("a missing or damaged kept thumbnail is made again from the picture and written back")
    func thumbnailRemade() throws {
        let folder = TemporaryDirectory("grid-remade")
        let store = try Self.library(folder, count: 3, keptThumbnails: true)
        let first = try #require(store.thumbnails.url(forPicture: "picture-0.png"))
        let second = try #require(store.thumbnails.url(forPicture: "picture-1.png"))
        try FileManager.default.removeItem(at: first)
        try Data("not a picture".utf8).write(to: second)
        let session = try Self.session(store)
        var time = 0.0
        Self.frames(session, 3, events: [.keyDown(.character("m"), modifiers: [.control], isRepeat: false)], from: &time)
        #expect(session.pictureCounts.thumbnailsRead == 1)
        #expect(session.pictureCounts.thumbnailsMade == 2)
        for url in [first, second] {
            let bytes = try [UInt8](Data(contentsOf: url))
            #expect(PictureHeader.inspect(bytes)?.format == .png)
        }
    }
}
