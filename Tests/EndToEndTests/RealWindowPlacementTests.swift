import Foundation
import TestSupport
import Testing

/// Where the window opens. In
/// RealWindowTests (an extension of it), so it runs with the other real-window tests,
/// one at a time.
extension RealWindowTests {
    @Test("on a portrait screen the first window fits the screen, centred, with every edge on it")
    func portraitFirstWindowFits() throws {
        let display = try VirtualDisplay(screen: "1080x1920x24")
        let manager = try display.startWindowManager()
        defer { kill(manager.processIdentifier, SIGKILL); manager.waitUntilExit() }
        let cli = CLI()
        // No --size and nothing remembered: the first launch's own size.
        let app = try display.launch(["--data-dir", cli.dataDirectory, "--mute"])
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        usleep(500_000)
        let frame = try Self.geometry(display, windowID)
        #expect(frame.x >= 0 && frame.x + frame.width <= 1080, "the window leaves the screen sideways: \(frame)")
        #expect(frame.y >= 0 && frame.y + frame.height <= 1920, "the window leaves the screen: \(frame)")
        #expect(frame.width >= 900, "it should still use most of the width: \(frame)")
        // Centred: as much room on the left as on the right (a frame border apart).
        let left = frame.x, right = 1080 - frame.x - frame.width
        #expect(abs(left - right) <= 12, "not centred: \(frame)")
        try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "ctrl+q"])
        for _ in 0..<200 where app.isRunning { usleep(50_000) }
    }
}
