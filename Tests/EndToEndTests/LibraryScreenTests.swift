import Foundation
import TestSupport
import Testing

/// The favorites bar and the "More targets" grid at 1280x720, driven like a user.
@Suite("Favorites bar and the More targets grid, end to end", .serialized)
struct LibraryScreenTests {
    func selectedName(_ run: HeadlessRun) throws -> String? {
        try run.cli.list().first { $0.selected }?.name
    }

    @Test("a click addressed by label fails the run, naming what is on screen, when no widget says it")
    func missingLabelFails() throws {
        let run = HeadlessRun()
        let result = try run.run("0.20 click \"More targets\"\n0.50 click \"Manage\"\n0.80 quit\n")
        #expect(result.status == 1)
        // The first click reached its button: the grid opened, and there is no Manage.
        #expect(result.standardError.contains("script line 2: nothing labelled “Manage” is on screen"), "\(result.standardError)")
        #expect(result.standardError.contains("“All targets”"))
    }

    @Test("clicking the third favorite card selects it, without punching")
    func clickFavoriteCard() throws {
        let run = HeadlessRun()
        let third = try run.cli.list().filter(\.favorite)[2]
        let result = try run.run("0.20 click \"3  \(third.name)\"\n0.40 quit\n")
        #expect(result.status == 0)
        #expect(try selectedName(run) == third.name)
        #expect(HeadlessRun.punchesLanded(result) == 0)
    }

    @Test("with only the keyboard: Tab to the cards, an arrow to the next, Enter selects")
    func keyboardOnly() throws {
        let run = HeadlessRun()
        let second = try run.cli.list().filter(\.favorite)[1]
        // Tab goes in reading order: Rush, Versus, Settings, Stats, the target, the six
        // tools, then the first card (the twelfth); an arrow goes on to the next.
        let tabs = (0..<12).map { String(format: "%.2f key Tab", 0.10 + Double($0) * 0.01) }.joined(separator: "\n")
        let result = try run.run("\(tabs)\n0.30 key Right\n0.40 key Return\n0.60 quit\n")
        #expect(result.status == 0)
        #expect(try selectedName(run) == second.name)
        #expect(HeadlessRun.punchesLanded(result) == 0)
    }

    @Test("with only a gamepad: the d-pad focuses the cards and A selects instead of punching")
    func gamepadOnly() throws {
        let run = HeadlessRun()
        let second = try run.cli.list().filter(\.favorite)[1]
        let result = try run.run("0.20 pad dpright\n0.30 pad dpright\n0.40 pad a\n0.60 quit\n")
        #expect(result.status == 0)
        #expect(try selectedName(run) == second.name)
        #expect(HeadlessRun.punchesLanded(result) == 0)
    }

    @Test("Ctrl+M opens every target as a grid; choosing one selects it and returns to punching")
    func moreTargetsGrid() throws {
        let run = HeadlessRun()
        let fifth = try run.cli.list()[4]
        let result = try run.run("""
            0.20 key Ctrl+M
            0.30 screenshot $DIR/grid.png
            0.40 click "\(fifth.name)"
            0.60 click 640 330
            0.70 screenshot $DIR/back.png
            0.80 quit
            """)
        #expect(result.status == 0)
        #expect(try selectedName(run) == fifth.name)
        // Back on the main screen, the click on the target punched it.
        #expect(HeadlessRun.punchesLanded(result) == 1)
        let grid = try Screenshot(run.folder.file("grid.png").path)
        let back = try Screenshot(run.folder.file("back.png").path)
        #expect(back.changedPixels(comparedTo: grid, aroundX: 640, y: 360, radius: 200) > 20_000)
    }

    @Test("a tap on a favorite card selects it, like a click")
    func tapFavoriteCard() throws {
        let run = HeadlessRun()
        let second = try run.cli.list().filter(\.favorite)[1]
        let result = try run.run("0.20 touch \"2  \(second.name)\"\n0.40 quit\n")
        #expect(result.status == 0)
        #expect(try selectedName(run) == second.name)
        #expect(HeadlessRun.punchesLanded(result) == 0)
    }

    @Test("the target chosen in the grid is still the one on screen after a relaunch")
    func selectionSurvivesRelaunch() throws {
        let run = HeadlessRun()
        let fifth = try run.cli.list()[4]
        #expect(try run.run("0.20 key Ctrl+M\n0.40 click \"\(fifth.name)\"\n0.60 quit\n").status == 0)
        // A new process: Space punches the middle of whatever target it shows.
        let second = try run.run("0.20 key space\n0.40 quit\n")
        #expect(HeadlessRun.punchesLanded(second) == 1)
        #expect(try run.cli.list().first { $0.id == fifth.id }?.punches == 1)
    }

    @Test("Escape leaves the grid without choosing; a second Escape stays on the punch screen, Ctrl+Q quits")
    func escapeBack() throws {
        let run = HeadlessRun()
        let before = try selectedName(run)
        let result = try run.run("0.20 key Ctrl+M\n0.40 key Escape\n0.60 key Escape\n1.00 screenshot $DIR/main.png\n1.20 key Ctrl+Q\n5.00 quit\n")
        #expect(result.status == 0)
        #expect(try selectedName(run) == before)
        #expect(FileManager.default.fileExists(atPath: run.folder.file("main.png").path), "the second Escape must not quit")
        #expect(result.standardOutput.contains(" 1.2"), "Ctrl+Q should end the run early: \(result.standardOutput)")
    }
}
