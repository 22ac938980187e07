import Foundation
import TestSupport
import Testing

/// In RealWindowTests (an extension of it), so it runs with the other real-window tests.
extension RealWindowTests {
    @Test("the legacy WM_NAME keeps the title's em dash and non-Latin-1 letters, in the C locale too")
    func legacyTitleKeepsEveryCharacter() throws {
        let display = try VirtualDisplay()
        let cli = CLI()
        // A name Latin-1 cannot hold, so only COMPOUND_TEXT's UTF-8 segments carry it.
        // The window opens on the first favorite, whose name the title shows.
        let favorite = try #require(try cli.list().first(where: \.favorite))
        #expect(try cli.run("targets", "edit", String(favorite.id), "--name", "Boss 日本 Ω").status == 0)
        let app = try display.launch(["--data-dir", cli.dataDirectory, "--mute"], environment: ["LC_ALL": "C", "LANG": "C"])
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        func legacyName() throws -> String {
            try display.tool("/usr/bin/env", ["LC_ALL=C.UTF-8", "/usr/bin/xprop", "-id", windowID, "WM_NAME", "WM_ICON_NAME"])
        }
        var shown = ""
        let kept = try Self.eventually {
            shown = try legacyName()
            return shown.contains("WM_NAME(COMPOUND_TEXT) = \"StressPunch — Boss 日本 Ω\"")
        }
        #expect(kept, "\(shown)")
        #expect(shown.contains("WM_ICON_NAME(COMPOUND_TEXT) = \"StressPunch — Boss 日本 Ω\""), "\(shown)")
    }
}
