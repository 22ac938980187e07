import Foundation
import SQLiteDatabase
import StressCore
import TargetStore
import Testing
import TestSupport

@Suite("Target store: on disk")
struct PersistenceTests {
    @Test("a file library reopened keeps targets, favorites, selection, punches and pictures")
    func reopenKeepsEverything() throws {
        let folder = TemporaryDirectory("persist")
        let created: StressTarget
        let before: [StressTarget]
        do {
            let store = try TargetStore(dataDirectory: folder.url)
            let fixture = try StoreFixture()
            created = try store.insert(name: "Büro 🥊", message: "Ärger", picture: try fixture.picture())
            let first = try #require(try store.favorites().first)
            try store.setFavorite(false, for: first.id)
            try store.setFavorite(true, for: created.id)
            try store.select(id: created.id)
            try store.recordPunches(12, for: created.id)
            let fifth = try #require(try store.allTargets().dropFirst(4).first)
            try store.delete(id: fifth.id)
            before = try store.allTargets()
        }
        let reopened = try TargetStore(dataDirectory: folder.url)
        #expect(try reopened.allTargets() == before)
        #expect(try reopened.selectedTarget()?.name == "Büro 🥊")
        #expect(try reopened.target(id: created.id)?.punchCount == 12)
        let reopenedTarget = try #require(try reopened.target(id: created.id))
        let url = try #require(reopened.pictureURL(for: reopenedTarget))
        #expect(FileManager.default.fileExists(atPath: url.path))
    }

    @Test("seeding happens once: a library emptied on purpose stays empty after a relaunch")
    func seedsOnce() throws {
        let folder = TemporaryDirectory("seed")
        do {
            let store = try TargetStore(dataDirectory: folder.url)
            for target in try store.allTargets() { try store.delete(id: target.id) }
        }
        #expect(try TargetStore(dataDirectory: folder.url).allTargets().isEmpty)
    }

    @Test("picture files no row names are swept at open, recent ones are left for their writer")
    func orphansSwept() throws {
        let folder = TemporaryDirectory("orphans")
        let kept: String
        do {
            let store = try TargetStore(dataDirectory: folder.url)
            let fixture = try StoreFixture()
            let target = try store.insert(name: "Keep me", picture: try fixture.picture())
            guard case .stored(let name) = target.picture else { Issue.record("no stored picture"); return }
            kept = name
        }
        let images = folder.url.appendingPathComponent("images")
        let oldOrphan = images.appendingPathComponent("orphan.png")
        let oldTemp = images.appendingPathComponent(".incoming-crashed.png")
        let freshOrphan = images.appendingPathComponent("being-written.png")
        for url in [oldOrphan, oldTemp, freshOrphan] { try Data([1, 2, 3]).write(to: url) }
        let anHourAgo = Date().addingTimeInterval(-3600)
        for url in [oldOrphan, oldTemp] {
            try FileManager.default.setAttributes([.modificationDate: anHourAgo], ofItemAtPath: url.path)
        }

        _ = try TargetStore(dataDirectory: folder.url)
        #expect(folder.fileNames(in: "images") == ["being-written.png", kept].sorted())
    }

    @Test("a file that is not a database is refused with advice, and left untouched")
    func damagedDatabase() throws {
        let folder = TemporaryDirectory("damaged")
        let file = folder.file(TargetStore.databaseFileName)
        let junk = Data(repeating: 0x42, count: 4096)
        try junk.write(to: file)
        #expect {
            _ = try TargetStore(dataDirectory: folder.url)
        } throws: { error in
            guard case TargetStoreError.damagedDatabase = error else { return false }
            return String(describing: error).contains("Move it aside")
        }
        #expect(try Data(contentsOf: file) == junk)
    }

    @Test("a library from a newer version is refused, not changed")
    func newerDatabase() throws {
        let folder = TemporaryDirectory("newer")
        do {
            let store = try TargetStore(dataDirectory: folder.url)
            try store.connection.write { db in
                try db.execute("INSERT INTO schema_migration (identifier, applied_at) VALUES ('v9-future', 0)")
            }
        }
        #expect(throws: TargetStoreError.self) { _ = try TargetStore(dataDirectory: folder.url) }
    }
}

@Suite("Database connection and migrations")
struct DatabaseTests {
    @Test("migrations on an empty database create the schema and record themselves")
    func migrationsOnEmpty() throws {
        let connection = try DatabaseConnection(path: ":memory:")
        var migrator = DatabaseMigrator()
        migrator.register("one") { db in try db.execute("CREATE TABLE a (x INTEGER)") }
        migrator.register("two") { db in try db.execute("CREATE TABLE b (y INTEGER)") }
        try migrator.migrate(connection)
        try migrator.migrate(connection)  // a second run applies nothing
        #expect(try migrator.appliedIdentifiers(in: connection) == ["one", "two"])
        let tables = try connection.read { db in
            try db.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { $0.text("name") }
        }
        #expect(tables == ["a", "b", "schema_migration"])
    }

    @Test("a failing migration rolls back and is not recorded")
    func failingMigrationRollsBack() throws {
        let connection = try DatabaseConnection(path: ":memory:")
        var migrator = DatabaseMigrator()
        migrator.register("bad") { db in
            try db.execute("CREATE TABLE c (z INTEGER)")
            try db.execute("THIS IS NOT SQL")
        }
        #expect(throws: DatabaseError.self) { try migrator.migrate(connection) }
        #expect(try migrator.appliedIdentifiers(in: connection).isEmpty)
        let count = try connection.read { db in try db.scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'c'") }
        #expect(count == 0)
    }

    @Test("an error keeps the result code, SQLite's message and the SQL")
    func errorKeepsDetails() throws {
        let connection = try DatabaseConnection(path: ":memory:")
        try connection.write { db in try db.execute("CREATE TABLE t (x INTEGER NOT NULL)") }
        do {
            try connection.write { db in try db.execute("INSERT INTO t (x) VALUES (?)", [.null]) }
            Issue.record("the insert should have failed")
        } catch let error as DatabaseError {
            #expect(error.isConstraintViolation)
            #expect(error.message.contains("NOT NULL"))
            #expect(error.sql == "INSERT INTO t (x) VALUES (?)")
        }
    }

    @Test("a write that throws rolls back everything it did")
    func writeRollsBack() throws {
        struct Stop: Error {}
        let connection = try DatabaseConnection(path: ":memory:")
        try connection.write { db in try db.execute("CREATE TABLE t (x INTEGER)") }
        #expect(throws: Stop.self) {
            try connection.write { db in
                try db.execute("INSERT INTO t (x) VALUES (1)")
                throw Stop()
            }
        }
        #expect(try connection.read { db in try db.scalarInt("SELECT count(*) FROM t") } == 0)
    }

    @Test("values of every type round-trip")
    func valuesRoundTrip() throws {
        let connection = try DatabaseConnection(path: ":memory:")
        let row = try connection.write { db in
            try db.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n)")
            try db.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?)",
                           [.integer(-7), .real(2.5), .text("Grüße 🥊"), .blob([0, 1, 255]), .null])
            return try db.query("SELECT * FROM t").first
        }
        #expect(row?["i"] == .integer(-7))
        #expect(row?["r"] == .real(2.5))
        #expect(row?["s"] == .text("Grüße 🥊"))
        #expect(row?["b"] == .blob([0, 1, 255]))
        #expect(row?["n"] == .null)
    }
}
