import Foundation
import SQLiteDatabase
import StressCore
import TargetStore
import Testing
import TestSupport

/// A library file replaced or removed under an open store (a restore by a program that
/// ignored the app's lock): writes must stop, never go into the unlinked old file.
@Suite("Target store: a library replaced under it")
struct ReplacedLibraryTests {
    @Test("a write after the library file was replaced is refused as moved, and the file there now is left as it was")
    func writeAfterReplaceIsRefused() throws {
        let folder = TemporaryDirectory("replaced")
        let store = try TargetStore(dataDirectory: folder.url)
        let target = try #require(try store.allTargets().first)
        try store.recordPunches(3, for: target.id)
        // Another library put in its place, the way a restore does: a rename over it.
        let other = TemporaryDirectory("other")
        do {
            let replacement = try TargetStore(dataDirectory: other.url)
            try replacement.recordPunches(7, for: target.id)
        }
        let path = folder.url.appendingPathComponent(TargetStore.databaseFileName).path
        #expect(rename(other.url.appendingPathComponent(TargetStore.databaseFileName).path, path) == 0)
        try? FileManager.default.removeItem(atPath: path + "-wal")
        try? FileManager.default.removeItem(atPath: path + "-shm")

        #expect {
            try store.recordPunches(5, for: target.id)
        } throws: { error in
            guard case TargetStoreError.database(let database) = error else { return false }
            return database.isMovedAway
        }
        let reopened = try TargetStore(dataDirectory: folder.url)
        #expect(try reopened.target(id: target.id)?.punchCount == 7, "the punches went somewhere they should not")
    }

    @Test("a write after the library file was removed is refused as moved")
    func writeAfterRemoveIsRefused() throws {
        let folder = TemporaryDirectory("removed")
        let store = try TargetStore(dataDirectory: folder.url)
        let target = try #require(try store.allTargets().first)
        let path = folder.url.appendingPathComponent(TargetStore.databaseFileName).path
        try store.recordPunches(1, for: target.id)  // a control: writes work before
        #expect(unlink(path) == 0)
        #expect(throws: TargetStoreError.self) { try store.recordPunches(5, for: target.id) }
    }
}
