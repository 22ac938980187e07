import Localization

/// The user's settings: what the Settings screen shows and `stresspunch settings`
/// reads and writes, by the same keys. They live in the library's settings table
/// under `settings.KEY` (`StoredSetting.user`); a missing or damaged value reads as its default, so a
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
    /// The language the app speaks: "system" (LANG, LC_MESSAGES, LANGUAGE) or a code
    /// such as "de" or "pt_BR". One without a translation speaks English.
    public var language = "system"
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
        case language
        case fullscreen
        case photoFrame = "photo-frame"
        case tool

        /// What the key is for, in a few words (`settings list` prints it). The values a
        /// user types (on, off, the numbers, the words) stay as typed: arguments.
        public var summary: String {
            switch self {
            // TRANSLATORS: `settings list` and --help: what the `sound` setting is. The two %s are the values typed, "on" and "off".
            case .sound: return tr("sound %s or %s", "on", "off")
            // TRANSLATORS: what the `volume` setting is. The two %s are the numbers typed (0 and 100); %% is a percent sign.
            case .volume: return tr("loudness, %s to %s (%%)", 0, 100)
            // TRANSLATORS: what the `reduce-motion` setting is. The two %s are the values typed, "on" and "off".
            case .reduceMotion: return tr("gentler motion and a softer flash, %s or %s", "on", "off")
            // TRANSLATORS: what the `shake` setting is. The two %s are the numbers typed (0 and 200); %% is a percent sign.
            case .shake: return tr("screen shake on a hit, %s to %s (%%)", 0, 200)
            // TRANSLATORS: what the `squash` setting is. The two %s are the numbers typed (0 and 200); %% is a percent sign.
            case .squash: return tr("how far the target squashes, %s to %s (%%)", 0, 200)
            // TRANSLATORS: what the `dent` setting is. The two %s are the values typed, "on" and "off".
            case .dent: return tr("the picture dents where it is hit and ripples back, %s or %s", "on", "off")
            // TRANSLATORS: what the `ui-scale` setting is. The two %s are the numbers typed (100 and 200); %% is a percent sign.
            case .uiScale: return tr("size of everything on screen, %s to %s (%%)", 100, 200)
            // TRANSLATORS: what the `contrast` setting is. The three %s are the values typed: "system", "normal" and "high".
            case .contrast: return tr("colours: %s (the desktop's high-contrast setting), %s or %s", "system", "normal", "high")
            // TRANSLATORS: what the `language` setting is. %s is the value typed, "system"; de, fr and pt_BR are language codes.
            case .language: return tr("the language: %s (the desktop's) or a code such as de, fr or pt_BR", "system")
            // TRANSLATORS: what the `fullscreen` setting is. The two %s are the values typed, "on" and "off".
            case .fullscreen: return tr("start fullscreen, %s or %s", "on", "off")
            // TRANSLATORS: what the `photo-frame` setting is. The two %s are the values typed, "on" and "off".
            case .photoFrame: return tr("photos framed as stickers, %s or %s", "on", "off")
            // TRANSLATORS: what the `tool` setting is. %s lists the values typed: "fist, slap, pillow, pie, tomato, mallet".
            case .tool: return tr("what punches hit with: %s", PunchTool.allCases.map(\.rawValue).joined(separator: ", "))
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
            case .sound, .reduceMotion, .dent, .fullscreen, .photoFrame, .tool, .contrast, .language: return nil
            }
        }

        /// Where the value lives in the library's settings table.
        public var stored: StoredSetting { .user(self) }
    }

    /// Why a value cannot be set, as one line that says what would do.
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case unknownKey(String)
        case badValue(Key, String)

        public var description: String {
            switch self {
            case .unknownKey(let key):
                // TRANSLATORS: `settings get/set` refused a key. The first %s is what was typed, the second lists the setting keys (typed as is).
                return tr("there is no setting \"%s\"; the settings are: %s", key, Key.allCases.map(\.rawValue).joined(separator: ", "))
            case .badValue(let key, let value):
                if let range = key.range {
                    // TRANSLATORS: `settings set` refused a value: the setting's key, the lowest and highest number it takes (typed as is), what was typed.
                    return tr("%s takes a whole number from %s to %s, not \"%s\"", key.rawValue, range.lowerBound, range.upperBound, value)
                }
                if key == .language {
                    // TRANSLATORS: `settings set language` refused a value that is not a language code: "system" (typed as is), what was typed.
                    return tr("language takes %s or a language code such as de, fr or pt_BR, not \"%s\"", "system", value)
                }
                if let choices = key.choices {
                    // TRANSLATORS: `settings set` refused a value: the setting's key, the words it takes (typed as is), what was typed.
                    return tr("%s takes one of %s, not \"%s\"", key.rawValue, choices.joined(separator: ", "), value)
                }
                // TRANSLATORS: `settings set` refused a value: the setting's key, "on", "off" (typed as is), what was typed.
                return tr("%s takes %s or %s, not \"%s\"", key.rawValue, "on", "off", value)
            }
        }
    }

    /// The settings saved in a library; `stored` gives a settings-table value by key.
    public init(stored: (StoredSetting) -> String?) {
        for key in Key.allCases {
            guard let text = stored(key.stored) else { continue }
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
        case .language: return language
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
        } else if key == .language {
            // C and POSIX speak the messages as written: English, as the Settings screen names it.
            if ["c", "posix", "c.utf-8", "c.utf8"].contains(trimmed) {
                language = "en"
                return
            }
            guard Self.isLanguageCode(trimmed) else { throw .badValue(key, text) }
            language = Self.languageCode(trimmed)
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
            case .sound, .reduceMotion, .dent, .fullscreen, .photoFrame, .tool, .contrast, .language: break
            }
        } else {
            guard let value = Self.flag(trimmed) else { throw .badValue(key, text) }
            switch key {
            case .sound: sound = value
            case .reduceMotion: reduceMotion = value
            case .dent: dent = value
            case .fullscreen: fullscreen = value
            case .photoFrame: photoFrame = value
            case .volume, .shake, .squash, .uiScale, .tool, .contrast, .language: break
            }
        }
    }

    /// Every setting as the settings table stores it.
    public var stored: [StoredSetting: String] {
        Dictionary(uniqueKeysWithValues: Key.allCases.map { ($0.stored, value($0)) })
    }

    /// The one setting `key` as the settings table stores it.
    public func stored(_ key: Key) -> [StoredSetting: String] { [key.stored: value(key)] }

    private static func trimmed(_ text: String) -> String {
        var scalars = Substring(text)
        while let first = scalars.first, first.isWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.isWhitespace { scalars = scalars.dropLast() }
        return String(scalars)
    }

    private static func text(_ flag: Bool) -> String { flag ? "on" : "off" }

    /// "system", or what a locale name's language part looks like: "de", "pt_BR",
    /// "sr@latin", "en@pseudo" (letters, then a region and a modifier). Whether it has a
    /// translation is for the app to say, not a refusal.
    /// A code written as locale names write it: "PT_br" is "pt_BR".
    private static func languageCode(_ lowercased: String) -> String {
        let parts = lowercased.split(separator: "@", maxSplits: 1).map(String.init)
        let codes = parts[0].split(separator: "_", maxSplits: 1).map(String.init)
        let code = codes.count == 2 ? codes[0] + "_" + codes[1].uppercased() : parts[0]
        return parts.count == 2 ? code + "@" + parts[1] : code
    }

    private static func isLanguageCode(_ text: String) -> Bool {
        guard text.count <= 24, let first = text.unicodeScalars.first, first.properties.isLowercase, first.isASCII else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0 == "_" || $0 == "@") }
    }

    private static func flag(_ text: String) -> Bool? {
        switch text {
        case "on", "yes", "true", "1": return true
        case "off", "no", "false", "0": return false
        default: return nil
        }
    }
}
