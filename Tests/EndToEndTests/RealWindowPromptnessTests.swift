import Foundation
import TestSupport
import Testing

/// What a person meets in the first minute of a real window, where headless scripts
/// (60 frames a second, whatever happens) cannot look: the frame a click owes comes at
/// once with the pointer held still, a press and release that arrive together act on
/// the widget under them, and one SIGTERM at rest ends the app. Run with the other
/// real-window tests, on their own.
@Suite("Nothing waits in a real window", .serialized)
struct RealWindowPromptnessTests {
    /// The app at 1024x640 on an X server of its own, at rest: its first frames and the
    /// whole-frame schedule after them (the last at 4 s) are over.
    final class RestingApp {
        let display: VirtualDisplay
        let cli = CLI()
        let app: Process
        let windowID: String
        let origin: (x: Int, y: Int)
        private var shots = 0

        init(extraArguments: [String] = []) throws {
            display = try VirtualDisplay()
            app = try display.launch(["--data-dir", cli.dataDirectory, "--size", "1024x640", "--mute"] + extraArguments)
            guard let window = try display.waitForWindow(named: "StressPunch") else {
                kill(app.processIdentifier, SIGKILL)
                throw VirtualDisplayError(message: "the window never appeared")
            }
            windowID = window
            let geometry = try RealWindowTests.geometry(display, window)
            origin = (geometry.x, geometry.y)
            usleep(5_000_000)
        }

        deinit { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }

        func xdotool(_ arguments: String...) throws { try display.tool("/usr/bin/xdotool", arguments) }

        /// Moves the pointer to (x, y) in the window and holds it still long enough for
        /// any hover to be drawn and the loop to fall asleep again.
        func rest(at x: Int, _ y: Int) throws {
            try xdotool("mousemove", String(origin.x + x), String(origin.y + y))
            usleep(500_000)
        }

        /// The window's pixels as the X server shows them now.
        func capture() throws -> Screenshot {
            shots += 1
            let file = cli.folder.file("shot-\(shots).xwd").path
            try display.tool("/bin/sh", ["-c", "xwd -root -silent > '\(file)'"])
            return try Screenshot(file)
        }

        /// Pixels of the window that differ between two captures.
        func differing(_ a: Screenshot, _ b: Screenshot) -> Int {
            var count = 0
            for y in origin.y..<(origin.y + 640) {
                for x in origin.x..<(origin.x + 1024) where a.pixel(x, y).prefix(3) != b.pixel(x, y).prefix(3) {
                    count += 1
                }
            }
            return count
        }
    }

    /// A click as a hand makes it (press, 60 ms, release) or as xdotool, remote
    /// desktops and assistive tools send it (press and release together).
    enum ClickKind: String, CaseIterable { case held, together }

    /// Buttons that change the screen, in the order a person might press them, at
    /// 1024x640 (window pixels), each with what it opens.
    static let screenChanges: [(name: String, x: Int, y: Int)] = [
        ("Manage", 840, 601), ("Back", 68, 40),
        ("More targets", 850, 553), ("Back", 68, 40),
        ("Stats", 936, 33), ("Back", 68, 40),
        ("Settings", 841, 33), ("Back", 68, 40),
        ("Manage", 840, 601), ("row 1's Edit", 830, 162), ("Cancel", 74, 40), ("Back", 68, 40),
    ]

    @Test("a click with the pointer held still, pressed and released apart or together, shows the next screen whole within 100 ms",
          arguments: ClickKind.allCases)
    func stillClickShowsTheNextScreenAtOnce(kind: ClickKind) throws {
        let resting = try RestingApp()
        for (name, x, y) in Self.screenChanges {
            try resting.rest(at: x, y)
            let before = try resting.capture()
            switch kind {
            case .held:
                try resting.xdotool("mousedown", "1")
                usleep(60_000)
                try resting.xdotool("mouseup", "1")
            case .together:
                try resting.xdotool("click", "1")
            }
            usleep(100_000)
            let soon = try resting.capture()
            // Nothing on these screens moves by itself but the editor's caret: a second
            // later the screen is what it was at 100 ms, give or take that caret.
            usleep(800_000)
            let later = try resting.capture()
            #expect(resting.differing(before, soon) > 20_000, "\(kind) click on \(name): the screen did not change within 100 ms")
            let unfinished = resting.differing(soon, later)
            #expect(unfinished < 400, "\(kind) click on \(name): \(unfinished) pixels were still to be drawn at 100 ms")
        }
        #expect(resting.app.isRunning)
    }

    @Test("a click whose press and release arrive together acts on the row under it, with no further input")
    func togetherClickActsOnTheRowUnderIt() throws {
        let resting = try RestingApp()
        let before = try resting.cli.list()
        #expect(before.prefix(4).allSatisfy(\.favorite) && !before[4].favorite, "the defaults changed: \(before.map(\.favorite))")
        try resting.rest(at: 840, 601)
        try resting.xdotool("click", "1")
        usleep(500_000)
        // Row 4's star, then nothing more: its target stops being a favorite.
        try resting.rest(at: 755, 407)
        try resting.xdotool("click", "1")
        let unstarred = try RealWindowTests.eventually(2) { try resting.cli.list()[3].favorite == false }
        #expect(unstarred, "row 4's star did not toggle without further input")
        // Then row 1's Edit: the editor opens on row 1's target, and row 4 is left alone.
        try resting.rest(at: 830, 162)
        try resting.xdotool("click", "1")
        usleep(400_000)
        let after = try resting.cli.list()
        #expect(after[3].favorite == false && after[0].favorite, "a later click acted on the wrong row: \(after.map(\.favorite))")
        let title = try resting.display.tool("/usr/bin/xdotool", ["getwindowname", resting.windowID])
        #expect(title.contains("StressPunch"))
        try resting.xdotool("key", "--window", resting.windowID, "ctrl+q")
        for _ in 0..<100 where resting.app.isRunning { usleep(50_000) }
        #expect(!resting.app.isRunning)
    }

    @Test("one SIGTERM after 20 s at rest ends the app within a second, with its punches and marks saved")
    func sigtermAtRestQuitsAtOnce() throws {
        let resting = try RestingApp()
        // Three punches in the middle of the picture.
        for offset in [0, 30, 60] {
            try resting.xdotool("mousemove", String(resting.origin.x + 480 + offset), String(resting.origin.y + 300), "click", "1")
            usleep(300_000)
        }
        usleep(20_000_000)
        #expect(resting.app.isRunning)
        let sent = Date()
        kill(resting.app.processIdentifier, SIGTERM)
        for _ in 0..<300 where resting.app.isRunning { usleep(10_000) }
        let took = Date().timeIntervalSince(sent)
        try #require(!resting.app.isRunning, "one SIGTERM at rest left the app running for 3 s")
        #expect(took < 1, "one SIGTERM at rest took \(took) s to end the app")
        #expect(resting.app.terminationReason == .exit && resting.app.terminationStatus == 0)
        let database = resting.cli.dataDirectory + "/library.sqlite"
        #expect(try resting.cli.list().map(\.punches).reduce(0, +) == 3)
        #expect((Int(try SQLiteShell.query(database, "SELECT count(*) FROM target_mark")) ?? 0) > 0, "no mark was saved")
    }
}
