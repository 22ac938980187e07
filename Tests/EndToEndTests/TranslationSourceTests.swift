import Foundation
import Testing
import TestSupport

/// Every string a user reads goes through gettext (tr, trc, trn), and the
/// template translators work from is what the sources say now.
@Suite("Strings for translators")
struct TranslationSourceTests {
    /// Where a literal is always shown: a widget's label, a toast, a tooltip, a
    /// dialog's words, a field's placeholder, a terminal error. Ids are lowercase words
    /// ("favorite", "undo-wash") and go elsewhere, so any letter-bearing literal here is
    /// English that translators never see.
    static let shownPositions = [
        #"\.(label|button|showToast|tooltip|subtitle)\(\s*"[^"]*\p{L}"#,
        #"\b(title|message|placeholder|confirmLabel|cancelLabel|accessibleName|back): "[^"]*\p{L}{2}"#,
        #"\bfail\(\s*"[^"]*\p{L}"#,
    ]
    /// Folders whose every string is for users (the SQLite layer's messages sit beside
    /// SQLite's own English and are wrapped where the library says them).
    static let userFacing = ["ImmediateUI", "LibraryUI", "Help", "Kiosk", "Challenges", "StressPunchApp", "PolicySeam",
                             "PunchScene", "AppShell", "stresspunch", "CommandLineInterface", "Fleet"]
    /// Literals that are no words to translate: the app's name.
    static let allowed = [#"title: "StressPunch""#]

    /// The bare literals in shown positions in `text`, a line each (comments skipped).
    static func bareLiterals(in text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { line in
            let code = line.trimmingCharacters(in: .whitespaces)
            guard !code.hasPrefix("//"), !allowed.contains(where: { code.contains($0) }) else { return false }
            return shownPositions.contains { code.range(of: $0, options: .regularExpression) != nil }
        }
    }

    @Test("the rule catches a bare literal in each position, and lets translated ones and ids by")
    func ruleCanFail() {
        #expect(Self.bareLiterals(in: #"if ui.button("Save").clicked {"#).count == 1)
        #expect(Self.bareLiterals(in: #"ui.showToast("Saved", kind: .notice)"#).count == 1)
        #expect(Self.bareLiterals(in: #"switch ui.confirmDialog("delete", title: "Delete it?", message: m)"#).count == 1)
        #expect(Self.bareLiterals(in: #"fail("no such target", status: 1)"#).count == 1)
        #expect(Self.bareLiterals(in: #"if ui.button(tr("Save")).clicked {"#).isEmpty)
        #expect(Self.bareLiterals(in: #"switch ui.confirmDialog("delete", title: tr("Delete it?"), message: m)"#).isEmpty)
        #expect(Self.bareLiterals(in: #"if case .changed(let on) = ui.toggle("favorite", isOn: on) {"#).isEmpty)
    }

    @Test("no widget, toast, dialog or terminal error is given English that gettext never sees")
    func noBareLiterals() throws {
        // The list example shows the UI's shape to a reader and the bench; no user sees it.
        let files = try SourceRulesTests.productSources().filter { file in
            Self.userFacing.contains { file.path.hasPrefix("Sources/\($0)/") } && !file.path.hasSuffix("LibraryListExample.swift")
        }
        #expect(files.count > 60, "the sources were not read")
        let uses = files.reduce(0) { $0 + $1.text.components(separatedBy: "tr(").count - 1 }
        #expect(uses > 300, "only \(uses) tr( calls were found, so the scan cannot be trusted")
        for file in files {
            let bare = Self.bareLiterals(in: file.text)
            #expect(bare.isEmpty, "\(file.path): wrap these in tr(…): \(bare)")
        }
    }

    @Test("po/stresspunch.pot holds exactly the messages the sources have (run po/extract after changing a string)")
    func templateIsCurrent() throws {
        let check = try ToolProcess.run("/usr/bin/env", ["python3", ModuleGraphTests.root.appendingPathComponent("po/extract").path, "--check"])
        #expect(check.status == 0, "\(check.standardError)")
    }
}
