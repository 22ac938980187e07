import Foundation
import Pictures
import SQLiteDatabase
import StressCore
import TargetStore
import TestSupport
import Testing

/// Targets an archive gave one picture share its file: a delete or a new picture takes
/// the file away only with the last target showing it.
@Suite("A picture file shared by several targets")
struct SharedPictureTests {
    /// Three targets naming one file (as an import of an archive makes them).
    static func sharing(_ fixture: StoreFixture) throws -> (ids: [Int64], file: String) {
        let first = try fixture.store.insert(name: "One", picture: try fixture.picture())
        guard case .stored(let file) = first.picture else { throw CocoaError(.fileNoSuchFile) }
        var ids = [first.id]
        for name in ["Two", "Three"] {
            let other = try fixture.store.insert(name: name, picture: .builtin(assetName: "alarm-clock"))
            try fixture.store.connection.write { db in
                try db.execute("UPDATE target SET image_file = ?, asset_name = NULL WHERE id = ?", [.text(file), .integer(other.id)])
            }
            ids.append(other.id)
        }
        return (ids, file)
    }

    @Test("deleting targets keeps the shared file until the last one showing it goes")
    func deleteKeepsSharedFile() throws {
        let fixture = try StoreFixture()
        let (ids, file) = try Self.sharing(fixture)
        try fixture.store.delete(id: ids[0])
        #expect(fixture.pictureFileNames == [file])
        try fixture.store.delete(id: ids[1])
        #expect(fixture.pictureFileNames == [file])
        try fixture.store.delete(id: ids[2])
        #expect(fixture.pictureFileNames.isEmpty)
    }

    @Test("giving one of them a new picture keeps the shared file for the others")
    func newPictureKeepsSharedFile() throws {
        let fixture = try StoreFixture()
        let (ids, file) = try Self.sharing(fixture)
        let updated = try fixture.store.update(id: ids[1], picture: try fixture.picture(color: (20, 200, 20, 255)))
        guard case .stored(let new) = updated.picture else { throw CocoaError(.fileNoSuchFile) }
        #expect(Set(fixture.pictureFileNames) == [file, new])
    }
}
