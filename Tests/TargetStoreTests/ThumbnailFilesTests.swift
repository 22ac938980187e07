import Foundation
import Pictures
import StressCore
import TargetStore
import Testing
import TestSupport

@Suite("Thumbnail files beside the pictures")
struct ThumbnailFilesTests {
    func thumbnailNames(_ store: TargetStore) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: store.thumbnails.directory.path)) ?? []).sorted()
    }

    @Test("a delete with Undo keeps the thumbnail through the restore; only the discard after Undo ends removes it")
    func undoKeepsThumbnail() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let target = try store.insert(name: "Kept", picture: try fixture.picture(width: 600, height: 300))
        let thumbnail = try #require(store.thumbnailURL(for: target))
        #expect(FileManager.default.fileExists(atPath: thumbnail.path))
        let small = try #require(TestPNG.decode(try [UInt8](Data(contentsOf: thumbnail))))
        #expect((small.width, small.height) == (256, 128))

        let deleted = try store.deleteForUndo(id: target.id)
        #expect(FileManager.default.fileExists(atPath: thumbnail.path))
        let restored = try store.restore(deleted, punches: 0)
        #expect(store.thumbnailURL(for: restored) == thumbnail)
        // Undo over for a target that came back: nothing of it goes.
        store.discard(deleted)
        #expect(FileManager.default.fileExists(atPath: thumbnail.path))

        let again = try store.deleteForUndo(id: target.id)
        store.discard(again)
        #expect(!FileManager.default.fileExists(atPath: thumbnail.path))
        #expect(fixture.pictureFileNames.isEmpty)
    }

    @Test("thumbnail writes are atomic and capped, and names that step outside the folder get none")
    func writesBounded() throws {
        let fixture = try StoreFixture()
        let url = try #require(fixture.store.thumbnails.url(forPicture: "a.jpg"))
        try ThumbnailFiles.write([1, 2, 3], to: url)
        #expect(try [UInt8](Data(contentsOf: url)) == [1, 2, 3])
        #expect(throws: TargetStoreError.self) { try ThumbnailFiles.write([UInt8](repeating: 7, count: Thumbnail.maxFileBytes + 1), to: url) }
        #expect(try [UInt8](Data(contentsOf: url)) == [1, 2, 3])  // the old one stands
        #expect(thumbnailNames(fixture.store) == ["a.jpg.whole.thumb"])  // and no temp file is left
        #expect(fixture.store.thumbnails.url(forPicture: "../library.sqlite") == nil)
        #expect(fixture.store.thumbnails.url(forPicture: ".hidden") == nil)
    }

    @Test("a crop's thumbnail is named by its crop, cut from the picture, and the sweep keeps only the crop a target shows")
    func cropVariants() throws {
        let crop = PictureCrop(x: 0.25, y: 0, width: 0.5, height: 1)
        let variant = ThumbnailVariant(crop: crop)
        #expect(variant.key == "crop-2500-0-5000-10000")
        #expect(ThumbnailVariant(crop: .full).key == ThumbnailVariant.whole.key)
        // Columns 0...7 of an 8x2 picture, each its own red: the cut keeps columns 2...5.
        let picture = PictureBitmap(width: 8, height: 2, pixels: (0..<16).flatMap { [UInt8($0 % 8 * 30), 0, 0, 255] })
        let cut = variant.apply(picture)
        #expect((cut.width, cut.height) == (4, 2))
        #expect(stride(from: 0, to: cut.pixels.count, by: 4).map { cut.pixels[$0] } == [60, 90, 120, 150, 60, 90, 120, 150])

        let fixture = try StoreFixture()
        let store = fixture.store
        let target = try store.insert(name: "Cut", picture: try fixture.picture(width: 600, height: 300))
        let old = try #require(store.thumbnailURL(for: target, variant: "crop-0-0-5000-10000"))
        let shown = try #require(store.thumbnailURL(for: target, variant: variant.key))
        for url in [old, shown] { try ThumbnailFiles.write([0xFF, 0xD8, 0xFF, 0xD9], to: url) }
        // The row shows `crop`: an old crop's file goes, the whole one and the shown crop's stay.
        guard case .stored(let file) = target.picture else { Issue.record("not stored"); return }
        let later = Date().addingTimeInterval(3600)
        #expect(store.thumbnails.sweepOrphans(keepingPictures: [file], shownVariants: [file: variant.key], now: later) == 1)
        #expect(!FileManager.default.fileExists(atPath: old.path))
        #expect(FileManager.default.fileExists(atPath: shown.path))
        #expect(FileManager.default.fileExists(atPath: try #require(store.thumbnailURL(for: target)).path))
        // Without the shown variants, every variant of a referenced picture stays.
        try ThumbnailFiles.write([0xFF, 0xD8, 0xFF, 0xD9], to: old)
        #expect(store.thumbnails.sweepOrphans(keepingPictures: [file], now: later) == 0)

        // The open's sweep reads each row's crop: after an edit to `crop`, the file of
        // the crop before (old enough to be no one's write in progress) goes.
        _ = try store.update(id: target.id, crop: crop)
        let longAgo = Date().addingTimeInterval(-3600)
        for url in [old, shown] { try FileManager.default.setAttributes([.modificationDate: longAgo], ofItemAtPath: url.path) }
        store.sweepOrphanFiles()
        #expect(!FileManager.default.fileExists(atPath: old.path))
        #expect(FileManager.default.fileExists(atPath: shown.path))
    }

    @Test("the open sweeps thumbnails whose picture no row names, and keeps the rest")
    func sweep() throws {
        let folder = TemporaryDirectory("thumbnail-sweep")
        let store = try TargetStore(dataDirectory: folder.url)
        let target = try store.insert(name: "Mine", picture: try StoreFixture().picture(width: 40, height: 30))
        let kept = try #require(store.thumbnailURL(for: target))
        let stray = store.thumbnails.directory.appendingPathComponent("gone.jpg.whole.thumb")
        let strayCrop = store.thumbnails.directory.appendingPathComponent("gone.jpg.c1a2b3.thumb")
        for url in [stray, strayCrop] { try Data([1]).write(to: url) }
        let old = Date(timeIntervalSinceNow: -3600)
        for url in [kept, stray, strayCrop] { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: url.path) }
        _ = try TargetStore(dataDirectory: folder.url)
        #expect(thumbnailNames(store) == [kept.lastPathComponent])
    }
}
