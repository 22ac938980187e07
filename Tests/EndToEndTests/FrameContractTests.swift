import Foundation
import Testing

/// The shell drives the session through one call a frame: what it has to say goes in
/// `FrameInput`, what it must do comes out in `FrameOutput`. Read from the sources, so
/// a second call growing back beside `frame()` fails here.
@Suite("The frame is one call")
struct FrameContractTests {
    static let root = ModuleGraphTests.root

    /// The names `session.NAME` reaches in a file.
    static func sessionUses(_ path: String) throws -> Set<String> {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\bsession\.(\w+)"#)
        let ns = text as NSString
        return Set(pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { ns.substring(with: $0.range(at: 1)) })
    }

    @Test("the real window calls the session's frame() and, on the way out, its shutdown, and nothing else of it")
    func shellCallsFrameOnly() throws {
        let uses = try Self.sessionUses("Sources/AppShell/RunningApp.swift")
        // The control: the scan sees the call that must be there.
        #expect(uses.contains("frame"), "no session.frame( was found, so the scan cannot be trusted")
        #expect(uses.subtracting(["frame", "shutdown"]).isEmpty, "say it in FrameInput or FrameOutput instead: \(uses.sorted())")
    }

    @Test("the session offers no public call that drives part of a frame")
    func noPartialFrameCalls() throws {
        let folder = Self.root.appendingPathComponent("Sources/StressPunchApp")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("AppSession") }
        var text = ""
        for file in files { text += try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) }
        #expect(text.contains("public func frame("), "the session's files were not read")
        let partial = ["handle", "step", "prepareFrame", "resize", "frameDrawn", "forgetDrawnFrame", "drainRequests"]
            .filter { text.contains("public func \($0)(") }
        #expect(partial.isEmpty, "drive these through frame(): \(partial)")
    }
}
