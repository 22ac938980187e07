import Foundation
import TestSupport
import Testing

@Suite("The feel is the same every run")
struct FeelDeterminismTests {
    /// Hard hits with `tool` (holds, dents, the trauma shake, debris, the big one) and
    /// screenshots through them.
    static func frames(tool: String) throws -> [[UInt8]] {
        let run = HeadlessRun()
        #expect(try run.cli.run("settings", "set", "tool", tool).status == 0)
        var script = "0.30 click 560 560\n"
        for (index, x) in [600, 660, 620, 700].enumerated() {
            let at = 1.0 + Double(index) * 0.12
            script += String(format: "%.2f touchdown 1 %d 340 %.2f\n%.2f touchup 1 %d 340\n", at, x, 0.7 + 0.1 * Double(index), at + 0.01, x)
        }
        for (index, at) in [1.05, 1.2, 1.37, 1.52, 1.8].enumerated() { script += String(format: "%.2f screenshot $DIR/f%d.png\n", at, index) }
        script += "2.00 quit\n"
        let result = try run.run(script)
        #expect(result.status == 0, "\(result.standardError)")
        return try (0..<5).map { try Screenshot(run.folder.file("f\($0).png").path).rgba }
    }

    @Test("hard hits with every tool draw the same frames on a second run", arguments: ["fist", "slap", "pillow", "pie", "tomato", "mallet"])
    func sameFramesTwice(tool: String) throws {
        let first = try Self.frames(tool: tool), second = try Self.frames(tool: tool)
        #expect(first.count == 5 && first.allSatisfy { $0.count == 1280 * 720 * 4 })
        for index in first.indices { #expect(first[index] == second[index], "\(tool): frame \(index) differs") }
        // And they are frames of something moving: the hits changed the picture.
        #expect(first[0] != first[4])
    }
}
