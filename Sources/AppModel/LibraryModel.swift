// AppModel owns what the rooms of a running app share: the library in memory with
// its background saves (targets, punches, marks, today's strongest), decoded
// pictures, the main layout, the page names and requests to the platform. The seam a
// policy (desktop or kiosk) shapes the session through is PolicySeam's. It must not
// draw a screen, know kiosk rules, or touch SDL.

import Foundation
import Localization
import Pictures
import StressCore
import TargetStore

/// The library as the screens see it: an in-memory copy of the targets, changed at
/// once for the UI and saved on a background queue, so no frame waits for SQLite.
public final class LibraryModel: @unchecked Sendable {
    // @unchecked: `targets`, `selectedID`, their memos and `errors` are used on the main thread;
    // only `store` is touched on `queue`, and errors come back through `lock`.
    public let store: TargetStore
    private let queue = DispatchQueue(label: "stresspunch.library-writes", qos: .userInitiated)
    private let lock = NSLock()
    private var pendingErrors: [BackgroundError] = []
    private var pendingNotices: [String] = []
    private var freshTargets: [StressTarget]?
    private var busyCount = 0

    public private(set) var targets: [StressTarget] = [] {
        didSet { revision &+= 1 }
    }
    /// Changes whenever `targets` does, so what is worked out from the list (a
    /// filter's matches) is worked out again only then.
    public private(set) var revision = 0
    /// Punches per day for the Stats screen, every day of the range asked for, oldest
    /// first (nil until loaded; loading runs off the frame path).
    public private(set) var dayTotals: [DayTotal]?
    private var freshDayTotals: [DayTotal]?
    public private(set) var selectedID: Int64?

    /// Headless runs save synchronously, so a script's frames never depend on how fast
    /// the disk was; the app saves in the background.
    private let synchronous: Bool

    /// Saves the punches counted here: the one way a punch reaches the library.
    public let recorder: PunchRecorder

    /// Today's strongest punches: placed here as each punch is recorded, read by the
    /// kiosk's board. Its one owner.
    public internal(set) var todaysStrongest: TodaysStrongest

    /// `recorder`: one made for `store` unless given (a test's, with its own interval).
    /// `now`: when the app starts, whose local day's board is read.
    public init(store: TargetStore, synchronous: Bool = false, recorder: PunchRecorder? = nil, now: Date = Date()) throws(TargetStoreError) {
        self.store = store
        self.synchronous = synchronous
        self.recorder = recorder ?? PunchRecorder(store: store, synchronous: synchronous)
        let day = DayTotal.day(of: now.timeIntervalSince1970)
        todaysStrongest = TodaysStrongest(day: day, board: (try? store.strongHits(on: day)) ?? [])
        try reload()
    }

    /// Reads the library again (after a change made elsewhere).
    public func reload() throws(TargetStoreError) {
        targets = try store.allTargets()
        selectedID = targets.first(where: \.isSelected)?.id ?? targets.first?.id
    }

    public var selected: StressTarget? {
        guard let selectedID else { return nil }
        // Asked several times a frame: where it was found last is checked first (ids
        // are unique, so a match there is the one), not 10,000 targets each time.
        if let index = selectedIndex, index < targets.count, targets[index].id == selectedID { return targets[index] }
        guard let index = targets.firstIndex(where: { $0.id == selectedID }) else { return nil }
        selectedIndex = index
        return targets[index]
    }
    private var selectedIndex: Int?

    /// The favorites in display order (at most four): found again only after the list
    /// changed (the main screen asks every frame).
    public var favorites: [StressTarget] {
        if let memo = favoritesMemo, memo.revision == revision { return memo.favorites }
        let found = targets.filter(\.isFavorite)
        favoritesMemo = (revision, found)
        return found
    }
    private var favoritesMemo: (revision: Int, favorites: [StressTarget])?

    /// The selection is only shown, not saved (the kiosk's attract loop).
    private var selectionUnsaved = false

    /// Selects a target now and saves the choice in the background.
    public func select(_ id: Int64) {
        guard targets.contains(where: { $0.id == id }), id != selectedID || selectionUnsaved else { return }
        selectedID = id
        selectionUnsaved = false
        for index in targets.indices { targets[index].isSelected = targets[index].id == id }
        let store = self.store
        background { [weak self] in
            do { try store.select(id: id) } catch { self?.finish(with: error, reloadFrom: store) }
        }
    }

    /// Shows a target as the selected one without saving it: the kiosk's attract loop
    /// cycles through favorites all day without writing each step. A later `select`
    /// (a punch ends the loop) saves whatever is chosen then.
    public func show(_ id: Int64) {
        guard targets.contains(where: { $0.id == id }), id != selectedID else { return }
        selectedID = id
        selectionUnsaved = true
        for index in targets.indices { targets[index].isSelected = targets[index].id == id }
    }

    /// Saves the selection if it was only shown.
    public func keepShownSelection() {
        if selectionUnsaved, let selectedID { select(selectedID) }
    }

    /// Saves settings (kiosk preferences) in the background.
    public func saveSettings(_ values: [StoredSetting: String]) {
        let store = self.store
        background { [weak self] in
            do { try store.setSettings(values) } catch { self?.finish(with: error, reloadFrom: store) }
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

    /// A punch landed on target `id` at `time` (seconds since 1970): counted in memory
    /// now, placed on today's board, and handed to the recorder, which saves it within
    /// half a second (and the board's newcomer with it). The one way a punch is
    /// written, so the shown count, the board and the saved ones cannot part.
    public func recordPunch(on id: Int64, strength: Int = 0, combo: Int = 1, at time: Double) {
        let name = selected?.id == id ? selected?.name : targets.first { $0.id == id }?.name
        let rank = todaysStrongest.place(strength: strength, at: time, targetName: name ?? "")
        recorder.record(targetID: id, strength: strength, combo: combo, at: time, madeTheBoard: rank != nil)
        countPunch(on: id, strength: strength, combo: combo)
    }

    /// Adds to a target's in-memory count only (the recorder saves it).
    func countPunch(on id: Int64, strength: Int = 0, combo: Int = 1) {
        guard let index = targets.firstIndex(where: { $0.id == id }) else { return }
        // Saturating: a count read from a crafted library must not crash the first punch.
        targets[index].punchCount = PunchTally.saturated(targets[index].punchCount, plus: 1)
        targets[index].strongest = max(targets[index].strongest, strength)
        targets[index].bestCombo = max(targets[index].bestCombo, combo)
    }

    // MARK: Changes saved in the background

    /// Puts a target on the favorites bar or takes it off, at once in memory. Returns
    /// the reason when the four-favorite rule refuses it (nothing changes then).
    public func setFavorite(_ on: Bool, for id: Int64) -> String? {
        guard let index = targets.firstIndex(where: { $0.id == id }) else { return nil }
        let count = targets.filter(\.isFavorite).count
        if on && !FavoriteRule.canFavorite(currentFavoriteCount: count, isAlreadyFavorite: targets[index].isFavorite) {
            return FavoriteRule.refusalReason
        }
        targets[index].isFavorite = on
        let store = self.store
        background { [weak self] in
            do { try store.setFavorite(on, for: id) } catch { self?.finish(with: error, reloadFrom: store) }
        }
        return nil
    }

    /// Deletes a target; the neighbour becomes selected if it was the selected one.
    /// Its picture file stays until `endUndo` (Undo puts everything back).
    public func delete(_ id: Int64) {
        guard let index = targets.firstIndex(where: { $0.id == id }) else { return }
        let wasSelected = targets[index].id == selectedID
        var removed = targets.remove(at: index)
        removed.isSelected = wasSelected
        undoable[id] = (removed, index)
        if wasSelected {
            let neighbour = index < targets.count ? targets[index] : targets.last
            selectedID = neighbour?.id
            for position in targets.indices { targets[position].isSelected = targets[position].id == selectedID }
        }
        let store = self.store
        background { [weak self] in
            do {
                let deleted = try store.deleteForUndo(id: id)
                self?.keepForUndo(deleted)
                self?.handOver(try store.allTargets())
            } catch { self?.finish(with: error, reloadFrom: store) }
        }
    }

    /// Deleted targets Undo can still bring back: as shown (main thread), and as the
    /// database gave them (written on the queue, under `lock`).
    private var undoable: [Int64: (target: StressTarget, index: Int)] = [:]
    private var deletedRecords: [Int64: DeletedTarget] = [:]

    private func keepForUndo(_ deleted: DeletedTarget) {
        lock.lock(); defer { lock.unlock() }
        deletedRecords[deleted.target.id] = deleted
    }

    private func takeDeletedRecord(_ id: Int64) -> DeletedTarget? {
        lock.lock(); defer { lock.unlock() }
        return deletedRecords.removeValue(forKey: id)
    }

    /// Undoes the delete of `id`: the row, its picture, its place among the favorites,
    /// its punch count (`unsavedPunches` of which are still on their way to the
    /// database) and the selection come back.
    public func undoDelete(_ id: Int64, unsavedPunches: Int = 0) {
        guard let (target, index) = undoable.removeValue(forKey: id) else { return }
        targets.insert(target, at: min(index, targets.count))
        if target.isSelected {
            selectedID = id
            for position in targets.indices { targets[position].isSelected = targets[position].id == id }
        }
        let store = self.store
        let punches = target.punchCount - unsavedPunches
        background { [weak self] in
            // Same queue as the delete, so its record is there by now.
            guard let self, let deleted = self.takeDeletedRecord(id) else { return }
            do {
                let restored = try store.restore(deleted, punches: punches)
                // TRANSLATORS: %s is the target's name; four is the most favorites there can be.
                self.handOver(try store.allTargets(), notice: restored.isFavorite || !target.isFavorite
                    ? nil : tr("“%s” is back, but not on the main screen: four favorites are there now.", restored.name))
            } catch { self.finish(with: error, reloadFrom: store) }
        }
    }

    /// Ends the Undo offered for `id` (its toast expired): the picture goes for good.
    public func endUndo(_ id: Int64) {
        guard undoable.removeValue(forKey: id) != nil else { return }
        let store = self.store
        background { [weak self] in
            guard let deleted = self?.takeDeletedRecord(id) else { return }
            store.discard(deleted)
        }
    }

    /// Ends every Undo still offered (on quit).
    public func endAllUndo() {
        for id in Array(undoable.keys) { endUndo(id) }
    }

    /// Brings back deleted built-ins; the list refreshes when it is done.
    public func restoreDefaults() {
        let store = self.store
        background { [weak self] in
            do {
                let restored = try store.restoreDefaults()
                self?.handOver(try store.allTargets(), notice: restored == 0
                    ? tr("All built-in targets are already in the library.")
                    : trn("Restored %d built-in target.", "Restored %d built-in targets.", restored))
            } catch { self?.finish(with: error, reloadFrom: store) }
        }
    }

    /// Adds a target from a picture file: the picture is checked, turned upright,
    /// downsized and stored in the background; `isBusy` is true meanwhile and the list
    /// refreshes (and selects the new target) when it is done.
    public func add(name: String, message: String, pictureFile: URL, importer: PictureImporter, crop: PictureCrop = .full) {
        runImport { store in
            let picture = try importer.importPicture(at: pictureFile)
            let target = try store.insert(name: name, message: message, picture: .imported(picture), crop: crop)
            try store.select(id: target.id)
            return tr("Added “%s”.", target.name)
        }
    }

    /// Adds a target for each picture file (several dropped at once), each named by
    /// `name`, in the background like `add`. A refused file is said in one error and
    /// the others are still added; a failing library stops the rest.
    public func addAll(pictureFiles: [URL], importer: PictureImporter, name: @escaping @Sendable (URL) -> String) {
        lock.lock()
        busyCount += 1
        lock.unlock()
        let store = self.store
        background { [weak self] in
            var added = 0
            var refused: [String] = []
            var failure: (any Error)?
            for file in pictureFiles {
                do {
                    let picture = try importer.importPicture(at: file)
                    let title = name(file)
                    // TRANSLATORS: the name of a target made from a dropped picture whose file name gives none.
                    try store.insert(name: title.isEmpty ? trc("default target name", "Picture") : title, picture: .imported(picture))
                    added += 1
                } catch let error as PictureImportError {
                    refused.append(Self.refusal(of: file, error.description))
                } catch let error as TargetStoreError {
                    if case .invalid = error { refused.append(Self.refusal(of: file, error.description)); continue }
                    failure = error
                    break
                } catch {
                    failure = error
                    break
                }
            }
            guard let self else { return }
            let fresh = try? store.allTargets()
            self.lock.lock()
            defer { self.lock.unlock() }
            self.busyCount -= 1
            if let fresh { self.freshTargets = fresh }
            if added > 0 { self.pendingNotices.append(trn("Added %d target.", "Added %d targets.", added)) }
            if !refused.isEmpty {
                // TRANSLATORS: %s lists each refused file's name and why, separated by semicolons.
                let text = trn("%d file was not added: %s", "%d files were not added: %s", refused.count, refused.joined(separator: "; "))
                self.pendingErrors.append(BackgroundError(text: text))
            }
            if let failure {
                let text = (failure as? TargetStoreError)?.description ?? String(describing: failure)
                // TRANSLATORS: %s says why the library could not take more targets.
                self.pendingErrors.append(BackgroundError(text: tr("Adding stopped: %s", text), diskFull: Self.isDiskFull(failure)))
            }
        }
    }

    /// Changes a target's name and message, its picture when `pictureFile` is given, and
    /// its crop when `crop` is (a new picture without one shows whole).
    public func update(id: Int64, name: String, message: String, pictureFile: URL?, importer: PictureImporter,
                       crop: PictureCrop? = nil) {
        runImport { store in
            let picture = try pictureFile.map { url throws in NewPicture.imported(try importer.importPicture(at: url)) }
            let target = try store.update(id: id, name: name, message: message, picture: picture, crop: crop)
            return tr("Saved “%s”.", target.name)
        }
    }

    /// True while a picture import or save is running (the UI shows a spinner).
    public var isBusy: Bool {
        lock.lock(); defer { lock.unlock() }
        return busyCount > 0
    }

    /// Takes what background work finished since the last frame: a fresh list to show,
    /// notices and errors. Call once a frame on the main thread.
    public func takeBackgroundResults() -> (notices: [String], errors: [BackgroundError], changed: Bool) {
        lock.lock()
        let fresh = freshTargets
        freshTargets = nil
        if let days = freshDayTotals {
            dayTotals = days
            freshDayTotals = nil
        }
        let notices = pendingNotices
        pendingNotices.removeAll()
        let errors = pendingErrors
        pendingErrors.removeAll()
        lock.unlock()
        if let fresh {
            targets = Self.merged(fresh, keepingCountsOf: targets)
            selectedID = fresh.first(where: \.isSelected)?.id ?? fresh.first?.id
            selectionUnsaved = false
        }
        return (notices, errors, fresh != nil)
    }

    /// A list read from the store, with the punches this list has counted kept: a
    /// punch is counted here at once but written about half a second later (and a
    /// batch being written is in neither the store nor the recorder's queue), so a
    /// list read meanwhile is behind. In the app a target's tallies only grow, so the
    /// larger of the two is the truth, and a shown count never goes back.
    static func merged(_ fresh: [StressTarget], keepingCountsOf shown: [StressTarget]) -> [StressTarget] {
        guard !shown.isEmpty else { return fresh }
        var known: [Int64: (punches: Int, strongest: Int, bestCombo: Int)] = [:]
        known.reserveCapacity(shown.count)
        for target in shown { known[target.id] = (target.punchCount, target.strongest, target.bestCombo) }
        var result = fresh
        for index in result.indices {
            guard let counted = known[result[index].id] else { continue }
            result[index].punchCount = max(result[index].punchCount, counted.punches)
            result[index].strongest = max(result[index].strongest, counted.strongest)
            result[index].bestCombo = max(result[index].bestCombo, counted.bestCombo)
        }
        return result
    }

    private func runImport(_ work: @escaping @Sendable (TargetStore) throws -> String) {
        lock.lock()
        busyCount += 1
        lock.unlock()
        let store = self.store
        background { [weak self] in
            // The result and the end of "busy" are published together, so a frame never
            // sees the work finished without its outcome.
            do {
                let notice = try work(store)
                self?.handOver(try store.allTargets(), notice: notice, endingImport: true)
            } catch {
                self?.finish(with: error, reloadFrom: store, endingImport: true)
            }
        }
    }

    private func handOver(_ fresh: [StressTarget], notice: String? = nil, endingImport: Bool = false) {
        lock.lock(); defer { lock.unlock() }
        if endingImport { busyCount -= 1 }
        freshTargets = fresh
        if let notice { pendingNotices.append(notice) }
    }

    /// A failed save: say why, and show the library as it really is.
    private func finish(with error: any Error, reloadFrom store: TargetStore, endingImport: Bool = false) {
        let message: String
        switch error {
        case let error as TargetStoreError: message = error.description
        case let error as PictureImportError: message = error.description
        default: message = String(describing: error)
        }
        let fresh = try? store.allTargets()
        lock.lock(); defer { lock.unlock() }
        if endingImport { busyCount -= 1 }
        pendingErrors.append(BackgroundError(text: message, diskFull: Self.isDiskFull(error)))
        if let fresh { freshTargets = fresh }
    }

    /// "photo.jpg: why", one file of several refused.
    private static func refusal(of file: URL, _ reason: String) -> String {
        // TRANSLATORS: a file's name, then why it was not added.
        tr("%s: %s", file.lastPathComponent, reason)
    }

    /// Whether `error` is the library's disk being full.
    private static func isDiskFull(_ error: any Error) -> Bool {
        guard case TargetStoreError.database(let database) = error else { return false }
        return database.isDiskFull
    }

    private func background(_ work: @escaping @Sendable () -> Void) {
        if synchronous { queue.sync(execute: work) } else { queue.async(execute: work) }
    }

    /// Reads the punches per day of the `count` days up to `date`, in the background;
    /// `dayTotals` has them from the frame after.
    public func loadDayTotals(endingAt date: Date, count: Int) {
        let store = self.store
        let days = DayTotal.days(endingAt: date, count: count)
        background { [weak self] in
            let found = (try? store.dayTotals(from: days.first ?? "", through: days.last ?? "")) ?? []
            guard let self else { return }
            self.lock.lock()
            self.freshDayTotals = DayTotal.filled(days, from: found)
            self.lock.unlock()
        }
    }

    /// Reads a target's marks in the background; `deliver` gets them on that queue.
    public func readMarks(of id: Int64, then deliver: @escaping @Sendable ([Mark]) -> Void) {
        let store = self.store
        background { deliver((try? store.marks(of: id)) ?? []) }
    }

    /// Saves a target's marks in the background (all of them, replacing what was kept).
    public func saveMarks(_ marks: [Mark], of id: Int64) {
        let store = self.store
        background { [weak self] in
            do { try store.setMarks(marks, of: id) } catch { self?.finish(with: error, reloadFrom: store) }
        }
    }

    /// Takes every target's marks off in the background.
    public func washAllMarks() {
        let store = self.store
        background { [weak self] in
            do { try store.wash(nil) } catch { self?.finish(with: error, reloadFrom: store) }
        }
    }

    /// Waits for background saves to finish (on quit).
    public func waitForSaves() {
        queue.sync {}
    }

}

/// An error a background save reported, for a toast.
public struct BackgroundError: Sendable {
    /// What went wrong, in the user's language.
    public var text: String
    /// Whether it is the library's disk being full (the punches' toast may say it already).
    public var diskFull = false

    public init(text: String, diskFull: Bool = false) {
        self.text = text
        self.diskFull = diskFull
    }
}
