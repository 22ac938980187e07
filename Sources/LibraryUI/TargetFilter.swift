import AppModel
import Foundation
import Raster
import StressCore

/// The state a library list page (More targets, Manage) keeps between frames: the
/// search text and the targets matching it, the first focus of the grid, and the row
/// to highlight after an Add. The session keeps one and starts it afresh whenever one
/// of those pages opens from elsewhere (the form they lead to keeps it).
public final class TargetFilter {
    /// What the user typed in the search field.
    public var text = ""
    /// The page this state belongs to (nil: none of them is open).
    public var page: Page?
    /// The grid has not placed its first focus yet (on the selected card).
    public var needsFirstFocus = true
    /// A target just added: Manage scrolls to it and highlights it briefly.
    public var highlightID: Int64?
    /// When the highlight first showed (frame time), so it fades from then.
    public var highlightStart: Double?
    /// Where the search field was last frame, for the input method's window.
    public var fieldRect: Rect?
    /// A row whose Delete button takes the focus when next built: the one that took the
    /// place of a row just deleted, so the focus is not lost (the next Tab once went to
    /// Back).
    public var focusDeleteOf: Int64?

    /// Indices into the library's targets of those that match, in library order.
    public private(set) var matches: [Int] = []
    private var matchedQuery: String?
    private var matchedRevision = -1
    /// Each target's name and message folded (case and accents dropped), kept by id
    /// and redone only for a target whose words changed: folding is the costly part.
    private var folded: [Int64: (name: String, message: String, key: String)] = [:]
    private var words: [String] = []

    public init() {}

    /// Starts afresh for `page`.
    public func reset(for page: Page?) {
        self.page = page
        text = ""
        needsFirstFocus = true
        highlightID = nil
        highlightStart = nil
        fieldRect = nil
        focusDeleteOf = nil
    }

    /// The row that takes a deleted row's place among the matches: the next one, or
    /// the one before at the end of the list; nil when none is left.
    public func neighbour(of id: Int64, in library: LibraryModel) -> Int64? {
        guard let position = position(of: id, in: library) else { return nil }
        let targets = library.targets
        let candidates = [position + 1, position - 1].filter { matches.indices.contains($0) }
        return candidates.first.flatMap { targets.indices.contains(matches[$0]) ? targets[matches[$0]].id : nil }
    }

    /// Whether anything is typed (spaces alone filter nothing).
    public var isFiltering: Bool { text.contains { !$0.isWhitespace } }

    /// `text` as it is matched: without case or accents, so "cafe" finds "Café" and
    /// "CAFÉ" finds "café".
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// Whether `target` matches every word typed, each in its name or its message.
    public func accepts(_ target: StressTarget) -> Bool {
        let query = Self.fold(text).split(whereSeparator: \.isWhitespace)
        let key = Self.fold(target.name) + "\n" + Self.fold(target.message)
        return query.allSatisfy { key.contains($0) }
    }

    /// Brings `matches` up to date with `library` and the text: only when either
    /// changed, so a frame of a 10,000-target page does no matching.
    public func update(_ library: LibraryModel) {
        guard matchedQuery != text || matchedRevision != library.revision else { return }
        matchedQuery = text
        matchedRevision = library.revision
        matches.removeAll(keepingCapacity: true)
        let targets = library.targets
        guard isFiltering else {
            matches.append(contentsOf: targets.indices)
            return
        }
        words = Self.fold(text).split(whereSeparator: \.isWhitespace).map(String.init)
        for (index, target) in targets.enumerated() {
            let key = foldedKey(for: target)
            if words.allSatisfy({ key.contains($0) }) { matches.append(index) }
        }
    }

    private func foldedKey(for target: StressTarget) -> String {
        if let known = folded[target.id], known.name == target.name, known.message == target.message { return known.key }
        let key = Self.fold(target.name) + "\n" + Self.fold(target.message)
        folded[target.id] = (target.name, target.message, key)
        return key
    }

    /// The matching targets' position of `id`, if it matches.
    public func position(of id: Int64, in library: LibraryModel) -> Int? {
        matches.firstIndex { library.targets.indices.contains($0) && library.targets[$0].id == id }
    }
}
