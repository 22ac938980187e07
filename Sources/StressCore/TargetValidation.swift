import Localization

/// Why a name or message was refused, in words a user can act on.
public enum TargetValidationError: Error, Equatable, Sendable, CustomStringConvertible {
    case nameEmpty
    case nameTooLong(length: Int)
    case messageTooLong(length: Int)

    public var description: String {
        switch self {
        case .nameEmpty:
            // TRANSLATORS: "Name" is the label of the name field in the Add / Edit form.
            return tr("A target needs a name: type one in the Name field.")
        case .nameTooLong(let length):
            // TRANSLATORS: the first %d is the name's length in characters, the second the most it may have (60).
            return trn("The name is %d character long; keep it to %d or fewer.", "The name is %d characters long; keep it to %d or fewer.",
                       length, TargetValidation.maxNameLength)
        case .messageTooLong(let length):
            // TRANSLATORS: the first %d is the message's length in characters, the second the most it may have (200).
            return trn("The message is %d character long; keep it to %d or fewer.", "The message is %d characters long; keep it to %d or fewer.",
                       length, TargetValidation.maxMessageLength)
        }
    }
}

/// The rules for a target's name and message. Lengths count characters as a user
/// sees them (grapheme clusters), so "🥊" or "é" is one character.
public enum TargetValidation {
    public static let maxNameLength = 60
    public static let maxMessageLength = 200

    /// The name as it will be stored: trimmed, 1 to 60 characters.
    public static func validatedName(_ raw: String) throws(TargetValidationError) -> String {
        let name = trimmed(raw)
        if name.isEmpty { throw .nameEmpty }
        if name.count > maxNameLength { throw .nameTooLong(length: name.count) }
        return name
    }

    /// The message as it will be stored: trimmed, at most 200 characters, may be empty.
    public static func validatedMessage(_ raw: String) throws(TargetValidationError) -> String {
        let message = trimmed(raw)
        if message.count > maxMessageLength { throw .messageTooLong(length: message.count) }
        return message
    }

    /// Trims spaces, tabs and line breaks at both ends, and drops the bidi embedding,
    /// override and isolate controls (U+202A-202E, U+2066-2069) anywhere: from a file
    /// name, an archive or a paste, a RIGHT-TO-LEFT OVERRIDE made a name read backwards
    /// in lists and on a terminal ("gpj.exe"). The marks (U+200E, U+200F) stay: mixed
    /// Arabic and Latin text needs them. Done on Unicode scalars by hand so StressCore
    /// needs no Foundation.
    public static func trimmed(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.lazy.filter { !isBidiControl($0) })
        let scalars = kept
        guard let first = scalars.firstIndex(where: { !isTrimmable($0) }),
              let last = scalars.lastIndex(where: { !isTrimmable($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    /// The bidi embeddings, overrides and isolates, which reorder what follows them.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    private static func isTrimmable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace
    }
}
