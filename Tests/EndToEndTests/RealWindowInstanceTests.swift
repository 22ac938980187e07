import Foundation
import TestSupport
import Testing

/// One app on a library at a time. In RealWindowTests (an extension of it), so it
/// runs with the other real-window tests, one at a time.
extension RealWindowTests {
    @Test("a second launch on the same library brings the first window back to the front and exits; restore-backup waits for it to quit")
    func secondLaunchRaisesTheFirst() throws {
        let display = try VirtualDisplay()
        let manager = try display.startWindowManager()
        defer { kill(manager.processIdentifier, SIGKILL); manager.waitUntilExit() }
        let cli = CLI()
        let first = try display.launch(["--data-dir", cli.dataDirectory, "--mute"])
        defer { if first.isRunning { kill(first.processIdentifier, SIGKILL) } }
        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        usleep(500_000)
        func state() throws -> String { try display.tool("/usr/bin/xprop", ["-id", windowID, "WM_STATE"]) }
        try display.tool("/usr/bin/xdotool", ["windowminimize", windowID])
        #expect(try Self.eventually { try state().contains("Iconic") }, "not minimized")

        // Under `timeout`: a second app that opened a window of its own would run on.
        let environment = ["DISPLAY": display.display, "SDL_AUDIODRIVER": "dummy"]
        let second = try StressPunchProcess.run(["--data-dir", cli.dataDirectory, "--mute"], environment: environment,
                                                wrapper: ["/usr/bin/timeout", "-s", "KILL", "10"])
        #expect(second.status == 0, "\(second.status): \(second.standardError)")
        #expect(second.standardError.contains("already running on this library (process \(first.processIdentifier))"),
                "\(second.standardError)")
        #expect(second.standardError.split(separator: "\n").count == 1, "one line: \(second.standardError)")
        #expect(try Self.eventually { try state().contains("Normal") }, "the first window was not brought back")
        let windows = try display.tool("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "StressPunch"])
        #expect(windows.split(separator: "\n").count == 1, "one window: \(windows)")
        #expect(first.isRunning)

        // Swapping the library file under the running app would lose what it saves.
        let restore = try cli.run("library", "restore-backup")
        #expect(restore.status == 1 && restore.standardError.contains("StressPunch is running on this library"),
                "\(restore.standardError)")

        try display.tool("/usr/bin/xdotool", ["windowfocus", "--sync", windowID])
        try display.tool("/usr/bin/xdotool", ["key", "ctrl+q"])
        for _ in 0..<200 where first.isRunning { usleep(50_000) }
        #expect(!first.isRunning && first.terminationStatus == 0)
        // Once it has quit the library is free again.
        let after = try cli.run("library", "restore-backup", "--yes")
        #expect(!after.standardError.contains("is running"), "\(after.standardError)")
    }
}

extension RealWindowTests {
    @Test("a second launch raises no window but the holder's own: a foreign id written into the lock is refused with one line, the window left hidden")
    func foreignWindowInTheLockIsNotRaised() throws {
        let display = try VirtualDisplay()
        let cli = CLI()
        _ = try cli.list()
        // Somebody else's window, hidden.
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/usr/bin/xmessage")
        other.arguments = ["-name", "hiddenwindow", "-title", "Hidden", "not StressPunch"]
        other.environment = ["DISPLAY": display.display, "PATH": "/usr/bin:/bin"]
        try other.run()
        defer { kill(other.processIdentifier, SIGKILL); other.waitUntilExit() }
        let hidden = try #require(try display.waitForWindow(named: "Hidden"), "xmessage showed no window")
        try display.tool("/usr/bin/xdotool", ["windowunmap", "--sync", hidden])
        // A local process takes the lock and writes that window into it.
        let lockFile = cli.dataDirectory + "/app.lock"
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        holder.arguments = ["-c", """
            import fcntl, os, sys, time
            f = open(sys.argv[1], "r+" if os.path.exists(sys.argv[1]) else "w+")
            fcntl.lockf(f, fcntl.LOCK_EX)
            f.truncate(0); f.write("%d\\n%d\\n" % (os.getpid(), int(sys.argv[2]))); f.flush()
            print("locked", flush=True)
            time.sleep(30)
            """, lockFile, hidden]
        let said = Pipe()
        holder.standardOutput = said
        try holder.run()
        defer { kill(holder.processIdentifier, SIGKILL); holder.waitUntilExit() }
        _ = said.fileHandleForReading.availableData

        let environment = ["DISPLAY": display.display, "SDL_AUDIODRIVER": "dummy"]
        let second = try StressPunchProcess.run(["--data-dir", cli.dataDirectory, "--mute"], environment: environment,
                                                wrapper: ["/usr/bin/timeout", "-s", "KILL", "10"])
        #expect(second.status == 1, "\(second.status): \(second.standardError)")
        #expect(second.standardError.contains("already running on this library (process \(holder.processIdentifier))"),
                "\(second.standardError)")
        #expect(second.standardError.split(separator: "\n").count == 1, "one line: \(second.standardError)")
        usleep(500_000)
        let visible = try display.tool("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "Hidden"])
        #expect(visible.isEmpty, "the foreign window was shown: \(visible)")
    }
}
