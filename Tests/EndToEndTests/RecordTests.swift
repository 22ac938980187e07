import Foundation
import TestSupport
import Testing

/// `--record FILE` under a real X server: what a user does with xdotool (clicks, keys,
/// a drag) is written as a headless script, and replaying it on a copy of the library
/// as it was gives the same library and the same screen. Timing-sensitive like the
/// other real-window tests, so `make test` runs it with them, on its own.
@Suite("Recording a real session and replaying it headless", .serialized)
struct RecordTests {
    @Test("a session recorded under Xvfb replays headless to the same library state and the same last screen")
    func recordAndReplay() throws {
        let display = try VirtualDisplay()
        let cli = CLI()
        let before = try cli.list()
        // The library as it was when the recording began, for the replay.
        let copy = cli.folder.url.appendingPathComponent("copy").path
        try FileManager.default.copyItem(atPath: cli.dataDirectory, toPath: copy)
        let recording = cli.folder.file("session.txt").path

        let app = try display.launch(["--data-dir", cli.dataDirectory, "--size", "1024x640", "--mute", "--record", recording])
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        let geometry = try RealWindowTests.geometry(display, windowID)
        let centerX = geometry.x + geometry.width / 2, centerY = geometry.y + geometry.height / 2 - 40
        usleep(1_500_000)

        func xdotool(_ arguments: String...) throws { try display.tool("/usr/bin/xdotool", arguments) }
        // Three punches on the first target, then favorite 2 and two punches on it.
        for _ in 0..<3 {
            try xdotool("mousemove", String(centerX), String(centerY), "click", "1")
            usleep(400_000)
        }
        try xdotool("key", "--window", windowID, "2")
        usleep(600_000)
        for _ in 0..<2 {
            try xdotool("mousemove", String(centerX + 30), String(centerY + 20), "click", "1")
            usleep(400_000)
        }
        // Manage, a drag that scrolls its list, and Escape back to punching.
        try xdotool("key", "--window", windowID, "ctrl+l")
        usleep(700_000)
        try xdotool("mousemove", String(centerX), String(geometry.y + geometry.height - 80), "mousedown", "1")
        for step in 1...6 {
            try xdotool("mousemove", String(centerX), String(geometry.y + geometry.height - 80 - step * 40))
            usleep(30_000)
        }
        try xdotool("mouseup", "1")
        usleep(1_200_000)
        try xdotool("key", "--window", windowID, "Escape")
        // The replay's screenshot comes at Ctrl+Q, later, so the real one is taken once
        // the screen holds still: two captures 300 ms apart the same. Not a fixed wait,
        // which could hide a frame the app owes (RealWindowPromptnessTests checks that
        // the next screen comes within 100 ms).
        let real = cli.folder.file("real.xwd").path
        let settled = try RealWindowTests.eventually(5) {
            try display.tool("/bin/sh", ["-c", "xwd -root -silent > '\(real).a'"])
            usleep(300_000)
            try display.tool("/bin/sh", ["-c", "xwd -root -silent > '\(real)'"])
            return FileManager.default.contentsEqual(atPath: real + ".a", andPath: real)
        }
        #expect(settled, "the real screen never held still")
        try xdotool("key", "--window", windowID, "ctrl+q")
        for _ in 0..<200 where app.isRunning { usleep(50_000) }
        #expect(!app.isRunning, "Ctrl+Q should close the window")

        let recorded = try cli.list()
        #expect(recorded.map(\.punches).reduce(0, +) == 5, "the real session landed five punches: \(recorded.map(\.punches))")
        #expect(recorded.first { $0.selected }?.id == before.filter(\.favorite)[1].id)

        // The script: timed lines in the headless format, the window's size first.
        var script = try String(contentsOfFile: recording, encoding: .utf8)
        #expect(script.contains("resize 1024 640"))
        #expect(script.contains("keydown 2") && script.contains("keydown Ctrl+l") && script.contains("keyup Escape"))
        #expect(script.contains(" down ") && script.contains(" move ") && script.contains(" up "))
        // The session's seed first, and the frames it ran, each after its input.
        #expect(script.contains("\n0 seed "), "no seed in the recording")
        #expect(script.components(separatedBy: " frame ").count > 30, "the recording holds too few frames")
        // A screenshot where the real one was taken: just before Ctrl+Q.
        let replayShot = cli.folder.file("replay.png").path
        let lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let quitLine = try #require(lines.firstIndex { $0.hasSuffix(" keydown Ctrl+q") }, "Ctrl+Q was not recorded")
        let quitTime = try #require(lines[quitLine].split(separator: " ").first)
        script = (lines[..<quitLine] + ["\(quitTime) screenshot \"\(replayShot)\""] + lines[quitLine...]).joined(separator: "\n")
        let edited = cli.folder.file("replay.txt")
        try Data(script.utf8).write(to: edited)

        let replay = try StressPunchProcess.run(["--headless", "--script", edited.path, "--data-dir", copy])
        #expect(replay.status == 0, "\(replay.standardError)")
        // Not through SDL: the events the session saw, handed to its frames as they were.
        #expect(replay.standardOutput.contains("input fed straight to the session's frames (a recording)")
                && replay.standardOutput.contains(" 0 through SDL"), "\(replay.standardOutput)")
        // How hard each punch was (the day's strongest) comes from the events' times.
        let realStats = try StressPunchProcess.run(["--data-dir", cli.dataDirectory, "stats", "--json"])
        let replayStats = try StressPunchProcess.run(["--data-dir", copy, "stats", "--json"])
        #expect(realStats.status == 0 && realStats.standardOutput.contains("\"strongest\":"))
        // Compared without the clock: a replay's punches are saved when it runs, so
        // their wall-clock minute (and, past midnight, their day) is the replay's own
        // (the same output compared whole failed when the replay crossed a minute).
        #expect(try Self.punchesOutsideTheClock(replayStats.standardOutput) == Self.punchesOutsideTheClock(realStats.standardOutput),
                "the replay's stats (punches, strongest) differ: \(replayStats.standardOutput) against \(realStats.standardOutput)")
        let replayed = try StressPunchProcess.run(["--data-dir", copy, "targets", "list", "--json"])
        let replayedTargets = try JSONDecoder().decode([ListedTarget].self, from: Data(replayed.standardOutput.utf8))
        #expect(replayedTargets == recorded, "the replay must leave the library as the real session did")

        // The last screens match pixel for pixel: the replay ran the recorded frames,
        // with their times, their input and the session's seed.
        let realShot = try Screenshot(real)
        let replayImage = try Screenshot(replayShot)
        #expect(replayImage.width == geometry.width && replayImage.height == geometry.height)
        var differing = 0
        for y in 0..<replayImage.height {
            for x in 0..<replayImage.width where realShot.pixel(geometry.x + x, geometry.y + y).prefix(3) != replayImage.pixel(x, y).prefix(3) {
                differing += 1
            }
        }
        #expect(differing == 0, "\(differing) of \(replayImage.width * replayImage.height) pixels differ")
    }

    @Test("a kiosk's recording holds no PIN: what is typed or tapped on the PIN pad is a placeholder, and the replay stays locked")
    func kioskRecordingHidesThePIN() throws {
        let display = try VirtualDisplay()
        let cli = CLI()
        let pin = "86420"
        #expect(try StressPunchProcess.run(["--data-dir", cli.dataDirectory, "kiosk", "set-pin"], standardInput: pin + "\n").status == 0)
        let copy = cli.folder.url.appendingPathComponent("copy").path
        try FileManager.default.copyItem(atPath: cli.dataDirectory, toPath: copy)
        let recording = cli.folder.file("kiosk.txt").path

        let app = try display.launch(["--data-dir", cli.dataDirectory, "--kiosk", "--mute", "--record", recording])
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        usleep(1_500_000)
        func xdotool(_ arguments: String...) throws { try display.tool("/usr/bin/xdotool", arguments) }
        // A visitor's key first (recorded as it was), then the operator's PIN.
        try xdotool("key", "--window", windowID, "space")
        usleep(300_000)
        try xdotool("key", "--window", windowID, "Escape")
        usleep(600_000)
        for digit in pin {
            try xdotool("key", "--window", windowID, String(digit))
            usleep(80_000)
        }
        try xdotool("key", "--window", windowID, "Return")
        for _ in 0..<200 where app.isRunning { usleep(50_000) }
        #expect(!app.isRunning, "the right PIN should quit the kiosk")

        let script = try String(contentsOfFile: recording, encoding: .utf8)
        #expect(script.contains("keydown Space"), "what visitors do is still recorded")
        for digit in pin {
            #expect(!script.contains("keydown \(digit)") && !script.contains("keyup \(digit)"), "the digit \(digit) was recorded:\n\(script)")
        }
        // One comment for the pad's whole time open: neither the PIN's length nor its timing.
        #expect(script.components(separatedBy: "PIN pad input").count == 2, "the PIN's keys leave one placeholder:\n\(script)")
        let replay = try StressPunchProcess.run(["--headless", "--script", recording, "--data-dir", copy, "--kiosk"])
        #expect(replay.status == 0, "\(replay.standardError)")
        #expect(replay.standardOutput.contains("kiosk: locked"), "the replay must not unlock the kiosk: \(replay.standardOutput)")
    }

    @Test("--record without a file, or with --headless, is a usage error that says why")
    func usage() throws {
        let missing = try StressPunchProcess.run(["--record"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("--record needs a file"))
        let cli = CLI()
        let script = try cli.file("s.txt", Array("0 quit\n".utf8))
        let headless = try StressPunchProcess.run(["--headless", "--script", script, "--record", cli.folder.file("r.txt").path])
        #expect(headless.status == 2)
        #expect(headless.standardError.contains("a headless run already has its script"))
    }
}

@Suite("Comparing a replay's stats")
struct ReplayStatsComparisonTests {
    @Test("a replay's stats compare equal across a minute and a midnight, and differ on a punch's strength or target")
    func onlyTheClockIsLeftOut() throws {
        func stats(_ days: [(String, Int, [(Int, String, String)])]) -> String {
            "[" + days.map { day in
                let top = day.2.map { "{\"strength\":\($0.0),\"target\":\"\($0.1)\",\"time\":\"\($0.2)\"}" }.joined(separator: ",")
                return "{\"date\":\"\(day.0)\",\"punches\":\(day.1),\"strongest\":\(day.2.map(\.0).max() ?? 0),\"top\":[\(top)]}"
            }.joined(separator: ",") + "]"
        }
        let real = stats([("2026-12-03", 0, []), ("2026-12-04", 2, [(300, "Monday Alarm", "23:59"), (250, "The Printer", "23:59")])])
        let nextMinute = stats([("2026-12-03", 0, []), ("2026-12-04", 2, [(300, "Monday Alarm", "00:00"), (250, "The Printer", "00:00")])])
        let nextDay = stats([("2026-12-04", 0, []), ("2026-12-05", 2, [(300, "Monday Alarm", "00:00"), (250, "The Printer", "00:00")])])
        let weaker = stats([("2026-12-03", 0, []), ("2026-12-04", 2, [(299, "Monday Alarm", "23:59"), (250, "The Printer", "23:59")])])
        let elsewhere = stats([("2026-12-03", 0, []), ("2026-12-04", 2, [(300, "The Printer", "23:59"), (250, "The Printer", "23:59")])])
        let compared = try RecordTests.punchesOutsideTheClock(real)
        #expect(try RecordTests.punchesOutsideTheClock(nextMinute) == compared)
        #expect(try RecordTests.punchesOutsideTheClock(nextDay) == compared)
        #expect(try RecordTests.punchesOutsideTheClock(weaker) != compared)
        #expect(try RecordTests.punchesOutsideTheClock(elsewhere) != compared)
    }
}

extension RecordTests {
    /// One day of `stats --json`.
    struct StatsDay: Decodable {
        struct Top: Decodable { let strength: Int; let target: String }
        let punches: Int
        let strongest: Int
        let top: [Top]
    }

    /// What `stats --json` says of the punches, leaving out when they were saved: the
    /// total, the strongest, and each top punch's strength and target.
    static func punchesOutsideTheClock(_ json: String) throws -> [String] {
        let days = try JSONDecoder().decode([StatsDay].self, from: Data(json.utf8))
        let top = days.flatMap(\.top).map { "\($0.strength) \($0.target)" }.sorted()
        return ["\(days.map(\.punches).reduce(0, +)) punches", "strongest \(days.map(\.strongest).max() ?? 0)"] + top
    }
}
