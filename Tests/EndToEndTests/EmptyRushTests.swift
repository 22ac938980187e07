import Foundation
import TestSupport
import Testing

/// A rush nobody punched in ends calmly: nothing is celebrated, no first record set.
@Suite("A rush without a punch, end to end")
struct EmptyRushTests {
    @Test("a rush with 0 punches ends with a calm \"No punches this time\", not \"Time!\" over zeros; Again starts another")
    func emptyRushIsCalm() throws {
        let run = HeadlessRun()
        let result = try run.run("""
            0.50 key Ctrl+R
            35.00 texts $DIR/result.jsonl
            35.00 screenshot $DIR/result.png
            35.20 key Return
            35.50 texts $DIR/again.jsonl
            35.60 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        let shown = try EmptyLibraryTests.drawnTexts(run.folder.file("result.jsonl"))
        #expect(shown.contains("No punches this time"), "\(shown)")
        for cheer in ["Time!", "New best!", "Your first rush: now beat it."] { #expect(!shown.contains(cheer), "\(shown)") }
        #expect(shown.contains("Again") && shown.contains("Done"))
        #expect(try EmptyLibraryTests.drawnTexts(run.folder.file("again.jsonl")).contains("0:30"), "Again starts another rush")
        // Nothing was kept as a record.
        #expect(try run.cli.run("settings", "list").standardOutput.contains("rush") == false)
    }

    @Test("a rush with punches still ends with its result and a first best")
    func rushWithPunchesCelebrates() throws {
        let run = HeadlessRun()
        let result = try run.run("""
            0.50 key Ctrl+R
            5.00 click 640 320
            5.20 click 640 320
            35.00 texts $DIR/result.jsonl
            35.10 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        let shown = try EmptyLibraryTests.drawnTexts(run.folder.file("result.jsonl"))
        #expect(shown.contains("New best!") && !shown.contains("No punches this time"), "\(shown)")
    }
}
