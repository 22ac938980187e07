// WidgetID owns stable widget identity: FNV-1a 64-bit hashes of labels mixed with the
// context's id stack. Never `Hasher`: it is seeded per process, and ids must be the
// same every frame and every run (recorded scripts, tests, focus kept across frames).

/// A widget's identity, stable across frames and processes.
public struct WidgetID: Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// FNV-1a's 64-bit offset basis: the seed when the id stack is empty.
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    /// FNV-1a's 64-bit prime.
    public static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// FNV-1a of `bytes`, continuing from `seed` (the enclosing id, or the offset basis).
    public static func hash(_ bytes: some Sequence<UInt8>, seed: UInt64 = offsetBasis) -> UInt64 {
        var value = seed
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* prime
        }
        return value
    }

    /// The id of `label` (its UTF-8 bytes) inside `parent`.
    public static func of(_ label: String, in parent: WidgetID? = nil) -> WidgetID {
        WidgetID(rawValue: hash(label.utf8, seed: parent?.rawValue ?? offsetBasis))
    }

    /// The id of an integer (its 8 little-endian bytes) inside `parent`: list rows by target id.
    public static func of(_ number: Int64, in parent: WidgetID? = nil) -> WidgetID {
        var value = parent?.rawValue ?? offsetBasis
        let bits = UInt64(bitPattern: number)
        for shift in stride(from: 0, to: 64, by: 8) {
            value ^= (bits >> UInt64(shift)) & 0xFF
            value = value &* prime
        }
        return WidgetID(rawValue: value)
    }

    public var description: String {
        let hex = String(rawValue, radix: 16)
        return "#" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
