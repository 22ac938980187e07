import Foundation
import SQLiteDatabase
import StressCore
import TargetStore
import Testing
import TestSupport

/// The favorite limit has one owner, `FavoriteRule.limit`: the library's triggers are
/// made from it, and a library whose triggers say another number gets the rule's.
@Suite("The favorite limit in the library's triggers")
struct FavoriteLimitTriggerTests {
    /// Favorites every target it can, one at a time, through SQL alone (no Swift rule
    /// in the way), and returns how many the triggers let through.
    static func favoritesAllowed(_ connection: DatabaseConnection) throws -> Int {
        try connection.write { try $0.execute("UPDATE target SET is_favorite = 0") }
        let ids = try connection.read { db in try db.query("SELECT id FROM target ORDER BY sort_order, id").compactMap { $0.int("id") } }
        var allowed = 0
        for id in ids {
            do {
                try connection.write { try $0.execute("UPDATE target SET is_favorite = 1 WHERE id = ?", [.integer(id)]) }
                allowed += 1
            } catch {
                // The refusal is the triggers', naming the limit they were made for.
                #expect(String(describing: error).contains("at most"), "\(error)")
            }
        }
        return allowed
    }

    static func triggerText(_ connection: DatabaseConnection) throws -> [String] {
        try connection.read { db in
            try db.query("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'target_favorite_limit%' ORDER BY name")
                .compactMap { $0.text("sql") }
        }
    }

    @Test("the triggers are made from the limit they are given: made for 2, the third favorite is refused")
    func triggersFollowTheirLimit() throws {
        let folder = TemporaryDirectory("favorite-limit")
        _ = try TargetStore(dataDirectory: folder.url)
        let connection = try DatabaseConnection(path: folder.url.appendingPathComponent(TargetStore.databaseFileName).path)
        #expect(BuiltinCatalog.targets.count > FavoriteRule.limit + 1, "the control needs more targets than the limit")
        #expect(try Self.favoritesAllowed(connection) == FavoriteRule.limit)
        try connection.write { db in
            try db.execute("DROP TRIGGER target_favorite_limit_on_insert")
            try db.execute("DROP TRIGGER target_favorite_limit_on_update")
            try db.execute(LibrarySchema.favoriteLimitSQL(limit: 2))
        }
        #expect(try Self.favoritesAllowed(connection) == 2)
        #expect(try Self.triggerText(connection).allSatisfy { $0.contains(">= 2") && !$0.contains("4") })
    }

    @Test("a library whose triggers say another limit (an older version's) opens with the rule's, once")
    func olderTriggersAreReplacedOnOpen() throws {
        let folder = TemporaryDirectory("favorite-limit-upgrade")
        _ = try TargetStore(dataDirectory: folder.url)
        let connection = try DatabaseConnection(path: folder.url.appendingPathComponent(TargetStore.databaseFileName).path)
        try connection.write { db in
            try db.execute("UPDATE target SET is_favorite = 0")
            try db.execute("DROP TRIGGER target_favorite_limit_on_insert")
            try db.execute("DROP TRIGGER target_favorite_limit_on_update")
            try db.execute(LibrarySchema.favoriteLimitSQL(limit: FavoriteRule.limit - 1))
        }
        #expect(try Self.favoritesAllowed(connection) == FavoriteRule.limit - 1, "the control: the older limit holds")

        let reopened = try TargetStore(dataDirectory: folder.url)
        #expect(reopened.repairs.contains { $0.contains("target_favorite_limit_on_insert") && $0.contains("target_favorite_limit_on_update") },
                "\(reopened.repairs)")
        #expect(try Self.favoritesAllowed(connection) == FavoriteRule.limit)
        #expect(try Self.triggerText(connection).allSatisfy { $0.contains(">= \(FavoriteRule.limit)") })
        // The rule's own triggers are not taken for stale ones: the next open changes nothing.
        #expect(try TargetStore(dataDirectory: folder.url).repairs.isEmpty)
    }
}
