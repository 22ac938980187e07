import Input

/// One line of a headless script.
public enum ScriptCommand: Sendable, Equatable {
    case click(x: Int, y: Int)
    /// A click (or a tap) on the widget labelled so on screen: a test that means a
    /// button says which, and fails if it is not there instead of clicking nothing.
    /// `occurrence`: the Nth of several visible (1 is a list's top row); nil is the topmost.
    case clickLabel(String, occurrence: Int?)
    case touchLabel(String, occurrence: Int?)
    case down(x: Int, y: Int)
    case up(x: Int, y: Int)
    case move(x: Int, y: Int)
    /// The mouse wheel at the pointer, in notches (positive DY scrolls up).
    case wheel(dx: Float, dy: Float)
    case touch(x: Int, y: Int)
    /// `pressure` 0...1 for screens that sense it (nil: one that does not).
    case touchDown(id: Int64, x: Int, y: Int, pressure: Float? = nil)
    case touchUp(id: Int64, x: Int, y: Int)
    case touchMove(id: Int64, x: Int, y: Int)
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

    public var description: String { "script line \(lineNumber): \(message)" }
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
                throw ScriptError(lineNumber: number, message: "'\(timeWord)' is not a time in seconds (like 0.50)")
            }
            // A day of simulated time at most: frame counts stay far inside an Int.
            guard time <= maxTime else {
                throw ScriptError(lineNumber: number, message: "time \(timeWord) is past the longest script, \(Int(maxTime)) s")
            }
            guard words.count >= 2 else { throw ScriptError(lineNumber: number, message: "a command must follow the time") }
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
        guard let keyName = parts.popLast(), !keyName.isEmpty else { throw fail("'\(text)' names no key") }
        var modifiers: KeyModifiers = []
        for part in parts {
            switch part.lowercased() {
            case "ctrl", "control": modifiers.insert(.control)
            case "shift": modifiers.insert(.shift)
            case "alt": modifiers.insert(.alt)
            default: throw fail("'\(part)' is not a modifier (Ctrl, Shift, Alt)")
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
        func expect(_ count: Int, _ usage: String) throws(ScriptError) {
            if args.count != count { throw fail("'\(name)' takes \(usage)") }
        }
        func int(_ index: Int) throws(ScriptError) -> Int {
            guard let value = Int(args[index]) else { throw fail("'\(args[index])' is not a whole number") }
            guard abs(value) <= maxCoordinate else { throw fail("\(args[index]) is out of range (-\(maxCoordinate)...\(maxCoordinate))") }
            return value
        }
        switch name {
        case "click" where isLabel(args, quoted: quotedLabel), "touch" where isLabel(args, quoted: quotedLabel):
            guard !args[0].isEmpty else { throw fail("'\(name)' takes X Y, or a widget's label in quotes (and which one, counting from 1)") }
            var occurrence: Int?
            if args.count == 2 {
                guard let number = Int(args[1]), (1...1000).contains(number) else {
                    throw fail("'\(args[1])' is not which one of the labels to \(name), counting from 1")
                }
                occurrence = number
            }
            return name == "click" ? .clickLabel(args[0], occurrence: occurrence) : .touchLabel(args[0], occurrence: occurrence)
        case "click", "down", "up", "move", "touch":
            try expect(2, "X Y")
            let x = try int(0), y = try int(1)
            switch name {
            case "click": return .click(x: x, y: y)
            case "down": return .down(x: x, y: y)
            case "up": return .up(x: x, y: y)
            case "move": return .move(x: x, y: y)
            default: return .touch(x: x, y: y)
            }
        case "wheel":
            try expect(2, "DX DY (notches)")
            guard let dx = Float(args[0]), let dy = Float(args[1]), abs(dx) <= 100, abs(dy) <= 100 else {
                throw fail("wheel takes two numbers of notches from -100 to 100, like 0 -3")
            }
            return .wheel(dx: dx, dy: dy)
        case "touchdown" where args.count == 4:
            guard let id = Int64(args[0]) else { throw fail("'\(args[0])' is not a finger id") }
            let x = try int(1), y = try int(2)
            // 0...1 as SDL reports it for a screen that senses pressure: 1 is a full
            // press. A screen without pressure is a touchdown without the number.
            guard let pressure = Float(args[3]), pressure >= 0, pressure <= 1 else {
                throw fail("touch pressure '\(args[3])' must be a number from 0 to 1, like 0.4 (1 is a full press; leave it out for a screen without pressure)")
            }
            return .touchDown(id: id, x: x, y: y, pressure: pressure)
        case "touchdown", "touchup", "touchmove":
            try expect(3, name == "touchdown" ? "ID X Y [PRESSURE]" : "ID X Y")
            guard let id = Int64(args[0]) else { throw fail("'\(args[0])' is not a finger id") }
            let x = try int(1), y = try int(2)
            switch name {
            case "touchdown": return .touchDown(id: id, x: x, y: y)
            case "touchup": return .touchUp(id: id, x: x, y: y)
            default: return .touchMove(id: id, x: x, y: y)
            }
        case "pad":
            try expect(1, "a button: " + GamepadButton.allCases.map(\.rawValue).joined(separator: " "))
            guard let button = GamepadButton(rawValue: args[0].lowercased()) else {
                throw fail("'\(args[0])' is not a gamepad button (" + GamepadButton.allCases.map(\.rawValue).joined(separator: " ") + ")")
            }
            return .pad(button)
        case "padaxis":
            try expect(2, "AXIS VALUE")
            guard let axis = GamepadAxis(rawValue: args[0].lowercased()) else {
                throw fail("'\(args[0])' is not a gamepad axis (" + GamepadAxis.allCases.map(\.rawValue).joined(separator: " ") + ")")
            }
            guard let value = Float(args[1]), value >= -1, value <= 1 else { throw fail("axis value '\(args[1])' must be in -1...1") }
            return .padAxis(axis, value: value)
        case "keydown", "keyup":
            let repeats = name == "keydown" && args.count == 2 && args[1].lowercased() == "repeat"
            guard args.count == 1 || repeats else {
                throw fail("'\(name)' takes a key like Space or Ctrl+L" + (name == "keydown" ? ", then 'repeat' for an auto-repeat" : ""))
            }
            let (keyName, modifiers) = try parseKey(args[0], fail: fail)
            return name == "keydown" ? .keyDown(name: keyName, modifiers: modifiers, isRepeat: repeats)
                : .keyUp(name: keyName, modifiers: modifiers)
        case "key":
            try expect(1, "a key like Return, Tab, a or Ctrl+L")
            let (keyName, modifiers) = try parseKey(args[0], fail: fail)
            return .key(name: keyName, modifiers: modifiers)
        case "text":
            try expect(1, "one quoted string")
            return .text(args[0])
        case "drop":
            try expect(1, "a file path (quote it if it has spaces)")
            return .drop(path: args[0])
        case "screenshot":
            try expect(1, "an output .png path")
            return .screenshot(path: args[0])
        case "close":
            try expect(0, "nothing")
            return .close
        case "padunplug", "padplug", "audiolost", "audioback":
            try expect(0, "nothing")
            switch name {
            case "padunplug": return .padUnplug
            case "padplug": return .padPlug
            case "audiolost": return .audioLost
            default: return .audioBack
            }
        case "resize":
            try expect(2, "a width and a height in pixels")
            guard let width = Int(args[0]), let height = Int(args[1]), (320...8192).contains(width), (240...8192).contains(height) else {
                throw fail("resize needs a width from 320 to 8192 and a height from 240 to 8192")
            }
            return .resize(width: width, height: height)
        case "frame":
            try expect(1, "the seconds since the frame before")
            guard let elapsed = Double(args[0]), elapsed.isFinite, elapsed >= 0, elapsed <= maxTime else {
                throw fail("frame needs the seconds since the frame before, like 0.0167")
            }
            return .frame(elapsed: elapsed)
        case "seed":
            try expect(1, "a whole number from 0 to 18446744073709551615")
            guard let seed = UInt64(args[0]) else { throw fail("seed needs a whole number from 0 to 18446744073709551615") }
            return .seed(seed)
        case "quit":
            try expect(0, "nothing")
            return .quit
        default:
            throw fail("unknown command '\(name)'")
        }
    }

    /// Splits a line into words: whitespace separates, double quotes group (with \" and
    /// \\ escapes), `#` outside quotes starts a comment.
    static func tokenize(_ line: String, line number: Int) throws(ScriptError) -> [String] {
        try tokenizeMarkingQuotes(line, line: number).map(\.text)
    }

    /// The words of a line, each with whether it was (at least partly) quoted.
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
        if inQuotes { throw ScriptError(lineNumber: number, message: "a quoted string is not closed") }
        if inWord { words.append((current, quoted)) }
        return words
    }
}
