import Foundation
import TestSupport
import Testing

/// A normal launch says nothing on stderr: that is for what went wrong. In
/// RealWindowTests (an extension of it), so it runs with the other real-window tests,
/// one at a time.
extension RealWindowTests {
    @Test("a normal windowed launch, with no gamepad, writes nothing on stderr from start to Ctrl+Q")
    func normalLaunchIsQuiet() throws {
        let display = try VirtualDisplay()
        let cli = CLI()
        let errors = cli.folder.file("stderr.txt").path
        let app = try display.launch(["--data-dir", cli.dataDirectory, "--size", "1024x640"], standardError: errors)
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        // Past the first frames and the background work after them (the orphan sweep).
        usleep(1_500_000)
        try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "ctrl+q"])
        for _ in 0..<200 where app.isRunning { usleep(50_000) }
        #expect(!app.isRunning && app.terminationStatus == 0, "Ctrl+Q should quit the app")
        let said = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(said.isEmpty, "a normal launch wrote on stderr:\n\(said)")
    }
}
