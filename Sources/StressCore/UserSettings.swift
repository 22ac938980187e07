/// The user's settings: what the Settings screen shows and `stresspunch settings`
/// reads and writes, by the same keys. They live in the library's settings table
/// under "settings.KEY"; a missing or damaged value reads as its default, so a
/// library from before a setting existed (or one edited by hand) still opens.
public struct UserSettings: Sendable, Equatable {
    /// Sound on or off (M toggles it too).
    public var sound = true
    /// Loudness of every sound, 0–100 %.
    public var volume = 80
    /// Gentler squash, no shake, a softer flash that fades slower, no score pop-ups rising.
    public var reduceMotion = false
    /// How much the screen shakes on a hit, 0–200 % of the usual.
    public var shake = 100
    /// How far the target squashes on a hit, 0–200 % of the usual.
    public var squash = 100
    /// The picture dents where it is hit and ripples back (never under reduce motion).
    public var dent = true
    /// Size of everything on screen, 100–200 % of what fits the window.
    public var uiScale = 100
    /// Colours: the desktop's choice (GNOME's high-contrast setting), or always normal or high.
    public var contrast = Contrast.system
    /// Start fullscreen (F11 switches and remembers it).
    public var fullscreen = false
    /// Photos sit on the main screen as stickers (rounded corners, a light outline).
    public var photoFrame = true
    /// The tool punches hit with (the tool strip, Q / E, the wheel and the pad choose it).
    public var tool = PunchTool.fist

    public init() {}

    /// How strongly text and controls stand out from what is behind them.
    public enum Contrast: String, CaseIterable, Sendable {
        /// As the desktop's accessibility setting says.
        case system
        case normal
        /// Text and focus at 7:1 or more against their ground.
        case high

        /// Whether to draw high contrast, given what the desktop prefers.
        public func isHigh(desktopPrefersHigh: Bool) -> Bool {
            self == .high || self == .system && desktopPrefersHigh
        }
    }

    /// The keys, in the order the screen and `settings list` show them.
    public enum Key: String, CaseIterable, Sendable {
        case sound, volume
        case reduceMotion = "reduce-motion"
        case shake, squash, dent
        case uiScale = "ui-scale"
        case contrast
        case fullscreen
        case photoFrame = "photo-frame"
        case tool

        /// What the key is for, in a few words (`settings list` prints it).
        public var summary: String {
            switch self {
            case .sound: return "sound on or off"
            case .volume: return "loudness, 0 to 100 (%)"
            case .reduceMotion: return "gentler motion and a softer flash, on or off"
            case .shake: return "screen shake on a hit, 0 to 200 (%)"
            case .squash: return "how far the target squashes, 0 to 200 (%)"
            case .dent: return "the picture dents where it is hit and ripples back, on or off"
            case .uiScale: return "size of everything on screen, 100 to 200 (%)"
            case .contrast: return "colours: system (the desktop's high-contrast setting), normal or high"
            case .fullscreen: return "start fullscreen, on or off"
            case .photoFrame: return "photos framed as stickers, on or off"
            case .tool: return "what punches hit with: " + PunchTool.allCases.map(\.rawValue).joined(separator: ", ")
            }
        }

        /// The words a setting takes when it is neither a number nor on/off.
        public var choices: [String]? {
            switch self {
            case .tool: return PunchTool.allCases.map(\.rawValue)
            case .contrast: return Contrast.allCases.map(\.rawValue)
            default: return nil
            }
        }

        /// The allowed range of a number, nil for on/off.
        public var range: ClosedRange<Int>? {
            switch self {
            case .volume: return 0...100
            case .shake, .squash: return 0...200
            case .uiScale: return 100...200
            case .sound, .reduceMotion, .dent, .fullscreen, .photoFrame, .tool, .contrast: return nil
            }
        }

        /// Where the value lives in the library's settings table.
        public var storageKey: String { "settings." + rawValue }
    }

    /// Why a value cannot be set, as one line that says what would do.
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case unknownKey(String)
        case badValue(Key, String)

        public var description: String {
            switch self {
            case .unknownKey(let key):
                return "there is no setting \"\(key)\"; the settings are: " + Key.allCases.map(\.rawValue).joined(separator: ", ")
            case .badValue(let key, let value):
                if let range = key.range {
                    return "\(key.rawValue) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(value)\""
                }
                if let choices = key.choices {
                    return "\(key.rawValue) takes one of \(choices.joined(separator: ", ")), not \"\(value)\""
                }
                return "\(key.rawValue) takes on or off, not \"\(value)\""
            }
        }
    }

    /// The settings saved in a library; `stored` gives a settings-table value by key.
    public init(stored: (String) -> String?) {
        for key in Key.allCases {
            guard let text = stored(key.storageKey) else { continue }
            // A damaged value keeps the default rather than refusing to start.
            try? set(key, text)
        }
    }

    /// The value of `key` as text: "on"/"off" or a number.
    public func value(_ key: Key) -> String {
        switch key {
        case .sound: return Self.text(sound)
        case .volume: return String(volume)
        case .reduceMotion: return Self.text(reduceMotion)
        case .shake: return String(shake)
        case .squash: return String(squash)
        case .dent: return Self.text(dent)
        case .uiScale: return String(uiScale)
        case .contrast: return contrast.rawValue
        case .fullscreen: return Self.text(fullscreen)
        case .photoFrame: return Self.text(photoFrame)
        case .tool: return tool.rawValue
        }
    }

    /// Sets `key` from text as a user types it ("on", "off", "yes", "true", "0"... or a number).
    public mutating func set(_ key: Key, _ text: String) throws(Refusal) {
        let trimmed = Self.trimmed(text).lowercased()
        if key == .tool {
            guard let value = PunchTool(named: trimmed) else { throw .badValue(key, text) }
            tool = value
        } else if key == .contrast {
            guard let value = Contrast(rawValue: trimmed) else { throw .badValue(key, text) }
            contrast = value
        } else if let range = key.range {
            let number = trimmed.hasSuffix("%") ? String(trimmed.dropLast()) : trimmed
            guard let value = Int(number), range.contains(value) else { throw .badValue(key, text) }
            switch key {
            case .volume: volume = value
            case .shake: shake = value
            case .squash: squash = value
            case .uiScale: uiScale = value
            case .sound, .reduceMotion, .dent, .fullscreen, .photoFrame, .tool, .contrast: break
            }
        } else {
            guard let value = Self.flag(trimmed) else { throw .badValue(key, text) }
            switch key {
            case .sound: sound = value
            case .reduceMotion: reduceMotion = value
            case .dent: dent = value
            case .fullscreen: fullscreen = value
            case .photoFrame: photoFrame = value
            case .volume, .shake, .squash, .uiScale, .tool, .contrast: break
            }
        }
    }

    /// Every setting as the settings table stores it.
    public var stored: [String: String] {
        Dictionary(uniqueKeysWithValues: Key.allCases.map { ($0.storageKey, value($0)) })
    }

    /// The one setting `key` as the settings table stores it.
    public func stored(_ key: Key) -> [String: String] { [key.storageKey: value(key)] }

    private static func trimmed(_ text: String) -> String {
        var scalars = Substring(text)
        while let first = scalars.first, first.isWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.isWhitespace { scalars = scalars.dropLast() }
        return String(scalars)
    }

    private static func text(_ flag: Bool) -> String { flag ? "on" : "off" }

    private static func flag(_ text: String) -> Bool? {
        switch text {
        case "on", "yes", "true", "1": return true
        case "off", "no", "false", "0": return false
        default: return nil
        }
    }
}
