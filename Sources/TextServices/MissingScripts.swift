// MissingScripts owns telling the user, once per writing system, that no installed
// font can draw some text ("no installed font has Devanagari characters"), with the
// package that would: one line on stderr per script, never repeated, since the same
// name is drawn every frame.

import CHarfBuzz
import Foundation
import Localization

final class MissingScripts {
    private var reported: Set<UInt32> = []
    private let report: (String) -> Void

    init(report: @escaping (String) -> Void = MissingScripts.printToStandardError) {
        self.report = report
    }

    /// Notes that nothing could draw `scalar`; says so the first time for its script.
    func noteMissing(_ scalar: UInt32) {
        let script = hb_unicode_script(hb_unicode_funcs_get_default(), hb_codepoint_t(scalar))
        let tag = hb_script_to_iso15924_tag(script)
        guard !reported.contains(tag) else { return }
        reported.insert(tag)
        report(Self.message(forScriptTag: tag, scalar: scalar))
    }

    static func message(forScriptTag tagValue: UInt32, scalar: UInt32) -> String {
        let code = String(format: "U+%04X", scalar)
        let name = scriptNames[tagValue].map(Localization.translation(of:)) ?? fourCharacterCode(tagValue)
        let cjk = [tag("Hani"), tag("Hira"), tag("Kana"), tag("Hang"), tag("Bopo")].contains(tagValue)
        // TRANSLATORS: on the terminal: the first %s is a writing system ("Arabic"), the second a character's code
        // (U+0627), the third the package to install; keep the command as it is.
        let advice = tr("no installed font has %s characters (%s); they show as boxes. Install a font that has them, e.g. `apt-get install %s`",
                        name, code, cjk ? "fonts-noto-cjk" : "fonts-noto-core")
        return "stresspunch: " + advice
    }

    static func printToStandardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    private static func fourCharacterCode(_ tag: UInt32) -> String {
        let bytes = [24, 16, 8, 0].map { UInt8((tag >> UInt32($0)) & 0xFF) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func tag(_ code: String) -> UInt32 {
        code.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Names of the scripts people are most likely to meet; others show their ISO 15924 code.
    /// Marked for the catalog, translated where the message is made.
    // TRANSLATORS: names of writing systems, as in "no installed font has Arabic characters".
    private static let scriptNames: [UInt32: StaticString] = [
        tag("Arab"): trNoop("Arabic"), tag("Hebr"): trNoop("Hebrew"), tag("Hani"): trNoop("Chinese (Han)"),
        tag("Hira"): trNoop("Japanese (Hiragana)"), tag("Kana"): trNoop("Japanese (Katakana)"), tag("Hang"): trNoop("Korean (Hangul)"),
        tag("Deva"): trNoop("Devanagari"), tag("Beng"): trNoop("Bengali"), tag("Taml"): trNoop("Tamil"), tag("Telu"): trNoop("Telugu"),
        tag("Thai"): trNoop("Thai"), tag("Geor"): trNoop("Georgian"), tag("Armn"): trNoop("Armenian"), tag("Ethi"): trNoop("Ethiopic"),
        tag("Khmr"): trNoop("Khmer"), tag("Mymr"): trNoop("Myanmar"), tag("Sinh"): trNoop("Sinhala"), tag("Gujr"): trNoop("Gujarati"),
        tag("Guru"): trNoop("Gurmukhi"), tag("Knda"): trNoop("Kannada"), tag("Mlym"): trNoop("Malayalam"), tag("Tibt"): trNoop("Tibetan"),
        tag("Syrc"): trNoop("Syriac"), tag("Thaa"): trNoop("Thaana"),
        // TRANSLATORS: writing systems: characters common to many ("common"), symbols, unassigned code points.
        tag("Zyyy"): trNoop("common"), tag("Zsym"): trNoop("symbol"), tag("Zzzz"): trNoop("unassigned"), tag("Bopo"): trNoop("Bopomofo"),
    ]
}
