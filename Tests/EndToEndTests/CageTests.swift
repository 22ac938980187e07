import Foundation
import TestSupport
import Testing

/// cage, the Wayland kiosk compositor, on wlroots' headless backend with the app as its
/// one client, and grim reading back what the output shows.
///
/// cage refuses to run as root, so as root (CI) it runs as an ordinary user of its own,
/// made here if missing, with the app and its pictures copied where that user can read
/// them. The output is turned 180° (`-r -r`): Debian 12's cage 0.1.4 scans a view that
/// covers the whole output straight out to it, and on the headless backend its damage
/// history then forgets that, so a capture of any full-size client at rest (xlogo as
/// well as ours) is black apart from what changed since; turned, the output cannot take
/// the client's buffer as it is, and cage composites every frame as a real screen's
/// compositing path does.
final class CageSession {
    static let user = "stresspunch-cage"

    let folder = TemporaryDirectory("cage")
    private let compositor: Process
    private let runtimeDirectory: URL
    private let asUser: [String]

    /// Starts cage (`rotation`: cage's `-r` flags) with the app inside it, on SDL's
    /// `driver` (x11: through XWayland; wayland: natively, on Mesa's software EGL).
    /// With `swayScale`, sway runs instead, on a 2560x1440 output of that scale (cage
    /// 0.1.4 cannot scale its output), the app tiled over all of it.
    init(driver: String, rotation: Int = 2, swayScale: Int? = nil, arguments: [String] = []) throws {
        let isRoot = getuid() == 0
        if isRoot { try Self.ensureUser() }
        asUser = isRoot ? ["/usr/sbin/runuser", "-u", Self.user, "--"] : []
        // The app beside its pictures, where the user can read them.
        let app = folder.file("app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let built = StressPunchProcess.executableURL
        try FileManager.default.copyItem(at: built, to: app.appendingPathComponent("stresspunch"))
        let resources = built.deletingLastPathComponent().appendingPathComponent("StressPunch_Assets.resources")
        try FileManager.default.copyItem(at: resources, to: app.appendingPathComponent("StressPunch_Assets.resources"))
        runtimeDirectory = folder.file("runtime")
        let data = folder.file("data")
        for directory in [runtimeDirectory, data] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtimeDirectory.path)
        if isRoot {
            for directory in [runtimeDirectory, data] {
                _ = try ToolProcess.run("/bin/chown", ["-R", Self.user, directory.path])
            }
        }
        var environment = [
            "XDG_RUNTIME_DIR=\(runtimeDirectory.path)", "WLR_BACKENDS=headless", "WLR_RENDERER=pixman",
            "WLR_LIBINPUT_NO_DEVICES=1", "SDL_VIDEODRIVER=\(driver)", "SDL_AUDIODRIVER=dummy", "HOME=\(data.path)",
            "PATH=/usr/bin:/bin",
        ]
        if driver == "wayland" { environment.append("LIBGL_ALWAYS_SOFTWARE=1") }
        compositor = Process()
        compositor.executableURL = URL(fileURLWithPath: isRoot ? "/usr/sbin/runuser" : "/usr/bin/env")
        let appCommand = [app.appendingPathComponent("stresspunch").path, "--data-dir", data.path, "--mute"] + arguments
        let command: [String]
        if let swayScale {
            let config = folder.file("sway.conf")
            try Data("""
                output HEADLESS-1 resolution 2560x1440 scale \(swayScale)
                default_border none
                xwayland \(driver == "x11" ? "enable" : "disable")
                exec \(appCommand.joined(separator: " "))

                """.utf8).write(to: config)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: config.path)
            command = ["/usr/bin/env", "-i"] + environment + ["/usr/bin/sway", "-c", config.path]
        } else {
            let flags = Array(repeating: "-r", count: rotation) + ["-d", "--"]
            command = ["/usr/bin/env", "-i"] + environment + ["/usr/bin/cage"] + flags + appCommand
        }
        compositor.arguments = isRoot ? ["-u", Self.user, "--"] + command : Array(command.dropFirst())
        compositor.standardOutput = FileHandle.nullDevice
        compositor.standardError = FileHandle.nullDevice
        try compositor.run()
    }

    deinit {
        kill(compositor.processIdentifier, SIGTERM)
        for _ in 0..<40 where compositor.isRunning { usleep(50_000) }
        if compositor.isRunning { kill(compositor.processIdentifier, SIGKILL) }
        compositor.waitUntilExit()
        // Whatever it started (XWayland, the app) goes with it.
        if getuid() == 0 { _ = try? ToolProcess.run("/usr/bin/pkill", ["-KILL", "-u", Self.user, "-f", folder.url.path]) }
    }

    var isRunning: Bool { compositor.isRunning }

    /// The user cage runs as when the tests run as root.
    static func ensureUser() throws {
        if (try? ToolProcess.run("/usr/bin/id", ["-u", user]))?.status == 0 { return }
        let made = try ToolProcess.run("/usr/sbin/useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", user])
        if made.status != 0 && (try? ToolProcess.run("/usr/bin/id", ["-u", user]))?.status != 0 {
            throw VirtualDisplayError(message: "cannot make the user cage runs as: \(made.standardError)")
        }
    }

    /// What the output shows now, captured with grim (nil until cage is up).
    func capture(_ name: String) throws -> Screenshot? {
        // In the runtime folder: cage's user writes it, and root reads anything.
        let file = runtimeDirectory.appendingPathComponent(name + ".png")
        // cage takes wayland-0; sway the first free one.
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory.path)) ?? []
        guard let socket = entries.sorted().first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }) else { return nil }
        let result = try ToolProcess.run(asUser.first ?? "/usr/bin/env", Array(asUser.dropFirst()) + [
            "/usr/bin/env", "XDG_RUNTIME_DIR=\(runtimeDirectory.path)", "WAYLAND_DISPLAY=\(socket)", "/usr/bin/grim", file.path,
        ])
        guard result.status == 0 else { return nil }
        return try Screenshot(file.path)
    }

    /// Runs `swaymsg` with `arguments` on this session's sway, as its user.
    @discardableResult
    func swaymsg(_ arguments: [String]) throws -> ProcessResult {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory.path)) ?? []
        guard let socket = entries.first(where: { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") }) else {
            throw VirtualDisplayError(message: "sway has no IPC socket")
        }
        return try ToolProcess.run(asUser.first ?? "/usr/bin/env", Array(asUser.dropFirst()) + [
            "/usr/bin/env", "SWAYSOCK=\(runtimeDirectory.appendingPathComponent(socket).path)", "/usr/bin/swaymsg",
        ] + arguments)
    }

    /// The X display XWayland serves the app on (read from the app's environment).
    func xDisplay() throws -> String? {
        let found = try ToolProcess.run("/usr/bin/pgrep", ["-f", folder.file("app").path + "/stresspunch"])
        for pid in found.standardOutput.split(separator: "\n") {
            guard let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { continue }
            for entry in environment.split(separator: 0) where entry.starts(with: Array("DISPLAY=".utf8)) {
                return String(decoding: entry.dropFirst(8), as: UTF8.self)
            }
        }
        return nil
    }

    /// Runs an X tool on XWayland's display, as cage's user.
    @discardableResult
    func xTool(_ arguments: [String]) throws -> ProcessResult {
        guard let display = try xDisplay() else { throw VirtualDisplayError(message: "the app has no X display") }
        return try ToolProcess.run(asUser.first ?? "/usr/bin/env", Array(asUser.dropFirst()) + ["/usr/bin/env", "DISPLAY=\(display)"] + arguments)
    }
}

/// The share of a 16 x 16 grid over the picture that shows the app (its blue backdrop,
/// cards and art), not a compositor's black.
func shownShare(_ screen: Screenshot) -> Double {
    guard screen.width > 0, screen.height > 0 else { return 0 }
    var shown = 0
    for row in 0..<16 {
        for column in 0..<16 {
            let pixel = screen.pixel(screen.width * (2 * column + 1) / 32, screen.height * (2 * row + 1) / 32)
            if Int(pixel[0]) + Int(pixel[1]) + Int(pixel[2]) > 40 { shown += 1 }
        }
    }
    return Double(shown) / 256
}

/// Needs cage, XWayland and grim (`make test` installs them); run with the real-window
/// tests, on their own, since each starts a compositor.
@Suite("The app under cage, the Wayland kiosk compositor", .serialized)
struct CageTests {
    /// Waits up to `timeout` seconds for a capture that `condition` accepts; returns the last.
    static func capture(_ cage: CageSession, _ name: String, timeout: Double = 15,
                        until condition: (Screenshot) -> Bool) throws -> Screenshot? {
        let deadline = Date().addingTimeInterval(timeout)
        var last: Screenshot?
        repeat {
            if let shot = try cage.capture(name) {
                last = shot
                if condition(shot) { return shot }
            }
            usleep(250_000)
        } while Date() < deadline
        return last
    }

    @Test("through XWayland: the first frame shows whole at rest, and so does each frame after keys and help")
    func throughXWayland() throws {
        let cage = try CageSession(driver: "x11")
        let first = try Self.capture(cage, "first") { shownShare($0) > 0.97 }
        #expect(first.map(shownShare) ?? 0 > 0.97, "the first frame does not show whole under cage")
        #expect(first?.width == 1280 && first?.height == 720)
        let window = try #require(try cage.xTool(["/usr/bin/xdotool", "search", "--name", "StressPunch"])
            .standardOutput.split(separator: "\n").first.map(String.init), "no app window on XWayland")
        // A favorite's number key selects it: the title, card ring and picture change.
        try cage.xTool(["/usr/bin/xdotool", "key", "--window", window, "2"])
        _ = try Self.capture(cage, "selecting") { shot in
            first.map { shot.changedPixels(comparedTo: $0, aroundX: 640, y: 330, radius: 150) > 2000 } ?? false
        }
        // Once the new target's entrance has played out.
        usleep(1_500_000)
        let selected = try cage.capture("selected")
        #expect(selected.map(shownShare) ?? 0 > 0.97, "after a key only part of the frame shows")
        try cage.xTool(["/usr/bin/xdotool", "key", "--window", window, "F1"])
        let help = try Self.capture(cage, "help") { shot in
            shownShare(shot) > 0.97 && selected.map { shot.changedPixels(comparedTo: $0, aroundX: 640, y: 250, radius: 150) > 5000 } ?? false
        }
        #expect(help.map(shownShare) ?? 0 > 0.97, "the help sheet shows in a black screen")
        // Closed again, the picture shows as before (the first-launch hint below it is gone).
        try cage.xTool(["/usr/bin/xdotool", "key", "--window", window, "Escape"])
        let closed = try Self.capture(cage, "closed") { shot in
            shownShare(shot) > 0.97 && selected.map { shot.changedPixels(comparedTo: $0, aroundX: 640, y: 250, radius: 150) < 200 } ?? false
        }
        #expect(closed.map { shot in selected.map { shot.changedPixels(comparedTo: $0, aroundX: 640, y: 250, radius: 150) < 200 } ?? false } ?? false,
                "closing help does not bring back the whole punch screen")
        #expect(cage.isRunning)
    }

    @Test("natively on Wayland (software EGL): the first frame shows whole at rest")
    func nativeWayland() throws {
        let cage = try CageSession(driver: "wayland")
        let first = try Self.capture(cage, "first") { shownShare($0) > 0.97 }
        #expect(first.map(shownShare) ?? 0 > 0.97, "the first frame does not show whole under cage")
        #expect(first?.width == 1280 && first?.height == 720)
    }

    @Test("on a 2x Wayland output (sway) the app draws every pixel of it: its text is as sharp as the output allows, not a 1x frame scaled up")
    func doubleScaleWaylandOutput() throws {
        let sway = try CageSession(driver: "wayland", swayScale: 2)
        _ = try Self.capture(sway, "shown") { shownShare($0) > 0.97 }
        // Once the title's entrance has played out.
        usleep(2_000_000)
        let shot = try #require(try sway.capture("scaled"), "sway never showed the app")
        #expect((shot.width, shot.height) == (2560, 1440))
        // The title and message: the middle half of the top eighth.
        let title = luma(shot, x: shot.width / 4, y: 0, width: shot.width / 2, height: shot.height / 8)
        let sharp = edgeStep(title), control = edgeStep(halvedAndScaledUp(title))
        #expect(sharp * 2 > control * 3, "edges step by \(sharp); the same frame drawn at 1x and scaled up would step by \(control)")
        #expect(sway.isRunning)
    }

    @Test("when the output is resized (sway; cage 0.1.4 cannot), the app follows it at rest and shows whole at the new size",
          arguments: ["x11", "wayland"])
    func resizedOutput(driver: String) throws {
        let sway = try CageSession(driver: driver, swayScale: 1)
        let first = try Self.capture(sway, "first") { shownShare($0) > 0.97 }
        #expect(first.map { ($0.width, $0.height) } ?? (0, 0) == (2560, 1440))
        for (width, height) in [(1600, 1000), (1000, 1400)] {
            let answer = try sway.swaymsg(["output", "HEADLESS-1", "resolution", "\(width)x\(height)"])
            #expect(answer.status == 0 && answer.standardOutput.contains("\"success\": true"), "\(answer.standardOutput)")
            // No input: only the compositor's configure may bring the new frame.
            let resized = try Self.capture(sway, "resized") { $0.width == width && $0.height == height && shownShare($0) > 0.97 }
            #expect(resized.map { ($0.width, $0.height) } ?? (0, 0) == (width, height))
            #expect(resized.map(shownShare) ?? 0 > 0.97, "after a resize to \(width)x\(height) only part of the output shows the app")
        }
        #expect(sway.isRunning)
    }

    @Test("on a portrait output (cage turned 90°) the app lays out for it and shows whole")
    func portraitOutput() throws {
        let cage = try CageSession(driver: "x11", rotation: 1)
        let first = try Self.capture(cage, "portrait") { shownShare($0) > 0.97 && $0.height > $0.width }
        #expect(first?.width == 720 && first?.height == 1280)
        #expect(first.map(shownShare) ?? 0 > 0.97, "the portrait frame does not show whole")
    }
}
