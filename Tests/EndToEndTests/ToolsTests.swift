import Foundation
import TestSupport
import Testing

/// The tools through the built executable: each lands with its own sprite, sound and
/// mark; the strip, the wheel, Q / E and the pad's stick clicks choose one; the choice
/// is kept; a user's sound folder is used, and a bad file in it is named.
@Suite("Tools, end to end")
struct ToolsTests {
    static let tools = ["fist", "slap", "pillow", "pie", "tomato", "mallet"]
    static let hit = (600, 330)

    /// "fist 1, pie 2" from the summary's "punches by tool" line.
    static func byTool(_ result: ProcessResult) -> String? { line(after: "headless: punches by tool: ", in: result) }
    static func soundsPlayed(_ result: ProcessResult) -> String? { line(after: "headless: sounds played: ", in: result) }

    static func line(after marker: String, in result: ProcessResult) -> String? {
        result.standardOutput.split(separator: "\n").first { $0.hasPrefix(marker) }.map { String($0.dropFirst(marker.count)) }
    }

    @Test("each tool punches with its own sprite, its own sounds and its own mark (the pillow none)")
    func eachToolIsItsOwn() throws {
        var mids: [String: Screenshot] = [:]
        var cleanShot: Screenshot?
        for tool in Self.tools {
            let run = HeadlessRun()
            #expect(try run.cli.run("settings", "set", "tool", tool).status == 0)
            let result = try run.run("""
                0.20 screenshot $DIR/clean.png
                0.30 click \(Self.hit.0) \(Self.hit.1)
                0.37 screenshot $DIR/mid.png
                2.50 screenshot $DIR/after.png
                2.60 quit
                """)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(Self.byTool(result) == "\(tool) 1")
            // The sound that played is one of this tool's own.
            let sounds = try #require(Self.soundsPlayed(result))
            let prefix = tool == "fist" ? "punch-" : "\(tool)-"
            #expect(sounds.hasPrefix(prefix) && sounds.hasSuffix(" x1"), "\(tool) played \(sounds)")
            let clean = try Screenshot(run.folder.file("clean.png").path)
            let mid = try Screenshot(run.folder.file("mid.png").path), after = try Screenshot(run.folder.file("after.png").path)
            mids[tool] = mid
            cleanShot = clean
            // The mark: damage and pixels, except the pillow's, which leaves the picture as it was.
            let damage = try MarksTests.damage(run.cli)
            let marked = after.changedPixels(comparedTo: clean, aroundX: Self.hit.0, y: Self.hit.1, radius: 40)
            if tool == "pillow" {
                #expect(damage == 0)
                #expect(marked == 0, "a pillow left \(marked) changed pixels")
            } else {
                #expect(damage == 1, "\(tool) has damage \(damage)")
                #expect(marked > 400, "\(tool)'s mark changed only \(marked) pixels")
            }
        }
        // In mid-animation every tool's sprite looks unlike every other's.
        let clean = try #require(cleanShot)
        for (index, a) in Self.tools.enumerated() {
            let shotA = try #require(mids[a])
            #expect(shotA.changedPixels(comparedTo: clean, aroundX: Self.hit.0, y: Self.hit.1, radius: 90) > 3000, "no \(a) sprite")
            for b in Self.tools[(index + 1)...] {
                let shotB = try #require(mids[b])
                let differing = shotA.changedPixels(comparedTo: shotB, aroundX: Self.hit.0, y: Self.hit.1, radius: 90, tolerance: 24)
                #expect(differing > 2000, "\(a) and \(b) look alike mid-hit (\(differing) pixels differ)")
            }
        }
    }

    @Test("Q and E step through the tools and wrap at either end; the choice is kept for the next launch")
    func keysStepAndWrap() throws {
        let run = HeadlessRun()
        let result = try run.run("""
            0.20 key Q
            0.30 click \(Self.hit.0) \(Self.hit.1)
            0.60 key E
            0.70 key E
            0.80 click \(Self.hit.0) \(Self.hit.1)
            1.20 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        // Fist back to the mallet, then on past the fist to the slap.
        #expect(Self.byTool(result) == "slap 1, mallet 1")
        #expect(try run.cli.run("settings", "get", "tool").standardOutput == "slap\n")
        let relaunch = try run.run("0.30 click \(Self.hit.0) \(Self.hit.1)\n0.60 quit")
        #expect(Self.byTool(relaunch) == "slap 1")
    }

    @Test("the wheel over the punch screen and a click on the strip choose a tool, and neither punches")
    func wheelAndStrip() throws {
        let run = HeadlessRun()
        let result = try run.run("""
            0.20 move 640 360
            0.25 wheel 0 -1
            0.30 click \(Self.hit.0) \(Self.hit.1)
            0.60 click "Tomato"
            0.70 click \(Self.hit.0) \(Self.hit.1)
            1.00 wheel 0 1
            1.10 click \(Self.hit.0) \(Self.hit.1)
            1.40 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(HeadlessRun.punchesLanded(result) == 3, "the strip's button and the wheel must not punch")
        #expect(Self.byTool(result) == "slap 1, pie 1, tomato 1")
        #expect(try run.cli.run("settings", "get", "tool").standardOutput == "pie\n")
    }

    @Test("the pad's stick clicks choose the tool, the reticle shows it, and its rumble pattern follows")
    func padChoosesAndRumbles() throws {
        let run = HeadlessRun()
        let result = try run.run("""
            0.20 pad a
            0.60 pad leftstick
            0.70 screenshot $DIR/mallet.png
            0.80 pad a
            1.40 pad rightstick
            1.50 screenshot $DIR/fist.png
            1.60 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(Self.byTool(result) == "fist 1, mallet 1")
        // The fist's one thump, and the mallet's bonk and bounce.
        #expect(HeadlessRun.rumbleRequests(result) == 3)
        // The reticle's tool badge (up and right of the reticle at the picture's middle) changed.
        let mallet = try Screenshot(run.folder.file("mallet.png").path), fist = try Screenshot(run.folder.file("fist.png").path)
        #expect(mallet.changedPixels(comparedTo: fist, aroundX: 640 + 30, y: 343 - 30, radius: 18) > 80)
        #expect(try run.cli.run("settings", "get", "tool").standardOutput == "fist\n")
    }

    @Test("sounds of the user's own replace a tool's; a bad file is named with what to do, and the built-in sound still plays")
    func userSounds() throws {
        let run = HeadlessRun()
        let pie = URL(fileURLWithPath: run.cli.dataDirectory).appendingPathComponent("sounds/pie", isDirectory: true)
        let tomato = URL(fileURLWithPath: run.cli.dataDirectory).appendingPathComponent("sounds/tomato", isDirectory: true)
        try FileManager.default.createDirectory(at: pie, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: tomato, withIntermediateDirectories: true)
        try Self.wav(seconds: 0.2).write(to: pie.appendingPathComponent("splat.wav"))
        // Not a sound at all, though named like one.
        try Data("this is not a sound".utf8).write(to: tomato.appendingPathComponent("broken.wav"))
        #expect(try run.cli.run("settings", "set", "tool", "pie").status == 0)
        let result = try run.run("""
            0.30 click \(Self.hit.0) \(Self.hit.1)
            0.60 key E
            0.70 click \(Self.hit.0) \(Self.hit.1)
            1.00 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        let sounds = try #require(Self.soundsPlayed(result))
        #expect(sounds.hasPrefix("user:pie/splat.wav x1, tomato-"), "played \(sounds)")
        let complaint = result.standardError.split(separator: "\n").filter { $0.contains("broken.wav") }
        #expect(complaint.count == 1)
        #expect(complaint.first?.contains("is not a WAV or Ogg sound inside; save it again as WAV or Ogg Vorbis") ?? false,
                "\(result.standardError)")
        #expect(complaint.first?.contains("the built-in tomato sounds play instead") ?? false)
    }

    @Test("a user sound that is too long is refused by name, after decoding, and the tool keeps its own")
    func tooLongUserSound() throws {
        let run = HeadlessRun()
        let slap = URL(fileURLWithPath: run.cli.dataDirectory).appendingPathComponent("sounds/slap", isDirectory: true)
        try FileManager.default.createDirectory(at: slap, withIntermediateDirectories: true)
        try Self.wav(seconds: 6).write(to: slap.appendingPathComponent("long.wav"))
        #expect(try run.cli.run("settings", "set", "tool", "slap").status == 0)
        let result = try run.run("0.30 click \(Self.hit.0) \(Self.hit.1)\n0.60 quit")
        #expect(result.standardError.contains("long.wav lasts 6.0 s, longer than the 4 s a hit's sound may; trim it"), "\(result.standardError)")
        #expect(Self.soundsPlayed(result)?.hasPrefix("slap-") ?? false)
    }

    @Test("the same script with every tool gives byte-identical screenshots")
    func deterministic() throws {
        var lines: [String] = []
        var time = 0.2
        for (index, _) in Self.tools.enumerated() {
            if index > 0 { lines.append(String(format: "%.2f key E", time)); time += 0.1 }
            for offset in 0..<3 {
                lines.append(String(format: "%.2f click %d %d", time, 560 + offset * 40, 300 + index * 12)); time += 0.08
            }
            lines.append(String(format: "%.2f screenshot $DIR/shot-%d.png", time, index)); time += 0.2
        }
        lines.append(String(format: "%.2f quit", time + 0.5))
        let script = lines.joined(separator: "\n")
        var shots: [[Data]] = []
        for _ in 0..<2 {
            let run = HeadlessRun()
            #expect(try run.run(script).status == 0)
            shots.append(try (0..<Self.tools.count).map { try Data(contentsOf: run.folder.file("shot-\($0).png")) })
        }
        #expect(shots[0] == shots[1])
    }

    /// A mono 16-bit 48 kHz WAV of a falling tone.
    static func wav(seconds: Double) -> Data {
        let count = Int(seconds * 48_000)
        var bytes: [UInt8] = []
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { bytes.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { bytes.append(contentsOf: $0) } }
        bytes += Array("RIFF".utf8); u32(36 + count * 2); bytes += Array("WAVEfmt ".utf8)
        u32(16); u16(1); u16(1); u32(48_000); u32(96_000); u16(2); u16(16)
        bytes += Array("data".utf8); u32(count * 2)
        for index in 0..<count {
            let t = Double(index) / 48_000
            let value = Int16(sin(2 * Double.pi * (600 - 400 * t) * t) * 20_000 * exp(-t * 3))
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        return Data(bytes)
    }
}
