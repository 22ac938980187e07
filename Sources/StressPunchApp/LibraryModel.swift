import Foundation
import StressCore
import TargetStore

/// The library as the screens see it: an in-memory copy of the targets, changed at
/// once for the UI and saved on a background queue, so no frame waits for SQLite.
public final class LibraryModel: @unchecked Sendable {
    // @unchecked: `targets`, `selectedID` and `errors` are used on the main thread;
    // only `store` is touched on `queue`, and errors come back through `lock`.
    public let store: TargetStore
    private let queue = DispatchQueue(label: "stresspunch.library-writes", qos: .userInitiated)
    private let lock = NSLock()
    private var pendingErrors: [String] = []

    public private(set) var targets: [StressTarget] = []
    public private(set) var selectedID: Int64?

    public init(store: TargetStore) throws(TargetStoreError) {
        self.store = store
        try reload()
    }

    /// Reads the library again (after a change made elsewhere).
    public func reload() throws(TargetStoreError) {
        targets = try store.allTargets()
        selectedID = targets.first(where: \.isSelected)?.id ?? targets.first?.id
    }

    public var selected: StressTarget? {
        guard let selectedID else { return nil }
        return targets.first { $0.id == selectedID }
    }

    /// The favorites in display order (at most four).
    public var favorites: [StressTarget] { targets.filter(\.isFavorite) }

    /// Selects a target now and saves the choice in the background.
    public func select(_ id: Int64) {
        guard targets.contains(where: { $0.id == id }), id != selectedID else { return }
        selectedID = id
        for index in targets.indices { targets[index].isSelected = targets[index].id == id }
        let store = self.store
        queue.async { [weak self] in
            do { try store.select(id: id) } catch { self?.report(String(describing: error)) }
        }
    }

    /// Selects the favorite `offset` places after the selected one (wrapping), for the
    /// gamepad's shoulder buttons.
    public func selectFavorite(steppingBy offset: Int) {
        let favorites = self.favorites
        guard !favorites.isEmpty else { return }
        let current = favorites.firstIndex { $0.id == selectedID } ?? (offset > 0 ? -1 : 0)
        let next = ((current + offset) % favorites.count + favorites.count) % favorites.count
        select(favorites[next].id)
    }

    /// Adds to a target's in-memory count (the recorder saves it).
    public func countPunch(on id: Int64) {
        guard let index = targets.firstIndex(where: { $0.id == id }) else { return }
        targets[index].punchCount += 1
    }

    /// Errors from background saves since the last call, for the UI to show.
    public func takeErrors() -> [String] {
        lock.lock(); defer { lock.unlock() }
        let errors = pendingErrors
        pendingErrors.removeAll()
        return errors
    }

    /// Waits for background saves to finish (on quit).
    public func waitForSaves() {
        queue.sync {}
    }

    private func report(_ message: String) {
        lock.lock(); defer { lock.unlock() }
        pendingErrors.append(message)
    }
}
