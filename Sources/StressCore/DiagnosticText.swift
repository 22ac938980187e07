/// Text for a one-line message on a terminal.
public enum DiagnosticText {
    /// `text` with its control characters escaped (a newline as `\n`, an escape as
    /// `\u{1B}`), so a file name holding one can neither break the one-line error
    /// contract nor send codes to the terminal.
    public static func oneLine(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                // Bidi controls too: a name's RIGHT-TO-LEFT OVERRIDE would reorder the rest of the line.
                if scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
                    || TargetValidation.isBidiControl(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
