import Foundation
import TestSupport
import Testing

/// A headless kiosk at 1280x720 with its operator PIN set, driven like visitors and
/// the operator would.
struct KioskRun {
    static let pin = "97531864"
    let headless = HeadlessRun()
    var cli: CLI { headless.cli }
    var folder: TemporaryDirectory { headless.folder }

    init(idleSeconds: Int? = nil) throws {
        let set = try StressPunchProcess.run(["--data-dir", headless.cli.dataDirectory, "kiosk", "set-pin"], standardInput: Self.pin + "\n")
        #expect(set.status == 0, "\(set.standardError)")
        if let idleSeconds {
            let idle = try headless.cli.run("kiosk", "set-idle", String(idleSeconds))
            #expect(idle.status == 0, "\(idle.standardError)")
        }
    }

    @discardableResult
    func run(_ script: String, size: String = "1280x720", pictures: String? = nil) throws -> ProcessResult {
        try headless.run(script, size: size, extra: ["--kiosk"] + (pictures.map { ["--kiosk-pictures", $0] } ?? []))
    }

    /// Script lines typing `digits` on the keyboard from `time`, then Return.
    static func typed(_ digits: String, at time: Double) -> String {
        var lines: [String] = []
        for (index, digit) in digits.enumerated() {
            lines.append(String(format: "%.2f key %@", time + Double(index) * 0.05, String(digit)))
        }
        lines.append(String(format: "%.2f key Return", time + Double(digits.count) * 0.05))
        return lines.joined(separator: "\n")
    }

    /// The kiosk line of the headless summary.
    static func kioskLine(_ result: ProcessResult) -> String {
        result.standardOutput.split(separator: "\n").first { $0.contains("kiosk:") }.map(String.init) ?? ""
    }

    /// Seconds of simulated time the run lasted (when it quit).
    static func simulatedSeconds(_ result: ProcessResult) -> Double? {
        guard let range = result.standardOutput.range(of: " s simulated") else { return nil }
        let digits = result.standardOutput[..<range.lowerBound].reversed().prefix { $0.isNumber || $0 == "." }
        return Double(String(digits.reversed()))
    }

    static func count(_ label: String, in line: String) -> Int? {
        guard let range = line.range(of: " " + label) else { return nil }
        return Int(String(line[..<range.lowerBound].reversed().prefix { $0.isNumber }.reversed()))
    }
}

@Suite("Kiosk mode, end to end")
struct KioskTests {
    // The PIN pad's keys and Cancel, the Add form's "Choose picture…", the picker's
    // by their labels; the picker's tiles and Up by place.
    static let cancelButton = "\"Cancel\""
    static let choosePicture = "\"Choose picture…\""
    static let firstTile = "127 217"
    static let secondTile = "332 217"
    /// Where Up is drawn: clicked by place, since the test also clicks there at the
    /// kiosk folder's top, where it must not be.
    static let upButton = "1192 50"

    /// A PIN pad key by its label (the pad is modal, so its key is the topmost).
    static func key(_ label: Character) -> String {
        "\"\(label)\""
    }

    @Test("Escape, Ctrl+Q, Alt+F4 and the window's close button do not quit; the right PIN then does")
    func quittingNeedsThePIN() throws {
        let kiosk = try KioskRun()
        let locked = try kiosk.run("""
            0.30 key Escape
            0.40 screenshot $DIR/pad.png
            0.50 key Escape
            0.60 close
            0.70 pad b
            0.80 key Ctrl+Q
            0.90 key Escape
            1.00 key Alt+F4
            \(KioskRun.typed("1234", at: 1.1))
            3.00 screenshot $DIR/still-running.png
            3.50 quit
            """)
        #expect(locked.status == 0, "\(locked.standardError)")
        #expect(KioskRun.simulatedSeconds(locked) == 3.5)
        #expect(KioskRun.kioskLine(locked).contains("kiosk: locked"))
        #expect(KioskRun.kioskLine(locked).contains("PIN pad open"))
        #expect(FileManager.default.fileExists(atPath: kiosk.folder.file("still-running.png").path))

        let quits = try kiosk.run("""
            0.30 close
            \(KioskRun.typed(KioskRun.pin, at: 0.5))
            3.00 screenshot $DIR/never.png
            5.00 quit
            """)
        #expect(quits.status == 0, "\(quits.standardError)")
        let seconds = try #require(KioskRun.simulatedSeconds(quits))
        #expect(seconds < 1.5)
        #expect(!FileManager.default.fileExists(atPath: kiosk.folder.file("never.png").path))
    }

    @Test("a locked kiosk is not left by any quit key held down (auto-repeat), before, over or after the PIN pad's Cancel")
    func heldQuitKeysDoNotQuit() throws {
        let kiosk = try KioskRun()
        // Every quit path a visitor has, each pressed and then auto-repeated: over the
        // pad, after Cancel closed it, and on a screen with no pad at all.
        var lines: [String] = []
        var time = 0.3
        for key in ["Ctrl+Q", "Alt+F4", "Escape", "Ctrl+Shift+Q"] {
            lines.append(String(format: "%.2f keydown %@", time, key))
            for step in 1...3 { lines.append(String(format: "%.2f keydown %@ repeat", time + Double(step) * 0.03, key)) }
            // Escape's own repeats cancel the pad it opened; the others' pad is cancelled by touch.
            if key != "Escape" { lines.append(String(format: "%.2f touch %@", time + 0.12, Self.cancelButton)) }
            for step in 1...5 { lines.append(String(format: "%.2f keydown %@ repeat", time + 0.14 + Double(step) * 0.03, key)) }
            lines.append(String(format: "%.2f keyup %@", time + 0.32, key))
            lines.append(String(format: "%.2f close", time + 0.34))
            lines.append(String(format: "%.2f touch %@", time + 0.36, Self.cancelButton))
            time += 0.5
        }
        lines.append(String(format: "%.2f screenshot $DIR/held.png", time))
        lines.append(String(format: "%.2f quit", time + 0.5))
        let held = try kiosk.run(lines.joined(separator: "\n"))
        #expect(held.status == 0, "\(held.standardError)")
        // Still running until the script's own quit (a signal's stand-in), still locked.
        #expect(KioskRun.simulatedSeconds(held) == time + 0.5, "\(held.standardOutput)")
        #expect(KioskRun.kioskLine(held).contains("kiosk: locked"), "\(held.standardOutput)")
        #expect(FileManager.default.fileExists(atPath: kiosk.folder.file("held.png").path))
    }

    @Test("Esc closes the help over a locked kiosk, rather than asking for the PIN; the next Esc asks")
    func escapeClosesHelp() throws {
        let kiosk = try KioskRun()
        let closed = try kiosk.run("0.30 key F1\n0.40 key Escape\n0.60 quit")
        #expect(closed.status == 0, "\(closed.standardError)")
        #expect(!KioskRun.kioskLine(closed).contains("PIN pad open"), "\(closed.standardOutput)")
        let asks = try kiosk.run("0.30 key F1\n0.40 key Escape\n0.50 key Escape\n0.60 quit")
        #expect(KioskRun.kioskLine(asks).contains("PIN pad open"), "\(asks.standardOutput)")
    }

    @Test("the keypad takes the PIN by touch, and from a gamepad with Back+Start, the d-pad and A")
    func touchAndGamepadPIN() throws {
        let kiosk = try KioskRun()
        var touches = ["0.30 key Escape"]
        for (index, digit) in (KioskRun.pin + "✓").enumerated() {
            touches.append(String(format: "%.2f touch %@", 0.5 + Double(index) * 0.1, Self.key(digit)))
        }
        let byTouch = try kiosk.run(touches.joined(separator: "\n") + "\n5.00 quit")
        #expect(byTouch.status == 0, "\(byTouch.standardError)")
        #expect(try #require(KioskRun.simulatedSeconds(byTouch)) < 2)

        // 2468 on the pad from key 1: right, A; down, left, A; right, right, A;
        // down, left, A; down, right (to ✓), A.
        let setFourDigits = try StressPunchProcess.run(["--data-dir", kiosk.cli.dataDirectory, "kiosk", "set-pin"], standardInput: "2468\n")
        #expect(setFourDigits.status == 0)
        let moves = ["dpright", "a", "dpdown", "dpleft", "a", "dpright", "dpright", "a", "dpdown", "dpleft", "a", "dpdown", "dpright", "a"]
        var lines = ["0.30 pad back", "0.30 pad start", "0.50 screenshot $DIR/pad-gamepad.png"]
        for (index, move) in moves.enumerated() {
            lines.append(String(format: "%.2f pad %@", 0.6 + Double(index) * 0.1, move))
        }
        lines.append("2.50 screenshot $DIR/operator-menu.png")
        lines.append("3.00 quit")
        let byPad = try kiosk.run(lines.joined(separator: "\n"))
        #expect(byPad.status == 0, "\(byPad.standardError)")
        #expect(KioskRun.kioskLine(byPad).contains("kiosk: unlocked"), "\(byPad.standardOutput)")
        #expect(KioskRun.kioskLine(byPad).contains("screen operatorMenu"))
    }

    @Test("the numeric keypad types the PIN too")
    func numericKeypad() throws {
        let kiosk = try KioskRun()
        var lines = ["0.30 key Escape"]
        for (index, digit) in KioskRun.pin.enumerated() {
            lines.append(String(format: "%.2f key \"Keypad %@\"", 0.4 + Double(index) * 0.05, String(digit)))
        }
        lines.append("1.00 key \"Keypad Enter\"")
        lines.append("3.00 quit")
        let result = try kiosk.run(lines.joined(separator: "\n"))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try #require(KioskRun.simulatedSeconds(result)) < 1.5)
    }

    @Test("Manage and Add need the PIN; a wrong PIN or Cancel leaves the library untouched")
    func manageAndAddNeedThePIN() throws {
        let kiosk = try KioskRun()
        let before = try kiosk.cli.list()
        let refused = try kiosk.run("""
            0.30 key Ctrl+L
            0.40 screenshot $DIR/manage-pad.png
            \(KioskRun.typed("1111", at: 0.5))
            1.00 touch \(Self.cancelButton)
            1.20 key Ctrl+N
            1.30 key Escape
            1.40 key Ctrl+M
            1.50 touch 1180 640
            1.60 click 1180 590
            2.00 quit
            """)
        #expect(refused.status == 0, "\(refused.standardError)")
        let line = KioskRun.kioskLine(refused)
        #expect(line.contains("kiosk: locked") && line.contains("screen main") && !line.contains("PIN pad open"), "\(line)")
        #expect(try kiosk.cli.list() == before)

        let granted = try kiosk.run("""
            0.30 key Ctrl+N
            \(KioskRun.typed(KioskRun.pin, at: 0.4))
            1.50 quit
            """)
        #expect(KioskRun.kioskLine(granted).contains("kiosk: unlocked"))
        #expect(KioskRun.kioskLine(granted).contains("screen editor"))
    }

    @Test("a file dropped on the kiosk adds nothing, whatever is pressed after it")
    func dropsAddNothing() throws {
        let kiosk = try KioskRun()
        let picture = try kiosk.cli.file("intruder.png", TestPNG.solid(width: 64, height: 64, rgba: (200, 0, 0, 255)))
        let before = try kiosk.cli.list()
        let result = try kiosk.run("""
            0.30 drop \(picture)
            0.50 key Return
            0.60 click 682 356
            1.00 screenshot $DIR/after-drop.png
            2.00 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(KioskRun.kioskLine(result).contains("screen main"))
        // (The click where the form's Save would be punched the target; nothing else changed.)
        #expect(try kiosk.cli.list().map(\.id) == before.map(\.id))
        #expect(kiosk.cli.pictureFiles.isEmpty)
    }

    @Test("the picker shows only the kiosk's folder: no Up at its top, links out of it are not listed")
    func pickerStaysInItsFolder() throws {
        let kiosk = try KioskRun()
        let fm = FileManager.default
        let root = kiosk.folder.file("kiosk-pictures")
        let outside = kiosk.folder.file("private")
        try fm.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try fm.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data(TestPNG.solid(width: 120, height: 90, rgba: (30, 160, 60, 255))).write(to: root.appendingPathComponent("inside.png"))
        try Data(TestPNG.solid(width: 120, height: 90, rgba: (220, 20, 20, 255))).write(to: outside.appendingPathComponent("secret.png"))
        // Sorted before inside.png: if it were listed, it would be the second tile.
        try fm.createSymbolicLink(at: root.appendingPathComponent("0-secret.png"), withDestinationURL: outside.appendingPathComponent("secret.png"))
        try fm.createSymbolicLink(at: root.appendingPathComponent("a-private"), withDestinationURL: outside)

        let result = try kiosk.run("""
            0.30 key Ctrl+N
            \(KioskRun.typed(KioskRun.pin, at: 0.4))
            1.20 click \(Self.choosePicture)
            1.50 screenshot $DIR/picker-root.png
            1.60 click \(Self.upButton)
            1.80 click \(Self.firstTile)
            2.00 click \(Self.upButton)
            2.20 click \(Self.upButton)
            2.40 screenshot $DIR/picker-after-up.png
            2.60 click \(Self.secondTile)
            2.80 click \(ManageLibraryTests.saveButton)
            3.50 quit
            """, pictures: root.path)
        #expect(result.status == 0, "\(result.standardError)")
        let added = try #require(try kiosk.cli.list().last)
        #expect(added.name == "Inside")
        // The picker's subtitle names the kiosk folder, not a path outside it.
        let root1 = try Screenshot(kiosk.folder.file("picker-root.png").path)
        let again = try Screenshot(kiosk.folder.file("picker-after-up.png").path)
        #expect(root1.changedPixels(comparedTo: again, aroundX: 330, y: 210, radius: 300) == 0)
    }

    @Test("five wrong PINs lock the pad; the lock holds across a relaunch; the right PIN works once it ends")
    func lockoutAcrossRelaunch() throws {
        let kiosk = try KioskRun()
        var wrong = ["0.20 key Escape"]
        for attempt in 0..<5 { wrong.append(KioskRun.typed("1111", at: 0.3 + Double(attempt) * 0.4)) }
        wrong.append("2.50 screenshot $DIR/locked.png")
        wrong.append(KioskRun.typed(KioskRun.pin, at: 2.6))
        wrong.append("3.50 quit")
        let first = try kiosk.run(wrong.joined(separator: "\n"), size: "640x400")
        #expect(first.status == 0, "\(first.standardError)")
        #expect(KioskRun.simulatedSeconds(first) == 3.5, "the right PIN must not work while locked")
        #expect(KioskRun.kioskLine(first).contains("PIN pad open"))

        // A relaunch is still locked: the right PIN at once does nothing; after the
        // minute it quits (the idle reset closed the pad at 60 s, so it is opened again).
        let relaunch = try kiosk.run("""
            0.20 key Escape
            \(KioskRun.typed(KioskRun.pin, at: 0.4))
            2.00 screenshot $DIR/still-locked.png
            65.80 key Escape
            \(KioskRun.typed(KioskRun.pin, at: 66))
            80.00 quit
            """, size: "640x400")
        #expect(relaunch.status == 0, "\(relaunch.standardError)")
        let seconds = try #require(KioskRun.simulatedSeconds(relaunch))
        #expect(seconds > 66 && seconds < 68, "quit at \(seconds) s")
    }

    @Test("after the idle time the kiosk closes dialogs, locks, returns to the default target and runs the attract loop until a punch")
    func idleResetAndAttract() throws {
        let kiosk = try KioskRun(idleSeconds: 10)
        let printer = try #require(try kiosk.cli.list().first { $0.name == "The Printer" })
        #expect(try kiosk.cli.run("kiosk", "set-default", String(printer.id)).status == 0)
        let result = try kiosk.run("""
            0.30 key Ctrl+L
            \(KioskRun.typed(KioskRun.pin, at: 0.4))
            1.20 click \(ManageLibraryTests.deleteOfRow1)
            1.50 screenshot $DIR/dialog.png
            12.00 screenshot $DIR/reset.png
            17.50 screenshot $DIR/attract.png
            18.00 touch 640 330
            20.00 screenshot $DIR/after-punch.png
            26.00 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        let line = KioskRun.kioskLine(result)
        #expect(line.contains("kiosk: locked, 1 idle resets, 1 attract steps, screen main"), "\(line)")
        let targets = try kiosk.cli.list()
        #expect(targets.count == 8, "the pending delete was closed, not confirmed")
        // The loop moved from The Printer to the next favorite; the punch landed there
        // and kept it selected.
        let selected = try #require(targets.first { $0.selected })
        #expect(selected.name == "Overflowing Inbox")
        #expect(selected.punches == 1)
    }

    @Test("over an operator's half-filled form the idle reset asks \"Still there?\" first; a touch keeps the form, silence resets and keeps a draft")
    func stillThereBeforeReset() throws {
        let kiosk = try KioskRun(idleSeconds: 10)
        let kept = try kiosk.run("""
            0.30 key Ctrl+N
            \(KioskRun.typed(KioskRun.pin, at: 0.4))
            1.20 text "Half done"
            12.00 screenshot $DIR/still-there.png
            13.00 touch 640 700
            20.00 quit
            """)
        #expect(kept.status == 0, "\(kept.standardError)")
        let keptLine = KioskRun.kioskLine(kept)
        #expect(keptLine.contains("0 idle resets") && keptLine.contains("screen editor"), "\(keptLine)")

        let reset = try kiosk.run("""
            0.30 key Ctrl+N
            \(KioskRun.typed(KioskRun.pin, at: 0.4))
            1.20 text "Half done"
            12.00 screenshot $DIR/still-there-2.png
            30.00 screenshot $DIR/not-yet.png
            44.00 quit
            """)
        let line = KioskRun.kioskLine(reset)
        // 10 s idle + 30 s of "Still there?", then one reset, locked on the punch screen.
        #expect(line.contains("kiosk: locked, 1 idle resets") && line.contains("screen main"), "\(line)")
        let countdown = try Screenshot(kiosk.folder.file("still-there-2.png").path)
        let form = try Screenshot(kiosk.folder.file("not-yet.png").path)
        // The card is drawn over the dimmed form: the middle differs from the plain form's.
        #expect(countdown.changedPixels(comparedTo: form, aroundX: 640, y: 360, radius: 100) > 1000)
    }

    @Test("kiosk reset-lockout clears a lockout at once, from a shell")
    func resetLockout() throws {
        let kiosk = try KioskRun()
        var wrong = ["0.20 key Escape"]
        for attempt in 0..<5 { wrong.append(KioskRun.typed("1111", at: 0.3 + Double(attempt) * 0.4)) }
        wrong.append("2.50 quit")
        _ = try kiosk.run(wrong.joined(separator: "\n"))
        let database = kiosk.cli.dataDirectory + "/library.sqlite"
        #expect(try SQLiteShell.query(database, "SELECT value FROM app_setting WHERE key = 'kiosk.pin.lockLevel'") == "1")
        let cleared = try kiosk.cli.run("kiosk", "reset-lockout")
        #expect(cleared.status == 0, "\(cleared.standardError)")
        #expect(cleared.standardOutput.contains("lockout is cleared"))
        #expect(try SQLiteShell.query(database, "SELECT value FROM app_setting WHERE key = 'kiosk.pin.lockLevel'") == "0")
        #expect(try SQLiteShell.query(database, "SELECT value FROM app_setting WHERE key = 'kiosk.pin.lockedUntil'") == "0")
    }

    @Test("a lost gamepad, a resized display and a lost sound device do not stop the kiosk")
    func keepsRunning() throws {
        let kiosk = try KioskRun()
        let result = try kiosk.run("""
            0.30 pad a
            0.50 padunplug
            0.70 touch 640 330
            0.90 padplug
            1.10 pad a
            1.30 audiolost
            1.50 touch 640 330
            1.70 resize 1080 1920
            2.00 touch 540 900
            2.20 screenshot $DIR/portrait.png
            2.40 audioback
            2.60 resize 1280 720
            2.80 pad a
            3.00 screenshot $DIR/landscape.png
            3.50 quit
            """, size: "1280x720")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(HeadlessRun.punchesLanded(result) == 6, "\(result.standardOutput)")
        #expect(result.standardOutput.contains("audio device lost 1 times, back 1 times"))
        let portrait = try Screenshot(kiosk.folder.file("portrait.png").path)
        #expect(portrait.width == 1080 && portrait.height == 1920)
        let landscape = try Screenshot(kiosk.folder.file("landscape.png").path)
        #expect(landscape.width == 1280 && landscape.height == 720)
        #expect(try kiosk.cli.list().map(\.punches).reduce(0, +) == 6)
    }

    @Test("kiosk mode without an operator PIN refuses to start and says how to set one")
    func needsAPIN() throws {
        let run = HeadlessRun()
        let result = try run.run("0.10 quit", extra: ["--kiosk"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("kiosk set-pin"))
        let missing = try KioskRun().run("0.10 quit", pictures: "/nonexistent/pictures")
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("is not a folder"))
    }
}
