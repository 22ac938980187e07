import Foundation
import TestSupport
import Testing

/// A punch belongs to the target it hit: its count and its mark stay together even
/// when the selection changes in the same frame (#24).
@Suite("A punch carries its target")
struct PunchOwnershipTests {
    /// The favorites' punch counts and damage, by name, as `targets list --json` says.
    static func favorites(_ cli: CLI) throws -> [String: (punches: Int, damage: Int)] {
        let result = try cli.run("targets", "list", "--json")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        var found: [String: (punches: Int, damage: Int)] = [:]
        for item in items where item["favorite"] as? Bool == true {
            let name = try #require(item["name"] as? String)
            found[name] = (try #require(item["punches"] as? Int), try #require(item["damage"] as? Int))
        }
        return found
    }

    @Test("a click and a favorite switch in one frame count and mark the target that was clicked")
    func clickThenSwitchInOneFrame() throws {
        let run = HeadlessRun()
        let result = try run.run("0.5 click 640 330\n0.5 key 2\n1.5 quit")
        #expect(result.status == 0, "\(result.standardError)")
        let counts = try Self.favorites(run.cli)
        let punched = counts.filter { $0.value.punches > 0 }.map(\.key), marked = counts.filter { $0.value.damage > 0 }.map(\.key)
        #expect(punched.count == 1, "one punch landed: \(counts)")
        #expect(punched == marked, "the count and the mark are on one target: \(counts)")
        #expect(counts["Monday Alarm"]?.punches == 1, "the first favorite was showing when the click came: \(counts)")
    }

    @Test("a favorite switch then a click in one frame count and mark the target switched to")
    func switchThenClickInOneFrame() throws {
        let run = HeadlessRun()
        let result = try run.run("0.5 key 2\n0.5 click 640 330\n1.5 quit")
        #expect(result.status == 0, "\(result.standardError)")
        let counts = try Self.favorites(run.cli)
        #expect(counts["The Printer"]?.punches == 1 && counts["The Printer"]?.damage == 1, "\(counts)")
        #expect(counts["Monday Alarm"]?.punches == 0 && counts["Monday Alarm"]?.damage == 0, "\(counts)")
    }
}
