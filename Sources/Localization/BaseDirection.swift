// BaseDirection gives the app's own right-to-left translations a right-to-left
// paragraph. The bidi algorithm takes a line's direction from its first strong
// letter, so an Arabic sentence that opens with Latin letters (The Printer's "PC LOAD
// LETTER؟! …", "F1 أو ?") was laid out left to right, its full stop first. A
// translation is the app's text in the user's language, so under a right-to-left
// language it gets a RIGHT-TO-LEFT MARK in front whenever its first strong letter is
// not already right to left; what people type (names, messages) is left alone and
// finds its own direction.

extension Localization {
    /// U+200F, an invisible strong right-to-left character.
    static let rightToLeftMark: Character = "\u{200F}"

    /// `template` (a translation, its directives not yet filled) marked to read right to
    /// left when it holds right-to-left letters but does not open with one. A `%s`
    /// before any letter counts as left to right: what fills it may be.
    public static func markedRightToLeft(_ template: String) -> String {
        guard template.unicodeScalars.contains(where: isRightToLeft) else { return template }
        var scalars = template.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if isRightToLeft(scalar) { return template }
            if scalar == "%" {
                // `%%` and a number (`%d`, `%2$d`) are weak: the scan goes on. Text (`%s`)
                // may be a Latin name.
                var next = scalars.next()
                while let digit = next, digit.properties.numericType != nil || digit == "$" { next = scalars.next() }
                if next == "%" || next == "d" { continue }
                return String(rightToLeftMark) + template
            }
            if scalar.properties.isAlphabetic { return String(rightToLeftMark) + template }
        }
        return template
    }

    /// Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms: the blocks
    /// whose letters are strong right to left.
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
    }
}
