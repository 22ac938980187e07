import Localization
import Testing

@Suite("Messages: directives filled, plurals and languages chosen as gettext does")
struct MessageFormatTests {
    @Test("%s and %d take the arguments in order; numbered ones may reorder them")
    func directivesTakeArguments() {
        #expect(Localization.format("Deleted “%s”", ["Printer"]) == "Deleted “Printer”")
        #expect(Localization.format("%d punches on %s", [3, "Alarm"]) == "3 punches on Alarm")
        #expect(Localization.format("%2$s: %1$d", [3, "Alarm"]) == "Alarm: 3")
        #expect(Localization.format("%d%%", [80]) == "80%")
    }

    @Test("counts are grouped the locale's way (English: a comma)")
    func countsGrouped() {
        #expect(Localization.format("%d punches", [1234]) == "1,234 punches")
    }

    @Test("a directive with no argument, or one we do not know, stays as written instead of crashing")
    func badDirectivesSurvive() {
        #expect(Localization.format("%s and %s", ["one"]) == "one and %s")
        #expect(Localization.format("50% off %q", []) == "50% off %q")
        #expect(Localization.format("%", []) == "%")
        #expect(Localization.format("%9$s", ["x"]) == "%9$s")
    }

    @Test("the pseudo-locale accents, lengthens by whole words, brackets, and keeps directives")
    func pseudoLocale() {
        let pseudo = PseudoLocale.transform("Deleted %s")
        #expect(pseudo.hasPrefix("[Ðéļéţéð %s"))
        #expect(pseudo.hasSuffix("]"))
        #expect(pseudo.count >= Int(Double("Deleted %s".count) * 1.4))
        #expect(Localization.format(pseudo, ["X"]).contains(" X"))
        #expect(PseudoLocale.transform("") == "")
    }

    @Test("the environment's language is chosen as gettext chooses: LANGUAGE only outside the C locale")
    func environmentLanguages() {
        #expect(LanguagePreference.environmentLanguages(["LANG": "de_DE.UTF-8"]) == ["de_DE.UTF-8"])
        #expect(LanguagePreference.environmentLanguages(["LANG": "C", "LANGUAGE": "fr"]) == [])
        #expect(LanguagePreference.environmentLanguages(["LANG": "C.UTF-8", "LANGUAGE": "fr:de"]) == ["fr", "de"])
        #expect(LanguagePreference.environmentLanguages(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "es_ES.UTF-8"]) == ["es_ES.UTF-8"])
        #expect(LanguagePreference.environmentLanguages(["LC_ALL": "ar_EG.UTF-8", "LANG": "de_DE.UTF-8"]) == ["ar_EG.UTF-8"])
    }

    @Test("a locale finds its catalog by region, then by language; English and unknown ones find none")
    func catalogChoice() {
        let catalogs = ["ar", "de", "es", "fr", "pt_BR", "zh_CN"]
        #expect(LanguagePreference.choose(from: ["de_AT.UTF-8"], catalogs: catalogs) == "de")
        #expect(LanguagePreference.choose(from: ["pt_BR.UTF-8"], catalogs: catalogs) == "pt_BR")
        #expect(LanguagePreference.choose(from: ["pt"], catalogs: catalogs) == "pt_BR")
        #expect(LanguagePreference.choose(from: ["zh_CN.UTF-8@pinyin"], catalogs: catalogs) == "zh_CN")
        #expect(LanguagePreference.choose(from: ["xx", "fr"], catalogs: catalogs) == "fr")
        #expect(LanguagePreference.choose(from: ["en_GB", "fr"], catalogs: catalogs) == nil)
        #expect(LanguagePreference.choose(from: ["xx"], catalogs: catalogs) == nil)
        #expect(LanguagePreference.choose(from: ["en@pseudo"], catalogs: catalogs) == "en@pseudo")
    }

    @Test("numbers and dates follow the environment's region when it speaks the same language")
    func formattingLocale() {
        #expect(LanguagePreference.locale(language: "ar", environmentLocale: "ar_EG.UTF-8").identifier == "ar_EG")
        #expect(LanguagePreference.locale(language: "de", environmentLocale: "fr_FR.UTF-8").identifier == "de")
        #expect(LanguagePreference.locale(language: "en", environmentLocale: nil).identifier == "en_US")
    }
}
