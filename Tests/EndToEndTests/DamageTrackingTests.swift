import Foundation
import TestSupport
import Testing

/// Frames drawn only where they changed, through the built executable: long scripted
/// runs with `--check-damage`, which draws every frame whole as well and stops at the
/// first pixel where the two differ.
@Suite("Damage-tracked frames equal full redraws, end to end")
struct DamageTrackingEndToEndTests {
    /// Punches (marks, sprites, score pops, the combo), the wash and its Undo, toasts,
    /// every screen and the help, hovering, scrolling, typing, resizes.
    static let everydayScript = """
        0.30 move 640 360
        0.50 click 600 330
        0.62 click 640 360
        0.70 click 700 400
        0.78 click 560 300
        0.90 key m
        1.20 key w
        1.50 move 80 540
        1.70 click 80 540
        2.10 key Ctrl+z
        2.40 click 620 350
        2.60 move 400 620
        2.80 move 620 620
        3.00 key Ctrl+l
        3.30 wheel 0 -3
        3.45 wheel 0 -3
        3.60 move 400 300
        3.90 wheel 0 4
        4.20 key Escape
        4.40 key Ctrl+m
        4.70 text "pr"
        5.40 key BackSpace
        5.60 key Escape
        5.80 key F1
        6.30 key Escape
        6.50 key Ctrl+,
        6.90 key Tab
        7.00 key Tab
        7.20 key Escape
        7.40 resize 960 600
        7.80 click 480 300
        8.10 resize 1280 720
        8.40 key Tab
        8.50 key Right
        8.70 click 640 360
        9.00 screenshot $DIR/end.png
        9.40 quit
        """

    @Test("an everyday run: every frame drawn only where it changed equals the full redraw, and most frames draw little or nothing")
    func everydayRun() throws {
        let run = HeadlessRun()
        let result = try run.run(Self.everydayScript, extra: ["--check-damage"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("frames compared with full redraws, all equal"), "\(result.standardOutput)")
        let counts = try #require(Self.frameCounts(result.standardOutput))
        #expect(counts.notDrawn > 50, "frames where nothing changed are not drawn: \(counts)")
        #expect(counts.inPart > 100, "most frames draw only part of the window: \(counts)")
        #expect(counts.whole < 20, "only the first frame and resizes are drawn whole: \(counts)")
    }

    @Test("every tool's sprite, flying pieces and marks, the strip, the wheel and the pad's reticle with its tool badge equal full redraws")
    func everyTool() throws {
        let run = HeadlessRun()
        let result = try run.run("""
            0.20 move 640 360
            0.30 click 600 330
            0.42 click 660 380
            0.54 click 620 300
            0.66 screenshot $DIR/tool0.png
            0.91 key e
            1.01 click 600 330
            1.13 click 660 380
            1.25 click 620 300
            1.37 screenshot $DIR/tool1.png
            1.62 key e
            1.72 click 600 330
            1.84 click 660 380
            1.96 click 620 300
            2.08 screenshot $DIR/tool2.png
            2.33 key e
            2.43 click 600 330
            2.55 click 660 380
            2.67 click 620 300
            2.79 screenshot $DIR/tool3.png
            3.04 key e
            3.14 click 600 330
            3.26 click 660 380
            3.38 click 620 300
            3.50 screenshot $DIR/tool4.png
            3.75 key e
            3.85 click 600 330
            3.97 click 660 380
            4.09 click 620 300
            4.21 screenshot $DIR/tool5.png
            4.46 key e
            4.56 pad a
            5.50 pad leftstick
            5.80 click "Tomato"
            5.90 click 640 360
            6.00 pad a
            6.60 wheel 0 -1
            6.90 key w
            7.70 quit
            """, extra: ["--check-damage"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("frames compared with full redraws, all equal"), "\(result.standardOutput)")
        // It reached every tool: each landed its hits.
        let byTool = result.standardOutput.split(separator: "\n").first { $0.hasPrefix("headless: punches by tool:") } ?? ""
        for tool in ["fist", "slap", "pillow", "pie", "tomato", "mallet"] {
            #expect(byTool.contains("\(tool) "), "\(tool) never punched: \(byTool)")
        }
    }

    @Test("Stats, Settings toggled, the Add form typed into (bidi text, a selection, the caret), help and a rush equal full redraws")
    func formsAndScreens() throws {
        let run = HeadlessRun()
        let result = try run.run("""
            0.3 key Ctrl+t
            1.0 move 300 300
            1.3 move 700 400
            1.6 key Escape
            1.8 key Ctrl+,
            2.2 key Tab
            2.3 key Tab
            2.4 key space
            2.7 key Tab
            2.8 key space
            3.2 key Escape
            3.4 key Ctrl+l
            3.8 click "Add target"
            4.2 text "Büro 🥊 مرحبا"
            4.6 key Left
            4.7 key Shift+Left
            5.0 key BackSpace
            5.4 key Tab
            5.5 text "hello there"
            6.2 key F1
            6.8 key Escape
            7.2 key Escape
            7.6 key Escape
            8.0 key Ctrl+r
            9.5 key Escape
            10.0 quit
            """, extra: ["--check-damage"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("601 frames compared with full redraws, all equal"), "\(result.standardOutput)")
    }

    @Test("a small window over a long library, scrolled end to end, equals full redraws")
    func longLibrary() throws {
        let run = HeadlessRun()
        let added = try run.cli.run("targets", "add", "--image", Self.pictures.path)
        #expect(added.status == 0, "\(added.standardError)")
        let result = try run.run("""
            0.20 key Ctrl+l
            0.50 move 400 300
            0.60 wheel 0 -5
            0.70 wheel 0 -5
            0.80 wheel 0 -5
            1.40 key End
            1.80 key Home
            2.20 key Escape
            2.40 key Ctrl+m
            2.70 wheel 0 -4
            3.20 quit
            """, size: "800x600", extra: ["--check-damage"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("all equal"), "\(result.standardOutput)")
    }

    @Test("a message wrapped to three lines, with score pops over it, equals full redraws")
    func wrappedMessage() throws {
        let run = HeadlessRun()
        let message = "This is a very long message that certainly wraps onto more than one line of the header, "
            + "and maybe even three lines, because it just keeps going and going without end"
        let added = try run.cli.run("targets", "add", "--name", "Long one", "--message", message,
                                    "--image", Self.pictures.appendingPathComponent("printer.png").path)
        #expect(added.status == 0, "\(added.standardError)")
        let id = try #require(try run.cli.list().last?.id)
        #expect(try run.cli.run("targets", "select", String(id)).status == 0)
        let result = try run.run("0.3 click 640 300\n0.5 click 600 250\n0.7 click 700 200\n1.5 key m\n2.5 quit", extra: ["--check-damage"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("all equal"), "\(result.standardOutput)")
        #expect(HeadlessRun.punchesLanded(result) == 3)
    }

    @Test("a kiosk going idle into its attract loop equals full redraws")
    func kioskAttract() throws {
        let kiosk = try KioskRun(idleSeconds: 10)
        let result = try kiosk.headless.run("0.5 click 640 360\n13.0 quit", extra: ["--kiosk", "--check-damage"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("all equal"), "\(result.standardOutput)")
        #expect(KioskRun.kioskLine(result).contains("1 idle resets"), "the run reached the attract loop: \(KioskRun.kioskLine(result))")
    }

    @Test("--check-damage is refused without --headless, saying so")
    func checkNeedsHeadless() throws {
        let result = try StressPunchProcess.run(["--check-damage"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("--check-damage only works with --headless"))
    }

    static func frameCounts(_ output: String) -> (whole: Int, inPart: Int, notDrawn: Int)? {
        guard let line = output.split(separator: "\n").first(where: { $0.contains("frames drawn whole") }) else { return nil }
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard numbers.count >= 3 else { return nil }
        return (numbers[0], numbers[1], numbers[2])
    }

    /// The built-in pictures, to add targets with.
    static let pictures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/Pictures", isDirectory: true)
}
