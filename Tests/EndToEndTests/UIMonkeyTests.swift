import Foundation
import TestSupport
import Testing

/// A seeded random user: every key the app handles, clicks, drags, the wheel, several
/// fingers, text with emoji, drops of good and bad files, gamepad buttons and axes, the
/// pad coming and going, resizes, fullscreen, the sound device going away, quits (the
/// next run goes on with the same library). It walks paths nobody wrote a test for.
///
/// `STRESSPUNCH_MONKEY_EVENTS` sets how many events (20,000 by default; `make soak`
/// asks for 100,000) and `STRESSPUNCH_MONKEY_SEED` the seed, which every failure
/// prints so the run can be replayed exactly. `STRESSPUNCH_MONKEY_LANG` runs it in a
/// locale (`ar_EG.UTF-8`: the mirrored layout; `en@pseudo` through LANGUAGE). `STRESSPUNCH_MONKEY_SCREENSHOTS=DIR`
/// keeps a screenshot every 250 events there, to look at where it went.
@Suite("UI monkey, end to end")
struct UIMonkeyTests {
    /// SplitMix64: small, fast and the same on every machine.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(next() % UInt64(range.count))
        }
        mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
        mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
    }

    static let keys = [
        "Tab", "Shift+Tab", "Return", "Escape", "space", "Left", "Right", "Up", "Down", "Home", "End", "PageUp", "PageDown",
        "Backspace", "Delete", "F11", "1", "2", "3", "4", "5", "m", "a", "z", "Ctrl+N", "Ctrl+L", "Ctrl+M", "Ctrl+Z", "Ctrl+T", "Ctrl+R", "Ctrl+B",
        "Ctrl+A", "Ctrl+C", "Ctrl+V", "Ctrl+X", "Shift+Left", "Shift+Right", "F1", "Ctrl+F", "Alt+F4", "\"Keypad Enter\"",
        "w", "Ctrl+,", "Shift+/", "q", "e", "=", "-",
    ]
    static let texts = ["Boss", "Büro 🥊", "Monday", "😤😤", "x", " ", "Ünïcödé ✨", "a very long name that goes on and on and on",
                        "مرحبا بالعالم", "שלום 123 abc", "你好世界", "(نعم) 42 🥊"]
    static let buttons = ["a", "b", "x", "y", "back", "start", "guide", "leftshoulder", "rightshoulder", "dpup", "dpdown", "dpleft", "dpright", "leftstick", "rightstick"]
    static let axes = ["leftx", "lefty", "rightx", "righty", "lefttrigger", "righttrigger"]

    /// The files a monkey drops: good pictures and everything that is not one.
    static func makeDropFiles(in folder: URL) throws -> [String] {
        let pictures = folder.appendingPathComponent("Pictures")
        try FileManager.default.createDirectory(at: pictures.appendingPathComponent("folder"), withIntermediateDirectories: true)
        func write(_ name: String, _ bytes: [UInt8]) throws -> String {
            let url = pictures.appendingPathComponent(name)
            try Data(bytes).write(to: url)
            return url.path
        }
        let good = try TestPNG.solid(width: 64, height: 48, rgba: (200, 80, 40, 255))
        var files = [
            try write("good.png", good),
            try write("other-good.png", try TestPNG.solid(width: 30, height: 90, rgba: (40, 80, 200, 128))),
            try write("notes.png", Array("not a picture at all".utf8)),
            try write("empty.png", []),
            try write("cut-short.png", Array(good.prefix(40))),
            pictures.appendingPathComponent("folder").path,
            pictures.appendingPathComponent("missing.png").path,
        ]
        let fifo = pictures.appendingPathComponent("fifo.png").path
        if mkfifo(fifo, 0o600) == 0 { files.append(fifo) }
        return files
    }

    /// One run's script of about `count` events; it ends in a quit of some kind.
    /// `screenshots`: a folder to drop a screenshot into every 250 events (to see
    /// where the monkey went), or nil.
    static func script(_ random: inout Random, count: Int, files: [String], screenshots: String? = nil, prefix: String = "") -> String {
        var lines: [String] = []
        var time = 0.1
        var width = 1280, height = 720
        var fingers: [Int] = []
        for index in 0..<count {
            if let screenshots, index % 250 == 0 {
                lines.append(String(format: "%.3f screenshot %@/%@-%05d.png", time, screenshots, prefix, index))
            }
            // Mostly several events a frame, sometimes a pause for animations and saves.
            time += random.chance(90) ? 0.006 : Double(random.int(1...40)) / 100
            let t = String(format: "%.3f", time)
            let x = random.int(-20...(width + 20)), y = random.int(-20...(height + 20))
            switch random.int(0...99) {
            case 0..<18: lines.append("\(t) click \(x) \(y)")
            case 18..<22: lines.append("\(t) down \(x) \(y)")
            case 22..<26: lines.append("\(t) up \(x) \(y)")
            case 26..<32: lines.append("\(t) move \(x) \(y)")
            case 32..<36: lines.append("\(t) wheel \(random.int(-2...2)) \(random.int(-6...6))")
            case 36..<40: lines.append("\(t) touch \(x) \(y)")
            case 40..<46:
                // Several fingers: down, move, up in any order.
                if fingers.count < 4 && (fingers.isEmpty || random.chance(50)) {
                    let id = random.int(1...9)
                    fingers.append(id)
                    // Now and then a pressure screen's touch.
                    lines.append("\(t) touchdown \(id) \(x) \(y)" + (random.chance(30) ? " 0.\(random.int(1...9))" : ""))
                } else if let id = fingers.randomElement(using: &random) {
                    if random.chance(50) {
                        lines.append("\(t) touchmove \(id) \(x) \(y)")
                    } else {
                        fingers.removeAll { $0 == id }
                        lines.append("\(t) touchup \(id) \(x) \(y)")
                    }
                }
            case 46..<68: lines.append("\(t) key \(random.pick(keys))")
            case 68..<72:
                // A key held down a while (auto-repeats and all), or let go unpressed.
                let key = random.pick(keys)
                lines.append("\(t) keydown \(key)\(random.chance(30) ? " repeat" : "")")
                if random.chance(80) { lines.append(String(format: "%.3f keyup %@", time + Double(random.int(1...60)) / 100, key)) }
            case 72..<78: lines.append("\(t) text \"\(random.pick(texts))\"")
            case 78..<80:
                lines.append("\(t) drop \(random.pick(files))")
                // Now and then a second file in the same frame: "Add N pictures?".
                if random.chance(25) { lines.append("\(t) drop \(random.pick(files))") }
            case 80..<88: lines.append("\(t) pad \(random.pick(buttons))")
            case 88..<93:
                let value = Double(random.int(-100...100)) / 100
                let axis = random.pick(axes)
                lines.append("\(t) padaxis \(axis) \(axis.hasSuffix("trigger") ? abs(value) : value)")
            case 93: lines.append("\(t) \(random.chance(50) ? "padunplug" : "padplug")")
            case 94:
                width = random.int(480...1600)
                height = random.int(360...1000)
                lines.append("\(t) resize \(width) \(height)")
            case 95: lines.append("\(t) \(random.chance(50) ? "audiolost" : "audioback")")
            case 96: lines.append("\(t) key F11")
            default: lines.append("\(t) move \(x) \(y)")
            }
        }
        // Let saves and toasts settle, then leave the way a user might.
        time += 0.5
        lines.append(String(format: "%.3f ", time) + random.pick(["quit", "key Ctrl+Q", "close"]))
        time += 0.1
        lines.append(String(format: "%.3f quit", time))
        return lines.joined(separator: "\n")
    }

    static func number(before marker: String, in text: String) -> Int? {
        guard let range = text.range(of: marker) else { return nil }
        let digits = text[..<range.lowerBound].reversed().prefix { $0.isNumber }
        return Int(String(digits.reversed()))
    }

    @Test("thousands of random events in every screen: no crash, the library intact, the rules held, every punch counted")
    func monkey() throws {
        let environment = ProcessInfo.processInfo.environment
        let total = environment["STRESSPUNCH_MONKEY_EVENTS"].flatMap(Int.init) ?? 20_000
        let seed = environment["STRESSPUNCH_MONKEY_SEED"].flatMap { UInt64($0) } ?? 0x5EED_2026
        var random = Random(state: seed)
        let run = HeadlessRun()
        let home = run.folder.url.appendingPathComponent("home")
        let files = try Self.makeDropFiles(in: home)
        let replay = "replay with STRESSPUNCH_MONKEY_SEED=\(seed) STRESSPUNCH_MONKEY_EVENTS=\(total)"
        let database = run.cli.dataDirectory + "/library.sqlite"
        var done = 0
        var segment = 0
        while done < total {
            let count = min(2_500, total - done)
            let script = Self.script(&random, count: count, files: files,
                                     screenshots: environment["STRESSPUNCH_MONKEY_SCREENSHOTS"], prefix: String(format: "%02d", segment))
            var variables = ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/.config"]
            if let locale = environment["STRESSPUNCH_MONKEY_LANG"] { variables[locale.contains("@") ? "LANGUAGE" : "LANG"] = locale }
            let result = try run.run(script, environment: variables)
            let context = "run \(segment) (\(done) events before it); \(replay)"
            // Exit 0, or 1 with a message: never a signal.
            #expect(result.status == 0, "\(context): status \(result.status): \(result.standardError.suffix(2000))")
            let landed = HeadlessRun.punchesLanded(result) ?? -1
            let saved = Self.number(before: " punches saved", in: result.standardOutput) ?? -2
            let gone = Self.number(before: " on targets deleted before saving", in: result.standardOutput) ?? -3
            #expect(landed == saved + gone, "\(context): \(landed) landed, \(saved) saved, \(gone) on deleted targets")

            #expect(try SQLiteShell.query(database, "PRAGMA integrity_check") == "ok", "\(context)")
            #expect((Int(try SQLiteShell.query(database, "SELECT count(*) FROM target WHERE is_favorite = 1")) ?? 99) <= 4, "\(context)")
            #expect((Int(try SQLiteShell.query(database, "SELECT count(*) FROM target WHERE is_selected = 1")) ?? 99) <= 1, "\(context)")
            let named = Set(try SQLiteShell.query(database, "SELECT image_file FROM target WHERE image_file IS NOT NULL")
                .split(separator: "\n").map(String.init))
            let stored = Set(run.cli.pictureFiles)
            #expect(named.subtracting(stored).isEmpty, "\(context): rows without their picture: \(named.subtracting(stored))")
            #expect(stored.subtracting(named).isEmpty, "\(context): stray picture files: \(stored.subtracting(named))")
            done += count
            segment += 1
        }
    }
}

extension Array {
    /// A random element drawn with the monkey's own generator (reproducible).
    func randomElement(using random: inout UIMonkeyTests.Random) -> Element? {
        isEmpty ? nil : self[random.int(0...(count - 1))]
    }
}
