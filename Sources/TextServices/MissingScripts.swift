// MissingScripts owns telling the user, once per writing system, that no installed
// font can draw some text ("no installed font has Devanagari characters"), with the
// package that would: one line on stderr per script, never repeated, since the same
// name is drawn every frame.

import CHarfBuzz
import Foundation

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
        let name = scriptNames[tagValue] ?? fourCharacterCode(tagValue)
        let cjk = [tag("Hani"), tag("Hira"), tag("Kana"), tag("Hang"), tag("Bopo")].contains(tagValue)
        return "stresspunch: no installed font has \(name) characters (\(code)); they show as boxes. "
            + "Install a font that has them, e.g. `apt-get install \(cjk ? "fonts-noto-cjk" : "fonts-noto-core")`"
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
    private static let scriptNames: [UInt32: String] = [
        tag("Arab"): "Arabic", tag("Hebr"): "Hebrew", tag("Hani"): "Chinese (Han)", tag("Hira"): "Japanese (Hiragana)",
        tag("Kana"): "Japanese (Katakana)", tag("Hang"): "Korean (Hangul)", tag("Deva"): "Devanagari",
        tag("Beng"): "Bengali", tag("Taml"): "Tamil", tag("Telu"): "Telugu", tag("Thai"): "Thai", tag("Geor"): "Georgian",
        tag("Armn"): "Armenian", tag("Ethi"): "Ethiopic", tag("Khmr"): "Khmer", tag("Mymr"): "Myanmar",
        tag("Sinh"): "Sinhala", tag("Gujr"): "Gujarati", tag("Guru"): "Gurmukhi", tag("Knda"): "Kannada",
        tag("Mlym"): "Malayalam", tag("Tibt"): "Tibetan", tag("Syrc"): "Syriac", tag("Thaa"): "Thaana",
        tag("Zyyy"): "common", tag("Zsym"): "symbol", tag("Zzzz"): "unassigned", tag("Bopo"): "Bopomofo",
    ]
}
