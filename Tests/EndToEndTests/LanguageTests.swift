import Foundation
import Localization
import StressCore
import Testing
import TestSupport

/// The app in the user's language: the catalogs compiled into the build folder, the
/// environment's locale and the `language` setting, and the pseudo-locale that finds
/// text a longer language would cut.
@Suite("Every language")
struct LanguageTests {
    /// One drawn text as the `texts` script line writes it.
    struct Placed: Decodable {
        let text: String
        let box, visible, inked: [Double]
        let cut, overlay: Bool
        var isShown: Bool { visible.count == 4 && visible[2] >= 1 && visible[3] >= 1 }
    }

    /// The screens every key reaches, each with the script lines that open it from the main screen.
    static let screens: [(name: String, steps: [String])] = [
        ("main", []), ("help", ["key f1"]), ("manage", ["key ctrl+l"]), ("manage help", ["key ctrl+l", "key f1"]),
        ("every target", ["key ctrl+m"]), ("add", ["key ctrl+n"]), ("stats", ["key ctrl+t"]), ("settings", ["key ctrl+,"]),
        ("rush", ["key ctrl+r"]), ("versus", ["key ctrl+b"]),
    ]

    /// The pseudo-locale's also: the dialogs and the picker, opened by their buttons' pseudo-locale labels.
    static let pseudoScreens: [(name: String, steps: [String])] = [
        ("delete dialog", ["key ctrl+l", "click \"\(PseudoLocale.transform("Delete"))\""]),
        ("restore dialog", ["key ctrl+l", "click \"\(PseudoLocale.transform("Restore defaults"))\""]),
        ("picker", ["key ctrl+n", "click \"\(PseudoLocale.transform("Choose picture…"))\""]),
        // The rush's 30 seconds run out: its result card (a script's time runs as fast as it can).
        ("rush result", ["key ctrl+r", "wait 33"]),
    ]

    /// Runs the app on each screen under `environment` and returns its texts by screen name.
    func texts(size: String, environment: [String: String], pseudo: Bool = false) throws -> [(String, [Placed])] {
        let run = HeadlessRun()
        let screens = Self.screens + (pseudo ? Self.pseudoScreens : [])
        var script = ""
        var time = 0.5
        for (index, screen) in screens.enumerated() {
            for step in screen.steps {
                if step.hasPrefix("wait "), let seconds = Double(step.dropFirst(5)) {
                    time += seconds
                    continue
                }
                script += "\(time) \(step)\n"
                time += 0.4
            }
            time += 0.6
            script += "\(time) texts $DIR/texts-\(index).jsonl\n"
            // Back to the main screen: Esc closes what is open (twice for help over a page).
            for _ in 0..<max(1, screen.steps.filter { !$0.hasPrefix("wait ") }.count) {
                time += 0.4
                script += "\(time) key escape\n"
            }
            time += 0.6
        }
        script += "\(time + 0.5) quit\n"
        let result = try run.run(script, size: size, environment: environment)
        try #require(result.status == 0, "the app failed: \(result.standardError)")
        return try screens.enumerated().map { index, screen in
            let lines = try String(contentsOf: run.folder.file("texts-\(index).jsonl"), encoding: .utf8).split(separator: "\n")
            return (screen.name, try lines.map { try JSONDecoder().decode(Placed.self, from: Data($0.utf8)) })
        }
    }

    @Test("under LANG=de_DE.UTF-8 the window, the help, --help and an error line are German; under C.UTF-8 English")
    func germanEverywhere() throws {
        let german = ["LANG": "de_DE.UTF-8"]
        let shown = try texts(size: "1280x720", environment: german)
        let words = Dictionary(uniqueKeysWithValues: shown.map { ($0.0, Set($0.1.map(\.text))) })
        #expect(words["manage"]?.contains("Bibliothek verwalten") == true, "\(words["manage"] ?? [])")
        #expect(words["help"]?.contains("Hilfe — Hauen") == true, "\(words["help"] ?? [])")
        #expect(words["manage"]?.contains("Manage library") == false)

        let help = try StressPunchProcess.run(["--help"], environment: german)
        #expect(help.status == 0 && help.standardOutput.contains("Aufruf:") && !help.standardOutput.contains("Usage:"), "\(help.standardOutput)")
        let refused = try StressPunchProcess.run(["settings", "set", "volume", "999", "--data-dir", HeadlessRun().cli.dataDirectory],
                                                 environment: german)
        #expect(refused.status == 2)
        #expect(refused.standardError.hasPrefix("stresspunch: volume erwartet eine ganze Zahl von 0 bis 100, nicht „999“"),
                "\(refused.standardError)")

        // The control: the same run in the C locale is English.
        let english = try StressPunchProcess.run(["--help"], environment: ["LANG": "C.UTF-8"])
        #expect(english.standardOutput.contains("Usage:") && !english.standardOutput.contains("Aufruf:"))
    }

    @Test("under LANG=ar_EG.UTF-8 the text is Arabic, with Egypt's digits and Arabic's plural forms")
    func arabicWithItsDigits() throws {
        let shown = try texts(size: "1280x720", environment: ["LANG": "ar_EG.UTF-8"])
        let manage = Set(shown.first { $0.0 == "manage" }?.1.map(\.text) ?? [])
        #expect(manage.contains("إدارة المكتبة"), "\(manage)")
        // No punches yet: Arabic's zero form, with an Arabic-Indic zero.
        #expect(manage.contains("٠ لكمة"), "\(manage)")
    }

    @Test("under Arabic the app's own texts read right to left, with Arabic digits and percent signs on every screen")
    func arabicDirectionDigitsAndPercent() throws {
        let run = HeadlessRun()
        let steps = ["key 2", "texts $DIR/main.jsonl", "key ctrl+l", "texts $DIR/manage.jsonl", "key escape", "key ctrl+t", "texts $DIR/stats.jsonl", "key escape", "key ctrl+,",
                     "texts $DIR/settings.jsonl", "key escape", "key ctrl+r", "click 640 330", "texts $DIR/rush.jsonl"]
        let script = steps.enumerated().map { "\(0.5 + Double($0.offset) * 0.5) \($0.element)" }.joined(separator: "\n") + "\n8 quit\n"
        let result = try run.run(script, size: "1280x720", environment: ["LANG": "ar_EG.UTF-8"])
        try #require(result.status == 0, "the app failed: \(result.standardError)")
        var shown: [String: [Placed]] = [:]
        for screen in ["main", "manage", "stats", "settings", "rush"] {
            let lines = try String(contentsOf: run.folder.file("\(screen).jsonl"), encoding: .utf8).split(separator: "\n")
            shown[screen] = try lines.map { try JSONDecoder().decode(Placed.self, from: Data($0.utf8)) }
        }
        // The Printer's message opens with "PC LOAD LETTER": it reads right to left all the same.
        let message = shown["manage"]?.first { $0.text.contains("PC LOAD LETTER") }
        #expect(message?.text.hasPrefix("\u{200F}") == true, "\(message?.text.debugDescription ?? "no message")")
        // No Latin digit nor percent sign, but in key names (F1, a favorite's key).
        for (screen, texts) in shown {
            for text in texts.map(\.text) {
                // A favorite's key opens its card's name: "\u{200E}2  The Printer".
                let named = text.hasPrefix("\u{200E}") ? String(text.dropFirst(4)) : text
                let spoken = named.replacingOccurrences(of: "F1", with: "")
                #expect(!spoken.contains { $0.isASCII && ($0.isNumber || $0 == "%") }, "\(screen): \(text.debugDescription)")
            }
        }
        #expect(shown["settings"]?.contains { $0.text.contains("٪") } == true)
    }

    @Test("a catalog whose plural rule divides by zero, or one too large, is refused with one line and the app speaks English")
    func hostileCatalogRefused() throws {
        let folder = TemporaryDirectory("catalogs")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let german = try String(contentsOf: root.appendingPathComponent("po/de.po"), encoding: .utf8)
        let dividing = german.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasPrefix("\"Plural-Forms:") ? "\"Plural-Forms: nplurals=2; plural=(n / 0);\\n\"" : String($0)
        }.joined(separator: "\n")
        let catalog = folder.file("de/LC_MESSAGES")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        try Data(dividing.utf8).write(to: folder.file("de.po"))
        let compile = try ToolProcess.run("/usr/bin/msgfmt", ["-o", catalog.appendingPathComponent("stresspunch.mo").path, folder.file("de.po").path])
        try #require(compile.status == 0, "\(compile.standardError)")
        // Plural messages are what gettext computes the rule for: stats says "0 punches".
        let cli = CLI()
        let run = try StressPunchProcess.run(["stats", "--data-dir", cli.dataDirectory],
                                             environment: ["LANG": "de_DE.UTF-8", "STRESSPUNCH_LOCALE_DIR": folder.url.path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError == "stresspunch: the translation for \"de\" cannot be used: its plural rule divides by zero for 0; speaking English\n")
        #expect(run.standardOutput.contains("punches"), "\(run.standardOutput)")

        // Over 4 MB: refused by its size, before gettext reads it.
        let huge = german + "\nmsgid \"padding\"\nmsgstr \"" + String(repeating: "x", count: 5 << 20) + "\"\n"
        try Data(huge.utf8).write(to: folder.file("de.po"))
        _ = try ToolProcess.run("/usr/bin/msgfmt", ["-o", catalog.appendingPathComponent("stresspunch.mo").path, folder.file("de.po").path])
        let padded = try StressPunchProcess.run(["stats", "--data-dir", cli.dataDirectory],
                                                environment: ["LANG": "de_DE.UTF-8", "STRESSPUNCH_LOCALE_DIR": folder.url.path])
        #expect(padded.status == 0 && padded.standardOutput.contains("punches"))
    }

    @Test("settings set language C means English, kept as en, with no warning after")
    func languageCIsEnglish() throws {
        let cli = CLI()
        let set = try StressPunchProcess.run(["settings", "set", "language", "C", "--data-dir", cli.dataDirectory])
        #expect(set.status == 0 && set.standardError.isEmpty, "\(set.standardError)")
        let get = try StressPunchProcess.run(["settings", "get", "language", "--data-dir", cli.dataDirectory])
        #expect(get.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "en")
        let stats = try StressPunchProcess.run(["stats", "--data-dir", cli.dataDirectory], environment: ["LANG": "de_DE.UTF-8"])
        #expect(stats.status == 0 && stats.standardError.isEmpty, "\(stats.standardError)")
        #expect(stats.standardOutput.contains("punches"))
    }

    @Test("under Arabic the layout mirrors: Stats and the tools change sides, Back goes right, and a click lands where it is seen")
    func arabicMirrors() throws {
        let arabic = ["LANG": "ar_EG.UTF-8"]
        let english = try texts(size: "1280x720", environment: [:])
        let mirrored = try texts(size: "1280x720", environment: arabic)
        func center(_ word: String, on screen: String, in runs: [(String, [Placed])]) -> Double? {
            guard let text = runs.first(where: { $0.0 == screen })?.1.first(where: { $0.text == word }) else { return nil }
            return text.inked[0] + text.inked[2] / 2
        }
        let stats = try #require(center("Stats", on: "main", in: english)), statsAR = try #require(center("الإحصاءات", on: "main", in: mirrored))
        #expect(stats > 640 && statsAR < 640, "Stats at \(stats) in English, \(statsAR) in Arabic")
        let back = try #require(center("Back", on: "manage", in: english)), backAR = try #require(center("رجوع", on: "manage", in: mirrored))
        #expect(back < 640 && backAR > 640, "Back at \(back) in English, \(backAR) in Arabic")
        let manage = try #require(center("Manage", on: "main", in: english))
        // Clicked where the Arabic screen shows Manage (the English place, mirrored), it opens.
        let run = HeadlessRun()
        let y = try #require(english.first { $0.0 == "main" }?.1.first { $0.text == "Manage" }).inked[1] + 10
        try run.run("0.5 click \(Int(1280 - manage)) \(Int(y))\n1.2 texts $DIR/after.jsonl\n1.4 quit\n", environment: arabic)
        let after = try String(contentsOf: run.folder.file("after.jsonl"), encoding: .utf8)
        #expect(after.contains("إدارة المكتبة"), "the click did not reach Manage")
    }

    @Test("a kiosk in Arabic opens its PIN pad from the corner where its lock is drawn: the top left", arguments: [true, false])
    func arabicKioskCorner(left: Bool) throws {
        let kiosk = HeadlessRun()
        let pin = try StressPunchProcess.run(["--data-dir", kiosk.cli.dataDirectory, "kiosk", "set-pin"], standardInput: "246813\n")
        try #require(pin.status == 0, "\(pin.standardError)")
        let x = left ? 30 : 1250
        let result = try kiosk.run("0.5 down \(x) 30\n3.5 up \(x) 30\n3.7 texts $DIR/pad.jsonl\n3.8 quit\n",
                                   environment: ["LANG": "ar_EG.UTF-8"], extra: ["--kiosk"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("PIN pad open") == left, "\(result.standardOutput)")
        guard left else { return }
        // Its keypad reads 1 2 3 from the left, as a phone's does, though the rest mirrors.
        let keys = try String(contentsOf: kiosk.folder.file("pad.jsonl"), encoding: .utf8).split(separator: "\n")
            .map { try JSONDecoder().decode(Placed.self, from: Data($0.utf8)) }
        let one = try #require(keys.first { $0.text == "1" }), three = try #require(keys.first { $0.text == "3" })
        #expect(one.inked[0] < three.inked[0], "1 at \(one.inked[0]), 3 at \(three.inked[0])")
    }

    @Test("choosing a language on the Settings screen changes the words on the next frame and is kept")
    func settingsScreenSwitches() throws {
        let run = HeadlessRun()
        // System, then English, then Deutsch.
        let result = try run.run("0.5 key ctrl+,\n1.0 click \"Language +\"\n1.3 click \"Language +\"\n1.5 texts $DIR/after.jsonl\n1.7 quit\n")
        #expect(result.status == 0, "\(result.standardError)")
        let after = try String(contentsOf: run.folder.file("after.jsonl"), encoding: .utf8)
        #expect(after.contains("\"Einstellungen\"") && after.contains("\"Deutsch\"") && !after.contains("\"Settings\""), "\(after)")
        let stored = try StressPunchProcess.run(["settings", "get", "language", "--data-dir", run.cli.dataDirectory])
        #expect(stored.standardOutput == "de\n")
    }

    @Test("the language setting beats the environment; one with no catalog speaks English with a one-line note, not an error")
    func settingOverridesEnvironment() throws {
        let cli = CLI()
        let german = ["LANG": "de_DE.UTF-8"]
        let french = try StressPunchProcess.run(["settings", "set", "language", "fr", "--data-dir", cli.dataDirectory], environment: german)
        #expect(french.status == 0 && french.standardError.isEmpty, "\(french.standardError)")
        // French from here on, though the environment says German.
        let volume = try StressPunchProcess.run(["settings", "set", "volume", "50", "--data-dir", cli.dataDirectory], environment: german)
        #expect(volume.standardOutput == "volume vaut maintenant 50\n", "\(volume.standardOutput)")

        let unknown = try StressPunchProcess.run(["settings", "set", "language", "tlh", "--data-dir", cli.dataDirectory], environment: german)
        #expect(unknown.status == 0, "\(unknown.standardError)")
        let note = unknown.standardError.split(separator: "\n")
        #expect(note.count == 1 && note[0].hasPrefix("stresspunch: there is no translation for \"tlh\"; speaking English"),
                "\(unknown.standardError)")
        #expect(unknown.standardOutput == "language is now tlh\n")
        // Not a language code at all: refused, and said so.
        let bad = try StressPunchProcess.run(["settings", "set", "language", "../de", "--data-dir", cli.dataDirectory])
        #expect(bad.status == 2 && bad.standardError.contains("language takes system or a language code"), "\(bad.standardError)")
    }

    @Test("each catalog is complete: msgfmt -c finds every message translated, none fuzzy, no directive lost")
    func catalogsComplete() throws {
        let root = ModuleGraphTests.root
        let languages = try String(contentsOf: root.appendingPathComponent("po/LINGUAS"), encoding: .utf8).split(whereSeparator: \.isWhitespace)
        #expect(Set(languages) == ["de", "es", "fr", "pt_BR", "ar", "zh_CN"])
        let template = try String(contentsOf: root.appendingPathComponent("po/stresspunch.pot"), encoding: .utf8)
        let messages = template.components(separatedBy: "\nmsgid \"").count - 2  // less the header
        for language in languages {
            let check = try ToolProcess.run("/usr/bin/msgfmt", ["-c", "--statistics", "-o", "/dev/null", root.appendingPathComponent("po/\(language).po").path])
            #expect(check.status == 0, "\(language): \(check.standardError)")
            #expect(check.standardError.trimmingCharacters(in: .whitespacesAndNewlines) == "\(messages) translated messages.",
                    "\(language): \(check.standardError)")
        }
    }

    /// A built-in target's words as the pseudo-locale writes them: the user's data, which
    /// a card may cut (with the whole of it on hover), not the app's words.
    static let pseudoData: [String] = BuiltinCatalog.targets.flatMap { [PseudoLocale.transform($0.name), PseudoLocale.transform($0.message)] }

    /// The user's data: a built-in target's words, or a folder's path (the picker's).
    static func isData(_ text: String) -> Bool {
        text.hasPrefix("/") || text.hasPrefix("~") || pseudoData.contains { text.contains($0) }
    }

    /// Words the app writes that no catalog changes: key letters, symbols, digits, a date.
    static func hasWords(_ text: String) -> Bool {
        text.range(of: #"[A-Za-z]{3,}"#, options: .regularExpression) != nil
            && text.range(of: #"^[A-Z][a-z]{2} \d+$"#, options: .regularExpression) == nil
    }

    @Test("under the pseudo-locale every screen's words are translated, none is cut and none overlaps another",
          arguments: ["1280x720", "720x1280"])
    func pseudoLocaleFits(size: String) throws {
        try Self.checkPseudo(try texts(size: size, environment: ["LANGUAGE": Localization.pseudoLanguage], pseudo: true), size: size)
    }

    @Test("under the pseudo-locale a kiosk's screens fit too: the attract screen, the PIN pad and the operator menu",
          arguments: ["1280x720", "1080x1920"])
    func pseudoKioskFits(size: String) throws {
        let kiosk = HeadlessRun()
        let pin = try StressPunchProcess.run(["--data-dir", kiosk.cli.dataDirectory, "kiosk", "set-pin"], standardInput: "246813\n")
        try #require(pin.status == 0, "\(pin.standardError)")
        let corner = Int(size.split(separator: "x")[0]).map { $0 - 30 } ?? 1250
        // The operator's corner held, the PIN typed on the keyboard, Enter: the operator menu.
        let script = "0.5 texts $DIR/k-0.jsonl\n0.6 down \(corner) 30\n3.6 up \(corner) 30\n3.9 texts $DIR/k-1.jsonl\n"
            + "246813".enumerated().map { "\(4.0 + Double($0.offset) * 0.05) key \($0.element)\n" }.joined()
            + "4.5 key return\n5.1 texts $DIR/k-2.jsonl\n5.3 quit\n"
        let result = try kiosk.run(script, size: size, environment: ["LANGUAGE": Localization.pseudoLanguage], extra: ["--kiosk"])
        try #require(result.status == 0 && result.standardOutput.contains("screen operatorMenu"), "\(result.standardOutput)\(result.standardError)")
        let screens = try ["kiosk attract", "PIN pad dialog", "operator menu"].enumerated().map { index, name in
            let lines = try String(contentsOf: kiosk.folder.file("k-\(index).jsonl"), encoding: .utf8).split(separator: "\n")
            return (name, try lines.map { try JSONDecoder().decode(Placed.self, from: Data($0.utf8)) })
        }
        try Self.checkPseudo(screens, size: size)
    }

    /// Every screen's words translated (bracketed), none cut, none over another.
    static func checkPseudo(_ screens: [(String, [Placed])], size: String) throws {
        for (screen, texts) in screens {
            // A game's countdown has its clock, counter and count alone.
            #expect(texts.count >= 3, "\(screen) at \(size): the screen is not there")
            let hasOverlay = texts.contains { $0.overlay && $0.isShown }
            #expect(hasOverlay || !screen.contains("dialog") && !screen.contains("help") && !screen.contains("result"),
                    "\(screen) at \(size): nothing opened over the page")
            // Under a dialog or the help, the page's words are covered: only the top layer counts.
            let seen = texts.filter { $0.isShown && !$0.text.isEmpty && (!hasOverlay || $0.overlay) }
            for text in seen where !Self.isData(text.text) {
                #expect(!Self.hasWords(text.text) || text.text.contains("["), "\(screen) at \(size): “\(text.text)” is not translated")
                #expect(!text.cut, "\(screen) at \(size): “\(text.text)” is cut in its box \(text.box)")
            }
            for (index, a) in seen.enumerated() {
                // What shows of each: a scrolled card's last line under its clip's edge is hidden.
                for b in seen[(index + 1)...] where a.overlay == b.overlay && Self.overlaps(Self.clipped(a), Self.clipped(b)) {
                    Issue.record("\(screen) at \(size): “\(a.text)” \(a.inked) and “\(b.text)” \(b.inked) overlap")
                }
            }
        }
    }

    @Test("the pseudo-locale test's eye: in English the same screens show words it calls untranslated")
    func pseudoCheckCanFail() throws {
        let screens = try texts(size: "1280x720", environment: [:])
        let english = screens.flatMap(\.1).filter { $0.isShown && Self.hasWords($0.text) && !$0.text.contains("[") }
        #expect(english.count > 50, "only \(english.count) English texts were seen, so the check could not fail")
    }

    /// The part of a text's lines its clip lets show, as [x, y, width, height].
    static func clipped(_ text: Placed) -> [Double] {
        let (a, c) = (text.inked, text.visible)
        let left = max(a[0], c[0]), top = max(a[1], c[1])
        return [left, top, max(0, min(a[0] + a[2], c[0] + c[2]) - left), max(0, min(a[1] + a[3], c[1] + c[3]) - top)]
    }

    /// Whether two [x, y, width, height] boxes share more than a pixel's sliver.
    static func overlaps(_ a: [Double], _ b: [Double]) -> Bool {
        a[0] < b[0] + b[2] - 1 && b[0] < a[0] + a[2] - 1 && a[1] < b[1] + b[3] - 1 && b[1] < a[1] + a[3] - 1
    }
}
