import Foundation
import TestSupport
import Testing

@Suite("Challenges, end to end")
struct ChallengeEndToEndTests {
    @Test("a rush from its button counts the punches of its 30 seconds and keeps the best in the library")
    func rush() throws {
        let run = HeadlessRun()
        var lines = ["0.30 click \"Rush\"", "1.00 click 640 360"]  // during the 3-2-1: no punch at all
        for index in 0..<15 { lines.append(String(format: "%.2f click 640 360", 4.0 + Double(index) * 0.5)) }
        lines += ["20.00 screenshot $DIR/rush.png", "34.50 screenshot $DIR/result.png", "34.80 click \"Done\"", "35.50 quit"]
        let result = try run.run(lines.joined(separator: "\n"))
        #expect(result.status == 0, "\(result.standardError)")
        // The countdown's click landed nothing: it once showed a number and counted for
        // the library but not for the rush.
        #expect(HeadlessRun.punchesLanded(result) == 15)
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

    @Test("a versus with one player waits for a second and says how one joins, never naming a winner against nobody")
    func onePlayerWaits() throws {
        let run = HeadlessRun()
        var lines = ["0.30 key Ctrl+B"]
        for index in 0..<80 { lines.append(String(format: "%.2f click 640 360", 4.0 + Double(index) * 0.5)) }
        // Long past the 30 seconds: still waiting (a label click fails the run when absent).
        lines += ["44.00 screenshot $DIR/waiting.png", "44.10 click \"Waiting for Player 2\"", "44.50 pad a", "45.00 pad a"]
        for index in 0..<20 { lines.append(String(format: "%.2f click 640 360", 46.0 + Double(index) * 0.5)) }
        lines += ["80.00 click \"Player 1 wins!\"", "80.50 quit"]
        let result = try run.run(lines.joined(separator: "\n"))
        #expect(result.status == 0, "\(result.standardError)")
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

/// `stats --json` with each day's strongest punches.
struct DayWithTop: Decodable {
    struct Hit: Decodable {
        let strength: Int
        let target: String
        let time: String
    }
    let date: String
    let punches: Int
    let top: [Hit]
}

@Suite("Today's strongest in a kiosk, end to end")
struct LeaderboardTests {
    @Test("a kiosk keeps the day's five strongest punches, shows them in the attract loop after a relaunch, and stats --days 1 says the same")
    func todaysStrongest() throws {
        let kiosk = try KioskRun(idleSeconds: 10)
        var lines: [String] = []
        for (index, pressure) in ["0.9", "0.3", "0.6", "", "0.95", "0.1"].enumerated() {
            let time = 0.5 + Double(index) * 0.6
            lines.append(String(format: "%.2f touchdown %d 640 360 %@", time, index + 1, pressure))
            lines.append(String(format: "%.2f touchup %d 640 360", time + 0.05, index + 1))
        }
        lines += ["3.35 screenshot $DIR/made-the-list.png", "5.00 quit"]
        let first = try kiosk.run(lines.joined(separator: "\n"))
        #expect(first.status == 0, "\(first.standardError)")
        let days = try JSONDecoder().decode([DayWithTop].self,
                                            from: Data(try kiosk.cli.run("stats", "--json", "--days", "1").standardOutput.utf8))
        let today = try #require(days.first)
        #expect(days.count == 1 && today.punches == 6)
        #expect(today.top.map(\.strength) == [957, 914, 659, 405, 400], "\(today.top.map(\.strength))")
        #expect(today.top.allSatisfy { $0.target == "Monday Alarm" && $0.time.count == 5 })
        // The 957 made the board at #1: its banner is the amber pill under the target,
        // on the toast line above the favorites (y 482 to 530 in a 1280x720 kiosk).
        let shot = try Screenshot(kiosk.folder.file("made-the-list.png").path)
        let amber = (540..<740).filter { x in
            let pixel = shot.pixel(x, 506)
            return pixel[0] > 230 && pixel[1] > 150 && pixel[1] < 200 && pixel[2] < 80
        }
        #expect(amber.count > 100, "no banner under the target")

        // A new launch reads the board back; the attract loop shows it (the run stops if
        // the label is not on screen).
        let second = try kiosk.run("12.00 screenshot $DIR/board.png\n12.50 click \"957\"\n13.00 quit\n")
        #expect(second.status == 0, "\(second.standardError)")
    }
}
