import StressCore
import Testing

@Suite("Target validation")
struct TargetValidationTests {
    @Test("names are trimmed of spaces, tabs and line breaks")
    func trimsNames() throws {
        #expect(try TargetValidation.validatedName("  \tBoss\n ") == "Boss")
    }

    @Test("an empty or blank name is refused", arguments: ["", "   ", "\n\t"])
    func blankNameRefused(name: String) {
        #expect(throws: TargetValidationError.nameEmpty) { try TargetValidation.validatedName(name) }
    }

    @Test("a name of 60 characters is fine and 61 is refused")
    func nameLengthBoundary() throws {
        #expect(try TargetValidation.validatedName(String(repeating: "a", count: 60)).count == 60)
        #expect(throws: TargetValidationError.nameTooLong(length: 61)) {
            try TargetValidation.validatedName(String(repeating: "a", count: 61))
        }
    }

    @Test("lengths count characters as a user sees them, so emoji and accents count once")
    func graphemeLengths() throws {
        let family = "👨‍👩‍👧‍👦"
        #expect(try TargetValidation.validatedName(String(repeating: family, count: 60)).count == 60)
        #expect(try TargetValidation.validatedName(String(repeating: "e\u{301}", count: 60)).count == 60)
    }

    @Test("a message may be empty and holds up to 200 characters")
    func messageBoundaries() throws {
        #expect(try TargetValidation.validatedMessage("") == "")
        #expect(try TargetValidation.validatedMessage(String(repeating: "m", count: 200)).count == 200)
        #expect(throws: TargetValidationError.messageTooLong(length: 201)) {
            try TargetValidation.validatedMessage(String(repeating: "m", count: 201))
        }
    }

    @Test("errors say what to do")
    func errorsAreActionable() {
        #expect(TargetValidationError.nameEmpty.description.contains("needs a name"))
        #expect(TargetValidationError.nameTooLong(length: 70).description.contains("60 or fewer"))
    }
}

@Suite("Built-in catalog")
struct BuiltinCatalogTests {
    @Test("there are eight built-ins with unique keys and assets")
    func eightUnique() {
        #expect(BuiltinCatalog.targets.count == 8)
        #expect(Set(BuiltinCatalog.targets.map(\.key)).count == 8)
        #expect(Set(BuiltinCatalog.targets.map(\.assetName)).count == 8)
    }

    @Test("every built-in passes the same validation as a user's target")
    func builtinsAreValid() throws {
        for target in BuiltinCatalog.targets {
            #expect(try TargetValidation.validatedName(target.name) == target.name)
            #expect(try TargetValidation.validatedMessage(target.message) == target.message)
        }
    }

    @Test("the starting favorites fit the favorite limit")
    func startingFavoritesFit() {
        #expect(BuiltinCatalog.targets.filter(\.startsAsFavorite).count <= FavoriteRule.limit)
    }
}
