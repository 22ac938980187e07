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

/// A plural rule is C arithmetic gettext runs for every plural message: one that
/// divides by zero, or names a form the catalog does not have, is refused first.
@Suite("A catalog's plural rule")
struct PluralRuleTests {
    @Test("the rules of real languages pass: English, German, French, Arabic, Chinese")
    func realRules() {
        #expect(PluralRule.problem(in: " nplurals=2; plural=(n != 1);") == nil)
        #expect(PluralRule.problem(in: " nplurals=2; plural=(n > 1);") == nil)
        #expect(PluralRule.problem(in: " nplurals=1; plural=0;") == nil)
        #expect(PluralRule.problem(in: " nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);") == nil)
    }

    @Test("a rule that divides by zero, names a form past its count, runs wild or cannot be read is refused, saying why")
    func refusedRules() {
        #expect(PluralRule.problem(in: " nplurals=2; plural=(n / 0);")?.contains("divides by zero") == true)
        #expect(PluralRule.problem(in: " nplurals=2; plural=(n % (n - 5)) != 0;")?.contains("divides by zero for 5") == true)
        #expect(PluralRule.problem(in: " nplurals=2; plural=n;")?.contains("form 2 of 2") == true)
        #expect(PluralRule.problem(in: " nplurals=2; plural=" + String(repeating: "(", count: 100) + "n" + String(repeating: ")", count: 100) + ";") != nil)
        #expect(PluralRule.problem(in: " nplurals=2; plural=(n ** 2);") != nil)
        #expect(PluralRule.problem(in: " nplurals=0; plural=0;") != nil)
    }
}
