// TargetStore owns the library on disk: the SQLite connection and its migrations, the
// targets table with its rules, and the picture files under <data-dir>/images/. It
// must not touch SDL, the screen or audio; decoding pictures is handed to a
// PictureCodec that the Platform module supplies.

import Foundation
import Pictures
import StressCore

/// The picture for a new or edited target.
public enum NewPicture: Sendable {
    case builtin(assetName: String)
    case imported(ImportedPicture)
}

/// The user's library of stress targets, persisted in SQLite.
///
/// Every method is one transaction. Picture files are written before the row that
/// names them commits and removed after the row that named them is gone.
public final class TargetStore: Sendable {
    public let connection: DatabaseConnection
    public let pictures: PictureFiles
    /// The database file, or nil for an in-memory library.
    public let databaseURL: URL?
    /// What opening found broken and put right (a hand edit that dropped a rule, six
    /// favorites, two selections), in words; empty when all was well. Say it once:
    /// the next open finds nothing to repair.
    public let repairs: [String]
    /// True when the library lies on a read-only disk: it is opened to be read, and
    /// every change is refused (the app says so once).
    public let isReadOnly: Bool

    public static let databaseFileName = "library.sqlite"

    /// Opens (creating on first launch) the library in `dataDirectory`: the database,
    /// the pictures folder, the built-in targets, and a sweep of orphaned picture files.
    public convenience init(dataDirectory: URL) throws(TargetStoreError) {
        let databaseURL = dataDirectory.appendingPathComponent(Self.databaseFileName)
        if Self.isOnReadOnlyDisk(dataDirectory), FileManager.default.fileExists(atPath: databaseURL.path) {
            let pictures = PictureFiles(existingDirectory: dataDirectory.appendingPathComponent("images", isDirectory: true))
            try self.init(databasePath: databaseURL.path, databaseURL: databaseURL, pictures: pictures, readOnly: true)
            return
        }
        do {
            // 0700: the library holds the kiosk PIN's hash, which must not be readable by
            // other users (a 4-digit PIN falls to an offline search in minutes).
            try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .fileSystem("cannot create the data folder \(dataDirectory.path): \(error.localizedDescription); choose another with --data-dir")
        }
        Self.keepPrivate(dataDirectory, mode: 0o700)
        let pictures = try PictureFiles(directory: dataDirectory.appendingPathComponent("images", isDirectory: true))
        try self.init(databasePath: databaseURL.path, databaseURL: databaseURL, pictures: pictures, readOnly: false)
    }

    /// A library in memory, with its pictures in `picturesDirectory`. For tests.
    public static func inMemory(picturesDirectory: URL) throws(TargetStoreError) -> TargetStore {
        let pictures = try PictureFiles(directory: picturesDirectory)
        return try TargetStore(databasePath: ":memory:", databaseURL: nil, pictures: pictures, readOnly: false)
    }

    private init(databasePath: String, databaseURL: URL?, pictures: PictureFiles, readOnly: Bool) throws(TargetStoreError) {
        self.databaseURL = databaseURL
        self.pictures = pictures
        isReadOnly = readOnly
        do {
            connection = try DatabaseConnection(path: databasePath, readOnly: readOnly) { db in
                try Self.vetOwnership(db, path: databasePath)
            }
            if readOnly {
                // Nothing can be migrated or repaired here; an old library is left as it is.
                guard try LibrarySchema.migrator.isUpToDate(connection) else {
                    throw TargetStoreError.fileSystem("the library at \(databasePath) needs updating, but its disk is read-only; "
                        + "copy the folder somewhere writable and use --data-dir")
                }
                repairs = []
                return
            }
            try LibrarySchema.migrator.migrate(connection)
            // Looked at in a read first: an open that changes nothing takes no write lock,
            // so another program holding it (the CLI, a backup tool) does not stop us.
            let needsWrite = try connection.read { db in
                try db.scalarInt("PRAGMA application_id") != LibrarySchema.applicationID || Self.rulesAreBroken(db)
            }
            repairs = needsWrite ? try connection.write { db in
                if try db.scalarInt("PRAGMA application_id") != LibrarySchema.applicationID {
                    try db.execute("PRAGMA application_id = \(LibrarySchema.applicationID)")
                }
                return try Self.repairRules(db)
            } : []
        } catch let error as TargetStoreError {
            throw error
        } catch let error as DatabaseError where error.isDamagedFile {
            if let folder = databaseURL?.deletingLastPathComponent(), let backup = LibraryBackups.newestGood(in: folder) {
                throw .damagedDatabaseWithBackup(path: databasePath, detail: error.message, backup: backup.path,
                                                 day: LibraryBackups.day(of: backup))
            }
            throw .damagedDatabase(path: databasePath, detail: error.message)
        } catch let error as DatabaseError where (error.isDiskFull || error.isIOError) && Self.isFull(databaseURL) {
            throw .fileSystem("the disk holding \(databaseURL?.deletingLastPathComponent().path ?? "the library") is full, "
                + "so the library cannot be opened; free some space and start again")
        } catch let error as MigrationError {
            throw .newerDatabase(path: databasePath, detail: error.description)
        } catch {
            throw Self.storeError(error)
        }
        if let names = try? referencedPictureFiles() {
            pictures.sweepOrphans(keeping: names)
        }
        LibraryBackups.makeIfDue(self)
        if let databaseURL {
            for suffix in ["", "-wal", "-shm"] {
                Self.keepPrivate(URL(fileURLWithPath: databaseURL.path + suffix), mode: 0o600)
            }
            Self.keepPrivate(pictures.directory, mode: 0o700)
        }
    }

    /// Whether `folder` (or, when it does not exist yet, the nearest folder above it)
    /// lies on a file system mounted read-only.
    static func isOnReadOnlyDisk(_ folder: URL) -> Bool {
        var probe = folder
        while !FileManager.default.fileExists(atPath: probe.path), probe.pathComponents.count > 1 {
            probe.deleteLastPathComponent()
        }
        var info = statvfs()
        guard statvfs(probe.path, &info) == 0 else { return false }
        return info.f_flag & UInt(ST_RDONLY) != 0
    }

    /// Whether the disk holding `file` has (almost) no room left.
    static func isFull(_ file: URL?) -> Bool {
        guard let folder = file?.deletingLastPathComponent() else { return false }
        var info = statvfs()
        guard statvfs(folder.path, &info) == 0 else { return false }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize) < 256 * 1024
    }

    /// Takes group and other permissions away from a file or folder that has them.
    private static func keepPrivate(_ url: URL, mode: mode_t) {
        var info = stat()
        guard stat(url.path, &info) == 0, info.st_mode & 0o077 != 0 else { return }
        chmod(url.path, mode)
    }

    /// Refuses, before anything is written, a non-empty database that is not ours:
    /// ours carry the application id, or (made before it) our migration ledger.
    private static func vetOwnership(_ db: Database, path: String) throws {
        if try db.scalarInt("PRAGMA application_id") == LibrarySchema.applicationID { return }
        guard try (db.scalarInt("SELECT count(*) FROM sqlite_master") ?? 0) > 0 else { return }
        let tables = try db.scalarInt(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('schema_migration', 'target')") ?? 0
        if tables == 2, try (db.scalarInt("SELECT count(*) FROM schema_migration WHERE identifier = 'v1-targets'") ?? 0) == 1 {
            return
        }
        throw TargetStoreError.foreignDatabase(path: path)
    }

    /// Whether `repairRules` would find anything to do.
    private static func rulesAreBroken(_ db: Database) throws -> Bool {
        let favorites = try db.scalarInt("SELECT count(*) FROM target WHERE is_favorite = 1") ?? 0
        let selected = try db.scalarInt("SELECT count(*) FROM target WHERE is_selected = 1") ?? 0
        let total = try db.scalarInt("SELECT count(*) FROM target") ?? 0
        let present = Set(try db.query("SELECT name FROM sqlite_master WHERE type IN ('trigger', 'index')").compactMap { $0.text("name") })
        return favorites > Int64(FavoriteRule.limit) || selected > 1 || (selected == 0 && total > 0)
            || !LibrarySchema.ruleNames.allSatisfy(present.contains)
    }

    /// Puts the library's rules back where a hand edit broke them: the first four
    /// favorites stay, one selection stays (the first, or the first target when there
    /// is none), and dropped triggers and indexes are recreated. Returns what it did.
    private static func repairRules(_ db: Database) throws -> [String] {
        var repairs: [String] = []
        let favorites = Int(try db.scalarInt("SELECT count(*) FROM target WHERE is_favorite = 1") ?? 0)
        if favorites > FavoriteRule.limit {
            try db.execute("""
                UPDATE target SET is_favorite = 0 WHERE is_favorite = 1 AND id NOT IN
                    (SELECT id FROM target WHERE is_favorite = 1 ORDER BY sort_order, id LIMIT \(FavoriteRule.limit))
                """)
            repairs.append("kept the first \(FavoriteRule.limit) of \(favorites) favorites")
        }
        let selected = Int(try db.scalarInt("SELECT count(*) FROM target WHERE is_selected = 1") ?? 0)
        let total = Int(try db.scalarInt("SELECT count(*) FROM target") ?? 0)
        if selected > 1 {
            try db.execute("""
                UPDATE target SET is_selected = 0 WHERE is_selected = 1 AND id <>
                    (SELECT id FROM target WHERE is_selected = 1 ORDER BY sort_order, id LIMIT 1)
                """)
            repairs.append("kept one of \(selected) selected targets")
        } else if selected == 0 && total > 0 {
            try db.execute("UPDATE target SET is_selected = 1 WHERE id = (SELECT id FROM target ORDER BY sort_order, id LIMIT 1)")
            repairs.append("selected the first target, as none was")
        }
        let present = Set(try db.query("SELECT name FROM sqlite_master WHERE type IN ('trigger', 'index')").compactMap { $0.text("name") })
        let missing = LibrarySchema.ruleNames.filter { !present.contains($0) }
        if !missing.isEmpty {
            try db.execute(LibrarySchema.rulesSQL)
            repairs.append("put back its rules (" + missing.joined(separator: ", ") + ")")
        }
        return repairs
    }

    // MARK: Reading

    /// Every target in display order (built-ins in catalog order, then the user's in
    /// the order they were added).
    public func allTargets() throws(TargetStoreError) -> [StressTarget] {
        try run { try connection.read { db in try Self.fetchTargets(db, where: nil) } }
    }

    /// The favorites, in display order (at most four).
    public func favorites() throws(TargetStoreError) -> [StressTarget] {
        try run { try connection.read { db in try Self.fetchTargets(db, where: "is_favorite = 1") } }
    }

    /// The selected target, if the library has any targets.
    public func selectedTarget() throws(TargetStoreError) -> StressTarget? {
        try run { try connection.read { db in try Self.fetchTargets(db, where: "is_selected = 1").first } }
    }

    public func target(id: Int64) throws(TargetStoreError) -> StressTarget? {
        try run { try connection.read { db in try Self.fetchTarget(db, id: id) } }
    }

    /// Where a stored picture's file lives (nil for built-ins).
    public func pictureURL(for target: StressTarget) -> URL? {
        guard case .stored(let fileName) = target.picture else { return nil }
        return pictures.url(for: fileName)
    }

    // MARK: Changing

    /// Adds a target at the end of the library. With `favorite`, it also goes on the
    /// main screen (refused with `.favoriteLimitReached` when four are already there).
    @discardableResult
    public func insert(
        name: String, message: String = "", picture: NewPicture, favorite: Bool = false
    ) throws(TargetStoreError) -> StressTarget {
        let validName: String, validMessage: String
        do {
            validName = try TargetValidation.validatedName(name)
            validMessage = try TargetValidation.validatedMessage(message)
        } catch { throw .invalid(error) }

        let written = try writePictureFile(picture)
        do {
            return try connection.write { db in
                if favorite {
                    let count = try Self.favoriteCount(db)
                    guard FavoriteRule.canFavorite(currentFavoriteCount: count, isAlreadyFavorite: false) else {
                        throw TargetStoreError.favoriteLimitReached
                    }
                }
                let nextOrder = (try db.scalarInt("SELECT max(sort_order) FROM target") ?? -1) + 1
                // The first target of an empty library becomes the selected one.
                let hasSelection = (try db.scalarInt("SELECT count(*) FROM target WHERE is_selected = 1") ?? 0) > 0
                let (asset, file) = Self.columns(for: picture, writtenFile: written)
                try db.execute(
                    """
                    INSERT INTO target (name, message, asset_name, image_file, is_favorite, is_selected, sort_order, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, julianday('now'))
                    """,
                    [.text(validName), .text(validMessage), asset, file,
                     .integer(favorite ? 1 : 0), .integer(hasSelection ? 0 : 1), .integer(nextOrder)])
                guard let inserted = try Self.fetchTarget(db, id: db.lastInsertedRowID) else {
                    throw TargetStoreError.targetNotFound(id: db.lastInsertedRowID)
                }
                return inserted
            }
        } catch {
            if let written { pictures.remove(written) }
            throw Self.storeError(error)
        }
    }

    /// Changes a target's name, message and/or picture; nil leaves that part as it is.
    /// Built-in targets can be edited too, and keep being built-ins.
    @discardableResult
    public func update(
        id: Int64, name: String? = nil, message: String? = nil, picture: NewPicture? = nil
    ) throws(TargetStoreError) -> StressTarget {
        var validName: String?, validMessage: String?
        do {
            validName = try name.map { raw throws(TargetValidationError) in try TargetValidation.validatedName(raw) }
            validMessage = try message.map { raw throws(TargetValidationError) in try TargetValidation.validatedMessage(raw) }
        } catch { throw .invalid(error) }

        let written = try picture.flatMap { picture throws(TargetStoreError) in try writePictureFile(picture) }
        let replacedFile: String?
        let updated: StressTarget
        do {
            (updated, replacedFile) = try connection.write { db in
                guard let existing = try Self.fetchTarget(db, id: id) else { throw TargetStoreError.targetNotFound(id: id) }
                var sets: [String] = []
                var arguments: [SQLValue] = []
                if let validName { sets.append("name = ?"); arguments.append(.text(validName)) }
                if let validMessage { sets.append("message = ?"); arguments.append(.text(validMessage)) }
                var replaced: String?
                if let picture {
                    let (asset, file) = Self.columns(for: picture, writtenFile: written)
                    sets.append("asset_name = ?"); arguments.append(asset)
                    sets.append("image_file = ?"); arguments.append(file)
                    if case .stored(let old) = existing.picture { replaced = old }
                }
                if !sets.isEmpty {
                    try db.execute("UPDATE target SET \(sets.joined(separator: ", ")) WHERE id = ?", arguments + [.integer(id)])
                }
                guard let result = try Self.fetchTarget(db, id: id) else { throw TargetStoreError.targetNotFound(id: id) }
                return (result, replaced)
            }
        } catch {
            if let written { pictures.remove(written) }
            throw Self.storeError(error)
        }
        if let replacedFile, replacedFile != written { pictures.remove(replacedFile) }
        return updated
    }

    /// Deletes a target and then its picture file. If it was selected, its neighbour
    /// becomes the selected target.
    public func delete(id: Int64) throws(TargetStoreError) {
        let removedFile: String? = try run {
            try connection.write { db in
                guard let existing = try Self.fetchTarget(db, id: id) else { throw TargetStoreError.targetNotFound(id: id) }
                try db.execute("DELETE FROM target WHERE id = ?", [.integer(id)])
                if case .stored(let fileName) = existing.picture { return fileName }
                return nil
            }
        }
        if let removedFile { pictures.remove(removedFile) }
    }

    /// Deletes a target like `delete(id:)` but leaves its picture file in place and
    /// returns what `restore(_:)` needs to put it all back: the row as it was, its
    /// place in the order (and so on the favorites bar), its count, its selection.
    /// `discard(_:)` removes the picture once Undo is no longer offered; a crash before
    /// then leaves only a file nothing names, which the next open sweeps away.
    public func deleteForUndo(id: Int64) throws(TargetStoreError) -> DeletedTarget {
        try run {
            try connection.write { db in
                guard let existing = try Self.fetchTarget(db, id: id),
                      let row = try db.query("SELECT sort_order, created_at FROM target WHERE id = ?", [.integer(id)]).first
                else { throw TargetStoreError.targetNotFound(id: id) }
                try db.execute("DELETE FROM target WHERE id = ?", [.integer(id)])
                let created: Double
                if case .real(let value) = row["created_at"] { created = value } else { created = 0 }
                return DeletedTarget(target: existing, sortOrder: row.int("sort_order") ?? 0, createdAt: created)
            }
        }
    }

    /// Puts a deleted target back as it was, with `punches` as its count (the caller
    /// knows punches not yet written). A favorite whose place was taken meanwhile comes
    /// back off the bar (`isFavorite` false in the answer) rather than failing.
    @discardableResult
    public func restore(_ deleted: DeletedTarget, punches: Int) throws(TargetStoreError) -> StressTarget {
        let target = deleted.target
        let (asset, file): (SQLValue, SQLValue)
        switch target.picture {
        case .builtin(let name): (asset, file) = (.text(name), .null)
        case .stored(let name): (asset, file) = (.null, .text(name))
        }
        return try run {
            try connection.write { db in
                let favoritesNow = try Self.favoriteCount(db)
                let favorite = target.isFavorite && favoritesNow < FavoriteRule.limit
                try db.execute(
                    """
                    INSERT INTO target (id, name, message, builtin_key, asset_name, image_file, is_favorite, is_selected,
                                        punches, sort_order, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)
                    """,
                    [.integer(target.id), .text(target.name), .text(target.message),
                     target.builtinKey.map(SQLValue.text) ?? .null, asset, file, .integer(favorite ? 1 : 0),
                     .integer(Int64(max(0, punches))), .integer(deleted.sortOrder), .real(deleted.createdAt)])
                if target.isSelected {
                    try db.execute("UPDATE target SET is_selected = 0 WHERE is_selected = 1")
                    try db.execute("UPDATE target SET is_selected = 1 WHERE id = ?", [.integer(target.id)])
                }
                guard let restored = try Self.fetchTarget(db, id: target.id) else {
                    throw TargetStoreError.targetNotFound(id: target.id)
                }
                return restored
            }
        }
    }

    /// Removes a deleted target's picture for good (Undo is over).
    public func discard(_ deleted: DeletedTarget) {
        guard case .stored(let fileName) = deleted.target.picture else { return }
        // Never a file a row names again (restored meanwhile, say).
        if let names = try? referencedPictureFiles(), names.contains(fileName) { return }
        pictures.remove(fileName)
    }

    /// Puts a target on the main screen or takes it off. A fifth favorite is refused
    /// with `.favoriteLimitReached`; turning a favorite off always works.
    @discardableResult
    public func setFavorite(_ isFavorite: Bool, for id: Int64) throws(TargetStoreError) -> StressTarget {
        try run {
            try connection.write { db in
                guard let existing = try Self.fetchTarget(db, id: id) else { throw TargetStoreError.targetNotFound(id: id) }
                if isFavorite {
                    let count = try Self.favoriteCount(db)
                    guard FavoriteRule.canFavorite(currentFavoriteCount: count, isAlreadyFavorite: existing.isFavorite) else {
                        throw TargetStoreError.favoriteLimitReached
                    }
                }
                try db.execute("UPDATE target SET is_favorite = ? WHERE id = ?", [.integer(isFavorite ? 1 : 0), .integer(id)])
                var updated = existing
                updated.isFavorite = isFavorite
                return updated
            }
        }
    }

    /// Makes a target the one on the main screen; remembered across launches.
    public func select(id: Int64) throws(TargetStoreError) {
        try run {
            try connection.write { db in
                guard try Self.fetchTarget(db, id: id) != nil else { throw TargetStoreError.targetNotFound(id: id) }
                try db.execute("UPDATE target SET is_selected = 0 WHERE is_selected = 1 AND id <> ?", [.integer(id)])
                try db.execute("UPDATE target SET is_selected = 1 WHERE id = ?", [.integer(id)])
            }
        }
    }

    /// Adds punches to a target's count. The app calls this off the frame path, with
    /// punches coalesced.
    public func recordPunches(_ count: Int, for id: Int64) throws(TargetStoreError) {
        guard count > 0 else { return }
        try run {
            try connection.write { db in
                try db.execute("UPDATE target SET punches = punches + ? WHERE id = ?", [.integer(Int64(count)), .integer(id)])
                if db.changedRowCount == 0 { throw TargetStoreError.targetNotFound(id: id) }
            }
        }
    }

    /// Brings back the built-in targets that were deleted, at their catalog places.
    /// The user's own targets and their edits to built-ins stay as they are, and a
    /// built-in that is still there is never added twice. Returns how many came back.
    @discardableResult
    public func restoreDefaults() throws(TargetStoreError) -> Int {
        try run {
            try connection.write { db in
                let present = Set(try db.query("SELECT builtin_key FROM target WHERE builtin_key IS NOT NULL")
                    .compactMap { $0.text("builtin_key") })
                var restored = 0
                for (index, builtin) in BuiltinCatalog.targets.enumerated() where !present.contains(builtin.key) {
                    let room = FavoriteRule.canFavorite(currentFavoriteCount: try Self.favoriteCount(db), isAlreadyFavorite: false)
                    try LibrarySchema.insertBuiltin(
                        builtin, at: index, favorite: builtin.startsAsFavorite && room, selected: false, in: db)
                    restored += 1
                }
                let hasSelection = (try db.scalarInt("SELECT count(*) FROM target WHERE is_selected = 1") ?? 0) > 0
                if !hasSelection {
                    try db.execute("""
                        UPDATE target SET is_selected = 1
                        WHERE id = (SELECT id FROM target ORDER BY sort_order, id LIMIT 1)
                        """)
                }
                return restored
            }
        }
    }

    // MARK: Settings

    /// A saved setting (kiosk PIN hash, lockout state...), or nil.
    public func setting(_ key: String) throws(TargetStoreError) -> String? {
        try run { try connection.read { db in try db.query("SELECT value FROM app_setting WHERE key = ?", [.text(key)]).first?.text("value") } }
    }

    /// Saves settings together, in one transaction.
    public func setSettings(_ values: [String: String]) throws(TargetStoreError) {
        try run {
            try connection.write { db in
                for (key, value) in values {
                    try db.execute("INSERT INTO app_setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                                   [.text(key), .text(value)])
                }
            }
        }
    }

    // MARK: Helpers

    private func writePictureFile(_ picture: NewPicture) throws(TargetStoreError) -> String? {
        guard case .imported(let imported) = picture else { return nil }
        return try pictures.write(imported)
    }

    private func referencedPictureFiles() throws -> Set<String> {
        try connection.read { db in
            Set(try db.query("SELECT image_file FROM target WHERE image_file IS NOT NULL").compactMap { $0.text("image_file") })
        }
    }

    private static func columns(for picture: NewPicture, writtenFile: String?) -> (asset: SQLValue, file: SQLValue) {
        switch picture {
        case .builtin(let assetName): return (.text(assetName), .null)
        case .imported: return (.null, writtenFile.map(SQLValue.text) ?? .null)
        }
    }

    private static func favoriteCount(_ db: Database) throws -> Int {
        Int(try db.scalarInt("SELECT count(*) FROM target WHERE is_favorite = 1") ?? 0)
    }

    private static let selectColumns =
        "SELECT id, name, message, builtin_key, asset_name, image_file, is_favorite, is_selected, punches FROM target"

    private static func fetchTargets(_ db: Database, where condition: String?) throws -> [StressTarget] {
        let filter = condition.map { " WHERE \($0)" } ?? ""
        return try db.query(selectColumns + filter + " ORDER BY sort_order, id").compactMap(target(from:))
    }

    private static func fetchTarget(_ db: Database, id: Int64) throws -> StressTarget? {
        try db.query(selectColumns + " WHERE id = ?", [.integer(id)]).first.flatMap(target(from:))
    }

    private static func target(from row: Row) -> StressTarget? {
        guard let id = row.int("id"), let name = row.text("name") else { return nil }
        let picture: TargetPicture
        if let file = row.text("image_file") {
            picture = .stored(fileName: file)
        } else {
            picture = .builtin(assetName: row.text("asset_name") ?? "")
        }
        return StressTarget(
            id: id, name: name, message: row.text("message") ?? "", picture: picture,
            isFavorite: row.bool("is_favorite"), isSelected: row.bool("is_selected"),
            punchCount: Int(row.int("punches") ?? 0), builtinKey: row.text("builtin_key"))
    }

    /// Runs a database body, turning whatever it throws into a TargetStoreError.
    private func run<T>(_ body: () throws -> T) throws(TargetStoreError) -> T {
        do { return try body() } catch { throw Self.storeError(error) }
    }

    static func storeError(_ error: any Error) -> TargetStoreError {
        switch error {
        case let error as TargetStoreError:
            return error
        case let error as DatabaseError:
            // The favorite-limit triggers are the library's only RAISE: matched by
            // code, so rewording the message cannot break the rule.
            if error.isTriggerRefusal { return .favoriteLimitReached }
            if error.isDamagedFile { return .damagedDatabase(path: "the library", detail: error.message) }
            return .database(error)
        case let error as PictureImportError:
            return .picture(error)
        case let error as TargetValidationError:
            return .invalid(error)
        default:
            return .fileSystem(String(describing: error))
        }
    }
}

/// A deleted target as it was, for Undo.
public struct DeletedTarget: Sendable, Equatable {
    public let target: StressTarget
    let sortOrder: Int64
    let createdAt: Double
}
