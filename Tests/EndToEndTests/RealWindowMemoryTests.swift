import Foundation
import TestSupport
import Testing

extension RealWindowTests {
    @Test("under a window manager the window reopens with the size and place it was left at, and fullscreen if it was")
    func windowRemembered() throws {
        let display = try VirtualDisplay()
        let manager = try display.startWindowManager()
        defer { kill(manager.processIdentifier, SIGKILL); manager.waitUntilExit() }
        let cli = CLI()
        func launchAndQuit(_ change: (String) throws -> Void) throws -> (x: Int, y: Int, width: Int, height: Int) {
            let app = try display.launch(["--data-dir", cli.dataDirectory, "--mute"])
            defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
            let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
            usleep(500_000)
            let opened = try Self.geometry(display, windowID)
            try change(windowID)
            try display.tool("/usr/bin/xdotool", ["windowfocus", "--sync", windowID])
            try display.tool("/usr/bin/xdotool", ["key", "ctrl+q"])
            for _ in 0..<200 where app.isRunning { usleep(50_000) }
            #expect(!app.isRunning && app.terminationStatus == 0)
            return opened
        }
        _ = try launchAndQuit { window in
            try display.tool("/usr/bin/xdotool", ["windowsize", window, "900", "560"])
            try display.tool("/usr/bin/xdotool", ["windowmove", window, "140", "90"])
            usleep(400_000)
        }
        let second = try launchAndQuit { _ in }
        #expect((second.width, second.height) == (900, 560), "\(second)")
        let third = try launchAndQuit { window in
            // Still the same place: it does not creep by the title bar each launch.
            try display.tool("/usr/bin/xdotool", ["key", "--window", window, "F11"])
            usleep(600_000)
        }
        #expect(third == second, "opened at \(third), last time at \(second)")
        let fourth = try launchAndQuit { _ in }
        #expect((fourth.width, fourth.height) == (1280, 800), "F11 was on at quit, so it reopens fullscreen: \(fourth)")
        #expect(try cli.run("settings", "get", "fullscreen").standardOutput == "on\n")
    }
}
