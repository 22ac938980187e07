import Foundation
import TestSupport
import Testing

@Suite("Challenges, end to end")
struct ChallengeEndToEndTests {
    @Test("a rush from its button counts the punches of its 30 seconds and keeps the best in the library")
    func rush() throws {
        let run = HeadlessRun()
        var lines = ["0.30 click \"Rush\"", "1.00 click 640 360"]  // during the countdown: not counted
        for index in 0..<15 { lines.append(String(format: "%.2f click 640 360", 4.0 + Double(index) * 0.5)) }
        lines += ["20.00 screenshot $DIR/rush.png", "34.50 screenshot $DIR/result.png", "34.80 click \"Done\"", "35.50 quit"]
        let result = try run.run(lines.joined(separator: "\n"))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(HeadlessRun.punchesLanded(result) == 16)
        let library = run.cli.folder.url.appendingPathComponent("data/library.sqlite").path
        let best = try SQLiteShell.query(library, "SELECT value FROM app_setting WHERE key = 'rush.bestPunches'")
        #expect(best.trimmingCharacters(in: .whitespacesAndNewlines) == "15")
        // The result card covers the middle of the screen; during the rush the target does.
        let during = try Screenshot(run.folder.file("rush.png").path)
        let after = try Screenshot(run.folder.file("result.png").path)
        #expect(after.changedPixels(comparedTo: during, aroundX: 640, y: 360, radius: 150) > 20_000)
    }

    @Test("Ctrl+Q after a real session shows its summary instead of quitting; its Quit button then quits")
    func summary() throws {
        let run = HeadlessRun()
        var lines: [String] = []
        for index in 0..<22 { lines.append(String(format: "%.2f click 640 360", 0.2 + Double(index) * 0.2)) }
        lines += ["5.00 key Ctrl+Q", "5.50 screenshot $DIR/summary.png", "6.00 click \"Quit\"", "9.00 quit"]
        let result = try run.run(lines.joined(separator: "\n"))
        #expect(result.status == 0, "\(result.standardError)")
        // It ran past Ctrl+Q (to the summary) and stopped at Quit, well before the script's end.
        let frames = try #require(EverydayUseTests.frames(result))
        #expect(frames > 5 * 60 && frames < 7 * 60, "\(frames) frames")
        #expect(try run.cli.list().map(\.punches).reduce(0, +) == 22)
    }
}

@Suite("Versus, end to end")
struct VersusEndToEndTests {
    @Test("two players race on a touch screen split in halves, and the winner card names the winner")
    func touchHalves() throws {
        let run = HeadlessRun()
        var lines = ["0.30 key Ctrl+B"]
        for index in 0..<12 { lines.append(String(format: "%.2f touch 700 360", 4.0 + Double(index) * 0.4)) }
        for index in 0..<7 { lines.append(String(format: "%.2f touch 580 360", 4.2 + Double(index) * 0.4)) }
        lines += ["34.50 screenshot $DIR/winner.png", "34.80 click \"Player 2 wins!\"", "35.00 click \"Done\"", "35.50 quit"]
        let result = try run.run(lines.joined(separator: "\n"))
        // The label clicks fail the run when the card does not say so.
        #expect(result.status == 0, "\(result.standardError)")
        #expect(HeadlessRun.punchesLanded(result) == 19)
    }

    @Test("one gamepad and the mouse are two players")
    func padAndMouse() throws {
        let run = HeadlessRun()
        var lines = ["0.30 click \"Versus\""]
        for index in 0..<6 { lines.append(String(format: "%.2f pad a", 4.0 + Double(index) * 0.5)) }
        for index in 0..<3 { lines.append(String(format: "%.2f click 640 360", 4.2 + Double(index) * 0.5)) }
        lines += ["10.00 click \"Player 1 · pad\"", "10.10 click \"Player 2 · mouse\"", "34.50 click \"Player 1 wins!\"", "35.00 quit"]
        let result = try run.run(lines.joined(separator: "\n"))
        #expect(result.status == 0, "\(result.standardError)")
    }
}
