import Foundation
import StressCore
import TargetStore
import Testing

@Suite("Target store: create, read, update, delete")
struct TargetStoreCRUDTests {
    @Test("a new library starts with the eight built-ins in catalog order, the first selected")
    func seedsBuiltins() throws {
        let fixture = try StoreFixture()
        let targets = try fixture.store.allTargets()
        #expect(targets.map(\.builtinKey) == BuiltinCatalog.targets.map(\.key))
        #expect(targets.map(\.name) == BuiltinCatalog.targets.map(\.name))
        #expect(try fixture.store.selectedTarget()?.builtinKey == BuiltinCatalog.targets[0].key)
        #expect(try fixture.store.favorites().count == 4)
        #expect(targets.allSatisfy { $0.isBuiltin && $0.punchCount == 0 })
    }

    @Test("a created target is saved and fetched back with its picture file")
    func createAndFetch() throws {
        let fixture = try StoreFixture()
        let created = try fixture.store.insert(name: "  The Boss ", message: "Mondays.", picture: try fixture.picture())
        #expect(created.name == "The Boss")
        #expect(!created.isBuiltin && !created.isFavorite && !created.isSelected)

        let fetched = try #require(try fixture.store.target(id: created.id))
        #expect(fetched == created)
        #expect(try fixture.store.allTargets().last == created)
        let url = try #require(fixture.store.pictureURL(for: fetched))
        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(fixture.pictureFileNames == [url.lastPathComponent])
    }

    @Test("an update persists the new name and message and keeps the rest")
    func updatePersists() throws {
        let fixture = try StoreFixture()
        let created = try fixture.store.insert(name: "Traffic", message: "Honk", picture: try fixture.picture())
        try fixture.store.update(id: created.id, name: "Rush Hour", message: "Beep beep")
        let fetched = try #require(try fixture.store.target(id: created.id))
        #expect(fetched.name == "Rush Hour")
        #expect(fetched.message == "Beep beep")
        #expect(fetched.picture == created.picture)
    }

    @Test("a built-in can be renamed and stays a built-in")
    func editBuiltin() throws {
        let fixture = try StoreFixture()
        let first = try #require(try fixture.store.allTargets().first)
        let edited = try fixture.store.update(id: first.id, name: "My Alarm")
        #expect(edited.name == "My Alarm")
        #expect(edited.isBuiltin)
    }

    @Test("a new picture replaces the old file only after the update commits")
    func replacePicture() throws {
        let fixture = try StoreFixture()
        let created = try fixture.store.insert(name: "Printer", picture: try fixture.picture())
        let oldFile = try #require(fixture.pictureFileNames.first)
        let updated = try fixture.store.update(id: created.id, picture: try fixture.picture(color: (0, 0, 255, 255)))
        guard case .stored(let newFile) = updated.picture else { Issue.record("expected a stored picture"); return }
        #expect(newFile != oldFile)
        #expect(fixture.pictureFileNames == [newFile])
    }

    @Test("an invalid edit changes nothing and leaves no new file")
    func invalidEditChangesNothing() throws {
        let fixture = try StoreFixture()
        let created = try fixture.store.insert(name: "Printer", picture: try fixture.picture())
        let before = fixture.pictureFileNames
        #expect(throws: TargetStoreError.self) {
            try fixture.store.update(id: created.id, name: "   ", picture: try fixture.picture())
        }
        #expect(try fixture.store.target(id: created.id) == created)
        #expect(fixture.pictureFileNames == before)
    }

    @Test("deleting a target removes its row and then its picture file")
    func deleteRemovesFile() throws {
        let fixture = try StoreFixture()
        let created = try fixture.store.insert(name: "Printer", picture: try fixture.picture())
        try fixture.store.delete(id: created.id)
        #expect(try fixture.store.target(id: created.id) == nil)
        #expect(fixture.pictureFileNames.isEmpty)
    }

    @Test("unknown ids are refused with a typed error")
    func unknownIds() throws {
        let fixture = try StoreFixture()
        #expect(throws: TargetStoreError.self) { try fixture.store.delete(id: 999) }
        #expect(throws: TargetStoreError.self) { try fixture.store.select(id: 999) }
        #expect(throws: TargetStoreError.self) { try fixture.store.update(id: 999, name: "x") }
        #expect(throws: TargetStoreError.self) { try fixture.store.recordPunches(1, for: 999) }
    }

    @Test("a blank name is refused before anything is written")
    func blankNameRefused() throws {
        let fixture = try StoreFixture()
        #expect(throws: TargetStoreError.self) {
            try fixture.store.insert(name: " ", picture: try fixture.picture())
        }
        #expect(try fixture.store.allTargets().count == 8)
        #expect(fixture.pictureFileNames.isEmpty)
    }

    @Test("punches add up")
    func punchesAddUp() throws {
        let fixture = try StoreFixture()
        let first = try #require(try fixture.store.allTargets().first)
        try fixture.store.recordPunches(3, for: first.id)
        try fixture.store.recordPunches(4, for: first.id)
        #expect(try fixture.store.target(id: first.id)?.punchCount == 7)
    }
}

@Suite("Undo after delete brings back everything")
struct UndoDeleteTests {
    @Test("the strongest punch, the best combo, when it was punched and its marks come back with the row")
    func everythingReturns() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let target = try store.insert(name: "Boss", picture: try fixture.picture())
        var tally = PunchTally()
        tally.add(strength: 812, combo: 5, at: 1_000)
        tally.add(strength: 400, combo: 6, at: 2_000)
        _ = try store.recordPunches([target.id: tally], days: [:])
        let marks = [Mark(x: 0.3, y: 0.4, tool: .fist, depth: 0.7, hits: 4, born: 1_000),
                     Mark(x: 0.8, y: 0.2, tool: .fist, depth: 0.2, hits: 1, born: 2_000)]
        try store.setMarks(marks, of: target.id)
        let before = try #require(try store.target(id: target.id))

        let deleted = try store.deleteForUndo(id: target.id)
        #expect(try store.marks(of: target.id).isEmpty, "the marks went with the row")
        let restored = try store.restore(deleted, punches: before.punchCount)
        #expect(restored.strongest == 812 && restored.bestCombo == 6 && restored.punchCount == 2)
        #expect(try store.marks(of: target.id) == marks)
        #expect(try store.markCounts()[target.id] == 2)
    }
}
