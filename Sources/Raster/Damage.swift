// Damage: which pixels a frame must draw again. A frame is described as a display
// list (what each thing drawn may touch, and a key standing for everything that
// decides its pixels); two frames' lists compared give the rectangles where they can
// differ. Everything else on the canvas is already what a full redraw would put there.

/// One thing a frame draws, as damage tracking sees it.
public struct DisplayEntry: Sendable, Equatable {
    /// Every pixel the drawing may touch (more is fine, less is a bug).
    public var bounds: PixelRect
    /// Stands for everything that decides those pixels (what, where, colour, clip...).
    public var key: Int
    /// False for drawing whose pixels depend on where a clip cuts it across a row:
    /// an affine image steps its texel coordinates from the first pixel drawn, an
    /// image paint or a stepped gradient likewise, a polygon sums coverage from its
    /// left. A damage rectangle touching such an entry is widened to take its whole
    /// width, so it is drawn exactly as a full frame draws it. (Cuts between rows are
    /// always exact: bands rely on that.)
    public var exactUnderClip: Bool

    public init(bounds: PixelRect, key: Int, exactUnderClip: Bool) {
        self.bounds = bounds
        self.key = key
        self.exactUnderClip = exactUnderClip
    }
}

/// A frame's drawing in order, for damage tracking. Reused frame after frame, so
/// describing a frame allocates nothing once the list has grown to its size.
public struct DisplayList: Sendable {
    public private(set) var entries: [DisplayEntry] = []

    public init(capacity: Int = 1024) {
        entries.reserveCapacity(capacity)
    }

    public mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }

    /// Appends a drawing touching at most `bounds`, its key made by `key`.
    public mutating func append(_ bounds: PixelRect, exactUnderClip: Bool = true, key: (inout Hasher) -> Void) {
        var hasher = Hasher()
        key(&hasher)
        hasher.combine(bounds)
        entries.append(DisplayEntry(bounds: bounds, key: hasher.finalize(), exactUnderClip: exactUnderClip))
    }

    public mutating func append(_ entry: DisplayEntry) {
        entries.append(entry)
    }

    public var count: Int { entries.count }
}

/// The rectangles of a canvas to draw again: disjoint, inside the canvas, few.
public struct Damage: Sendable {
    public private(set) var rects: [PixelRect] = []
    /// Raw rectangles of the entries that differ, before merging (scratch).
    private var pending: [PixelRect] = []
    /// The most rectangles kept: each is one more pass over the frame's drawing.
    public static let maxRects = 8
    /// Entries compared ahead when two lists stop matching (a sprite added, a row gone).
    static let lookahead = 24

    public init() {
        rects.reserveCapacity(Self.maxRects * 2)
        pending.reserveCapacity(256)
    }

    public var isEmpty: Bool { rects.isEmpty }
    /// Pixels to draw.
    public var area: Int { rects.reduce(0) { $0 + $1.width * $1.height } }

    public mutating func removeAll() {
        rects.removeAll(keepingCapacity: true)
    }

    /// True when the rectangles cover the whole canvas.
    public func isFull(width: Int, height: Int) -> Bool {
        rects.count == 1 && rects[0] == PixelRect(x: 0, y: 0, width: width, height: height)
    }

    /// The damage going from `old` (on the canvas now) to `new` (to be drawn), on a
    /// canvas `width` x `height`.
    ///
    /// Entries are matched in order (a common subsequence: equal keys and bounds,
    /// resynchronised within a short look-ahead); every entry left unmatched, on
    /// either side, damages its bounds. A pixel outside all of those is touched by the
    /// same matched drawings in the same order in both frames, so it is unchanged.
    public mutating func compute(from old: DisplayList, to new: DisplayList, width: Int, height: Int) {
        pending.removeAll(keepingCapacity: true)
        let canvas = PixelRect(x: 0, y: 0, width: width, height: height)
        let a = old.entries, b = new.entries
        var i = 0, j = 0
        @inline(__always) func damage(_ entry: DisplayEntry) {
            let rect = entry.bounds.intersection(canvas)
            if !rect.isEmpty { pending.append(rect) }
        }
        while i < a.count && j < b.count {
            if a[i] == b[j] {
                i += 1; j += 1
                continue
            }
            // The nearest resynchronisation: b[j] later in a (entries removed), or a[i]
            // later in b (entries added).
            var skipOld = -1, skipNew = -1
            var step = 1
            while step <= Self.lookahead && skipOld < 0 && skipNew < 0 {
                if i + step < a.count && a[i + step] == b[j] { skipOld = step }
                if j + step < b.count && b[j + step] == a[i] { skipNew = step }
                step += 1
            }
            if skipOld > 0 {
                for k in i..<(i + skipOld) { damage(a[k]) }
                i += skipOld
            } else if skipNew > 0 {
                for k in j..<(j + skipNew) { damage(b[k]) }
                j += skipNew
            } else {
                damage(a[i]); damage(b[j])
                i += 1; j += 1
            }
        }
        while i < a.count { damage(a[i]); i += 1 }
        while j < b.count { damage(b[j]); j += 1 }

        rects.removeAll(keepingCapacity: true)
        for rect in pending { add(rect) }
        widenForInexactEntries(of: new, canvas: canvas)
    }

    /// Adds the damage of `rect` (any rectangle; it is kept inside the canvas by the caller).
    public mutating func add(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        var merged = rect
        // Whatever overlaps or nearly touches it joins it (a few big rectangles draw
        // faster than many small ones: each is a pass over the frame's drawing).
        var index = 0
        while index < rects.count {
            if Self.shouldMerge(rects[index], merged) {
                merged = Self.union(rects[index], merged)
                rects.swapAt(index, rects.count - 1)
                rects.removeLast()
                index = 0
            } else {
                index += 1
            }
        }
        rects.append(merged)
        while rects.count > Self.maxRects { mergeCheapestPair() }
    }

    /// Widens every rectangle touching an entry that must be drawn whole across its
    /// rows (see `DisplayEntry.exactUnderClip`) to that entry's full width, merging as
    /// it goes, until none cuts one.
    private mutating func widenForInexactEntries(of list: DisplayList, canvas: PixelRect) {
        guard !rects.isEmpty else { return }
        var changed = true
        while changed {
            changed = false
            for entry in list.entries where !entry.exactUnderClip {
                let bounds = entry.bounds.intersection(canvas)
                guard !bounds.isEmpty else { continue }
                for index in rects.indices {
                    let rect = rects[index]
                    guard !rect.intersection(bounds).isEmpty, bounds.x < rect.x || bounds.maxX > rect.maxX else { continue }
                    let left = min(rect.x, bounds.x), right = max(rect.maxX, bounds.maxX)
                    let widened = PixelRect(x: left, y: rect.y, width: right - left, height: rect.height)
                    rects.swapAt(index, rects.count - 1)
                    rects.removeLast()
                    add(widened)
                    changed = true
                    break
                }
            }
        }
    }

    static func union(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let left = min(a.x, b.x), top = min(a.y, b.y)
        return PixelRect(x: left, y: top, width: max(a.maxX, b.maxX) - left, height: max(a.maxY, b.maxY) - top)
    }

    /// Overlapping (rectangles must stay disjoint), within a few pixels of each other,
    /// or together hardly bigger than apart.
    static func shouldMerge(_ a: PixelRect, _ b: PixelRect) -> Bool {
        let gap = 8
        let near = a.x - gap < b.maxX && b.x - gap < a.maxX && a.y - gap < b.maxY && b.y - gap < a.maxY
        if near { return true }
        let joined = union(a, b)
        return joined.width * joined.height <= (a.width * a.height + b.width * b.height) * 5 / 4
    }

    /// Merges the two rectangles whose union adds the least area (then anything the
    /// union now overlaps).
    private mutating func mergeCheapestPair() {
        var best = (0, 1), bestCost = Int.max
        for first in rects.indices {
            for second in (first + 1)..<rects.count {
                let joined = Self.union(rects[first], rects[second])
                let cost = joined.width * joined.height - rects[first].width * rects[first].height
                    - rects[second].width * rects[second].height
                if cost < bestCost { bestCost = cost; best = (first, second) }
            }
        }
        let joined = Self.union(rects[best.0], rects[best.1])
        rects.remove(at: best.1)
        rects.remove(at: best.0)
        add(joined)
    }
}
