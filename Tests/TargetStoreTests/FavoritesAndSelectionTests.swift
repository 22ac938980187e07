import Foundation
import SQLiteDatabase
import StressCore
import TargetStore
import Testing

@Suite("Target store: favorites and selection")
struct FavoritesAndSelectionTests {
    @Test("a fifth favorite is refused through the store")
    func fifthFavoriteRefused() throws {
        let fixture = try StoreFixture()
        let fifth = try #require(try fixture.store.allTargets().first { !$0.isFavorite })
        #expect {
            try fixture.store.setFavorite(true, for: fifth.id)
        } throws: { error in
            guard case TargetStoreError.favoriteLimitReached = error else { return false }
            return true
        }
        #expect(try fixture.store.favorites().count == 4)
    }

    @Test("the schema's own trigger refuses a fifth favorite written past the store, with the code the store matches")
    func triggerRefusalIsMatchedByCode() throws {
        let fixture = try StoreFixture()
        let fifth = try #require(try fixture.store.allTargets().first { !$0.isFavorite })
        do {
            try fixture.store.connection.write { db in
                try db.execute("UPDATE target SET is_favorite = 1 WHERE id = ?", [SQLValue.integer(fifth.id)])
            }
            Issue.record("the trigger let a fifth favorite in")
        } catch {
            #expect((error as? DatabaseError)?.isTriggerRefusal == true, "\(error)")
        }
        #expect(try fixture.store.favorites().count == 4)
        #expect(!DatabaseError(extendedCode: 19, message: "favorite limit reached: at most 4 favorites").isTriggerRefusal,
                "a plain constraint with the same words is not the trigger")
    }

    @Test("a new target cannot join four favorites either")
    func insertAsFifthFavoriteRefused() throws {
        let fixture = try StoreFixture()
        #expect(throws: TargetStoreError.self) {
            try fixture.store.insert(name: "Fifth", picture: try fixture.picture(), favorite: true)
        }
        #expect(try fixture.store.allTargets().count == 8)
        #expect(fixture.pictureFileNames.isEmpty)
    }

    @Test("unfavoriting at the limit works and makes room for another")
    func unfavoriteMakesRoom() throws {
        let fixture = try StoreFixture()
        let favorite = try #require(try fixture.store.favorites().first)
        let other = try #require(try fixture.store.allTargets().first { !$0.isFavorite })
        try fixture.store.setFavorite(true, for: favorite.id)  // already one: allowed, no change
        try fixture.store.setFavorite(false, for: favorite.id)
        try fixture.store.setFavorite(true, for: other.id)
        #expect(try fixture.store.favorites().map(\.id).contains(other.id))
        #expect(try fixture.store.favorites().count == 4)
    }

    @Test("the database itself refuses a fifth favorite written with raw SQL")
    func rawSQLFifthFavoriteRefused() throws {
        let fixture = try StoreFixture()
        #expect(throws: DatabaseError.self) {
            try fixture.store.connection.write { db in
                try db.execute("UPDATE target SET is_favorite = 1 WHERE is_favorite = 0")
            }
        }
        #expect(try fixture.store.favorites().count == 4)
        #expect(throws: DatabaseError.self) {
            try fixture.store.connection.write { db in
                try db.execute("""
                    INSERT INTO target (name, asset_name, is_favorite, sort_order, created_at)
                    VALUES ('Sneaky', 'printer', 1, 99, 0)
                    """)
            }
        }
    }

    @Test("the database itself refuses a second selected target")
    func rawSQLSecondSelectionRefused() throws {
        let fixture = try StoreFixture()
        #expect(throws: DatabaseError.self) {
            try fixture.store.connection.write { db in
                try db.execute("UPDATE target SET is_selected = 1")
            }
        }
        #expect(try fixture.store.allTargets().filter(\.isSelected).count == 1)
    }

    @Test("the database refuses blank and untrimmed names written with raw SQL", arguments: ["", " padded", "tab\t"])
    func rawSQLBadNamesRefused(name: String) throws {
        let fixture = try StoreFixture()
        #expect(throws: DatabaseError.self) {
            try fixture.store.connection.write { db in
                try db.execute(
                    "INSERT INTO target (name, asset_name, sort_order, created_at) VALUES (?, 'printer', 99, 0)",
                    [.text(name)])
            }
        }
    }

    @Test("selecting a target deselects the previous one")
    func singleSelection() throws {
        let fixture = try StoreFixture()
        let targets = try fixture.store.allTargets()
        try fixture.store.select(id: targets[3].id)
        #expect(try fixture.store.selectedTarget()?.id == targets[3].id)
        #expect(try fixture.store.allTargets().filter(\.isSelected).map(\.id) == [targets[3].id])
    }

    @Test("deleting the selected target selects its neighbour")
    func deleteSelectedSelectsNeighbour() throws {
        let fixture = try StoreFixture()
        let targets = try fixture.store.allTargets()
        try fixture.store.select(id: targets[2].id)
        try fixture.store.delete(id: targets[2].id)
        #expect(try fixture.store.selectedTarget()?.id == targets[3].id)

        try fixture.store.select(id: targets[7].id)
        try fixture.store.delete(id: targets[7].id)
        #expect(try fixture.store.selectedTarget()?.id == targets[6].id)
    }

    @Test("deleting every target leaves no selection, and the next new target is selected")
    func emptyLibrary() throws {
        let fixture = try StoreFixture()
        for target in try fixture.store.allTargets() { try fixture.store.delete(id: target.id) }
        #expect(try fixture.store.selectedTarget() == nil)
        let created = try fixture.store.insert(name: "Fresh start", picture: try fixture.picture())
        #expect(try fixture.store.selectedTarget()?.id == created.id)
    }
}

@Suite("Target store: restoring defaults")
struct RestoreDefaultsTests {
    @Test("restoring brings back deleted built-ins at their places")
    func restoresDeleted() throws {
        let fixture = try StoreFixture()
        let targets = try fixture.store.allTargets()
        try fixture.store.delete(id: targets[1].id)
        try fixture.store.delete(id: targets[5].id)
        #expect(try fixture.store.restoreDefaults() == 2)
        #expect(try fixture.store.allTargets().map(\.builtinKey) == BuiltinCatalog.targets.map(\.key))
    }

    @Test("restoring keeps edits and the user's own targets and never duplicates")
    func keepsEditsNoDuplicates() throws {
        let fixture = try StoreFixture()
        let first = try #require(try fixture.store.allTargets().first)
        try fixture.store.update(id: first.id, name: "Renamed Alarm")
        let mine = try fixture.store.insert(name: "Mine", picture: try fixture.picture())
        try fixture.store.recordPunches(5, for: first.id)

        #expect(try fixture.store.restoreDefaults() == 0)
        #expect(try fixture.store.restoreDefaults() == 0)
        let after = try fixture.store.allTargets()
        #expect(after.count == 9)
        #expect(after.first?.name == "Renamed Alarm")
        #expect(after.first?.punchCount == 5)
        #expect(after.last?.id == mine.id)
    }

    @Test("restored favorites respect the limit")
    func restoredFavoritesRespectLimit() throws {
        let fixture = try StoreFixture()
        let targets = try fixture.store.allTargets()
        try fixture.store.delete(id: targets[0].id)  // a starting favorite
        try fixture.store.setFavorite(true, for: targets[6].id)  // its place taken
        try fixture.store.restoreDefaults()
        #expect(try fixture.store.favorites().count == 4)
        #expect(try fixture.store.allTargets().count == 8)
    }

    @Test("restoring an emptied library selects the first target")
    func restoreEmptySelects() throws {
        let fixture = try StoreFixture()
        for target in try fixture.store.allTargets() { try fixture.store.delete(id: target.id) }
        #expect(try fixture.store.restoreDefaults() == 8)
        #expect(try fixture.store.selectedTarget()?.builtinKey == BuiltinCatalog.targets[0].key)
    }
}
