// Localization owns which language the app speaks and how it writes numbers and
// dates: glibc's gettext over the catalogs `po/` compiles, the language picked from
// the environment the way gettext does (LANGUAGE, LC_ALL, LC_MESSAGES, LANG) or from
// the `language` setting, and Foundation's CLDR data for digits, grouping, weekday
// names and the first day of the week.

import CGettext
import Foundation
import Locking

public enum Localization {
    /// The gettext domain: catalogs are `LANG/LC_MESSAGES/stresspunch.mo`.
    public static let domain = "stresspunch"
    /// Overrides where the catalogs are (a folder holding `LANG/LC_MESSAGES/`).
    public static let folderEnvironmentVariable = "STRESSPUNCH_LOCALE_DIR"
    /// The pseudo-locale: every string accented, 40 % longer and in brackets, so a
    /// test finds text that clips or was never translated. Made here, not a catalog,
    /// so it always covers every string.
    public static let pseudoLanguage = "en@pseudo"

    /// What the app speaks now.
    struct State {
        /// The catalog in use ("de", "pt_BR"); nil for English (the messages as written).
        var catalog: String?
        var pseudo = false
        /// Formats numbers and dates; the environment's region when its language matches.
        var locale = Locale(identifier: "en_US")
        var rightToLeft = false
        /// Translations already looked up, by the literal's address (a StaticString's
        /// bytes never move), so a frame's labels cost a dictionary lookup each.
        var cache: [CacheKey: String] = [:]
        /// The same for text that is not a literal here (a built-in target's name from the library).
        var storedCache: [String: String] = [:]
        /// Whole numbers as the locale writes them (a list's counts, every frame):
        /// Foundation's formatter is slow next to a lookup.
        var numbers: [Int: String] = [:]
        var folder: String?
        /// LANGUAGE as the process was started with it: the app sets LANGUAGE itself
        /// (to tell gettext the catalog), so the user's own is kept here.
        var startLanguage: String?
        var started = false
    }

    struct CacheKey: Hashable {
        let message: UnsafeRawPointer
        let context: UnsafeRawPointer?
    }

    /// Every gettext call is made with this held: the language is chosen through the
    /// LANGUAGE variable, which gettext reads on each lookup, and changing it while
    /// another thread reads it is undefined.
    static let state = Locked(State())

    /// The language codes with a catalog in the folder found, sorted.
    public static var availableCatalogs: [String] {
        state.withLock { $0.folder }.map(catalogs(in:)) ?? []
    }

    /// The language codes `folder` holds a usable catalog of ours for
    /// (`LANG/LC_MESSAGES/stresspunch.mo`, passing CatalogCheck).
    static func catalogs(in folder: String) -> [String] {
        allCatalogs(in: folder).filter { catalogProblem(folder: folder, language: $0) == nil }
    }

    /// Every language code `folder` holds a catalog file for, usable or not.
    static func allCatalogs(in folder: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.filter { FileManager.default.fileExists(atPath: "\(folder)/\($0)/LC_MESSAGES/\(domain).mo") }.sorted()
    }

    /// Why `language`'s catalog in `folder` is not used, or nil; worked out once per
    /// file as it is (its size and time).
    static func catalogProblem(folder: String, language: String) -> String? {
        let path = "\(folder)/\(language)/LC_MESSAGES/\(domain).mo"
        var info = stat()
        guard lstat(path, &info) == 0 else { return "it cannot be read" }
        let identity = "\(path)\u{0}\(info.st_size)\u{0}\(info.st_mtim.tv_sec)\u{0}\(info.st_mtim.tv_nsec)"
        if let known = checkedCatalogs.withLock({ $0[identity] }) { return known }
        let problem = CatalogCheck.problem(at: path)
        checkedCatalogs.withLock { $0[identity] = .some(problem) }
        return problem
    }

    private static let checkedCatalogs = Locked<[String: String?]>([:])

    /// The language in use: a catalog's code, `en`, or the pseudo-locale's.
    public static var language: String {
        state.withLock { $0.pseudo ? pseudoLanguage : $0.catalog ?? "en" }
    }

    /// Whether the layout mirrors (Arabic, Hebrew, Persian, Urdu).
    public static var isRightToLeft: Bool { state.withLock { $0.rightToLeft } }

    /// The locale numbers and dates are written in.
    public static var locale: Locale { state.withLock { $0.locale } }

    /// Sets the process up for translation (once, first thing): the C library's locale
    /// from the environment (LC_NUMERIC stays "C" so no C code writes "1,5" for 1.5),
    /// gettext pointed at the catalogs, and the language chosen from `setting` (a
    /// code, or nil / "system" for the environment's). Returns a one-line note when a
    /// language was asked for that has no catalog: the app then speaks English.
    @discardableResult
    public static func start(setting: String? = nil, executable: String? = nil) -> String? {
        if setlocale(LC_ALL, "") == nil {
            // The user's locale is not generated on this machine (a container, a
            // fresh kiosk): gettext ignores LANGUAGE under "C", so use C.UTF-8 and let
            // the language come from LANG through LANGUAGE below.
            _ = setlocale(LC_ALL, "C.UTF-8")
        }
        _ = setlocale(LC_NUMERIC, "C")
        let folder = catalogFolder(executable: executable)
        state.withLock { state in
            if !state.started { state.startLanguage = ProcessInfo.processInfo.environment["LANGUAGE"] }
            state.started = true
            state.folder = folder
            if let folder { _ = bindtextdomain(domain, folder) }
            _ = bind_textdomain_codeset(domain, "UTF-8")
        }
        return use(setting: setting)
    }

    /// Switches language (the Settings screen, `settings set language`): `setting` is
    /// a code, or nil / "system" to follow the environment. Returns the note `start` does.
    @discardableResult
    public static func use(setting: String?) -> String? {
        var environment = ProcessInfo.processInfo.environment
        environment["LANGUAGE"] = state.withLock { $0.started ? $0.startLanguage : environment["LANGUAGE"] }
        let asked = setting.flatMap { $0 == "system" || $0.isEmpty ? nil : $0 }
        let wanted = asked.map { [$0] } ?? LanguagePreference.environmentLanguages(environment)
        let catalogs = availableCatalogs
        let choice = LanguagePreference.choose(from: wanted, catalogs: catalogs)
        // A catalog that would have been chosen but fails its check is said, once a switch.
        let folder = state.withLock { $0.folder }
        let refused = folder.flatMap { folder in
            LanguagePreference.choose(from: wanted, catalogs: allCatalogs(in: folder)).flatMap { language in
                language == choice || language == pseudoLanguage ? nil : catalogProblem(folder: folder, language: language).map { (language, $0) }
            }
        }
        let region = LanguagePreference.formattingLocale(environment)
        state.withLock { state in
            state.pseudo = choice == pseudoLanguage
            state.catalog = state.pseudo ? nil : choice
            let language = state.catalog ?? "en"
            state.locale = LanguagePreference.locale(language: language, environmentLocale: region)
            state.rightToLeft = Locale.Language(identifier: language).characterDirection == .rightToLeft
            state.cache = [:]
            state.storedCache = [:]
            state.numbers = [:]
            // gettext reads LANGUAGE on every lookup; "C" here means English.
            setenv("LANGUAGE", state.catalog ?? "C", 1)
            // Signals gettext that the catalogs changed, so nothing cached is reused.
            _ = textdomain(domain)
        }
        if let (language, problem) = refused {
            // TRANSLATORS: a catalog file was refused; %1$s is its language code, %2$s why (in English, e.g. "its
            // plural rule divides by zero for 0").
            return tr("the translation for \"%1$s\" cannot be used: %2$s; speaking English", language, problem)
        }
        guard let asked, choice == nil, !LanguagePreference.isEnglish(asked) else { return nil }
        // TRANSLATORS: the language setting names one without a translation (said in English, then); %1$s is the
        // code asked for, %2$s the codes there are, typed as they are.
        return tr("there is no translation for \"%1$s\"; speaking English (languages: %2$s)", asked, catalogs.joined(separator: ", "))
    }

    /// The translation of `message`, cached.
    static func translation(_ message: StaticString, context: StaticString? = nil) -> String {
        let key = CacheKey(message: UnsafeRawPointer(message.utf8Start), context: context.map { UnsafeRawPointer($0.utf8Start) })
        return state.withLock { state in
            if let known = state.cache[key] { return known }
            let english = message.description
            var text = english
            if state.pseudo {
                text = PseudoLocale.transform(english)
            } else if state.catalog != nil {
                text = lookUp(english, context: context?.description)
                if state.rightToLeft { text = markedRightToLeft(text) }
            }
            state.cache[key] = text
            return text
        }
    }

    /// The translation of a message marked with `trNoop` (a table's entry).
    public static func translation(of message: StaticString) -> String { translation(message) }

    /// The translation of `message` when it is a catalog entry (marked with `trNoop`
    /// where it was written) but reaches here as a String: a built-in target's name
    /// read back from the library. Text that is no entry comes back as it is.
    public static func translation(ofStored message: String) -> String {
        state.withLock { state in
            if let known = state.storedCache[message] { return known }
            var text = state.pseudo ? PseudoLocale.transform(message) : state.catalog == nil ? message : lookUp(message, context: nil)
            if state.rightToLeft && state.catalog != nil && text != message { text = markedRightToLeft(text) }
            state.storedCache[message] = text
            return text
        }
    }

    /// The form of a plural message for `count`.
    static func translation(_ singular: StaticString, _ plural: StaticString, count: Int) -> String {
        state.withLock { state in
            let english = count == 1 ? singular.description : plural.description
            if state.pseudo { return PseudoLocale.transform(english) }
            guard state.catalog != nil else { return english }
            let n = UInt(clamping: count.magnitude)
            let found = dngettext(domain, singular.description, plural.description, n).map { String(cString: $0) } ?? english
            return state.rightToLeft ? markedRightToLeft(found) : found
        }
    }

    /// gettext's answer for `message` (with `pgettext`'s context convention: the
    /// context, EOT, the message; gettext gives the key back when it has no entry).
    private static func lookUp(_ message: String, context: String?) -> String {
        let key = context.map { $0 + "\u{4}" + message } ?? message
        guard let found = dgettext(domain, key).map({ String(cString: $0) }), found != key else { return message }
        return found
    }

    /// `number` with the locale's digits and grouping ("1.234", "١٬٢٣٤").
    public static func formatted(_ number: Int) -> String {
        let (known, locale) = state.withLock { ($0.numbers[number], $0.locale) }
        if let known { return known }
        let text = number.formatted(.number.locale(locale))
        state.withLock { state in
            // Only for the locale it was written in (the language may have changed since).
            guard state.locale.identifier == locale.identifier else { return }
            if state.numbers.count >= 4096 { state.numbers.removeAll(keepingCapacity: true) }
            state.numbers[number] = text
        }
        return text
    }

    /// Where the compiled catalogs are: `$STRESSPUNCH_LOCALE_DIR`; `locale/` beside
    /// the executable (where `make` compiles them in the build folder); the installed
    /// `<prefix>/share/locale`. Nil when none has a catalog of ours: English only.
    static func catalogFolder(executable: String?) -> String? {
        if let folder = ProcessInfo.processInfo.environment[folderEnvironmentVariable], !folder.isEmpty { return folder }
        let path = executable ?? URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let binFolder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let candidates = [binFolder.appendingPathComponent("locale"),
                          binFolder.deletingLastPathComponent().appendingPathComponent("share/locale")]
        return candidates.map(\.path).first { !catalogs(in: $0).isEmpty }
    }
}
