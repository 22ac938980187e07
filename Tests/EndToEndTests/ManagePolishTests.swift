import Foundation
import TestSupport
import Testing

/// Manage's smaller promises, driven like a user: a refusal that goes once its reason
/// has, a dialog whose default shows, the selected target marked.
@Suite("Manage library: refusals, defaults and the selection, end to end", .serialized)
struct ManagePolishTests {
    static let refusal = "You already have 4 favorites. Remove one from the main screen first."

    @Test("the 4-favorites refusal goes as soon as a favorite is unstarred")
    func refusalGoesWithItsReason() throws {
        let run = HeadlessRun()
        let result = try run.run("""
            0.20 key Ctrl+L
            0.50 click \(ManageLibraryTests.starOfRow5)
            0.70 texts $DIR/refused.jsonl
            0.80 click "★" 1
            0.95 texts $DIR/unstarred.jsonl
            0.95 screenshot $DIR/unstarred.png
            1.10 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try EmptyLibraryTests.drawnTexts(run.folder.file("refused.jsonl")).contains(Self.refusal))
        // Well within the refusal's 4 seconds: it went because it no longer holds.
        let after = try EmptyLibraryTests.drawnTexts(run.folder.file("unstarred.jsonl"))
        #expect(!after.contains(Self.refusal), "\(after)")
        #expect(try run.cli.list().filter(\.favorite).count == 3)
    }
}
