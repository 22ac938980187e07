import Foundation
import TestSupport
import Testing

struct VirtualDisplayError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// An X server of our own (Xvfb) for tests that need a real window.
final class VirtualDisplay {
    let display: String
    private let server: Process

    init(screen: String = "1280x800x24") throws {
        // The server picks a display number it can really take (-displayfd) and writes it
        // to its standard output once it accepts connections. Picking one by looking for
        // lock files raced: two tests starting together, or a server whose files this
        // process cannot see, left the app connecting to no server or to another's.
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        server.arguments = ["-displayfd", "1", "-screen", "0", screen, "-nolisten", "tcp"]
        let announced = Pipe()
        server.standardOutput = announced
        server.standardError = FileHandle.nullDevice
        try server.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = announced.fileHandleForReading.availableData
            if chunk.isEmpty { break }  // the server exited without a display
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
            throw VirtualDisplayError(message: "Xvfb did not start (it said \"\(text)\")")
        }
        display = ":\(number)"
    }

    deinit {
        // SIGKILL: a child spawned from a test thread can inherit a signal mask that
        // blocks SIGTERM, and a server that ignores it would hang the test run.
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
    }

    /// Runs an X tool (xdotool, import) on this display and returns its output. A tool
    /// still running after `timeout` seconds is stopped, so a test can never hang.
    @discardableResult
    func tool(_ path: String, _ arguments: [String], timeout: Double = 10) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        return String(decoding: data, as: UTF8.self)
    }

    /// Starts a window manager (openbox) on this display and gives it a moment to
    /// take over; the caller kills it when done.
    func startWindowManager() throws -> Process {
        let manager = Process()
        manager.executableURL = URL(fileURLWithPath: "/usr/bin/openbox")
        manager.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        manager.standardOutput = FileHandle.nullDevice
        manager.standardError = FileHandle.nullDevice
        try manager.run()
        usleep(500_000)
        return manager
    }

    /// Starts the app on this display (no sound device unless `environment` names
    /// one), not waiting for it.
    func launch(_ arguments: [String], environment: [String: String] = [:]) throws -> Process {
        let app = Process()
        app.executableURL = StressPunchProcess.executableURL
        app.arguments = arguments
        app.environment = ProcessInfo.processInfo.environment
            .merging(["DISPLAY": display, "SDL_AUDIODRIVER": "dummy"]) { $1 }.merging(environment) { $1 }
        app.standardOutput = FileHandle.nullDevice
        app.standardError = FileHandle.nullDevice
        try app.run()
        return app
    }

    /// Starts the app on this display as `launch` does, with its standard error written
    /// to the file at `standardError` (made, or emptied, here) to be read once it quits.
    func launch(_ arguments: [String], standardError path: String, environment: [String: String] = [:]) throws -> Process {
        guard FileManager.default.createFile(atPath: path, contents: nil), let errors = FileHandle(forWritingAtPath: path) else {
            throw VirtualDisplayError(message: "cannot write \(path)")
        }
        defer { try? errors.close() }
        let app = Process()
        app.executableURL = StressPunchProcess.executableURL
        app.arguments = arguments
        app.environment = ProcessInfo.processInfo.environment
            .merging(["DISPLAY": display, "SDL_AUDIODRIVER": "dummy"]) { $1 }.merging(environment) { $1 }
        app.standardOutput = FileHandle.nullDevice
        app.standardError = errors
        try app.run()
        return app
    }

    /// The id of the first visible window whose name contains `name`, waiting up to
    /// `timeout` seconds for it to appear.
    func waitForWindow(named name: String, timeout: Double = 15) throws -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let found = try tool("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", name], timeout: 3)
            if let first = found.split(separator: "\n").first { return String(first) }
            usleep(100_000)
        }
        return nil
    }
}

/// Timing-sensitive (it watches a half-second animation on a real X server), so
/// `make test` runs it on its own after the other tests rather than beside them.
@Suite("A real window under Xvfb", .serialized)
struct RealWindowTests {
    @Test("clicking the real window with xdotool punches the target: it shows on the X screen and is counted")
    func clickRealWindow() throws {
        let display = try VirtualDisplay()
        let cli = CLI()
        let picture = try cli.file("photo.png", TestPNG.solid(width: 400, height: 300, rgba: (230, 120, 40, 255)))
        #expect(try cli.run("targets", "add", "--name", "Real", "--image", picture).status == 0)
        let id = try #require(try cli.list().last?.id)
        #expect(try cli.run("targets", "select", String(id)).status == 0)

        let app = try display.launch(["--data-dir", cli.dataDirectory, "--size", "1024x640", "--mute"])
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }

        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        let geometry = try display.tool("/usr/bin/xdotool", ["getwindowgeometry", "--shell", windowID])
        func value(_ key: String) -> Int {
            geometry.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) } ?? 0
        }
        let centerX = value("X") + value("WIDTH") / 2, centerY = value("Y") + value("HEIGHT") / 2 + 20

        // Wait until the app has drawn the photo (it decodes off the frame path, and a
        // busy machine may take a while): the centre turns the photo's orange.
        let before = cli.folder.file("before.xwd").path
        var ready = false
        for _ in 0..<60 where !ready {
            try display.tool("/bin/sh", ["-c", "xwd -root -silent > '\(before)'"])
            let pixel = try Screenshot(before).pixel(centerX, centerY)
            ready = pixel[0] > 200 && pixel[1] > 90 && pixel[1] < 150 && pixel[2] < 70
            if !ready { usleep(250_000) }
        }
        #expect(ready, "the photo never appeared in the window")

        try display.tool("/usr/bin/xdotool", ["mousemove", String(centerX), String(centerY), "click", "1"])
        // The sprite and squash last about half a second, so capture the screen in a
        // tight loop with xwd (fast raw dumps) and look at the captures afterwards.
        var captures: [String] = []
        let deadline = Date().addingTimeInterval(2.5)
        while Date() < deadline {
            let capture = cli.folder.file("after-\(captures.count).xwd").path
            try display.tool("/bin/sh", ["-c", "xwd -root -silent > '\(capture)'"])
            captures.append(capture)
        }
        let reference = try Screenshot(before)
        var changed = 0
        for capture in captures where changed <= 2000 {
            changed = max(changed, try Screenshot(capture).changedPixels(comparedTo: reference, aroundX: centerX, y: centerY, radius: 70))
        }
        #expect(changed > 2000)

        // Escape goes back a level; on the punch screen there is none, so it stays.
        try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "Escape"])
        usleep(500_000)
        #expect(app.isRunning, "Escape must not quit")
        try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "ctrl+q"])
        for _ in 0..<200 where app.isRunning { usleep(50_000) }
        #expect(!app.isRunning, "Ctrl+Q should close the window")
        #expect(try cli.list().first { $0.id == id }?.punches == 1)
    }

    @Test("a kiosk covers the whole X screen even without a window manager; Alt+F4 opens the PIN pad and the PIN quits")
    func kioskRealWindow() throws {
        let display = try VirtualDisplay()
        let cli = CLI()
        let set = try StressPunchProcess.run(["--data-dir", cli.dataDirectory, "kiosk", "set-pin"], standardInput: "2468\n")
        #expect(set.status == 0)

        let app = try display.launch(["--data-dir", cli.dataDirectory, "--kiosk", "--mute"])
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }

        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        let geometry = try display.tool("/usr/bin/xdotool", ["getwindowgeometry", "--shell", windowID])
        #expect(geometry.contains("X=0") && geometry.contains("Y=0") && geometry.contains("WIDTH=1280") && geometry.contains("HEIGHT=800"),
                "\(geometry)")
        // Drawn to the corners: the screen's bottom-left is the app's dark blue, not X's black.
        let shot = cli.folder.file("kiosk.xwd").path
        var covered = false
        for _ in 0..<40 where !covered {
            try display.tool("/bin/sh", ["-c", "xwd -root -silent > '\(shot)'"])
            let corner = try Screenshot(shot).pixel(4, 796)
            covered = corner[2] > 20
            if !covered { usleep(250_000) }
        }
        #expect(covered, "the kiosk does not reach the screen's corner")

        for key in ["alt+F4", "ctrl+q"] {
            try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, key])
        }
        usleep(800_000)
        #expect(app.isRunning, "Alt+F4 and Ctrl+Q must not quit a kiosk")
        try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "2", "4", "6", "8", "Return"])
        for _ in 0..<200 where app.isRunning { usleep(50_000) }
        #expect(!app.isRunning, "the right PIN should quit")
        #expect(app.terminationStatus == 0)
    }

    /// The window's geometry as xdotool reports it.
    static func geometry(_ display: VirtualDisplay, _ windowID: String) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let text = try display.tool("/usr/bin/xdotool", ["getwindowgeometry", "--shell", windowID])
        func value(_ key: String) -> Int {
            text.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) } ?? -1
        }
        return (value("X"), value("Y"), value("WIDTH"), value("HEIGHT"))
    }

    /// Waits up to `timeout` seconds for `condition`.
    static func eventually(_ timeout: Double = 5, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            usleep(100_000)
        }
        return try condition()
    }

    @Test("F11 in a real window smaller than the screen goes fullscreen and back, again and again, while drawing")
    func fullscreenToggles() throws {
        let display = try VirtualDisplay()
        let cli = CLI()
        let app = try display.launch(["--data-dir", cli.dataDirectory, "--size", "1024x640", "--mute"])
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        for round in 0..<6 {
            try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "F11"])
            let fullscreen = round % 2 == 0
            let reached = try Self.eventually {
                let size = try Self.geometry(display, windowID)
                return fullscreen ? (size.width, size.height) == (1280, 800) : (size.width, size.height) == (1024, 640)
            }
            let now = try Self.geometry(display, windowID)
            #expect(reached, "round \(round): \(now)")
            // A punch while the window changes keeps the band threads busy drawing.
            try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "space"])
            #expect(app.isRunning, "the app died in round \(round)")
        }
        // Fullscreen once more, then the screen's bottom-left corner is the app's, not X's black.
        try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "F11"])
        let shot = cli.folder.file("full.xwd").path
        let covered = try Self.eventually {
            try display.tool("/bin/sh", ["-c", "xwd -root -silent > '\(shot)'"])
            return try Screenshot(shot).pixel(4, 796)[2] > 20
        }
        #expect(covered)
        try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "ctrl+q"])
        for _ in 0..<200 where app.isRunning { usleep(50_000) }
        #expect(!app.isRunning && app.terminationStatus == 0)
    }

    @Test("--fullscreen covers the screen and lays out at its size; the first F11 goes back to a window")
    func startFullscreen() throws {
        let display = try VirtualDisplay()
        let cli = CLI()
        let app = try display.launch(["--data-dir", cli.dataDirectory, "--fullscreen", "--mute"])
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        #expect(try Self.eventually { try Self.geometry(display, windowID) == (0, 0, 1280, 800) })
        // The favorites bar is drawn near the bottom of the real screen (a card's light
        // border), once the app has drawn a frame at the new size (on a busy machine
        // that can come a little after the window took it).
        let shot = cli.folder.file("fullscreen.xwd").path
        let rowHasCards = try Self.eventually {
            try display.tool("/bin/sh", ["-c", "xwd -root -silent > '\(shot)'"])
            let bottom = try Screenshot(shot)
            return (0..<1280).contains { x in bottom.pixel(x, 740)[0] > 45 }
        }
        #expect(rowHasCards, "no favorites bar near the bottom of a 1280x800 fullscreen")
        try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "F11"])
        #expect(try Self.eventually { let g = try Self.geometry(display, windowID); return (g.width, g.height) == (1280, 720) })
    }

    @Test("the window title is UTF-8 in both X properties and follows the selection")
    func windowTitle() throws {
        let display = try VirtualDisplay()
        let cli = CLI()
        let app = try display.launch(["--data-dir", cli.dataDirectory, "--mute"])
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        let favorites = try cli.list().filter(\.favorite)
        let second = try #require(favorites.dropFirst().first)
        func properties() throws -> String {
            try display.tool("/usr/bin/env", ["LC_ALL=C.UTF-8", "/usr/bin/xprop", "-id", windowID, "WM_NAME", "_NET_WM_NAME"])
        }
        // The window is mapped with the bare name; the target's is set with the first
        // frame, which on a busy machine comes a moment later.
        _ = try Self.eventually { try properties().contains("StressPunch — ") }
        let first = try properties()
        #expect(first.contains("_NET_WM_NAME(UTF8_STRING) = \"StressPunch — \(favorites[0].name)\""), "\(first)")
        // Not UTF-8 bytes passed off as Latin-1 STRING (what SDL2 writes there).
        #expect(first.contains("WM_NAME(COMPOUND_TEXT)"), "\(first)")
        try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "2"])
        #expect(try Self.eventually { try properties().contains("StressPunch — \(second.name)") })
    }

    @Test("under a window manager: F11 through the manager, minimize and restore in and out of fullscreen, and it still draws")
    func windowManagerTransitions() throws {
        let display = try VirtualDisplay()
        let manager = try display.startWindowManager()
        defer { kill(manager.processIdentifier, SIGKILL); manager.waitUntilExit() }
        let cli = CLI()
        let app = try display.launch(["--data-dir", cli.dataDirectory, "--size", "1024x640", "--mute"])
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        func state() throws -> String { try display.tool("/usr/bin/xprop", ["-id", windowID, "WM_STATE"]) }
        for round in 0..<4 {
            try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "F11"])
            let fullscreen = round % 2 == 0
            #expect(try Self.eventually {
                let size = try Self.geometry(display, windowID)
                return fullscreen ? (size.width, size.height) == (1280, 800) : (size.width, size.height) == (1024, 640)
            }, "round \(round)")
            try display.tool("/usr/bin/xdotool", ["windowminimize", windowID])
            #expect(try Self.eventually { try state().contains("Iconic") }, "round \(round): not minimized")
            try display.tool("/usr/bin/xdotool", ["windowactivate", windowID])
            #expect(try Self.eventually { try state().contains("Normal") }, "round \(round): not restored")
            try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "space"])
            #expect(app.isRunning, "the app died in round \(round)")
        }
        // Still drawing after all that: the window's bottom middle shows the app, not black.
        let shot = cli.folder.file("after.xwd").path
        #expect(try Self.eventually(10) {
            let size = try Self.geometry(display, windowID)
            try display.tool("/bin/sh", ["-c", "xwd -root -silent > '\(shot)'"])
            let screen = try Screenshot(shot)
            let x = min(screen.width - 1, max(0, size.x + size.width / 2))
            let y = min(screen.height - 1, max(0, size.y + size.height - 20))
            return screen.pixel(x, y)[2] > 20
        })
        try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "ctrl+q"])
        for _ in 0..<200 where app.isRunning { usleep(50_000) }
        #expect(!app.isRunning && app.terminationStatus == 0)
    }

    /// The share of a grid of points over the window that shows the app (its blue
    /// backdrop, cards and art), not the black of a window the server lost.
    static func shownShare(_ display: VirtualDisplay, _ windowID: String, shot: String) throws -> Double {
        let size = try geometry(display, windowID)
        try display.tool("/bin/sh", ["-c", "xwd -root -silent > '\(shot)'"])
        let screen = try Screenshot(shot)
        var shown = 0, total = 0
        for row in 0..<12 {
            for column in 0..<12 {
                let x = min(screen.width - 1, max(0, size.x + size.width * (2 * column + 1) / 24))
                let y = min(screen.height - 1, max(0, size.y + size.height * (2 * row + 1) / 24))
                let pixel = screen.pixel(x, y)
                total += 1
                if Int(pixel[0]) + Int(pixel[1]) + Int(pixel[2]) > 40 { shown += 1 }
            }
        }
        return Double(shown) / Double(total)
    }

    @Test("a kiosk at rest, minimized by the window manager, comes back and shows its whole frame again without any input")
    func restoredKioskShowsWholeFrame() throws {
        let display = try VirtualDisplay()
        let manager = try display.startWindowManager()
        defer { kill(manager.processIdentifier, SIGKILL); manager.waitUntilExit() }
        let cli = CLI()
        let set = try StressPunchProcess.run(["--data-dir", cli.dataDirectory, "kiosk", "set-pin"], standardInput: "2468\n")
        #expect(set.status == 0)
        let app = try display.launch(["--data-dir", cli.dataDirectory, "--kiosk", "--mute"])
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        let shot = cli.folder.file("kiosk.xwd").path
        #expect(try Self.eventually(10) { try Self.shownShare(display, windowID, shot: shot) > 0.97 }, "the first frame never showed whole")
        func state() throws -> String { try display.tool("/usr/bin/xprop", ["-id", windowID, "WM_STATE"]) }
        for round in 0..<3 {
            // The kiosk restores itself (a kiosk keeps itself in front), so it is
            // minimized for only a moment: no waiting for the Iconic state here.
            try display.tool("/usr/bin/xdotool", ["windowminimize", windowID])
            usleep(300_000)
            #expect(try Self.eventually { try state().contains("Normal") }, "round \(round): not restored")
            // No key, no click: only the window system's events may bring the frame back.
            #expect(try Self.eventually(5) { try Self.shownShare(display, windowID, shot: shot) > 0.97 },
                    "round \(round): the restored kiosk does not show its whole frame")
        }
    }

    @Test("on a portrait screen, F11 at rest shows the whole frame at the new size, and F11 again the window")
    func portraitFullscreenShowsWholeFrame() throws {
        let display = try VirtualDisplay(screen: "1080x1920x24")
        let manager = try display.startWindowManager()
        defer { kill(manager.processIdentifier, SIGKILL); manager.waitUntilExit() }
        let cli = CLI()
        let app = try display.launch(["--data-dir", cli.dataDirectory, "--size", "900x1200", "--mute"])
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        let shot = cli.folder.file("portrait.xwd").path
        #expect(try Self.eventually(10) { try Self.shownShare(display, windowID, shot: shot) > 0.97 })
        for round in 0..<2 {
            try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "F11"])
            let fullscreen = round == 0
            #expect(try Self.eventually {
                let size = try Self.geometry(display, windowID)
                return fullscreen ? (size.width, size.height) == (1080, 1920) : (size.width, size.height) == (900, 1200)
            }, "round \(round)")
            #expect(try Self.eventually(5) { try Self.shownShare(display, windowID, shot: shot) > 0.97 },
                    "round \(round): only part of the frame shows")
        }
        try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "ctrl+q"])
        for _ in 0..<200 where app.isRunning { usleep(50_000) }
    }
}
