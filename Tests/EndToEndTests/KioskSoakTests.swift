import Foundation
import TestSupport
import Testing

/// A day of visitors, compressed: a kiosk left to strangers must stay locked,
/// keep answering and lose nothing.
@Suite("Kiosk soak, end to end")
struct KioskSoakTests {
    /// A small deterministic generator, so the day is the same on every run.
    struct Dice {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
        mutating func unit() -> Double { Double(next() % 10_000) / 10_000 }
    }

    /// Visitors one after another at 640x360 (small, so a long day runs quickly):
    /// taps on the target (most of them), taps anywhere, favorite cards, gamepads
    /// plugged in, used and pulled out, Escape / close / Ctrl+Q / the operator corner
    /// held with random taps on the PIN pad, dropped files, the operator's keys, and
    /// quiet spells long enough for the idle reset.
    static func dayOfVisitors(visitors: Int, picture: String, dice: inout Dice) -> (script: String, taps: Int) {
        var lines: [String] = []
        var t = 0.5
        var taps = 0
        func add(_ command: String) { lines.append(String(format: "%.3f %@", t, command)) }
        for visitor in 0..<visitors {
            let usesPad = dice.chance(30)
            if usesPad { add("padplug") }
            let actions = 60 + dice.below(40)
            for _ in 0..<actions {
                // Several hands at once: a tap every 20 to 50 ms.
                t += 0.02 + dice.unit() * 0.03
                switch dice.below(100) {
                case 0..<70:
                    add("touch \(320 + dice.below(60) - 30) \(146 + dice.below(50) - 25)")  // the picture's middle
                    taps += 1
                case 70..<80:
                    add("touch \(dice.below(640)) \(dice.below(360))")
                case 80..<84:
                    add("touch \(130 + dice.below(4) * 127) 300")  // a favorite card
                case 84..<92 where usesPad:
                    add(["pad a", "pad rightshoulder", "padaxis leftx \(String(format: "%.2f", dice.unit() * 2 - 1))",
                         "padaxis righttrigger 1", "padaxis righttrigger 0"][dice.below(5)])
                case 92..<94:
                    // Trying to get out: Escape, the close button, Ctrl+Q, or the corner held;
                    // random taps on the PIN pad; then away with Escape or pad B.
                    switch dice.below(4) {
                    case 0: add("key Escape")
                    case 1: add("close")
                    case 2: add("key Ctrl+Q")
                    default:
                        add("down 596 27")
                        t += 2.3
                        add("up 596 27")
                    }
                    for _ in 0..<(2 + dice.below(8)) {
                        t += 0.1
                        add("touch \(250 + dice.below(140)) \(120 + dice.below(200))")
                    }
                    t += 0.2
                    add(usesPad && dice.chance(50) ? "pad b" : "key Escape")
                case 94..<96:
                    add("drop \(picture)")
                case 96..<98:
                    add(["key Ctrl+L", "key Ctrl+N", "key m", "key F11"][dice.below(4)])
                    t += 0.2
                    add("key Escape")
                default:
                    add("key space")
                }
            }
            if usesPad {
                t += 0.2
                add("padunplug")
            }
            // Every few visitors, nobody comes for a while: the kiosk resets itself.
            if visitor % 4 == 3 { t += 11 + dice.unit() * 5 } else { t += 0.3 + dice.unit() * 1.4 }
        }
        t += 12
        add("screenshot $DIR/end-of-day.png")
        t += 0.2
        add("quit")
        return (lines.joined(separator: "\n"), taps)
    }

    @Test("a scripted day of visitors: thousands of punches, random taps, gamepads coming and going; the kiosk stays locked and loses nothing")
    func dayOfVisitors() throws {
        let kiosk = try KioskRun(idleSeconds: 10)
        let before = try kiosk.cli.list()
        let picture = try kiosk.cli.file("visitor.png", TestPNG.solid(width: 64, height: 64, rgba: (10, 200, 10, 255)))
        var dice = Dice(state: 2026)
        let day = Self.dayOfVisitors(visitors: 20, picture: picture, dice: &dice)
        #expect(day.taps > 1000)

        let result = try kiosk.run(day.script, size: "640x360")
        #expect(result.status == 0, "\(result.standardError)")
        let line = KioskRun.kioskLine(result)
        #expect(line.contains("kiosk: locked"), "\(line)")
        #expect(line.hasSuffix("screen main"), "\(line)")
        #expect((KioskRun.count("idle resets", in: line) ?? 0) >= 5, "\(line)")
        #expect((KioskRun.count("attract steps", in: line) ?? 0) >= 1, "\(line)")

        // Every punch that landed is in the library; nothing was added, lost or changed.
        let landed = try #require(HeadlessRun.punchesLanded(result))
        #expect(landed > 1000, "\(result.standardOutput)")
        let after = try kiosk.cli.list()
        #expect(after.map(\.punches).reduce(0, +) == landed)
        #expect(after.map(\.id) == before.map(\.id))
        #expect(after.map(\.name) == before.map(\.name))
        #expect(after.map(\.favorite) == before.map(\.favorite))
        #expect(kiosk.cli.pictureFiles.isEmpty)
        let integrity = try SQLiteShell.query(kiosk.cli.dataDirectory + "/library.sqlite", "PRAGMA integrity_check")
        #expect(integrity == "ok")
        let end = try Screenshot(kiosk.folder.file("end-of-day.png").path)
        #expect(end.width == 640 && end.height == 360)
    }
}
