import AppShell
import Foundation
import Input
import TestSupport
import Testing

@Suite("Recording input as a headless script")
struct InputRecorderTests {
    @Test("a PIN pad's input is one comment for as long as the pad is open: neither the PIN's length nor its timing shows")
    func pinPadIsOneComment() throws {
        let folder = TemporaryDirectory("recording")
        let file = folder.file("kiosk.txt")
        let recorder = try InputRecorder(url: file, width: 1024, height: 640, pixelScale: (1, 1))
        recorder.record([.keyDown(.escape, modifiers: [], isRepeat: false)], at: 0.5)
        for (index, digit) in "86420".enumerated() {
            recorder.record([.text(String(digit)), .keyDown(.character(digit), modifiers: [], isRepeat: false)],
                            at: 1 + Double(index) * 0.13, secret: true)
        }
        // The pad closes (a wrong PIN, then Escape), and opens again: a second comment.
        recorder.record([.keyDown(.escape, modifiers: [], isRepeat: false)], at: 3)
        recorder.record([.keyDown(.character("1"), modifiers: [], isRepeat: false)], at: 4, secret: true)
        recorder.finish(at: 5)
        let text = try String(contentsOf: file, encoding: .utf8)
        let comments = text.split(separator: "\n").filter { $0.contains("PIN pad input") }
        #expect(comments.count == 2, "\(text)")
        #expect(comments.first?.hasPrefix("# 1.0 ") == true && comments.last?.hasPrefix("# 4.0 ") == true, "\(comments)")
        #expect(!text.contains("86420") && !text.contains("keydown 8") && !text.contains("text \"8\""))
    }

    @Test("every recordable event becomes a line the script parser reads back as the same input")
    func linesParseBack() throws {
        let folder = TemporaryDirectory("recording")
        let file = folder.file("session.txt")
        let recorder = try InputRecorder(url: file, width: 1024, height: 640, pixelScale: (1, 1))
        recorder.record([
            .pointerMoved(x: 10.4, y: 20.6), .pointerDown(x: 10, y: 21, button: 1), .pointerUp(x: 12, y: 21, button: 1),
            .pointerDown(x: 5, y: 5, button: 3), .wheel(dx: 0, dy: -1.5),
        ], at: 0.5)
        recorder.record([
            .fingerDown(id: 7, x: 100, y: 200), .fingerMoved(id: 7, x: 110, y: 200), .fingerUp(id: 7, x: 110, y: 200),
            .keyDown(.character("l"), modifiers: [.control], isRepeat: false), .keyUp(.character("l"), modifiers: [.control]),
            .keyDown(.enter, modifiers: [], isRepeat: false), .text("Ça \"va\" \\ ok"), .fileDropped(path: "/tmp/a b.png"),
        ], at: 1.25)
        recorder.record([
            .gamepadAdded(id: 3, name: "pad"), .gamepadButton(id: 3, button: .a, pressed: true),
            .gamepadButton(id: 3, button: .a, pressed: false), .gamepadAxis(id: 3, axis: .leftX, value: 0.5),
            .gamepadRemoved(id: 3), .gamepadAdded(id: 4, name: "pad"), .windowResized(width: 800, height: 600),
            .focusChanged(focused: false), .audioDeviceLost, .audioDeviceAdded, .windowCloseRequested,
        ], at: 2)
        recorder.finish(at: 3)
        let lines = try HeadlessScript.parse(String(contentsOf: file, encoding: .utf8))
        let commands = lines.map(\.command)
        #expect(commands == [
            .resize(width: 1024, height: 640),
            .move(x: 10.4, y: 20.6), .down(x: 10, y: 21), .up(x: 12, y: 21), .wheel(dx: 0, dy: -1.5),
            .touchDown(id: 7, x: 100, y: 200), .touchMove(id: 7, x: 110, y: 200), .touchUp(id: 7, x: 110, y: 200),
            .keyDown(name: "l", modifiers: [.control], isRepeat: false), .keyUp(name: "l", modifiers: [.control]),
            .keyDown(name: "Return", modifiers: [], isRepeat: false), .text("Ça \"va\" \\ ok"),
            .drop(path: "/tmp/a b.png"),
            .pad(.a), .padAxis(.leftX, value: 0.5), .padUnplug, .padPlug, .resize(width: 800, height: 600),
            .audioLost, .audioBack, .close, .quit,
        ])
        #expect(lines.map(\.time) == [0, 0.5, 0.5, 0.5, 0.5] + Array(repeating: 1.25, count: 8)
            + Array(repeating: 2, count: 8) + [3])
    }

    @Test("a recording that cannot be written is refused with its path and what to check")
    func unwritable() {
        do {
            _ = try InputRecorder(url: URL(fileURLWithPath: "/nonexistent-folder/session.txt"), width: 640, height: 480, pixelScale: (1, 1))
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("/nonexistent-folder/session.txt") && error.description.contains("folder exists"))
        }
    }
}
