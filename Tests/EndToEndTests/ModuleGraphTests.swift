import Foundation
import Testing

/// The module graph in docs/architecture.md is what Package.swift says, line for
/// line: a newcomer reading it is not misled when a dependency is added or dropped.
@Suite("The documented module graph")
struct ModuleGraphTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// "Name ← a, b" for every library and executable target, in Package.swift's order.
    static func packageGraph() throws -> [String] {
        let package = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(
            pattern: #"\.(?:target|executableTarget)\(\s*name: "([^"]+)"(?:,\s*dependencies: \[([^\]]*)\])?"#)
        let text = package as NSString
        return pattern.matches(in: package, range: NSRange(location: 0, length: text.length)).map { match in
            let name = text.substring(with: match.range(at: 1))
            let list = match.range(at: 2).location == NSNotFound ? "" : text.substring(with: match.range(at: 2))
            let dependencies = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
                .filter { !$0.isEmpty }
            return "\(name) ← " + (dependencies.isEmpty ? "nothing" : dependencies.joined(separator: ", "))
        }
    }

    static func documentedGraph() throws -> [String] {
        let document = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        guard let start = document.range(of: "<!-- module-graph -->\n```\n"), let end = document.range(of: "```\n<!-- /module-graph -->") else { return [] }
        return document[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
    }

    @Test("docs/architecture.md lists every target with exactly the dependencies Package.swift gives it")
    func graphMatches() throws {
        let package = try Self.packageGraph()
        #expect(package.count > 20, "the package's targets were not read: \(package)")
        #expect(package.contains("Platform ← Localization, CSDL2, CX11Desktop, SDLSupport, Pictures, Input, Raster, Locking"))
        #expect(try Self.documentedGraph() == package)
    }

    /// Every module `target` depends on, directly or through others, read from the graph.
    static func closure(of target: String, in graph: [String]) -> Set<String> {
        var dependencies: [String: [String]] = [:]
        for line in graph {
            let parts = line.components(separatedBy: " ← ")
            guard parts.count == 2 else { continue }
            dependencies[parts[0]] = parts[1] == "nothing" ? [] : parts[1].components(separatedBy: ", ")
        }
        var found = Set<String>(), waiting = dependencies[target] ?? []
        while let next = waiting.popLast() {
            if found.insert(next).inserted { waiting += dependencies[next] ?? [] }
        }
        return found
    }

    @Test("the command-line parser and its fuzzer link no SDL and none of the app: plain modules only")
    func commandLineLinksNoSDL() throws {
        let graph = try Self.packageGraph()
        // The canary: the app's wiring does reach SDL through the graph, so the search can find it.
        let shell = Self.closure(of: "AppShell", in: graph)
        #expect(shell.contains("CSDL2") && shell.contains("Platform"), "\(shell.sorted())")
        for target in ["CommandLineInterface", "fuzz-command-line"] {
            #expect(graph.contains { $0.hasPrefix(target + " ← ") }, "\(target) is not in Package.swift")
            let reached = Self.closure(of: target, in: graph)
            #expect(reached.contains("LaunchOptions"), "\(target): \(reached.sorted())")
            let app = ["CSDL2", "SDLSupport", "Platform", "TextServices", "PictureCodecs", "AppShell", "Kiosk", "ImmediateUI", "TargetStore"]
            #expect(reached.isDisjoint(with: app), "\(target) links \(reached.intersection(app).sorted())")
        }
    }

    @Test("the SDL layer does not depend on the library on disk, nor the session on kiosk mode")
    func roomsStayApart() throws {
        let graph = try Self.packageGraph()
        let platform = try #require(graph.first { $0.hasPrefix("Platform ← ") })
        #expect(!platform.contains("TargetStore"))
        // The SDL platform stands apart from the decoders and the text stack.
        for room in ["CPictureDecoders", "PictureCodecs", "CFontconfig", "CTextLookup", "CHarfBuzz", "TextServices"] {
            #expect(!platform.contains(room), "\(platform)")
        }
        // The shared model knows no UI toolkit: the policy seam that builds UI is apart.
        #expect(graph.first { $0.hasPrefix("AppModel ← ") }.map { !$0.contains("ImmediateUI") } == true)
        // SQLite in general lives apart from the library that uses it.
        #expect(graph.contains("SQLiteDatabase ← CSQLite"))
        #expect(graph.first { $0.hasPrefix("TargetStore ← ") }.map { !$0.contains("CSQLite") } == true)
        // The punch scene writes nothing: a punch goes to the library, which saves it.
        let scene = try #require(graph.first { $0.hasPrefix("PunchScene ← ") })
        #expect(!scene.contains("TargetStore"), "\(scene)")
        let session = try #require(graph.first { $0.hasPrefix("StressPunchApp ← ") })
        #expect(!session.contains("Kiosk") && !session.contains("OperatorLock") && !session.contains("Platform"))
    }
}
