/// Values under a byte budget, least recently used out first, where what the frame
/// being drawn (or the one before it) used is never put out.
///
/// A doubly linked list threaded through one array of slots, with freed slots reused:
/// looking up, touching, inserting and evicting are O(1) and, once the slots have
/// grown to the most entries held, allocate nothing. Not locked: its owner locks.
public struct ByteBudgetCache<Key: Hashable, Value> {
    private struct Slot {
        var key: Key
        var value: Value?
        var cost: Int
        var lastFrame: UInt64
        var newer = -1
        var older = -1
    }

    /// Most bytes held, except while entries on screen alone are more than this.
    public let budget: Int
    public private(set) var bytes = 0
    /// The frame being built; see `beginFrame`.
    public private(set) var frame: UInt64 = 2

    private var slots: [Slot] = []
    private var free: [Int] = []
    private var indices: [Key: Int] = [:]
    private var newest = -1
    private var oldest = -1

    public init(budget: Int) {
        self.budget = max(0, budget)
    }

    public var count: Int { indices.count }

    /// Starts a new frame: from now on, entries last used two frames ago or earlier may
    /// be put out. Those used in this frame or the last are the pictures on screen (the
    /// screens ask for what they show every frame), so a picture a frame is drawing is
    /// never dropped under it, nor taken from the frame after it.
    public mutating func beginFrame() { frame &+= 1 }

    /// The value for `key`, marked as used now (moved to the newest end).
    public mutating func value(for key: Key) -> Value? {
        guard let index = indices[key] else { return nil }
        touch(index)
        return slots[index].value
    }

    /// Whether `key` is held, without marking it used.
    public func contains(_ key: Key) -> Bool { indices[key] != nil }

    /// Holds `value` at a cost of `cost` bytes (replacing what `key` held), then puts
    /// out the least recently used entries until the budget holds again, or until what
    /// is left was used this frame or the last. Returns the keys put out.
    @discardableResult
    public mutating func insert(_ value: Value, cost: Int, for key: Key) -> [Key] {
        let cost = max(0, cost)
        if let index = indices[key] {
            bytes += cost - slots[index].cost
            slots[index].value = value
            slots[index].cost = cost
            touch(index)
        } else {
            let slot = Slot(key: key, value: value, cost: cost, lastFrame: frame)
            let index: Int
            if let reused = free.popLast() {
                slots[reused] = slot
                index = reused
            } else {
                slots.append(slot)
                index = slots.count - 1
            }
            indices[key] = index
            bytes += cost
            linkAsNewest(index)
        }
        return evictOverBudget()
    }

    /// Forgets `key`.
    public mutating func remove(_ key: Key) {
        guard let index = indices.removeValue(forKey: key) else { return }
        unlink(index)
        bytes -= slots[index].cost
        slots[index].value = nil
        free.append(index)
    }

    /// Keys from the least to the most recently used (for tests).
    public var keysOldestFirst: [Key] {
        var keys: [Key] = []
        var index = oldest
        while index >= 0 {
            keys.append(slots[index].key)
            index = slots[index].newer
        }
        return keys
    }

    private mutating func evictOverBudget() -> [Key] {
        var evicted: [Key] = []
        while bytes > budget, oldest >= 0 {
            // The list is in order of use: once the oldest is on screen, all the rest are.
            guard slots[oldest].lastFrame &+ 1 < frame else { break }
            let key = slots[oldest].key
            evicted.append(key)
            remove(key)
        }
        return evicted
    }

    private mutating func touch(_ index: Int) {
        slots[index].lastFrame = frame
        guard index != newest else { return }
        unlink(index)
        linkAsNewest(index)
    }

    private mutating func linkAsNewest(_ index: Int) {
        slots[index].older = newest
        slots[index].newer = -1
        if newest >= 0 { slots[newest].newer = index }
        newest = index
        if oldest < 0 { oldest = index }
    }

    private mutating func unlink(_ index: Int) {
        let older = slots[index].older, newer = slots[index].newer
        if older >= 0 { slots[older].newer = newer } else { oldest = newer }
        if newer >= 0 { slots[newer].older = older } else { newest = older }
        slots[index].older = -1
        slots[index].newer = -1
    }
}
