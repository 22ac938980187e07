// The calls every user-facing string goes through. `po/extract` finds them by name
// (tr, trc, trn), so a string written any other way is never offered to
// translators, and SourceRulesTests fails on a widget given a bare literal.
//
// Arguments fill the message's directives: `%s` (a value as text), `%d` (a whole
// number in the user's locale: its digits and grouping), `%%`, and the numbered
// forms `%1$s`, `%2$d` a translation may use to put them in another order.

/// `message` in the user's language.
public func tr(_ message: StaticString, _ arguments: any CustomStringConvertible...) -> String {
    Localization.format(Localization.translation(message), arguments)
}

/// `message` in the user's language, where one English word has two meanings:
/// `context` tells them apart ("Wash" the button, "Wash" the heading).
public func trc(_ context: StaticString, _ message: StaticString, _ arguments: any CustomStringConvertible...) -> String {
    Localization.format(Localization.translation(message, context: context), arguments)
}

/// The form of a message for `count` in the user's language: English has two
/// ("%d punch", "%d punches"), Arabic six. `count` fills the first `%d`; more
/// arguments follow it.
public func trn(_ singular: StaticString, _ plural: StaticString, _ count: Int, _ arguments: any CustomStringConvertible...) -> String {
    Localization.format(Localization.translation(singular, plural, count: count), [count] + arguments)
}

/// Marks a literal for the catalog without translating it here: for tables built
/// before the language is known (built-in targets, key names), translated where they
/// are shown with `Localization.translation(of:)`.
public func trNoop(_ message: StaticString) -> StaticString { message }
