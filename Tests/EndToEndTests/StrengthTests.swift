import Foundation
import TestSupport
import Testing

/// One target's punch stats as `targets list --json` gives them.
struct TargetStats: Decodable {
    let id: Int
    let name: String
    let punches: Int
    let selected: Bool
    let strongest: Int
    let bestCombo: Int

    enum CodingKeys: String, CodingKey {
        case id, name, punches, selected, strongest
        case bestCombo = "best_combo"
    }
}

/// One day of `stats --json`.
struct DayStats: Decodable, Equatable {
    let date: String
    let punches: Int
    let strongest: Int
}

extension HeadlessRun {
    func stats() throws -> [TargetStats] {
        let result = try cli.run("targets", "list", "--json")
        return try JSONDecoder().decode([TargetStats].self, from: Data(result.standardOutput.utf8))
    }

    /// The selected target's stats after running `script`.
    func selectedStats(after script: String) throws -> TargetStats {
        let result = try run(script)
        #expect(result.status == 0, "\(result.standardError)")
        return try #require(try stats().first { $0.selected })
    }
}

@Suite("Hit strength, combos and stats, end to end")
struct StrengthTests {
    @Test("a fast mouse swing scores higher than a still click, and each lands where the mapping says")
    func mouseSwing() throws {
        let still = try HeadlessRun().selectedStats(after: "0.50 click 640 360\n0.80 quit\n")
        let swing = try HeadlessRun().selectedStats(after: """
            0.40 move 200 300
            0.43 move 380 320
            0.46 move 520 340
            0.48 move 600 354
            0.50 click 640 360
            0.80 quit
            """)
        #expect(still.punches == 1 && swing.punches == 1)
        #expect((300...500).contains(still.strongest), "an ordinary click lands around 300–500, not \(still.strongest)")
        #expect(swing.strongest >= 800, "a fast swing lands near 900, not \(swing.strongest)")
        #expect(swing.strongest > still.strongest)
    }

    @Test("a full trigger pull scores higher than a light one, from the gamepad's reticle")
    func triggerDepth() throws {
        let light = try HeadlessRun().selectedStats(after: """
            0.30 padaxis righttrigger 0.62
            0.35 padaxis righttrigger 0.66
            0.50 padaxis righttrigger 0.2
            0.90 quit
            """)
        let full = try HeadlessRun().selectedStats(after: """
            0.30 padaxis righttrigger 0.7
            0.35 padaxis righttrigger 1.0
            0.50 padaxis righttrigger 0
            0.90 quit
            """)
        #expect(light.punches == 1 && full.punches == 1, "one pull, one punch: \(light.punches), \(full.punches)")
        #expect(full.strongest >= 950, "a full pull is near 999, not \(full.strongest)")
        #expect(light.strongest < 400, "a light pull is gentle, not \(light.strongest)")
    }

    @Test("a harder touch scores higher than a light one, where the screen reports pressure")
    func touchPressure() throws {
        let light = try HeadlessRun().selectedStats(after: "0.30 touchdown 1 640 360 0.15\n0.35 touchup 1 640 360\n0.60 quit\n")
        let hard = try HeadlessRun().selectedStats(after: "0.30 touchdown 1 640 360 0.9\n0.35 touchup 1 640 360\n0.60 quit\n")
        let plain = try HeadlessRun().selectedStats(after: "0.30 touch 640 360\n0.60 quit\n")
        #expect(light.punches == 1 && hard.punches == 1 && plain.punches == 1)
        #expect(hard.strongest > light.strongest + 400, "\(hard.strongest) vs \(light.strongest)")
        #expect(plain.strongest == 400, "a tap on a screen without pressure is a resting 400, not \(plain.strongest)")
    }

    @Test("a touch at full pressure (1.0, as SDL reports a firm press) is the strongest touch, not a tap without pressure")
    func fullPressure() throws {
        let full = try HeadlessRun().selectedStats(after: "0.30 touchdown 1 640 360 1.0\n0.35 touchup 1 640 360\n0.60 quit\n")
        let nearly = try HeadlessRun().selectedStats(after: "0.30 touchdown 1 640 360 0.95\n0.35 touchup 1 640 360\n0.60 quit\n")
        #expect(full.punches == 1 && nearly.punches == 1)
        #expect(full.strongest == 999, "a full press is 999, not \(full.strongest)")
        #expect(full.strongest > nearly.strongest, "\(full.strongest) vs \(nearly.strongest)")
    }

    @Test("Space held half a second punches much harder than a tap, as keydown and keyup lines replay it")
    func spaceHeld() throws {
        let tap = try HeadlessRun().selectedStats(after: "0.30 key space\n0.60 quit\n")
        let held = try HeadlessRun().selectedStats(after: "0.30 keydown space\n0.80 keyup space\n1.00 quit\n")
        #expect(tap.strongest == 300 && tap.punches == 1)
        #expect(held.strongest > 900 && held.punches == 1, "\(held.strongest)")
    }

    @Test("punches within 350 ms chain into a combo; the best combo is kept, and slower punches do not chain")
    func combos() throws {
        let chained = try HeadlessRun().selectedStats(after: """
            0.20 click 640 360
            0.45 click 650 350
            0.70 click 630 370
            0.95 click 640 360
            2.00 click 640 360
            2.30 click 640 360
            3.00 quit
            """)
        #expect(chained.punches == 6)
        #expect(chained.bestCombo == 4)
        let slow = try HeadlessRun().selectedStats(after: "0.20 click 640 360\n0.80 click 640 360\n1.40 click 640 360\n2.00 quit\n")
        #expect(slow.punches == 3 && slow.bestCombo == 1)
    }

    @Test("stats --json and targets list tell what the script did, and survive a second run")
    func statsMatchTheScript() throws {
        let run = HeadlessRun()
        let first = try run.run("""
            0.40 move 420 330
            0.43 move 520 340
            0.46 move 600 350
            0.48 move 620 356
            0.50 click 640 360
            0.60 click 640 360
            1.00 quit
            """)
        #expect(first.status == 0)
        let second = try run.run("0.30 click 640 360\n0.60 quit\n")
        #expect(second.status == 0)
        let targets = try run.stats()
        let punched = try #require(targets.first { $0.selected })
        #expect(punched.punches == 3)
        let days = try JSONDecoder().decode([DayStats].self, from: Data(try run.cli.run("stats", "--json", "--days", "7").standardOutput.utf8))
        #expect(days.count == 7)
        let today = try #require(days.last)
        #expect(today.punches == 3)
        #expect(today.strongest == punched.strongest)
        #expect(days.dropLast().allSatisfy { $0.punches == 0 && $0.strongest == 0 })
        let dates = days.map(\.date)
        #expect(dates == dates.sorted() && Set(dates).count == 7)
        // Never punched: 0, in both the list and the stats of other targets.
        #expect(targets.filter { !$0.selected }.allSatisfy { $0.strongest == 0 && $0.bestCombo == 0 })
        let plain = try run.cli.run("stats")
        #expect(plain.status == 0)
        #expect(plain.standardOutput.contains("3 punches, strongest \(punched.strongest)"))
        #expect(plain.standardOutput.contains(punched.name))
    }

    @Test("stats refuses a bad number of days with a one-line reason")
    func statsUsage() throws {
        let run = HeadlessRun()
        for bad in ["0", "x", "5000"] {
            let result = try run.cli.run("stats", "--days", bad)
            #expect(result.status == 2)
            #expect(result.standardError.contains("--days needs a number of days from 1 to 3650"))
        }
    }

    @Test("the Stats screen opens from its button after punching and draws the day's bar")
    func statsScreen() throws {
        let run = HeadlessRun()
        let result = try run.run("""
            0.20 click 640 360
            0.40 click 640 360
            1.20 screenshot $DIR/before.png
            1.30 click "Stats"
            1.60 click "Hardest hits"
            1.80 screenshot $DIR/stats.png
            2.00 key Escape
            2.20 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        // Today's bar is the rightmost, in the accent colour, low in the chart panel
        // (which ends above the toasts' own band).
        let stats = try Screenshot(run.folder.file("stats.png").path)
        let litColumns = (1100..<1240).filter { x in
            let pixel = stats.pixel(x, 300)
            return pixel[0] > 200 && pixel[1] > 120 && pixel[2] < 160
        }
        #expect(!litColumns.isEmpty, "no bar for today in the chart")
    }
}

@Suite("Stats by gamepad, end to end")
struct StatsByGamepadTests {
    @Test("the d-pad reaches the Stats button from the favorites and A opens the charts")
    func gamepadOpensStats() throws {
        let run = HeadlessRun()
        // Past the four favorites, More targets and the Settings button beside Stats.
        var lines = (1...7).map { String(format: "%.2f pad dpright", Double($0) * 0.1) }
        lines += ["0.80 pad a", "1.20 click \"Hardest hits\"", "1.40 quit"]
        let result = try run.run(lines.joined(separator: "\n"))
        #expect(result.status == 0, "the charts did not open: \(result.standardError)")
    }
}
