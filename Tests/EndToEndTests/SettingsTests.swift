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
        #expect(keys == ["sound", "volume", "reduce-motion", "shake", "squash", "dent", "ui-scale", "contrast", "language", "fullscreen", "photo-frame", "tool"])
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

    @Test("where ? types into a search or a field, the help says F1 and that ? types there")
    func helpSaysWhereQuestionMarkTypes() throws {
        let run = HeadlessRun()
        let result = try run.run("""
            0.20 key Ctrl+L
            0.30 key F1
            0.40 click "this help (? types into the search)"
            0.50 key Escape
            0.60 key Escape
            0.70 key F1
            0.80 click "F1 or ?"
            0.90 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test("at 480x360 the help's cards scroll: every line can be reached, not just each card's first")
    func helpScrollsWhenSmall() throws {
        let run = HeadlessRun()
        let result = try run.run("""
            0.20 key F1
            0.30 move 240 200
            0.40 wheel 0 -20
            0.50 screenshot $DIR/help.png
            0.60 click "wash the marks off"
            0.70 click "sound on or off"
            0.80 key Home
            0.90 click "punch it; a faster swing hits harder"
            1.00 quit
            """, size: "480x360")
        #expect(result.status == 0, "\(result.standardError)")
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

    @Test("mid-squash a sticker's shadow moves with the photo: no band of shadow above its lowered top edge")
    func stickerShadowFollowsTheSquash() throws {
        let run = HeadlessRun()
        // A bright backdrop-free photo: its top edge is easy to find.
        let photo = try run.cli.file("photo.png", TestPNG.solid(width: 400, height: 300, rgba: (30, 160, 60, 255)))
        _ = try run.cli.run("targets", "add", "--name", "Field", "--image", photo)
        let id = try #require(try run.cli.list().last?.id)
        _ = try run.cli.run("targets", "select", String(id))
        #expect(try run.run("0.5 screenshot $DIR/rest.png\n0.6 quit").status == 0)
        let rest = try Screenshot(run.folder.file("rest.png").path)
        func card(_ shot: Screenshot, _ x: Int, _ y: Int) -> Bool {
            let p = shot.pixel(x, y)
            return (p[1] > 140 && p[0] < 60) || (p[0] > 200 && p[1] > 200 && p[2] > 200)
        }
        let row = 330
        let left = try #require((0..<1280).first { card(rest, $0, row) })
        let right = try #require((0..<1280).reversed().first { card(rest, $0, row) })
        // Measured three quarters across, away from the blow (a quarter across, low down).
        let column = left + (right - left) * 3 / 4
        // The card's edges, found from its middle outwards (the white title above is not it).
        func top(_ shot: Screenshot) -> Int? {
            guard card(shot, column, row) else { return nil }
            var y = row
            while y > 0 && card(shot, column, y - 1) { y -= 1 }
            return y
        }
        let restTop = try #require(top(rest))
        var bottom = row
        while bottom < 719 && card(rest, column, bottom + 1) { bottom += 1 }
        let hit = (left + (right - left) / 4, bottom - 30)
        var lines = ["0.50 click \(hit.0) \(hit.1)"]
        let times = stride(from: 0.52, through: 0.70, by: 0.02).map { $0 }
        for (index, time) in times.enumerated() { lines.append(String(format: "%.2f screenshot $DIR/squash-%d.png", time, index)) }
        lines.append("0.80 quit")
        let squashed = try run.run(lines.joined(separator: "\n"))
        #expect(squashed.status == 0, "\(squashed.standardError)")
        // The darkest of the 14 pixels above the card's top edge, as brightness.
        func darkestAbove(_ shot: Screenshot, top: Int) -> Int {
            (2..<16).map { d in let p = shot.pixel(column, top - d); return Int(p[0]) + Int(p[1]) + Int(p[2]) }.min() ?? 0
        }
        let restShade = darkestAbove(rest, top: restTop)
        var lowered = 0
        for index in times.indices {
            let shot = try Screenshot(run.folder.file("squash-\(index).png").path)
            guard let top = top(shot) else { continue }
            lowered = max(lowered, top - restTop)
            // At rest the shadow's soft edge shows a little above the card; mid-squash
            // no more than that (the shadow left at rest was a dark band there).
            #expect(darkestAbove(shot, top: top) >= restShade - 12,
                    "screenshot \(index): shadow above the lowered top (\(top) vs \(restTop)): \(darkestAbove(shot, top: top)) vs \(restShade)")
        }
        #expect(lowered >= 16, "the photo never squashed enough to tell: \(lowered) px")
    }

    @Test("a 200-character message wraps or shrinks into the room above the photo, never over it, at every size", arguments: ["1280x720", "480x360", "720x1280", "1920x1080"])
    func longMessageClearsThePhoto(size: String) throws {
        let run = HeadlessRun()
        // A tall photo: its top is as near the title as a picture gets.
        let photo = try run.cli.file("tall.png", TestPNG.solid(width: 300, height: 600, rgba: (30, 160, 60, 255)))
        let message = String(repeating: "Deadline moved again, and nobody told me why! ", count: 5).prefix(200)
        _ = try run.cli.run("targets", "add", "--name", "Deadlines", "--message", String(message), "--image", photo)
        let id = try #require(try run.cli.list().last?.id)
        _ = try run.cli.run("targets", "select", String(id))
        #expect(try run.run("0.5 screenshot $DIR/long.png\n0.6 quit", size: size).status == 0)
        let shot = try Screenshot(run.folder.file("long.png").path)
        func green(_ x: Int, _ y: Int) -> Bool { let p = shot.pixel(x, y); return p[1] > 140 && p[0] < 60 && p[2] < 90 }
        let center = shot.width / 2, reach = shot.width / 10
        // The photo's top edge: the highest green across the middle (a letter over one
        // column must not hide it).
        let columns = stride(from: center - reach, to: center + reach, by: 3).compactMap { x in (0..<shot.height).first { green(x, $0) }.map { (x, $0) } }
        let top = try #require(columns.map(\.1).min(), "the photo is not on screen")
        // Its top rows, across the photo (clear of its rounded corners), are all photo:
        // no line of the message on them.
        let inside = columns.dropFirst(4).dropLast(4).map(\.0)
        #expect(inside.count > 10, "\(size): the photo is too narrow to look at")
        var covered = 0
        for y in top..<(top + 12) { for x in inside where !green(x, y) { covered += 1 } }
        #expect(covered == 0, "\(size): \(covered) pixels of the photo's top are covered by text")
    }

    @Test("the first launch shows the hint once; the next launch does not")
    func firstLaunchHint() throws {
        let run = HeadlessRun()
        let hint = "\"Click the picture to punch it · F1 for help\""
        #expect(try run.run("0.30 click \(hint)\n0.40 quit").status == 0)
        let second = try run.run("0.30 click \(hint)\n0.40 quit")
        #expect(second.status == 1, "the hint showed again")
    }

    @Test("opening the help the hint points to takes the hint away: it lay over the help sheet")
    func hintGoesWithHelp() throws {
        let run = HeadlessRun()
        let hint = "\"Click the picture to punch it · F1 for help\""
        // The same first launch with F1 pressed first: the hint is no longer there to click
        // (the test above is the control: without F1 it is).
        let result = try run.run("0.20 key F1\n0.40 click \(hint)\n0.50 quit")
        #expect(result.status == 1, "the hint still shows over the help")
        #expect(result.standardError.contains("Click the picture to punch it"), "\(result.standardError)")
    }
}
