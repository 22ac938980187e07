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
