import Foundation
import Testing

/// The bench prints each row's goal and checks it; docs/benchmarks.md gives the same goal
/// in its table. A goal changed in one place and not the others would tell a reader one
/// thing and the bench another.
@Suite("Benchmark goals")
struct BenchGoalTests {
    static let root = ModuleGraphTests.root

    /// The table's ratio goals: bench name → the limit after "ratio ≤".
    static func documentedRatioGoals(_ markdown: String) -> [String: String] {
        var goals: [String: String] = [:]
        for line in markdown.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = cells.first?.trimmingCharacters(in: CharacterSet(charactersIn: "`")),
                  let goal = cells.first(where: { $0.hasPrefix("ratio ≤ ") }) else { continue }
            goals[name] = String(goal.dropFirst("ratio ≤ ".count))
        }
        return goals
    }

    /// The bench's ratio goal for `name` in one source file: the printed text
    /// ("ratio <= X") after where the row is made or printed, and the limit its check
    /// compares with (the next `<= Y` after that text). Nil when the file has no such row.
    static func sourceRatioGoal(_ name: String, in source: String) -> (printed: String, checked: String)? {
        let starts = ["name: \"\(name)\"", "line(\"\(name)\"", "pad(\"\(name)\""].compactMap { source.range(of: $0) }
        guard let start = starts.min(by: { $0.lowerBound < $1.lowerBound }),
              let printed = source.range(of: "\"ratio <= ", range: start.upperBound..<source.endIndex),
              let close = source.range(of: "\"", range: printed.upperBound..<source.endIndex),
              let check = source.range(of: "<= ", range: close.upperBound..<source.endIndex) else { return nil }
        let limit = source[check.upperBound...].prefix { $0.isNumber || $0 == "." }
        return (String(source[printed.upperBound..<close.lowerBound]), String(limit))
    }

    static func benchSources() throws -> [String] {
        let folder = root.appendingPathComponent("Sources/stresspunch-bench")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
    }

    @Test func theBenchPrintsAndChecksTheGoalsTheDocsGive() throws {
        let docs = try String(contentsOf: Self.root.appendingPathComponent("docs/benchmarks.md"), encoding: .utf8)
        let documented = Self.documentedRatioGoals(docs)
        // The goals set from what was measured are among them.
        #expect(documented["scene_1080p"] == "0.36" && documented["scene_1080p_mt"] == "0.36")
        #expect(documented["punch_frame_1080p"] == "0.6")
        #expect(documented.count >= 10, "\(documented)")
        let sources = try Self.benchSources()
        for (name, goal) in documented.sorted(by: { $0.key < $1.key }) {
            let found = sources.compactMap { Self.sourceRatioGoal(name, in: $0) }
            #expect(found.count == 1, "\(name): its goal is not found in the bench's sources")
            for (printed, checked) in found {
                #expect(Double(printed) == Double(goal), "\(name): the bench prints ratio <= \(printed), the docs say \(goal)")
                #expect(Double(checked) == Double(goal), "\(name): the bench checks <= \(checked), the docs say \(goal)")
            }
        }
    }

    /// Canary: a row whose printed goal and check disagree is read as such.
    @Test func aCheckThatDisagreesWithItsPrintedGoalIsSeen() {
        let source = """
            benches.append(Bench(name: "demo", ours: {}, anchorName: "a", anchor: {},
                goal: "ratio <= 0.36", meets: { _, ratio in (ratio ?? 1) <= 0.25 }))
            """
        let goal = Self.sourceRatioGoal("demo", in: source)
        #expect(goal?.printed == "0.36" && goal?.checked == "0.25")
        #expect(Self.sourceRatioGoal("other", in: source) == nil)
        #expect(Self.documentedRatioGoals("| `demo` | x | y | 1 ms | 2 | 0.5 | ratio ≤ 0.36 | 3 of 3 |") == ["demo": "0.36"])
    }
}
