extension Localization {
    /// `template` with its directives filled from `arguments`: `%s`, `%d`, `%%` and the
    /// numbered `%N$s` / `%N$d`. A directive with no argument stays as written and an
    /// unknown one is copied, so a translator's slip shows on screen instead of
    /// crashing (`msgfmt -c` refuses such a catalog before it ships anyway).
    public static func format(_ template: String, _ arguments: [any CustomStringConvertible]) -> String {
        guard template.utf8.contains(UInt8(ascii: "%")) else { return template }
        var result = ""
        var next = 0
        var index = template.startIndex
        while index < template.endIndex {
            let character = template[index]
            guard character == "%" else {
                result.append(character)
                index = template.index(after: index)
                continue
            }
            guard let directive = Directive(in: template, at: index) else {
                result.append(character)
                index = template.index(after: index)
                continue
            }
            switch directive.kind {
            case .percent:
                result.append("%")
            case .string, .number:
                let position = directive.position ?? next
                next = position + 1
                if position < arguments.count {
                    let value = arguments[position]
                    if directive.kind == .number, let number = value as? Int {
                        result += formatted(number)
                    } else {
                        result += value.description
                    }
                } else {
                    result += template[index..<directive.end]
                }
            }
            index = directive.end
        }
        return result
    }

    /// One `%…` directive: what it takes, which argument (0-based) when numbered,
    /// and where it ends.
    struct Directive {
        enum Kind { case percent, string, number }
        let kind: Kind
        let position: Int?
        let end: String.Index

        init?(in text: String, at start: String.Index) {
            var index = text.index(after: start)
            var digits = 0
            var position: Int?
            // `%2$s`: a number, then a dollar sign.
            var scan = index
            while scan < text.endIndex, let digit = text[scan].wholeNumberValue, text[scan].isASCII {
                digits = digits * 10 + digit
                scan = text.index(after: scan)
            }
            if scan > index, scan < text.endIndex, text[scan] == "$", digits > 0 {
                position = digits - 1
                index = text.index(after: scan)
            }
            guard index < text.endIndex else { return nil }
            switch text[index] {
            case "%" where position == nil: kind = .percent
            case "s": kind = .string
            case "d": kind = .number
            default: return nil
            }
            self.position = position
            end = text.index(after: index)
        }
    }

    /// How many characters the `%s`/`%d` directive starting at `index` in `text` takes,
    /// or nil when none starts there (the pseudo-locale keeps directives whole).
    static func directiveLength(in text: String, at index: String.Index) -> Int? {
        guard text[index] == "%", let directive = Directive(in: text, at: index) else { return nil }
        return text.distance(from: index, to: directive.end)
    }
}
