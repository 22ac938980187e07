import Foundation
import Pictures
import StressCore
import TargetStore
import TestSupport
import Testing

@Suite("Target store: the crop kept with a target")
struct CropStoreTests {
    static let crop = PictureCrop(x: 0.25, y: 0.125, width: 0.5, height: 0.375)

    @Test("v6-crop adds the crop to a v5 library: its photos show whole, and a crop then saves and reopens")
    func migrationFromV5() throws {
        let folder = TemporaryDirectory("crop-migration")
        let fixture = try StoreFixture()
        var photoID: Int64 = 0
        do {
            // A v5 library: today's, with the crop columns and their migration taken back out.
            let store = try TargetStore(dataDirectory: folder.url)
            photoID = try store.insert(name: "Old photo", picture: try fixture.picture(width: 40, height: 30)).id
            try store.connection.write { db in
                for column in ["crop_width", "crop_height", "crop_x", "crop_y"] {
                    try db.execute("ALTER TABLE target DROP COLUMN \(column)")
                }
                try db.execute("DELETE FROM schema_migration WHERE identifier = 'v6-crop'")
            }
        }
        let migrated = try TargetStore(dataDirectory: folder.url)
        let applied = try migrated.connection.read { db in
            try db.scalarInt("SELECT count(*) FROM schema_migration WHERE identifier = 'v6-crop'")
        }
        #expect(applied == 1)
        #expect(try migrated.target(id: photoID)?.crop == .full)
        try migrated.update(id: photoID, crop: Self.crop)
        let reopened = try TargetStore(dataDirectory: folder.url)
        #expect(try reopened.target(id: photoID)?.crop == Self.crop)
    }

    @Test("the library itself refuses a crop outside the picture or under a tenth, whoever writes it")
    func schemaRefusesNonsense() throws {
        let fixture = try StoreFixture()
        let id = try fixture.store.insert(name: "Photo", picture: try fixture.picture()).id
        for bad in ["crop_x = 0.95", "crop_width = 0.05", "crop_x = 0.6, crop_width = 0.6", "crop_y = -0.1", "crop_height = 1.5"] {
            #expect(throws: (any Error).self, "\(bad)") {
                try fixture.store.connection.write { db in try db.execute("UPDATE target SET \(bad) WHERE id = ?", [.integer(id)]) }
            }
        }
        // The checks are what refused them: a crop inside the rules goes in the same way.
        try fixture.store.connection.write { db in
            try db.execute("UPDATE target SET crop_x = 0.5, crop_width = 0.5 WHERE id = ?", [.integer(id)])
        }
        #expect(try fixture.store.target(id: id)?.crop == PictureCrop(x: 0.5, y: 0, width: 0.5, height: 1))
    }

    @Test("a crop round-trips through insert and update; a new picture shows whole; built-in art is never cropped")
    func roundTrip() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let added = try store.insert(name: "Boss", picture: try fixture.picture(width: 40, height: 30), crop: Self.crop)
        #expect(added.crop == Self.crop)
        #expect(try store.allTargets().first { $0.id == added.id }?.crop == Self.crop)
        // A name change leaves the crop alone.
        #expect(try store.update(id: added.id, name: "Big boss").crop == Self.crop)
        // Another picture starts whole, unless a crop comes with it.
        #expect(try store.update(id: added.id, picture: try fixture.picture(width: 30, height: 40)).crop == .full)
        #expect(try store.update(id: added.id, picture: try fixture.picture(), crop: Self.crop).crop == Self.crop)
        #expect(try store.update(id: added.id, crop: .full).crop == .full)
        let art = try #require(try store.allTargets().first { $0.isBuiltin })
        #expect(try store.update(id: art.id, crop: Self.crop).crop == .full)
    }

    @Test("a new crop carries the marks to the same spots of the picture and drops those it leaves out")
    func recropCarriesMarks() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let id = try store.insert(name: "Boss", picture: try fixture.picture(width: 40, height: 40)).id
        // On the whole picture: one mark in the middle, one near the left edge.
        try store.setMarks([Mark(x: 0.5, y: 0.5, tool: .fist, depth: 0.4, hits: 2, born: 1),
                            Mark(x: 0.05, y: 0.5, tool: .fist, depth: 0.3, hits: 1, born: 2)], of: id)
        try store.update(id: id, crop: PictureCrop(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        let marks = try store.marks(of: id)
        #expect(marks.count == 1, "the left-edge mark lies outside the new crop")
        let kept = try #require(marks.first)
        #expect(abs(kept.x - 0.5) < 1e-4 && abs(kept.y - 0.5) < 1e-4 && kept.hits == 2)
    }

    @Test("Undo of a delete brings the crop back")
    func undoKeepsCrop() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let id = try store.insert(name: "Boss", picture: try fixture.picture(), crop: Self.crop).id
        let deleted = try store.deleteForUndo(id: id)
        #expect(try store.target(id: id) == nil)
        try store.restore(deleted, punches: 0)
        #expect(try store.target(id: id)?.crop == Self.crop)
    }

    @Test("a library archive carries the crop, merged or replacing")
    func archiveKeepsCrop() throws {
        let fixture = try StoreFixture()
        let id = try fixture.store.insert(name: "Boss", picture: try fixture.picture(width: 40, height: 30), crop: Self.crop).id
        let archive = fixture.folder.url.appendingPathComponent("library.spar")
        try LibraryArchive.export(fixture.store, to: archive)
        #expect(try fixture.store.target(id: id)?.crop == Self.crop)
        let importer = PictureImporter(codec: TestPNGCodec())
        for replace in [false, true] {
            let other = try StoreFixture()
            _ = try LibraryArchive.importArchive(archive, into: other.store, importer: importer, replace: replace)
            let boss = try #require(try other.store.allTargets().first { $0.name == "Boss" }, "replace: \(replace)")
            #expect(boss.crop == Self.crop, "replace: \(replace)")
        }
    }
}
