import Foundation
import TestSupport
import Testing

/// `stresspunch settings`, the Settings screen, the help overlay and the first
/// launch's hint, through the built executable.
@Suite("Settings, help and the first hint, end to end")
struct SettingsTests {
    @Test("settings list shows every key with its value; get and set change one, and list --json says the same")
    func commandLine() throws {
        let cli = CLI()
        let list = try cli.run("settings", "list")
        #expect(list.status == 0)
        let keys = list.standardOutput.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(keys == ["sound", "volume", "reduce-motion", "shake", "squash", "ui-scale", "fullscreen", "photo-frame", "tool"])
        #expect(try cli.run("settings", "get", "volume").standardOutput == "80\n")
        let set = try cli.run("settings", "set", "volume", "35")
        #expect(set.status == 0 && set.standardOutput == "volume is now 35\n")
        #expect(try cli.run("settings", "get", "volume").standardOutput == "35\n")
        let json = try cli.run("settings", "list", "--json")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: String]])
        #expect(items.first { $0["key"] == "volume" }?["value"] == "35")
        #expect(items.first { $0["key"] == "volume" }?["default"] == "80")
    }

    @Test("an unknown key or a bad value is a usage error with one line that says what would do, and changes nothing")
    func refusals() throws {
        let cli = CLI()
        let unknown = try cli.run("settings", "set", "colour", "red")
        #expect(unknown.status == 2)
        #expect(unknown.standardError.hasPrefix("stresspunch: there is no setting \"colour\"; the settings are: sound, volume"))
        let bad = try cli.run("settings", "set", "volume", "300")
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("volume takes a whole number from 0 to 100, not \"300\""))
        #expect(bad.standardError.split(separator: "\n").count == 1)
        // The refused value never reached the library.
        #expect(try cli.run("settings", "get", "volume").standardOutput == "80\n")
    }

    @Test("Ctrl+comma opens Settings; a switch and a + change at once and are kept; Back returns")
    func screenChangesPersist() throws {
        let run = HeadlessRun()
        let result = try run.run("""
            0.20 key Ctrl+,
            0.40 click "Play sounds"
            0.50 click "+" 2
            0.60 click "Back"
            0.80 click "Settings"
            0.90 click "Reduce motion"
            1.00 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try run.cli.run("settings", "get", "sound").standardOutput == "off\n")
        #expect(try run.cli.run("settings", "get", "shake").standardOutput == "125\n")
        #expect(try run.cli.run("settings", "get", "reduce-motion").standardOutput == "on\n")
    }

    /// The window sizes every screen must work at: the minimum, portrait, and 200 %.
    static let smallSizes: [(size: String, scale: String)] = [("480x360", "100"), ("720x1280", "100"), ("1280x720", "200"), ("1920x1080", "200")]

    @Test("every Settings row is reachable at 480x360, in portrait and at 200 %: the wheel and End scroll, Tab brings the focus into view",
          arguments: smallSizes.map { "\($0.size)@\($0.scale)" })
    func settingsRowsReachable(_ setup: String) throws {
        let parts = setup.split(separator: "@").map(String.init)
        let run = HeadlessRun()
        #expect(try run.cli.run("settings", "set", "ui-scale", parts[1]).status == 0)
        let size = parts[0].split(separator: "x").compactMap { Int($0) }
        let middle = "\(size[0] / 2) \(size[1] * 2 / 3)"
        // The wheel, then a click on the last row by its label (a label out of view
        // cannot be clicked: the run would stop).
        let wheel = try run.run("""
            0.20 key Ctrl+,
            0.30 move \(middle)
            0.40 wheel 0 -20
            0.60 screenshot $DIR/wheel.png
            0.70 click "Frame photos as stickers"
            0.90 key Home
            1.00 screenshot $DIR/top.png
            1.10 click "Play sounds"
            1.20 quit
            """, size: parts[0])
        #expect(wheel.status == 0, "\(setup): \(wheel.standardError)")
        #expect(try run.cli.run("settings", "get", "photo-frame").standardOutput == "off\n", "\(setup)")
        #expect(try run.cli.run("settings", "get", "sound").standardOutput == "off\n", "\(setup)")
        // End, then Tab from the top to the last row and Space: the focused row shows.
        var lines = ["0.20 key Ctrl+,", "0.30 key End", "0.40 click \"Frame photos as stickers\"", "0.50 key Home"]
        for index in 0..<12 { lines.append(String(format: "%.2f key Tab", 0.6 + Double(index) * 0.05)) }
        lines += ["1.30 screenshot $DIR/tabbed.png", "1.40 quit"]
        let keys = try run.run(lines.joined(separator: "\n"), size: parts[0])
        #expect(keys.status == 0, "\(setup): \(keys.standardError)")
        #expect(try run.cli.run("settings", "get", "photo-frame").standardOutput == "on\n", "\(setup)")
    }

    @Test("--mute overrides sound for one run and is not written back; changing another setting keeps sound's saved value")
    func flagsOverrideForOneRun() throws {
        let run = HeadlessRun()
        let result = try run.run("""
            0.20 key Ctrl+,
            0.40 click "+" 1
            0.60 quit
            """, extra: ["--mute"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try run.cli.run("settings", "get", "volume").standardOutput == "90\n")
        #expect(try run.cli.run("settings", "get", "sound").standardOutput == "on\n")
    }

    @Test("M on the punch screen is remembered like the sound switch")
    func muteKeyRemembered() throws {
        let run = HeadlessRun()
        #expect(try run.run("0.20 key m\n0.40 quit").status == 0)
        #expect(try run.cli.run("settings", "get", "sound").standardOutput == "off\n")
    }

    @Test("F1 or ? opens the help over the punch screen, which then takes no punch; Close, Esc or F1 again close it")
    func helpOverlay() throws {
        let run = HeadlessRun()
        let result = try run.run("""
            0.20 key F1
            0.30 key space
            0.40 click "Close"
            0.50 key space
            0.60 key F1
            0.70 key Escape
            0.80 key space
            0.90 key Shift+/
            0.95 key space
            1.00 key F1
            1.10 key space
            1.20 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        // Only the three Spaces with the help closed punched, not the two under it.
        #expect(HeadlessRun.punchesLanded(result) == 3, "\(result.standardOutput)")
    }

    @Test("without F1 there is no help to close: the script stops at the missing Close")
    func noHelpWithoutF1() throws {
        let result = try HeadlessRun().run("0.20 click \"Close\"\n0.40 quit")
        #expect(result.status == 1)
        #expect(result.standardError.contains("Close"))
    }

    @Test("a photo sits as a sticker with rounded corners and a light outline; photo-frame off shows it square")
    func photoSticker() throws {
        let run = HeadlessRun()
        let photo = try run.cli.file("photo.png", TestPNG.solid(width: 400, height: 300, rgba: (30, 160, 60, 255)))
        _ = try run.cli.run("targets", "add", "--name", "Field", "--image", photo)
        let id = try #require(try run.cli.list().last?.id)
        _ = try run.cli.run("targets", "select", String(id))
        #expect(try run.run("0.5 screenshot $DIR/framed.png\n0.6 quit").status == 0)
        #expect(try run.cli.run("settings", "set", "photo-frame", "off").status == 0)
        #expect(try run.run("0.5 screenshot $DIR/square.png\n0.6 quit").status == 0)
        let framed = try Screenshot(run.folder.file("framed.png").path), square = try Screenshot(run.folder.file("square.png").path)
        // Find the photo's green in the middle row, square: its leftmost column is the edge.
        let row = 330
        let left = try #require((0..<640).first { x in let p = square.pixel(x, row); return p[1] > 140 && p[0] < 60 })
        let top = try #require((0..<360).first { y in let p = square.pixel(640, y); return p[1] > 140 && p[0] < 60 })
        // Square: the corner is photo. Framed: the corner is cut round, and the edge is light.
        let corner = square.pixel(left + 1, top + 1)
        #expect(corner[1] > 140 && corner[0] < 60)
        let cut = framed.pixel(left + 1, top + 1)
        #expect(!(cut[1] > 140 && cut[0] < 60), "the sticker's corner is rounded off: \(cut)")
        let edge = framed.pixel(left + 2, row)
        #expect(edge[0] > 200 && edge[1] > 200 && edge[2] > 200, "a light outline: \(edge)")
    }

    @Test("the first launch shows the hint once; the next launch does not")
    func firstLaunchHint() throws {
        let run = HeadlessRun()
        let hint = "\"Click the picture to punch it · F1 for help\""
        #expect(try run.run("0.30 click \(hint)\n0.40 quit").status == 0)
        let second = try run.run("0.30 click \(hint)\n0.40 quit")
        #expect(second.status == 1, "the hint showed again")
    }
}
