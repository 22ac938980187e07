import Foundation
import TestSupport
import Testing

/// Where the window opens, and a kiosk under a desktop session's window manager. In
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

    @Test("a kiosk under a window manager stays above, on every desktop, and comes back by itself when minimized or left")
    func kioskKeepsItselfForward() throws {
        let display = try VirtualDisplay()
        let manager = try display.startWindowManager()
        defer { kill(manager.processIdentifier, SIGKILL); manager.waitUntilExit() }
        let cli = CLI()
        let set = try StressPunchProcess.run(["--data-dir", cli.dataDirectory, "kiosk", "set-pin"], standardInput: "2468\n")
        #expect(set.status == 0)
        let app = try display.launch(["--data-dir", cli.dataDirectory, "--kiosk", "--mute"])
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        func netState() throws -> String { try display.tool("/usr/bin/xprop", ["-id", windowID, "_NET_WM_STATE"]) }
        func viewable() throws -> Bool { try display.tool("/usr/bin/xwininfo", ["-id", windowID]).contains("IsViewable") }
        func focused() throws -> Bool {
            let focus = try display.tool("/usr/bin/xdotool", ["getwindowfocus"]).trimmingCharacters(in: .whitespacesAndNewlines)
            return focus == windowID
        }
        #expect(try Self.eventually { try netState().contains("_NET_WM_STATE_ABOVE") }, "not kept above: \((try? netState()) ?? "")")
        #expect(try Self.eventually { try netState().contains("_NET_WM_STATE_FULLSCREEN") }, "not fullscreen: \((try? netState()) ?? "")")
        for round in 0..<2 {
            // The window manager minimizes it (its keys, or a click on a panel): it is back at once.
            try display.tool("/usr/bin/xdotool", ["windowminimize", windowID])
            usleep(300_000)
            #expect(try Self.eventually { try viewable() && (try? netState().contains("_NET_WM_STATE_HIDDEN")) == false },
                    "round \(round): the kiosk stayed minimized")
            #expect(try Self.eventually { try focused() }, "round \(round): the kiosk did not take the focus back")
            // Another desktop (Ctrl+Alt+Right in openbox): the kiosk is there too.
            try display.tool("/usr/bin/xdotool", ["key", "ctrl+alt+Right"])
            usleep(300_000)
            #expect(try Self.eventually { try viewable() }, "round \(round): the kiosk was left on the other desktop")
            try display.tool("/usr/bin/xdotool", ["key", "ctrl+alt+Left"])
        }
        #expect(app.isRunning, "the kiosk must not quit")
        #expect(try Self.eventually(5) { try Self.shownShare(display, windowID, shot: cli.folder.file("k.xwd").path) > 0.97 },
                "the kiosk does not show its whole frame again")
    }
}
