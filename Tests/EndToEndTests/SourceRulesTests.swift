import Foundation
import Testing

/// Rules about the product's source that no compiler checks, read from the files.
@Suite("Rules the product's source keeps")
struct SourceRulesTests {
    static let root = ModuleGraphTests.root

    /// Every Swift file under Sources/ and Shaders/, with its path from the root.
    static func productSources() throws -> [(path: String, text: String)] {
        var files: [(String, String)] = []
        for folder in ["Sources", "Shaders"] {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.pathExtension == "swift" {
                let path = String(url.path.dropFirst(root.path.count + 1))
                files.append((path, try String(contentsOf: url, encoding: .utf8)))
            }
        }
        return files
    }

    @Test("shared state uses Locked, never the standard library's Mutex, which ThreadSanitizer cannot follow")
    func oneLockThatSanitizersSee() throws {
        let files = try Self.productSources()
        #expect(files.count > 100, "the sources were not read")
        #expect(files.contains { $0.text.contains("Locked(") }, "no use of Locked was found, so the scan cannot be trusted")
        let offenders = files.filter { file in
            file.text.contains("import Synchronization") || file.text.range(of: #"\bMutex[(<]"#, options: .regularExpression) != nil
        }.map(\.path)
        #expect(offenders.isEmpty, "use Locked from the Locking module instead: \(offenders)")
    }

    /// A file longer than this holds more than one job: split it by job.
    static let longestFile = 500

    @Test("no product Swift file is longer than 500 lines")
    func filesStayShort() throws {
        let files = try Self.productSources()
        let lengths = files.map { (path: $0.path, lines: $0.text.split(separator: "\n", omittingEmptySubsequences: false).count) }
        // The control: the count is of lines, so the longest file is long but in bounds.
        #expect((lengths.map(\.lines).max() ?? 0) > 300, "the files' lines were not counted")
        let offenders = lengths.filter { $0.lines > Self.longestFile }.map { "\($0.path): \($0.lines)" }
        #expect(offenders.isEmpty, "split these by job: \(offenders)")
    }

    /// The C headers' inline functions: each with its name and body.
    static func inlineFunctionsInHeaders() throws -> [(file: String, name: String, body: String)] {
        var found: [(String, String, String)] = []
        let base = root.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        let pattern = try NSRegularExpression(pattern: #"static inline[^(;{]*?\b(\w+)\s*\([^)]*\)\s*\{"#)
        for case let url as URL in walker where url.pathExtension == "h" {
            let text = try String(contentsOf: url, encoding: .utf8)
            let ns = text as NSString
            for match in pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
                // The body: from the opening brace to the brace that closes it.
                var depth = 0, end = match.range.location + match.range.length - 1
                while end < ns.length {
                    let character = ns.character(at: end)
                    if character == 0x7B { depth += 1 } else if character == 0x7D { depth -= 1; if depth == 0 { break } }
                    end += 1
                }
                let start = match.range.location + match.range.length - 1
                found.append((url.lastPathComponent, ns.substring(with: match.range(at: 1)),
                              ns.substring(with: NSRange(location: start, length: min(end, ns.length - 1) - start + 1))))
            }
        }
        return found
    }

    @Test("C headers hold declarations and one-call wrappers, never an implementation (no loop, no allocation, a few lines)")
    func noImplementationInHeaders() throws {
        let functions = try Self.inlineFunctionsInHeaders()
        // The control: the SDL, SQLite and fontconfig wrappers are found.
        #expect(functions.count > 10 && functions.contains { $0.name == "shim_SDL_BlitSurface" }, "\(functions.map(\.name))")
        let offenders = functions.filter { function in
            let lines = function.body.split(separator: "\n").count
            return lines > 8 || ["for (", "while (", "malloc", "setjmp", "goto "].contains { function.body.contains($0) }
        }.map { "\($0.file): \($0.name)" }
        #expect(offenders.isEmpty, "move these into a C target's .c file: \(offenders)")
    }

    @Test("each key of the library's settings table is written out once, in the one registry that declares them")
    func settingsKeysHaveOneOwner() throws {
        let files = try Self.productSources()
        let pattern = try NSRegularExpression(pattern: #""((?:settings|rush|kiosk|hint|window)\.[A-Za-z.]*)""#)
        var places: [String: [String]] = [:]
        for file in files {
            let ns = file.text as NSString
            for match in pattern.matches(in: file.text, range: NSRange(location: 0, length: ns.length)) {
                places[ns.substring(with: match.range(at: 1)), default: []].append(file.path)
            }
        }
        // The control: the declarations are found.
        #expect(places["kiosk.idleSeconds"] != nil && places["hint.firstLaunch"] != nil && places["kiosk.pin."] != nil,
                "\(places.keys.sorted())")
        let repeated = places.filter { $0.value.count > 1 }.map { "\($0.key): \($0.value)" }.sorted()
        #expect(repeated.isEmpty, "use the registry's constant instead of the key's text: \(repeated)")
        let elsewhere = places.filter { $0.value.contains { $0 != Self.settingsRegistry } }.map { "\($0.key): \($0.value)" }.sorted()
        #expect(elsewhere.isEmpty, "declare it in \(Self.settingsRegistry): \(elsewhere)")
    }

    static let settingsRegistry = "Sources/StressCore/StoredSetting.swift"

    @Test("the settings table is written only with declared settings: only the registry can make one, and the library's writer takes only them")
    func settingsWritesGoThroughTheRegistry() throws {
        let files = try Self.productSources()
        let registry = try #require(files.first { $0.path == Self.settingsRegistry }?.text)
        // The control: the registry's type and its initializer are where they are read from.
        #expect(registry.contains("public struct StoredSetting") && registry.contains("    init(_ key: String, holds: String)"))
        #expect(!registry.contains("public init"), "a public initializer lets any module write a key nobody declared")
        let made = files.filter { $0.path != Self.settingsRegistry && $0.text.contains("StoredSetting(\"") }.map(\.path)
        #expect(made.isEmpty, "declare settings in \(Self.settingsRegistry): \(made)")
        // The one writer takes declared settings, and no other SQL writes the table but a restore's copy.
        let writers = files.filter { $0.text.contains("INSERT INTO app_setting") }.map(\.path).sorted()
        #expect(writers == ["Sources/TargetStore/LibraryArchive.swift", "Sources/TargetStore/TargetStore+Changes.swift"], "\(writers)")
        let store = try #require(files.first { $0.path == "Sources/TargetStore/TargetStore+Changes.swift" }?.text)
        #expect(store.contains("public func setSettings(_ values: [StoredSetting: String])"))
    }

    @Test("product code has no try!")
    func noForcedTries() throws {
        let files = try Self.productSources().filter { !$0.path.hasPrefix("Sources/asset-forge") }
        let offenders = files.filter { $0.text.contains("try!") }.map(\.path)
        #expect(offenders.isEmpty, "\(offenders)")
    }
}
