import Input
import Localization

/// One line of a headless script.
public enum ScriptCommand: Sendable, Equatable {
    case click(x: Int, y: Int)
    /// A click (or a tap) on the widget labelled so on screen: a test that means a
    /// button says which, and fails if it is not there instead of clicking nothing.
    /// `occurrence`: the Nth of several visible (1 is a list's top row); nil is the topmost.
    case clickLabel(String, occurrence: Int?)
    case touchLabel(String, occurrence: Int?)
    /// The pointer's press, release and moves, at pixel positions that may fall between
    /// pixels (a recording of a scaled screen writes them as the session saw them).
    case down(x: Float, y: Float)
    case up(x: Float, y: Float)
    case move(x: Float, y: Float)
    /// The mouse wheel at the pointer, in notches (positive DY scrolls up).
    case wheel(dx: Float, dy: Float)
    case touch(x: Int, y: Int)
    /// `pressure` 0...1 for screens that sense it (nil: one that does not).
    case touchDown(id: Int64, x: Float, y: Float, pressure: Float? = nil)
    case touchUp(id: Int64, x: Float, y: Float)
    case touchMove(id: Int64, x: Float, y: Float)
    case pad(GamepadButton)
    case padAxis(GamepadAxis, value: Float)
    case key(name: String, modifiers: KeyModifiers)
    /// A key pressed (or auto-repeated while held) and let go, on lines of their own:
    /// how a recording keeps how long a key was held.
    case keyDown(name: String, modifiers: KeyModifiers, isRepeat: Bool)
    case keyUp(name: String, modifiers: KeyModifiers)
    case text(String)
    case drop(path: String)
    case screenshot(path: String)
    /// Every text the UI drew this frame, one JSON object a line: the text, its box,
    /// what of it shows, where its lines are and whether it was cut (the pseudo-locale
    /// test's evidence).
    case texts(path: String)
    // Beyond the basic contract, for kiosk and robustness tests:
    /// The window's close button.
    case close
    /// The script's gamepad unplugged, or plugged in again.
    case padUnplug
    case padPlug
    /// The sound device going away, or a new one appearing.
    case audioLost
    case audioBack
    /// The window (the display) resized to W x H pixels.
    case resize(width: Int, height: Int)
    // What a recording writes so its replay is exact:
    /// A frame the recorded session ran at the line's time, `elapsed` after the one
    /// before, with the input written above it. A script with these runs those frames
    /// (then 60 a second after the last) instead of 60 a second throughout.
    case frame(elapsed: Double)
    /// The recorded session's random seed (at time 0): which sound variant played, a
    /// mark's shape.
    case seed(UInt64)
    case quit
}

/// A timed script command and the line it came from.
public struct ScriptLine: Sendable, Equatable {
    public var time: Double
    public var command: ScriptCommand
    public var lineNumber: Int
}

/// Why a script was refused: the line and what is wrong with it.
public struct ScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    public let lineNumber: Int
    public let message: String

    public init(lineNumber: Int, message: String) {
        self.lineNumber = lineNumber
        self.message = message
    }

    // TRANSLATORS: %s is a line number of a headless script (a file of test input), then what is wrong with that line.
    public var description: String { tr("script line %s: %s", lineNumber, message) }
}

/// Parses headless scripts: one command a line, `#` starts a comment, a time in
/// seconds of simulated time first. Lines with the same time keep their file order.
/// Any malformed line refuses the whole script, so nothing runs half-way.
public enum HeadlessScript {
    public static func parse(_ text: String) throws(ScriptError) -> [ScriptLine] {
        var lines: [ScriptLine] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let marked = try tokenizeMarkingQuotes(String(rawLine), line: number)
            let words = marked.map(\.text)
            guard let timeWord = words.first else { continue }
            guard let time = Double(timeWord), time.isFinite, time >= 0 else {
                // TRANSLATORS: about a line of a headless script; %s is the word where its time should be.
                throw ScriptError(lineNumber: number, message: tr("'%s' is not a time in seconds (like 0.50)", timeWord))
            }
            // A day of simulated time at most: frame counts stay far inside an Int.
            guard time <= maxTime else {
                // TRANSLATORS: about a line of a headless script; the first %s is its time, the second the latest allowed, in seconds.
                throw ScriptError(lineNumber: number, message: tr("time %s is past the longest script, %s s", timeWord, Int(maxTime)))
            }
            guard words.count >= 2 else { throw ScriptError(lineNumber: number, message: tr("a command must follow the time")) }
            // A quoted first argument of click or touch is a label, even "2" (a keypad key).
            let quotedLabel = marked.count > 2 && marked[2].quoted
            let command = try parseCommand(words[1].lowercased(), Array(words.dropFirst(2)), quotedLabel: quotedLabel, line: number)
            lines.append(ScriptLine(time: time, command: command, lineNumber: number))
        }
        // Stable: equal times keep file order.
        return lines.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }.map(\.element)
    }

    /// The latest time a line may have (a day), and the largest pixel coordinate.
    public static let maxTime: Double = 86_400
    static let maxCoordinate = 100_000

    /// "Ctrl+Shift+a" as a key name and its modifiers.
    private static func parseKey(_ text: String, fail: (String) -> ScriptError) throws(ScriptError) -> (String, KeyModifiers) {
        var parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // "Ctrl++" would split into an empty last part: the key is "+".
        if parts.count > 1, parts.last == "", parts[parts.count - 2] == "" { parts.removeLast(2); parts.append("+") }
        // TRANSLATORS: %s is a key as a headless script wrote it ("Ctrl+").
        guard let keyName = parts.popLast(), !keyName.isEmpty else { throw fail(tr("'%s' names no key", text)) }
        var modifiers: KeyModifiers = []
        for part in parts {
            switch part.lowercased() {
            case "ctrl", "control": modifiers.insert(.control)
            case "shift": modifiers.insert(.shift)
            case "alt": modifiers.insert(.alt)
            // TRANSLATORS: %s is a word a headless script wrote before a key; Ctrl, Shift and Alt are script words, keep them.
            default: throw fail(tr("'%s' is not a modifier (Ctrl, Shift, Alt)", part))
            }
        }
        return (keyName, modifiers)
    }

    /// `click "Label"` or `click "Label" N`, rather than `click X Y`.
    private static func isLabel(_ args: [String], quoted: Bool) -> Bool {
        guard let first = args.first, quoted || Int(first) == nil else { return false }
        return args.count == 1 || (args.count == 2 && Int(args[1]) != nil)
    }

    private static func parseCommand(_ name: String, _ args: [String], quotedLabel: Bool, line: Int) throws(ScriptError) -> ScriptCommand {
        func fail(_ message: String) -> ScriptError { ScriptError(lineNumber: line, message: message) }
        func expect(_ count: Int, _ usage: @autoclosure () -> String) throws(ScriptError) {
            if args.count != count { throw fail(usage()) }
        }
        func int(_ index: Int) throws(ScriptError) -> Int {
            // TRANSLATORS: %s is a word of a headless script where a number should be.
            guard let value = Int(args[index]) else { throw fail(tr("'%s' is not a whole number", args[index])) }
            guard abs(value) <= maxCoordinate else {
                // TRANSLATORS: a coordinate in a headless script; the first %s is it, the others the limits.
                throw fail(tr("%s is out of range (-%s...%s)", args[index], maxCoordinate, maxCoordinate))
            }
            return value
        }
        func coordinate(_ index: Int) throws(ScriptError) -> Float {
            // TRANSLATORS: %s is a word of a headless script where a number (like 12 or 12.5) should be.
            guard let value = Double(args[index]), value.isFinite else { throw fail(tr("'%s' is not a number", args[index])) }
            guard abs(value) <= Double(maxCoordinate) else {
                throw fail(tr("%s is out of range (-%s...%s)", args[index], maxCoordinate, maxCoordinate))
            }
            return Float(value)
        }
        // Messages about a command say its name (%s) as the script wrote it, a word of
        // the script, as are the capitals naming its arguments (X Y).
        switch name {
        case "click" where isLabel(args, quoted: quotedLabel), "touch" where isLabel(args, quoted: quotedLabel):
            guard !args[0].isEmpty else {
                // TRANSLATORS: %s is a headless script's command (click or touch); X Y name its arguments.
                throw fail(tr("'%s' takes X Y, or a widget's label in quotes (and which one, counting from 1)", name))
            }
            var occurrence: Int?
            if args.count == 2 {
                guard let number = Int(args[1]), (1...1000).contains(number) else {
                    // TRANSLATORS: the first %s is what a headless script wrote, the second its command (click or touch).
                    throw fail(tr("'%s' is not which one of the labels to %s, counting from 1", args[1], name))
                }
                occurrence = number
            }
            return name == "click" ? .clickLabel(args[0], occurrence: occurrence) : .touchLabel(args[0], occurrence: occurrence)
        case "click", "touch":
            // TRANSLATORS: %s is a headless script's command; X Y name its arguments, keep them.
            try expect(2, tr("'%s' takes X Y", name))
            let x = try int(0), y = try int(1)
            return name == "click" ? .click(x: x, y: y) : .touch(x: x, y: y)
        case "down", "up", "move":
            try expect(2, tr("'%s' takes X Y", name))
            let x = try coordinate(0), y = try coordinate(1)
            switch name {
            case "down": return .down(x: x, y: y)
            case "up": return .up(x: x, y: y)
            default: return .move(x: x, y: y)
            }
        case "wheel":
            // TRANSLATORS: %s is a headless script's command; DX DY name its arguments, keep them.
            try expect(2, tr("'%s' takes DX DY (notches)", name))
            guard let dx = Float(args[0]), let dy = Float(args[1]), abs(dx) <= 100, abs(dy) <= 100 else {
                // TRANSLATORS: wheel is a headless script's command; keep it.
                throw fail(tr("wheel takes two numbers of notches from -100 to 100, like 0 -3"))
            }
            return .wheel(dx: dx, dy: dy)
        case "touchdown" where args.count == 4:
            // TRANSLATORS: %s is what a headless script wrote where a finger's number should be.
            guard let id = Int64(args[0]) else { throw fail(tr("'%s' is not a finger id", args[0])) }
            let x = try coordinate(1), y = try coordinate(2)
            // 0...1 as SDL reports it for a screen that senses pressure: 1 is a full
            // press. A screen without pressure is a touchdown without the number.
            guard let pressure = Float(args[3]), pressure >= 0, pressure <= 1 else {
                // TRANSLATORS: %s is what a headless script wrote for a touch's pressure.
                throw fail(tr("touch pressure '%s' must be a number from 0 to 1, like 0.4 (1 is a full press; leave it out for a screen without pressure)",
                              args[3]))
            }
            return .touchDown(id: id, x: x, y: y, pressure: pressure)
        case "touchdown", "touchup", "touchmove":
            // TRANSLATORS: %s is a headless script's command; ID X Y [PRESSURE] name its arguments, keep them.
            try expect(3, name == "touchdown" ? tr("'%s' takes ID X Y [PRESSURE]", name) : tr("'%s' takes ID X Y", name))
            guard let id = Int64(args[0]) else { throw fail(tr("'%s' is not a finger id", args[0])) }
            let x = try coordinate(1), y = try coordinate(2)
            switch name {
            case "touchdown": return .touchDown(id: id, x: x, y: y)
            case "touchup": return .touchUp(id: id, x: x, y: y)
            default: return .touchMove(id: id, x: x, y: y)
            }
        case "pad":
            let buttons = GamepadButton.allCases.map(\.rawValue).joined(separator: " ")
            // TRANSLATORS: the first %s is a headless script's command (pad), the second lists its buttons' names, script words.
            try expect(1, tr("'%s' takes a button: %s", name, buttons))
            guard let button = GamepadButton(rawValue: args[0].lowercased()) else {
                // TRANSLATORS: the first %s is what a headless script wrote, the second lists the buttons' names, script words.
                throw fail(tr("'%s' is not a gamepad button (%s)", args[0], buttons))
            }
            return .pad(button)
        case "padaxis":
            // TRANSLATORS: %s is a headless script's command; AXIS VALUE name its arguments, keep them.
            try expect(2, tr("'%s' takes AXIS VALUE", name))
            guard let axis = GamepadAxis(rawValue: args[0].lowercased()) else {
                // TRANSLATORS: the first %s is what a headless script wrote, the second lists the axes' names, script words.
                throw fail(tr("'%s' is not a gamepad axis (%s)", args[0], GamepadAxis.allCases.map(\.rawValue).joined(separator: " ")))
            }
            // TRANSLATORS: %s is what a headless script wrote for a gamepad axis's value.
            guard let value = Float(args[1]), value >= -1, value <= 1 else { throw fail(tr("axis value '%s' must be in -1...1", args[1])) }
            return .padAxis(axis, value: value)
        case "keydown", "keyup":
            let repeats = name == "keydown" && args.count == 2 && args[1].lowercased() == "repeat"
            guard args.count == 1 || repeats else {
                // TRANSLATORS: %s is a headless script's command; Space, Ctrl+L and 'repeat' are script words, keep them.
                throw fail(name == "keydown" ? tr("'%s' takes a key like Space or Ctrl+L, then 'repeat' for an auto-repeat", name)
                    : tr("'%s' takes a key like Space or Ctrl+L", name))
            }
            let (keyName, modifiers) = try parseKey(args[0], fail: fail)
            return name == "keydown" ? .keyDown(name: keyName, modifiers: modifiers, isRepeat: repeats)
                : .keyUp(name: keyName, modifiers: modifiers)
        case "key":
            // TRANSLATORS: %s is a headless script's command; Return, Tab, a and Ctrl+L are script words, keep them.
            try expect(1, tr("'%s' takes a key like Return, Tab, a or Ctrl+L", name))
            let (keyName, modifiers) = try parseKey(args[0], fail: fail)
            return .key(name: keyName, modifiers: modifiers)
        case "text":
            // TRANSLATORS: %s is a headless script's command (text).
            try expect(1, tr("'%s' takes one quoted string", name))
            return .text(args[0])
        case "drop":
            // TRANSLATORS: %s is a headless script's command (drop).
            try expect(1, tr("'%s' takes a file path (quote it if it has spaces)", name))
            return .drop(path: args[0])
        case "screenshot":
            // TRANSLATORS: %s is a headless script's command (screenshot).
            try expect(1, tr("'%s' takes an output .png path", name))
            return .screenshot(path: args[0])
        case "texts":
            // TRANSLATORS: %s is a headless script's command (texts).
            try expect(1, tr("'%s' takes an output file path", name))
            return .texts(path: args[0])
        case "close":
            // TRANSLATORS: %s is a headless script's command, which takes no arguments.
            try expect(0, tr("'%s' takes nothing", name))
            return .close
        case "padunplug", "padplug", "audiolost", "audioback":
            try expect(0, tr("'%s' takes nothing", name))
            switch name {
            case "padunplug": return .padUnplug
            case "padplug": return .padPlug
            case "audiolost": return .audioLost
            default: return .audioBack
            }
        case "resize":
            // TRANSLATORS: %s is a headless script's command (resize).
            try expect(2, tr("'%s' takes a width and a height in pixels", name))
            guard let width = Int(args[0]), let height = Int(args[1]), (320...8192).contains(width), (240...8192).contains(height) else {
                // TRANSLATORS: resize is a headless script's command; keep it.
                throw fail(tr("resize needs a width from 320 to 8192 and a height from 240 to 8192"))
            }
            return .resize(width: width, height: height)
        case "frame":
            // TRANSLATORS: %s is a headless script's command (frame).
            try expect(1, tr("'%s' takes the seconds since the frame before", name))
            guard let elapsed = Double(args[0]), elapsed.isFinite, elapsed >= 0, elapsed <= maxTime else {
                // TRANSLATORS: frame is a headless script's command; keep it.
                throw fail(tr("frame needs the seconds since the frame before, like 0.0167"))
            }
            return .frame(elapsed: elapsed)
        case "seed":
            // TRANSLATORS: %s is a headless script's command (seed).
            try expect(1, tr("'%s' takes a whole number from 0 to 18446744073709551615", name))
            // TRANSLATORS: seed is a headless script's command; keep it.
            guard let seed = UInt64(args[0]) else { throw fail(tr("seed needs a whole number from 0 to 18446744073709551615")) }
            return .seed(seed)
        case "quit":
            try expect(0, tr("'%s' takes nothing", name))
            return .quit
        default:
            // TRANSLATORS: %s is the command word of a headless script's line.
            throw fail(tr("unknown command '%s'", name))
        }
    }

    /// Splits a line into words, each with whether it was (at least partly) quoted:
    /// whitespace separates, double quotes group (with \" and \\ escapes), `#` outside
    /// quotes starts a comment.
    static func tokenizeMarkingQuotes(_ line: String, line number: Int) throws(ScriptError) -> [(text: String, quoted: Bool)] {
        var words: [(text: String, quoted: Bool)] = []
        var current = ""
        var quoted = false
        var inWord = false, inQuotes = false, escaped = false
        for character in line {
            if inQuotes {
                if escaped {
                    current.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inQuotes = false
                } else {
                    current.append(character)
                }
                continue
            }
            if character == "#" { break }
            if character == "\"" {
                inQuotes = true
                inWord = true
                quoted = true
            } else if character.isWhitespace {
                if inWord { words.append((current, quoted)); current = ""; inWord = false; quoted = false }
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inQuotes { throw ScriptError(lineNumber: number, message: tr("a quoted string is not closed")) }
        if inWord { words.append((current, quoted)) }
        return words
    }
}
