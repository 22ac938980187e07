import AppShell
import Foundation
import Input
import Testing

@Suite("Headless script parsing")
struct HeadlessScriptTests {
    @Test("every command of the contract parses, comments and blank lines are skipped")
    func contractCommands() throws {
        let lines = try HeadlessScript.parse("""
            # a comment
            0.50 click 640 360        # mouse
            0.50 down 1 2
            0.50 up 3 4
            0.50 move 5 6
            0.60 touch 320 200
            0.60 touchdown 1 320 200
            0.60 touchup 1 320 200
            0.60 touchmove 2 10 20

            0.70 pad a
            0.70 padaxis leftx 0.8
            0.80 key Tab
            0.80 key Ctrl+L
            0.90 text "Büro 🥊"
            1.00 drop /path/to.png
            1.20 screenshot out.png
            2.00 quit
            """)
        #expect(lines.count == 16)
        #expect(lines[0].command == .click(x: 640, y: 360))
        #expect(lines[0].lineNumber == 2)
        #expect(lines.contains { $0.command == .key(name: "L", modifiers: [.control]) })
        #expect(lines.contains { $0.command == .text("Büro 🥊") })
        #expect(lines.contains { $0.command == .padAxis(.leftX, value: 0.8) })
        #expect(lines.last?.command == .quit)
    }

    @Test("wheel lines carry their notches")
    func wheel() throws {
        let lines = try HeadlessScript.parse("0.65 wheel 0 -3\n0.7 wheel 1.5 2\n")
        #expect(lines.map(\.command) == [.wheel(dx: 0, dy: -3), .wheel(dx: 1.5, dy: 2)])
    }

    @Test("lines with the same time keep their file order; earlier times come first")
    func ordering() throws {
        let lines = try HeadlessScript.parse("1.0 quit\n0.5 click 1 1\n0.5 click 2 2\n")
        #expect(lines.map(\.command) == [.click(x: 1, y: 1), .click(x: 2, y: 2), .quit])
    }

    @Test("quoted text keeps spaces and escapes; modifiers are case-insensitive")
    func quoting() throws {
        let lines = try HeadlessScript.parse("0 text \"say \\\"hi\\\" # not a comment\"\n0 key shift+ALT+a\n")
        #expect(lines[0].command == .text("say \"hi\" # not a comment"))
        #expect(lines[1].command == .key(name: "a", modifiers: [.shift, .alt]))
    }

    @Test("malformed lines are refused with their line number", arguments: [
        ("0.1 clack 1 2", "unknown command"),
        ("soon click 1 2", "not a time"),
        ("0.1 click 1", "X Y"),
        ("0.1 click a b", "whole number"),
        ("0.1 pad z", "not a gamepad button"),
        ("0.1 padaxis leftx 3", "-1...1"),
        ("0.1 key Hyper+a", "not a modifier"),
        ("0.1 text \"open", "not closed"),
        ("-1 quit", "not a time"),
        // Numbers that once trapped the runner (Double to Int, Int32 overflow).
        ("1e300 quit", "past the longest script"),
        ("1e17 quit", "past the longest script"),
        ("0.1 click 3000000000 5", "out of range"),
        ("0.1 touchdown 1 5 -3000000000", "out of range"),
        ("0.1 wheel 0 1e9", "notches"),
        ("0.1 wheel 0", "DX DY"),
    ])
    func malformed(line: String, words: String) {
        do {
            _ = try HeadlessScript.parse("0.0 quit\n" + line + "\n")
            Issue.record("accepted: \(line)")
        } catch {
            #expect(error.lineNumber == 2)
            #expect(error.description.contains(words), "\(error.description)")
        }
    }

    @Test("a touchdown's pressure runs from 0 to 1 inclusive: 1.0 is a full press, as SDL reports one")
    func touchPressureRange() throws {
        let lines = try HeadlessScript.parse("0.1 touchdown 1 5 6 1.0\n0.2 touchdown 2 5 6 1\n0.3 touchdown 3 5 6 0\n0.4 touchdown 4 5 6 0.4\n")
        #expect(lines.map(\.command) == [.touchDown(id: 1, x: 5, y: 6, pressure: 1), .touchDown(id: 2, x: 5, y: 6, pressure: 1),
                                          .touchDown(id: 3, x: 5, y: 6, pressure: 0), .touchDown(id: 4, x: 5, y: 6, pressure: 0.4)])
        for bad in ["1.01", "-0.1", "nan", "firm", "inf"] {
            do {
                _ = try HeadlessScript.parse("0.1 touchdown 1 5 6 \(bad)\n")
                Issue.record("accepted a pressure of \(bad)")
            } catch {
                #expect(error.description.contains("from 0 to 1"), "\(error.description)")
            }
        }
    }

    @Test("click and touch take a widget's label instead of X Y, and which one of several")
    func labelClicks() throws {
        let lines = try HeadlessScript.parse("0.1 click \"Manage\"\n0.2 touch \"Delete\" 2\n0.3 click 10 20\n")
        #expect(lines.map(\.command) == [.clickLabel("Manage", occurrence: nil), .touchLabel("Delete", occurrence: 2), .click(x: 10, y: 20)])
        // Quoted, a number is a label too (a keypad's keys); unquoted it is half a point.
        #expect(try HeadlessScript.parse("0 touch \"2\"\n").map(\.command) == [.touchLabel("2", occurrence: nil)])
        #expect(throws: ScriptError.self) { try HeadlessScript.parse("0 touch 2\n") }
        #expect(throws: ScriptError.self) { try HeadlessScript.parse("0.1 click \"Delete\" 0\n") }
        #expect(throws: ScriptError.self) { try HeadlessScript.parse("0.1 click \"\"\n") }
    }

    @Test("keydown and keyup press and let go on lines of their own; keydown may be an auto-repeat")
    func keyDownAndUp() throws {
        let lines = try HeadlessScript.parse("0.1 keydown Space\n0.2 keydown Backspace repeat\n0.6 keyup Ctrl+Space\n")
        #expect(lines.map(\.command) == [.keyDown(name: "Space", modifiers: [], isRepeat: false),
                                          .keyDown(name: "Backspace", modifiers: [], isRepeat: true),
                                          .keyUp(name: "Space", modifiers: [.control])])
        #expect(throws: ScriptError.self) { try HeadlessScript.parse("0.1 keyup Space repeat\n") }
    }
}
