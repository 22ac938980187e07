/// A language the Settings screen offers: its code and its name in itself
/// ("Deutsch", "العربية"), as language pickers on GNOME and KDE show them.
public struct LanguageChoice: Sendable, Equatable {
    public let code: String
    public let nativeName: String

    /// The languages with a catalog, English first: what the Settings screen cycles
    /// through after "System".
    public static let shipped: [LanguageChoice] = [
        LanguageChoice(code: "en", nativeName: "English"),
        LanguageChoice(code: "de", nativeName: "Deutsch"),
        LanguageChoice(code: "es", nativeName: "Español"),
        LanguageChoice(code: "fr", nativeName: "Français"),
        LanguageChoice(code: "pt_BR", nativeName: "Português (Brasil)"),
        LanguageChoice(code: "ar", nativeName: "العربية"),
        LanguageChoice(code: "zh_CN", nativeName: "简体中文"),
    ]
}
