/// One mark a hit left on a target, in the picture's own coordinates (0...1 across
/// and down), so it squashes and moves with the picture. Kept as a record, never as
/// pixels: what it looks like is drawn from it each time.
public struct Mark: Sendable, Equatable {
    /// Where, in the picture (0...1).
    public var x: Float
    public var y: Float
    /// The tool that made it: each tool's marks look its own way.
    public var tool: PunchTool
    /// How deep it is, 0...1: repeated hits deepen a mark (a bruise darkens and
    /// spreads, then swells) instead of stacking copies.
    public var depth: Float
    /// How many hits it took.
    public var hits: Int
    /// When its first hit landed (seconds since 1970), for fading the oldest.
    public var born: Double

    public init(x: Float, y: Float, tool: PunchTool, depth: Float, hits: Int, born: Double) {
        self.x = x
        self.y = y
        self.tool = tool
        self.depth = depth
        self.hits = hits
        self.born = born
    }
}

/// A target's marks, bounded: a hit near a mark of the same tool deepens it; past
/// `capacity` the oldest goes. So a target punched 100,000 times holds (and costs to
/// draw) no more than one punched a few hundred times.
public struct MarkSet: Sendable, Equatable {
    public static let capacity = 300
    /// A hit this close (in picture widths) to a mark of its tool deepens that mark.
    public static let mergeDistance: Float = 0.055

    public private(set) var marks: [Mark]
    /// Bumped on every change, so a drawing of the marks knows when it is stale.
    public private(set) var version = 0

    public init(_ marks: [Mark] = []) {
        self.marks = Array(marks.suffix(Self.capacity))
        self.marks.reserveCapacity(Self.capacity + 1)
    }

    public var isEmpty: Bool { marks.isEmpty }
    public var count: Int { marks.count }

    /// A landed hit at (x, y) with `strength` 0...999. Returns the index of the mark
    /// it made or deepened.
    @discardableResult
    public mutating func hit(x: Float, y: Float, strength: Int, tool: PunchTool, at time: Double) -> Int {
        let power = PunchStrength.unit(strength)
        let x = min(1, max(0, x)), y = min(1, max(0, y))
        version += 1
        var nearest: (index: Int, distance: Float)?
        for (index, mark) in marks.enumerated() where mark.tool == tool {
            let dx = mark.x - x, dy = mark.y - y
            let distance = (dx * dx + dy * dy).squareRoot()
            // A deeper mark is wider, so it gathers hits from a little further.
            if distance <= Self.mergeDistance * (1 + mark.depth * 0.6), distance < (nearest?.distance ?? .infinity) {
                nearest = (index, distance)
            }
        }
        if let nearest {
            var mark = marks[nearest.index]
            // The mark drifts a little toward the new hit and deepens, less so as it
            // nears full depth.
            let weight: Float = 1 / Float(mark.hits + 1)
            mark.x += (x - mark.x) * weight
            mark.y += (y - mark.y) * weight
            mark.depth = min(1, mark.depth + (0.12 + 0.16 * power) * (1 - mark.depth * 0.5))
            mark.hits += 1
            marks[nearest.index] = mark
            return nearest.index
        }
        if marks.count == Self.capacity { marks.removeFirst() }
        marks.append(Mark(x: x, y: y, tool: tool, depth: 0.2 + 0.25 * power, hits: 1, born: time))
        return marks.count - 1
    }

    /// Every mark gone (the wash).
    public mutating func removeAll() {
        guard !marks.isEmpty else { return }
        marks.removeAll(keepingCapacity: true)
        version += 1
    }

    /// Puts back marks a wash took (its Undo).
    public mutating func restore(_ old: [Mark]) {
        marks = Array(old.suffix(Self.capacity))
        version += 1
    }
}
