import Foundation
import Locking
import StressCore

/// The marks of the targets shown this session, in memory: read from the library
/// in the background the first time a target shows, changed by hits and washes at
/// once, and saved at most half a second after the first change not yet written (a
/// flurry is one write, not one per punch, and steady punching saves as often as the
/// punch counts do), and at quit.
public final class MarkBook {
    private let library: LibraryModel
    private var sets: [Int64: MarkSet] = [:]
    private var requested: Set<Int64> = []
    /// Read results, handed over from the library's queue.
    private let arrived = Locked<[(id: Int64, generation: Int, marks: [Mark])]>([])
    /// Bumped by a wash of every target: reads asked for before it are stale.
    private var generation = 0
    /// Targets changed since their last save, with when they first changed since then.
    /// From the first change, not the last: a punch every 0.4 s once put the save off
    /// for as long as the punching went on.
    private var unsaved: [Int64: Double] = [:]
    /// How long after its first unsaved change a target's marks are written.
    public static let saveDelay = 0.5

    public init(library: LibraryModel) {
        self.library = library
    }

    /// A target's marks, or nil while they are being read (the read starts now).
    public func marks(of id: Int64) -> MarkSet? {
        takeArrived()
        if let set = sets[id] { return set }
        if !requested.contains(id) {
            requested.insert(id)
            let asked = generation
            library.readMarks(of: id) { [arrived] marks in arrived.withLock { $0.append((id, asked, marks)) } }
            takeArrived()
        }
        return sets[id]
    }

    /// A landed hit on target `id` at (u, v) in its picture.
    public func hit(_ id: Int64, u: Float, v: Float, strength: Int, tool: PunchTool, at time: Double, now: Double) {
        guard var set = marks(of: id) else { return }
        set.hit(x: u, y: v, strength: strength, tool: tool, at: time)
        sets[id] = set
        if unsaved[id] == nil { unsaved[id] = now }
    }

    /// Takes every mark off target `id`; returns the marks that were there (for Undo).
    @discardableResult
    public func wash(_ id: Int64, now: Double) -> [Mark] {
        let old = marks(of: id)?.marks ?? []
        var set = sets[id] ?? MarkSet()
        set.removeAll()
        sets[id] = set
        requested.insert(id)
        unsaved[id] = now - Self.saveDelay
        return old
    }

    /// Every target clean: those in memory now, and the library's in the background.
    public func washAll(now: Double) {
        for id in Array(sets.keys) where !(sets[id]?.isEmpty ?? true) {
            sets[id]?.removeAll()
            unsaved[id] = nil
        }
        // A read still on its way would bring back marks the wash took.
        generation += 1
        requested = Set(sets.keys)
        library.washAllMarks()
    }

    /// Puts back what a wash took.
    public func restore(_ old: [Mark], of id: Int64, now: Double) {
        var set = sets[id] ?? MarkSet()
        set.restore(old)
        sets[id] = set
        unsaved[id] = now - Self.saveDelay
    }

    /// Forgets one target's marks because the library is about to change them (a new
    /// crop carries them along): what is not yet written goes first, and they are read
    /// again when next shown. Call it just before asking the library for the change, so
    /// the write, the change and the next read queue up in that order.
    public func reread(_ id: Int64) {
        if unsaved.removeValue(forKey: id) != nil { library.saveMarks(sets[id]?.marks ?? [], of: id) }
        sets[id] = nil
        requested.remove(id)
        // A read already on its way holds the marks from before the change.
        generation += 1
    }

    /// Whether some target's marks wait to be written.
    public var hasUnsaved: Bool { !unsaved.isEmpty }

    /// Writes the targets whose first unsaved change is `saveDelay` old.
    public func saveDue(now: Double) {
        guard !unsaved.isEmpty else { return }
        for (id, changed) in unsaved where now - changed >= Self.saveDelay {
            unsaved[id] = nil
            library.saveMarks(sets[id]?.marks ?? [], of: id)
        }
    }

    /// Writes everything not yet written (at quit).
    public func flush() {
        for id in unsaved.keys { library.saveMarks(sets[id]?.marks ?? [], of: id) }
        unsaved.removeAll()
    }

    private func takeArrived() {
        let results = arrived.withLock { list -> [(id: Int64, generation: Int, marks: [Mark])] in
            defer { list.removeAll() }
            return list
        }
        for result in results where sets[result.id] == nil {
            if result.generation == generation {
                sets[result.id] = MarkSet(result.marks)
            } else {
                requested.remove(result.id)
            }
        }
    }
}
