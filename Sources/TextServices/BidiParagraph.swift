// BidiParagraph owns the Unicode bidi algorithm for one line of text: FriBidi gives
// each scalar its embedding level (the paragraph direction from its first strong
// character, brackets paired), and rule L2 turns runs of levels into the order they
// are shown in. It knows nothing of fonts; TextShaper shapes the runs it orders.

import CTextLookup

/// The embedding levels of a paragraph's scalars and its direction.
public struct BidiParagraph: Sendable, Equatable {
    /// One level per scalar: even reads left to right, odd right to left.
    public let levels: [Int8]
    /// True when the paragraph reads right to left.
    public let isRightToLeft: Bool

    /// Runs the bidi algorithm over `scalars`. Should FriBidi fail, the text is
    /// taken as plain left to right, which is what drawing did before.
    public init(scalars: [UInt32]) {
        var levels = [Int8](repeating: 0, count: scalars.count)
        var rtl: Int32 = 0
        let ok = scalars.withUnsafeBufferPointer { text in
            levels.withUnsafeMutableBufferPointer { out in
                tl_bidi_levels(text.baseAddress, Int32(clamping: text.count), out.baseAddress, &rtl)
            }
        }
        if ok == 0 {
            self.levels = [Int8](repeating: 0, count: scalars.count)
            isRightToLeft = false
        } else {
            self.levels = levels
            isRightToLeft = rtl != 0
        }
    }

    public init(text: Substring) {
        self.init(scalars: text.unicodeScalars.map(\.value))
    }

    /// The order (rule L2) in which runs with `levels` are shown, left to right: from
    /// the highest level down to the lowest odd one, every stretch of runs at that
    /// level or above is reversed.
    public static func visualOrder(ofRunLevels levels: [Int8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowest = levels.min() else { return order }
        let lowestOdd = lowest % 2 == 1 ? lowest : lowest + 1
        var level = highest
        while level >= lowestOdd {
            var start = 0
            while start < order.count {
                guard levels[order[start]] >= level else {
                    start += 1
                    continue
                }
                var end = start
                while end < order.count && levels[order[end]] >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
            level -= 1
        }
        return order
    }

    /// The paragraph's scalars in display order, left to right (right-to-left runs
    /// reversed; no mirroring, no shaping): what a reader sees, for tests and logs.
    public static func displayOrder(of text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let paragraph = BidiParagraph(scalars: scalars.map(\.value))
        var runs: [(range: Range<Int>, level: Int8)] = []
        for (index, level) in paragraph.levels.enumerated() {
            if let last = runs.last, last.level == level {
                runs[runs.count - 1].range = last.range.lowerBound..<(index + 1)
            } else {
                runs.append((index..<(index + 1), level))
            }
        }
        var shown = String.UnicodeScalarView()
        for run in visualOrder(ofRunLevels: runs.map(\.level)).map({ runs[$0] }) {
            let piece = scalars[run.range]
            if run.level % 2 == 1 { shown.append(contentsOf: piece.reversed()) } else { shown.append(contentsOf: piece) }
        }
        return String(shown)
    }
}
