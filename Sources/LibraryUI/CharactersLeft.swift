// CharactersLeft owns the Add / Edit form's count of what a field may still take
// ("143 left"), and when it turns to the warning colour: the limit is otherwise
// silent, and typing past it just stops.

import Localization

/// How many characters a field has left before its limit.
public struct CharactersLeft: Sendable, Equatable {
    public let remaining: Int

    /// At or under this many left the count shows in the warning colour.
    public static let warningThreshold = 20

    public init(count: Int, limit: Int) {
        remaining = max(0, limit - count)
    }

    // TRANSLATORS: how many more characters the message field takes.
    public var text: String { trn("%d left", "%d left", remaining) }
    public var isNearLimit: Bool { remaining <= Self.warningThreshold }
}
