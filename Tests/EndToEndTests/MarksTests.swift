import Foundation
import TestSupport
import Testing

/// Marks through the built executable: where hits land, building up, kept across a
/// relaunch, washed off in the app and from the command line, drawn the same every run.
@Suite("Marks and the wash, end to end")
struct MarksTests {
    /// The first target's damage, as `targets list --json` says.
    static func damage(_ cli: CLI) throws -> Int {
        let result = try cli.run("targets", "list", "--json")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        return try #require(items.first?["damage"] as? Int)
    }

    /// Clicks at each point in turn, a quarter second apart, then screenshots.
    static func punches(_ points: [(Int, Int)], screenshot: String) -> String {
        var lines = points.enumerated().map { index, point in String(format: "%.2f click %d %d", 0.2 + Double(index) * 0.25, point.0, point.1) }
        let end = 0.2 + Double(points.count) * 0.25 + 1.5
        lines.append(String(format: "%.2f screenshot %@", end, screenshot))
        lines.append(String(format: "%.2f quit", end + 0.1))
        return lines.joined(separator: "\n")
    }

    /// The average brightness of a small square of a screenshot.
    static func brightness(_ shot: Screenshot, x: Int, y: Int) -> Double {
        var total = 0.0, count = 0.0
        for dy in -3...3 { for dx in -3...3 {
            let pixel = shot.pixel(x + dx, y + dy)
            total += Double(pixel[0]) + Double(pixel[1]) + Double(pixel[2])
            count += 3
        } }
        return total / count
    }

    @Test("hits leave marks where they land; repeated hits on one spot deepen one mark; damage counts them")
    func marksWhereHitsLand() throws {
        let run = HeadlessRun()
        let clean = try run.run("0.2 screenshot $DIR/clean.png\n0.3 quit")
        #expect(clean.status == 0)
        let spot = (600, 330), other = (690, 400)
        let result = try run.run(Self.punches(Array(repeating: spot, count: 8) + [other], screenshot: "$DIR/marked.png"))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try Self.damage(run.cli) == 2, "eight hits on one spot make one mark, one elsewhere another")
        let before = try Screenshot(run.folder.file("clean.png").path), after = try Screenshot(run.folder.file("marked.png").path)
        #expect(Self.brightness(after, x: spot.0, y: spot.1) < Self.brightness(before, x: spot.0, y: spot.1) - 30)
        // Far from both hits the picture is as it was.
        #expect(abs(Self.brightness(after, x: 560, y: 430) - Self.brightness(before, x: 560, y: 430)) < 2)
        // The eight-hit bruise is darker than the one-hit one.
        let deep = Self.brightness(before, x: spot.0, y: spot.1) - Self.brightness(after, x: spot.0, y: spot.1)
        let light = Self.brightness(before, x: other.0, y: other.1) - Self.brightness(after, x: other.0, y: other.1)
        #expect(deep > light)
    }

    @Test("marks are there after a relaunch, byte for byte as they were drawn")
    func marksPersist() throws {
        let run = HeadlessRun()
        #expect(try run.run(Self.punches([(600, 330), (650, 300), (700, 420)], screenshot: "$DIR/first.png")).status == 0)
        #expect(try run.run("0.5 screenshot $DIR/second.png\n0.6 quit").status == 0)
        let first = try Data(contentsOf: run.folder.file("first.png")), second = try Data(contentsOf: run.folder.file("second.png"))
        #expect(first == second, "the relaunched app draws the same marks")
        #expect(try Self.damage(run.cli) == 3)
    }

    @Test("killed with SIGKILL during steady punching, the app has saved the marks with the punches, not just the counts")
    func marksSavedWhilePunching() throws {
        let run = HeadlessRun()
        // A punch every 0.2 s for two minutes of simulated time, across the picture: the
        // next punch always comes before the last is half a second old.
        var lines: [String] = []
        for index in 0..<600 {
            let x = 560 + (index % 7) * 25, y = 300 + (index / 7 % 5) * 25
            lines.append(String(format: "%.2f click %d %d", 0.3 + Double(index) * 0.2, x, y))
        }
        lines.append("125 quit")
        let script = run.folder.file("steady.txt")
        try Data(lines.joined(separator: "\n").utf8).write(to: script)
        for (round, delay) in [1.5, 2.5, 4.0].enumerated() {
            let result = try CrashTests.runAndKill(["--headless", "--script", script.path, "--data-dir", run.cli.dataDirectory], after: delay)
            #expect(result.killed, "round \(round): the run ended before the kill; give it more punches")
            let database = run.cli.dataDirectory + "/library.sqlite"
            let punches = Int(try SQLiteShell.query(database, "SELECT coalesce(sum(punches), 0) FROM target")) ?? 0
            let marks = Int(try SQLiteShell.query(database, "SELECT count(*) FROM target_mark")) ?? 0
            // Counts are saved twice a second; marks at most as far behind.
            if punches >= 10 { #expect(marks > 0, "round \(round): \(punches) punches saved but no mark") }
            try? FileManager.default.removeItem(atPath: run.cli.dataDirectory)
        }
    }

    @Test("the same script on two fresh libraries draws byte-identical marks")
    func deterministic() throws {
        let script = Self.punches([(600, 330), (600, 330), (640, 360), (560, 300), (700, 420)], screenshot: "$DIR/shot.png")
        let one = HeadlessRun(), two = HeadlessRun()
        #expect(try one.run(script).status == 0)
        #expect(try two.run(script).status == 0)
        #expect(try Data(contentsOf: one.folder.file("shot.png")) == Data(contentsOf: two.folder.file("shot.png")))
    }

    @Test("W washes the marks off with Undo; Ctrl+Z brings them back; the Wash button washes too")
    func washInTheApp() throws {
        let run = HeadlessRun()
        #expect(try run.run(Self.punches([(600, 330), (700, 420)], screenshot: "$DIR/a.png")).status == 0)
        #expect(try Self.damage(run.cli) == 2)
        #expect(try run.run("0.5 key w\n1.8 quit").status == 0)
        #expect(try Self.damage(run.cli) == 0)
        // Nothing to wash: there is no Wash button to press.
        #expect(try run.run("0.5 click \"Wash\"\n0.8 quit").status == 1)
        #expect(try run.run(Self.punches([(600, 330)], screenshot: "$DIR/b.png")).status == 0)
        #expect(try run.run("0.5 key w\n1.5 key Ctrl+z\n2.4 quit").status == 0)
        #expect(try Self.damage(run.cli) == 1, "Undo brought the mark back")
        #expect(try run.run("0.5 click \"Wash\"\n1.8 quit").status == 0)
        #expect(try Self.damage(run.cli) == 0)
    }

    @Test("targets wash ID and --all take the marks off from a shell; an unknown ID is refused")
    func washFromTheCommandLine() throws {
        let run = HeadlessRun()
        #expect(try run.run(Self.punches([(600, 330)], screenshot: "$DIR/a.png")).status == 0)
        let id = try #require(try run.cli.list().first?.id)
        let washed = try run.cli.run("targets", "wash", String(id))
        #expect(washed.status == 0 && washed.standardOutput.contains("1 mark gone"))
        #expect(try Self.damage(run.cli) == 0)
        #expect(try run.cli.run("targets", "wash", String(id)).standardOutput.contains("already clean"))
        #expect(try run.cli.run("targets", "wash", "9999").status == 1)
        #expect(try run.cli.run("targets", "wash", "--all").status == 0)
        #expect(try run.cli.run("targets", "wash").status == 2)
    }
}
