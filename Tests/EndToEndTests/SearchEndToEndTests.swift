import Foundation
import TestSupport
import Testing

/// Searching the library's pages of the real app, headless, over a library filled
/// through the command line.
@Suite("Searching More targets and Manage, end to end", .serialized)
struct SearchEndToEndTests {
    /// Adds `names` (with messages) through `targets add`, one picture for all.
    func fill(_ run: HeadlessRun, _ targets: [(name: String, message: String)]) throws {
        let picture = try run.cli.file("p.png", TestPNG.solid(width: 16, height: 12, rgba: (40, 90, 200, 255)))
        for target in targets {
            let added = try run.cli.run("targets", "add", "--name", target.name, "--message", target.message, "--image", picture)
            #expect(added.status == 0, "\(added.standardError)")
        }
    }

    /// Forty errands, and two café targets among them: one by its message, then one by its name.
    func manyTargets(_ run: HeadlessRun) throws {
        var targets = (1...20).map { (name: "Errand \($0)", message: "Later") }
        targets.append((name: "Tax Return", message: "Filed at the CAFÉ"))
        targets += (21...40).map { (name: "Errand \($0)", message: "Later") }
        targets.append((name: "Café Noir", message: "Out of beans"))
        try fill(run, targets)
    }

    @Test("with many targets, typing in More targets and Return chooses the first match")
    func filterAndReturnChooses() throws {
        let run = HeadlessRun()
        try manyTargets(run)
        let before = try run.cli.list()
        #expect(before.count == 50)
        let expected = try #require(before.first { $0.name == "Tax Return" })
        #expect(before.first { $0.selected }?.id != expected.id)
        let result = try run.run("""
            0.20 key Ctrl+M
            0.30 text "cafe"
            0.40 key Return
            0.60 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try run.cli.list().first { $0.selected }?.id == expected.id)
    }

    @Test("a search that matches nothing shows so, and Return then chooses nothing")
    func noMatchChoosesNothing() throws {
        let run = HeadlessRun()
        try manyTargets(run)
        let before = try run.cli.list().first { $0.selected }?.id
        // The click on the empty state's words proves the search ran and matched nothing.
        let result = try run.run("""
            0.20 key Ctrl+M
            0.30 text "zzz"
            0.40 key Return
            0.50 click "No targets match “zzz”"
            0.60 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try run.cli.list().first { $0.selected }?.id == before)
    }

    @Test("Escape in Manage clears the search first, and a second Escape goes back to punching")
    func escapeClearsThenLeaves() throws {
        let run = HeadlessRun()
        try manyTargets(run)
        // "Monday Alarm" shows only once the search is cleared; "More targets" only on the punch screen.
        let result = try run.run("""
            0.20 key Ctrl+L
            0.30 text "errand 3"
            0.40 click "Errand 13"
            0.50 key Escape
            0.60 click "Monday Alarm"
            0.70 key Escape
            0.80 click "More targets"
            1.00 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test("Manage shows only what matches: a name the search leaves out cannot be clicked")
    func manageHidesWhatDoesNotMatch() throws {
        let run = HeadlessRun()
        try manyTargets(run)
        let result = try run.run("""
            0.20 key Ctrl+L
            0.30 text "noir"
            0.40 click "Café Noir"
            0.50 click "Monday Alarm"
            0.60 quit
            """)
        #expect(result.status == 1)
        #expect(result.standardError.contains("script line 4: nothing labelled “Monday Alarm” is on screen"), "\(result.standardError)")
    }

    @Test("with a gamepad the grid starts on the selected card, and the d-pad and A choose its neighbour")
    func gamepadStartsOnSelection() throws {
        let run = HeadlessRun()
        let targets = try run.cli.list()
        #expect(try run.cli.run("targets", "select", String(targets[2].id)).status == 0)
        let result = try run.run("0.20 key Ctrl+M\n0.30 pad dpright\n0.40 pad a\n0.60 quit\n")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try run.cli.list().first { $0.selected }?.id == targets[3].id)
        #expect(HeadlessRun.punchesLanded(result) == 0)
    }
}

@Suite("The grid's focus and selection, end to end")
struct GridRingsEndToEndTests {
    @Test("in a screenshot the focus ring (blue, off the card) and the selection border (orange, on it) differ")
    func focusAndSelectionDiffer() throws {
        let run = HeadlessRun()
        // The first card is selected; the d-pad moves the focus to the second.
        let result = try run.run("0.20 key Ctrl+M\n0.30 pad dpright\n0.50 screenshot $DIR/rings.png\n0.60 quit\n")
        #expect(result.status == 0, "\(result.standardError)")
        let shot = try Screenshot(run.folder.file("rings.png").path)
        // At 1280x720 the first card's left edge is at x 32 and the second card's at
        // 237; its ring stands 4.5 px off it, 4.5 px wide; both halfway down the first row.
        let selection = shot.pixel(33, 274), ring = shot.pixel(230, 274)
        #expect(Int(selection[0]) > Int(selection[2]) + 80, "the selection border is orange: \(selection)")
        #expect(Int(ring[2]) > Int(ring[0]) + 80, "the focus ring is blue: \(ring)")
        #expect(shot.pixel(226, 274) != ring, "the ring stands apart, not touching the first card")
    }
}
