import Foundation
import TestSupport
import Testing

/// In RealWindowTests (an extension of it), so it runs with the other real-window
/// tests, on its own after the rest.
extension RealWindowTests {
    /// The desktop entry's `StartupWMClass`, which docks match the window by.
    static func desktopEntryWindowClass() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let entry = try String(contentsOf: root.appendingPathComponent("packaging/stresspunch.desktop.in"), encoding: .utf8)
        let line = try #require(entry.split(separator: "\n").first { $0.hasPrefix("StartupWMClass=") })
        return String(line.dropFirst("StartupWMClass=".count))
    }

    @Test("the real window shows the app's icon (_NET_WM_ICON) and the window class its desktop entry names")
    func windowIcon() throws {
        let display = try VirtualDisplay()
        let cli = CLI()
        let app = try display.launch(["--data-dir", cli.dataDirectory, "--size", "800x600", "--mute"])
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")

        let icon = try display.tool("/usr/bin/xprop", ["-id", windowID, "_NET_WM_ICON"])
        #expect(icon.contains("_NET_WM_ICON(CARDINAL)") && icon.contains("128 x 128"), "\(icon.prefix(300))")
        let windowClass = try display.tool("/usr/bin/xprop", ["-id", windowID, "WM_CLASS"])
        let expected = try Self.desktopEntryWindowClass()
        #expect(windowClass.contains("\"\(expected)\""), "\(windowClass) does not name \(expected)")

        try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "ctrl+q"])
        for _ in 0..<200 where app.isRunning { usleep(50_000) }
        #expect(!app.isRunning && app.terminationStatus == 0)
    }
}
