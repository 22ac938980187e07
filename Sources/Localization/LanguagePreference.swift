import Foundation

/// Which language the environment asks for, and which catalog answers it: gettext's
/// own rules (LANGUAGE, a colon list, counts only when the locale is not C; then
/// LC_ALL, LC_MESSAGES, LANG), so the app agrees with every other program on the desktop.
public enum LanguagePreference {
    /// The languages the environment asks for, best first ("pt_BR", "pt", …).
    public static func environmentLanguages(_ environment: [String: String]) -> [String] {
        let locale = messagesLocale(environment)
        // The pseudo-locale is honoured under C too: a test asks for it with LANGUAGE alone.
        if let list = environment["LANGUAGE"], !list.isEmpty, locale.map({ !isCLocale($0) }) ?? false || list.contains("@pseudo") {
            return list.split(separator: ":").map(String.init)
        }
        if let locale, !isCLocale(locale) { return [locale] }
        return []
    }

    /// LC_ALL, else LC_MESSAGES, else LANG: the locale messages follow.
    public static func messagesLocale(_ environment: [String: String]) -> String? {
        ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    }

    /// LC_ALL, else LC_TIME, else LANG: where the region for dates and numbers comes from.
    public static func formattingLocale(_ environment: [String: String]) -> String? {
        ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    }

    /// gettext's test: only "C" and "POSIX" themselves (C.UTF-8 is a locale like any other).
    public static func isCLocale(_ name: String) -> Bool {
        name == "C" || name == "POSIX"
    }

    /// English, or C / C.UTF-8 / POSIX, which speak the messages as written.
    public static func isEnglish(_ code: String) -> Bool {
        let base = localeCode(code)
        return base == "en" || code.hasPrefix("en_") || code.hasPrefix("en.") || isCLocale(base)
    }

    /// The first of `wanted` with a catalog ("de_AT.UTF-8" finds "de", "zh" finds
    /// "zh_CN", "pt" finds "pt_BR"), the pseudo-locale as itself; nil for English or
    /// when none has one.
    public static func choose(from wanted: [String], catalogs: [String]) -> String? {
        for name in wanted {
            if name == Localization.pseudoLanguage { return name }
            if isEnglish(name) { return nil }
            let bare = localeCode(name), language = languagePart(bare)
            if catalogs.contains(bare) { return bare }
            if catalogs.contains(language) { return language }
            if let regional = catalogs.first(where: { $0.hasPrefix(language + "_") }) { return regional }
        }
        return nil
    }

    /// The locale for numbers and dates: the environment's when it is of the same
    /// language ("ar_EG" under Arabic keeps Egypt's digits), else the language's own.
    public static func locale(language: String, environmentLocale: String?) -> Locale {
        if let environmentLocale, !isCLocale(environmentLocale) {
            let bare = localeCode(environmentLocale)
            if languagePart(bare) == languagePart(language) { return Locale(identifier: bare) }
        }
        return Locale(identifier: language == "en" ? "en_US" : language)
    }

    /// A locale name without its codeset and modifier: "de_DE.UTF-8@euro" is "de_DE".
    static func localeCode(_ name: String) -> String {
        let code = name.split(separator: ".").first.map(String.init) ?? name
        return code.split(separator: "@").first.map(String.init) ?? code
    }

    /// The language of a locale code: "pt_BR" is "pt".
    static func languagePart(_ code: String) -> String {
        code.split(separator: "_").first.map(String.init) ?? code
    }
}
