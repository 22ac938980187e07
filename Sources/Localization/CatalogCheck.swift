// CatalogCheck decides whether a compiled catalog (a .mo file) may be handed to
// gettext. gettext trusts a catalog's header: its plural rule is C arithmetic that
// gettext evaluates for every plural message, so `plural=(n / 0)` raised SIGFPE in the
// middle of a frame, and an 82 MB catalog turned a two-second walk through the screens
// into forty. A catalog can come from STRESSPUNCH_LOCALE_DIR or a folder anyone wrote,
// so before gettext sees it: a regular file of sane size, and a plural rule that parses,
// never divides by zero and always names one of its forms.

import Glibc

enum CatalogCheck {
    /// Ours are under 200 KB; a catalog for the whole desktop stays under this.
    static let largestCatalog = 4 << 20
    /// A plural rule longer than this is no language's.
    static let longestRule = 512

    /// Why the catalog at `path` must not be used (in English, for the note that
    /// says so), or nil when it may.
    static func problem(at path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return "it cannot be read" }
        guard info.st_mode & S_IFMT == S_IFREG else { return "it is not a regular file" }
        guard info.st_size <= largestCatalog else { return "it is \(info.st_size >> 20) MB, over the 4 MB a catalog may be" }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return "it cannot be read" }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count == bytes.count, let header = header(of: bytes) else { return "it is not a compiled catalog" }
        guard let line = header.split(separator: "\n").first(where: { $0.hasPrefix("Plural-Forms:") }) else { return nil }
        return PluralRule.problem(in: String(line.dropFirst("Plural-Forms:".count)))
    }

    /// The catalog's header: the translation of the empty message, its first entry.
    static func header(of bytes: [UInt8]) -> String? {
        guard bytes.count >= 28 else { return nil }
        func word(_ offset: Int, bigEndian: Bool) -> Int? {
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            let value = bytes[offset..<(offset + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return Int(bigEndian ? value : value.byteSwapped)
        }
        guard let magic = word(0, bigEndian: true) else { return nil }
        let bigEndian: Bool
        switch magic {
        case 0x9504_12DE: bigEndian = true
        case 0xDE12_0495: bigEndian = false
        default: return nil
        }
        guard let strings = word(8, bigEndian: bigEndian), strings > 0,
              let originals = word(12, bigEndian: bigEndian), let translations = word(16, bigEndian: bigEndian),
              let firstOriginalLength = word(originals, bigEndian: bigEndian), firstOriginalLength == 0,
              let length = word(translations, bigEndian: bigEndian), let start = word(translations + 4, bigEndian: bigEndian),
              start >= 0, length >= 0, start + length <= bytes.count
        else { return nil }
        return String(decoding: bytes[start..<(start + length)], as: UTF8.self)
    }
}

/// A Plural-Forms header's rule ("nplurals=2; plural=(n != 1);"), parsed and tried.
public struct PluralRule {
    indirect enum Node {
        case n
        case number(UInt64)
        case not(Node)
        case binary(String, Node, Node)
        case choice(Node, Node, Node)
    }

    struct Refused: Error {
        let reason: String
    }

    /// Why the rule cannot be used, or nil: it parses, has 1 to 16 forms, and for
    /// every count tried (0 to 1,000 and far beyond) divides by nothing that is zero
    /// and names one of its forms.
    public static func problem(in header: String) -> String? {
        let fields = header.split(separator: ";").map { $0.trimmingCharacters(" \t\n") }
        guard let forms = fields.first(where: { $0.hasPrefix("nplurals=") }).flatMap({ Int($0.dropFirst(9)) }),
              (1...16).contains(forms) else { return "its plural rule names no number of forms from 1 to 16" }
        guard let text = fields.first(where: { $0.hasPrefix("plural=") })?.dropFirst(7) else { return nil }
        guard text.count <= CatalogCheck.longestRule else { return "its plural rule is too long" }
        do {
            var parser = Parser(Array(text.utf8))
            let rule = try parser.parse()
            for count in Array(0...1000) + [10_000, 100_000, 1_000_000, 4_294_967_295] {
                let form = try evaluate(rule, n: UInt64(count))
                guard form < UInt64(forms) else { return "its plural rule names form \(form) of \(forms) for \(count)" }
            }
            return nil
        } catch let refused as Refused {
            return "its plural rule \(refused.reason)"
        } catch {
            return "its plural rule cannot be read"
        }
    }

    /// The rule's value for `n`, as gettext computes it (unsigned long arithmetic).
    static func evaluate(_ node: Node, n: UInt64) throws -> UInt64 {
        switch node {
        case .n: return n
        case .number(let value): return value
        case .not(let inner): return try evaluate(inner, n: n) == 0 ? 1 : 0
        case .choice(let condition, let yes, let no): return try evaluate(condition, n: n) != 0 ? evaluate(yes, n: n) : evaluate(no, n: n)
        case .binary(let op, let left, let right):
            let a = try evaluate(left, n: n)
            // Short-circuit as C does: the right side of || and && may not run.
            if op == "||" && a != 0 { return 1 }
            if op == "&&" && a == 0 { return 0 }
            let b = try evaluate(right, n: n)
            switch op {
            case "||", "&&": return b != 0 ? 1 : 0
            case "==": return a == b ? 1 : 0
            case "!=": return a != b ? 1 : 0
            case "<": return a < b ? 1 : 0
            case ">": return a > b ? 1 : 0
            case "<=": return a <= b ? 1 : 0
            case ">=": return a >= b ? 1 : 0
            case "+": return a &+ b
            case "-": return a &- b
            case "*": return a &* b
            case "/", "%":
                guard b != 0 else { throw Refused(reason: "divides by zero for \(n)") }
                return op == "/" ? a / b : a % b
            default: throw Refused(reason: "has an operator gettext does not know")
            }
        }
    }

    /// Recursive descent over C's precedence, as gettext's own grammar has it.
    struct Parser {
        let text: [UInt8]
        var at = 0
        var depth = 0

        init(_ text: [UInt8]) { self.text = text }

        mutating func parse() throws -> Node {
            let node = try ternary()
            skipSpace()
            guard at == text.count else { throw Refused(reason: "cannot be read") }
            return node
        }

        mutating func skipSpace() {
            while at < text.count, text[at] == 0x20 || text[at] == 0x09 { at += 1 }
        }

        mutating func take(_ token: String) -> Bool {
            skipSpace()
            let bytes = Array(token.utf8)
            guard at + bytes.count <= text.count, Array(text[at..<(at + bytes.count)]) == bytes else { return false }
            // "<" must not take the first half of "<=", nor "!" of "!=".
            if bytes.count == 1, at + 1 < text.count, text[at + 1] == UInt8(ascii: "="), "<>!=".utf8.contains(bytes[0]) { return false }
            at += bytes.count
            return true
        }

        mutating func ternary() throws -> Node {
            depth += 1
            defer { depth -= 1 }
            guard depth < 64 else { throw Refused(reason: "nests too deep") }
            let condition = try binary(level: 0)
            guard take("?") else { return condition }
            let yes = try ternary()
            guard take(":") else { throw Refused(reason: "cannot be read") }
            return .choice(condition, yes, try ternary())
        }

        static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"]]

        mutating func binary(level: Int) throws -> Node {
            guard level < Self.levels.count else { return try unary() }
            var node = try binary(level: level + 1)
            while let op = Self.levels[level].first(where: { take($0) }) {
                node = .binary(op, node, try binary(level: level + 1))
            }
            return node
        }

        mutating func unary() throws -> Node {
            depth += 1
            defer { depth -= 1 }
            guard depth < 64 else { throw Refused(reason: "nests too deep") }
            if take("!") { return .not(try unary()) }
            if take("(") {
                let inner = try ternary()
                guard take(")") else { throw Refused(reason: "cannot be read") }
                return inner
            }
            skipSpace()
            if at < text.count, text[at] == UInt8(ascii: "n") {
                at += 1
                return .n
            }
            var value: UInt64 = 0, digits = 0
            while at < text.count, text[at] >= 0x30, text[at] <= 0x39, digits < 18 {
                value = value * 10 + UInt64(text[at] - 0x30)
                at += 1
                digits += 1
            }
            guard digits > 0 else { throw Refused(reason: "cannot be read") }
            return .number(value)
        }
    }
}

private extension StringProtocol {
    func trimmingCharacters(_ set: String) -> String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, set.unicodeScalars.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, set.unicodeScalars.contains(last) { scalars.removeLast() }
        return String(scalars)
    }
}
