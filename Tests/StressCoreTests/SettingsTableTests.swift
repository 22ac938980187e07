import Foundation
import Localization
import StressCore
import Testing

/// The table of settings in docs/settings.md is what the settings themselves say:
/// every key, in their order, with the values it takes and its default, read from
/// `UserSettings` (the registry the command line and the Settings screen read too).
@Suite("The documented settings table")
struct SettingsTableTests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/settings.md")

    /// The table's rows as (key, values, default).
    static func tableRows() throws -> [(key: String, values: String, defaultValue: String)] {
        let text = try String(contentsOf: document, encoding: .utf8)
        guard let start = text.range(of: "| Key | Values | Default | Does |") else { return [] }
        return text[start.upperBound...].split(separator: "\n").dropFirst().prefix { $0.hasPrefix("|") }.map { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            return (cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[2], cells[3])
        }
    }

    /// What the table should say a key takes.
    static func values(of key: UserSettings.Key) -> String {
        if let range = key.range { return "\(range.lowerBound)–\(range.upperBound)" }
        // Any code is taken; these are the ones with a translation.
        if key == .language { return "system, or a code: " + LanguageChoice.shipped.map(\.code).joined(separator: ", ") }
        if let choices = key.choices { return choices.joined(separator: ", ") }
        return "on, off"
    }

    @Test("every setting is in the table, in order, with the values it takes and its default")
    func tableMatchesTheSettings() throws {
        let rows = try Self.tableRows()
        #expect(rows.count > 5, "the table was not found in \(Self.document.path)")
        let defaults = UserSettings()
        #expect(rows.map(\.key) == UserSettings.Key.allCases.map(\.rawValue))
        for (row, key) in zip(rows, UserSettings.Key.allCases) {
            #expect(row.values == Self.values(of: key), "\(key.rawValue)")
            #expect(row.defaultValue == defaults.value(key), "\(key.rawValue)")
        }
    }
}
