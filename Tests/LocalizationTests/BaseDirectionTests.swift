import Localization
import Testing

/// The app's own right-to-left translations read right to left, whatever letters they open with.
@Suite("A right-to-left translation's base direction")
struct BaseDirectionTests {
    let mark = "\u{200F}"

    @Test("an Arabic translation that opens with Latin letters gets a right-to-left mark in front")
    func latinFirstIsMarked() {
        let printer = "PC LOAD LETTER؟! علِق الورق مجددًا."
        #expect(Localization.markedRightToLeft(printer) == mark + printer)
        #expect(Localization.markedRightToLeft("F1 أو ?") == mark + "F1 أو ?")
    }

    @Test("a %s before any letter may be a Latin name, so it is marked; a number or %% is not a letter")
    func directives() {
        #expect(Localization.markedRightToLeft("'%s' ليس اسم مفتاح") == mark + "'%s' ليس اسم مفتاح")
        #expect(Localization.markedRightToLeft("%1$s: %2$d لكمة") == mark + "%1$s: %2$d لكمة")
        #expect(Localization.markedRightToLeft("%d لكمة") == "%d لكمة")
        #expect(Localization.markedRightToLeft("%2$d%% لكمة") == "%2$d%% لكمة")
        #expect(Localization.markedRightToLeft("١٠ لكمات") == "١٠ لكمات")
    }

    @Test("text that opens right to left, or holds no right-to-left letter, is left as it is")
    func unmarked() {
        #expect(Localization.markedRightToLeft("إدارة المكتبة") == "إدارة المكتبة")
        #expect(Localization.markedRightToLeft("Ctrl+L") == "Ctrl+L")
        #expect(Localization.markedRightToLeft("%s: %s") == "%s: %s")
        #expect(Localization.markedRightToLeft("") == "")
    }
}
