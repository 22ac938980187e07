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
