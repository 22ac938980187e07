// TargetStore owns the library on disk: the SQLite connection and its migrations, the
// targets table with its rules, backups and archives, and the picture files under
// <data-dir>/images/ by id. It must not touch SDL, the screen or audio, nor decide
// what a picture may be (the Pictures module does).

import Foundation
import Localization
import Locking
import Pictures
import SQLiteDatabase
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
    /// The connection, and whether it only reads: a library opened read-only because its
    /// disk was full or failing gets a writable connection again once writes work
    /// (`regainWrites`), so the connection is behind a lock.
    struct Access {
        var connection: DatabaseConnection
        var readOnly: Bool
        var reason: String?
    }

    let access: Locked<Access>
    /// Set when the library fell back to reading at open (a full or failing disk, not a
    /// read-only one): the database's path, to try writing to it again later.
    let regainablePath: String?

    public var connection: DatabaseConnection { access.withLock { $0.connection } }
    public let pictures: PictureFiles
    /// The pictures' thumbnails, beside them (a cache: see `ThumbnailFiles`).
    public let thumbnails: ThumbnailFiles
    /// The database file, or nil for an in-memory library.
    public let databaseURL: URL?
    /// What opening found broken and put right (a hand edit that dropped a rule, six
    /// favorites, two selections), in words; empty when all was well. Say it once:
    /// the next open finds nothing to repair.
    public let repairs: [String]
    /// True when the library lies on a read-only disk: it is opened to be read, and
    /// every change is refused (the app says so once).
    public var isReadOnly: Bool { access.withLock { $0.readOnly } }
    /// Why the library was opened read-only, in words for the user (nil when it was
    /// not, or when only its disk is read-only, which the app says itself).
    public var readOnlyReason: String? { access.withLock { $0.reason } }

    public static let databaseFileName = "library.sqlite"

    /// Opens (creating on first launch) the library in `dataDirectory`: the database,
    /// the pictures folder, the built-in targets, and a sweep of orphaned picture files.
    /// `deferringSweep`: the caller runs `sweepOrphanFiles()` itself when it suits (the
    /// app, off its launch path: with 10,000 pictures and their thumbnails the sweep
    /// lists 20,000 file names before the first frame otherwise).
    /// `readingWhenUnwritable`: a library whose disk is full or fails writes at open is
    /// opened read-only (`readOnlyReason` says why) instead of refused: the app uses
    /// it so it, a kiosk above all, still starts; a command that came to change the
    /// library is better refused at once.
    public convenience init(dataDirectory: URL, deferringSweep: Bool = false, readingWhenUnwritable: Bool = false) throws(TargetStoreError) {
        let databaseURL = dataDirectory.appendingPathComponent(Self.databaseFileName)
        if Self.isOnReadOnlyDisk(dataDirectory), FileManager.default.fileExists(atPath: databaseURL.path) {
            let pictures = PictureFiles(existingDirectory: dataDirectory.appendingPathComponent("images", isDirectory: true))
            let thumbnails = ThumbnailFiles(existingDirectory: dataDirectory.appendingPathComponent(ThumbnailFiles.folderName, isDirectory: true))
            try self.init(databasePath: databaseURL.path, databaseURL: databaseURL, pictures: pictures, thumbnails: thumbnails,
                          readOnly: true, sweeps: false)
            return
        }
        do {
            // 0700: the library holds the kiosk PIN's hash, which must not be readable by
            // other users (a 4-digit PIN falls to an offline search in minutes).
            try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            // TRANSLATORS: the data folder, and the system's reason ("not a directory").
            throw .fileSystem(tr("cannot create the data folder %s (%s); choose another with --data-dir", dataDirectory.path, FileErrorText.describe(error)))
        }
        Self.keepPrivate(dataDirectory, mode: 0o700)
        let pictures = try PictureFiles(directory: dataDirectory.appendingPathComponent("images", isDirectory: true))
        let thumbnails = ThumbnailFiles(directory: dataDirectory.appendingPathComponent(ThumbnailFiles.folderName, isDirectory: true))
        try self.init(databasePath: databaseURL.path, databaseURL: databaseURL, pictures: pictures, thumbnails: thumbnails,
                      readOnly: false, sweeps: !deferringSweep, readingWhenUnwritable: readingWhenUnwritable)
    }

    /// A library in memory, with its pictures in `picturesDirectory` (and their
    /// thumbnails in a folder beside it, named after it). For tests.
    public static func inMemory(picturesDirectory: URL) throws(TargetStoreError) -> TargetStore {
        let pictures = try PictureFiles(directory: picturesDirectory)
        let thumbnails = ThumbnailFiles(directory: picturesDirectory.deletingLastPathComponent()
            .appendingPathComponent(picturesDirectory.lastPathComponent + "-" + ThumbnailFiles.folderName, isDirectory: true))
        return try TargetStore(databasePath: ":memory:", databaseURL: nil, pictures: pictures, thumbnails: thumbnails,
                               readOnly: false, sweeps: true)
    }

    /// Opens the library's connection. With `retrying`, a write at open that fails for
    /// the disk's sake (full, an I/O error, read-only) is tried twice more, 100 ms and
    /// 300 ms later, before the caller falls back to reading: one failed write (a
    /// moment's full disk, a hiccup) left a whole session read-only, every punch lost.
    private static func open(_ path: String, readOnly: Bool, retrying: Bool) throws -> DatabaseConnection {
        let pauses: [UInt32] = retrying && !readOnly ? [100_000, 300_000] : []
        for pause in pauses {
            do {
                return try DatabaseConnection(path: path, readOnly: readOnly) { db in try Self.vetOwnership(db, path: path) }
            } catch let error as DatabaseError where error.isDiskFull || error.isIOError || error.isReadOnly {
                usleep(pause)
            }
        }
        return try DatabaseConnection(path: path, readOnly: readOnly) { db in try Self.vetOwnership(db, path: path) }
    }

    private init(
        databasePath: String, databaseURL: URL?, pictures: PictureFiles, thumbnails: ThumbnailFiles, readOnly: Bool, sweeps: Bool,
        readingWhenUnwritable: Bool = false
    ) throws(TargetStoreError) {
        self.databaseURL = databaseURL
        self.pictures = pictures
        self.thumbnails = thumbnails
        var readOnly = readOnly
        var reason: String?
        var fellBack = false
        do {
            let connection: DatabaseConnection
            do {
                connection = try Self.open(databasePath, readOnly: readOnly, retrying: readingWhenUnwritable)
            } catch let error as DatabaseError where readingWhenUnwritable && !readOnly && (error.isDiskFull || error.isIOError || error.isReadOnly)
                && FileManager.default.fileExists(atPath: databasePath) {
                // A full disk (or one failing writes) must not keep the app from starting,
                // a kiosk least of all: the library opens to be read, and says why.
                connection = try DatabaseConnection(path: databasePath, readOnly: true) { db in
                    try Self.vetOwnership(db, path: databasePath)
                }
                readOnly = true
                fellBack = true
                let folder = databaseURL?.deletingLastPathComponent().path ?? databasePath
                if error.isDiskFull || Self.isFull(databaseURL) {
                    // TRANSLATORS: shown when the app starts: %s is the data folder.
                    reason = tr("The disk holding %s is full, so the library opened read-only: punches are kept and saved once you free some space.", folder)
                } else if error.isReadOnly {
                    // TRANSLATORS: shown when the app starts: %s is the data folder.
                    reason = tr("The library in %s cannot be written just now (it is read-only), so it opened read-only: punches are kept and saved once it can be written again.", folder)
                } else {
                    // TRANSLATORS: shown when the app starts: %s is the data folder.
                    reason = tr("The library in %s cannot be written just now (the disk reported an error), so it opened read-only: punches are kept and saved once it can be written again.", folder)
                }
            }
            access = Locked(Access(connection: connection, readOnly: readOnly, reason: reason))
            regainablePath = fellBack ? databasePath : nil
            if readOnly {
                // Nothing can be migrated or repaired here; an old library is left as it is.
                guard try LibrarySchema.migrator.isUpToDate(connection) else {
                    // TRANSLATORS: %s is the library's file.
                    throw TargetStoreError.fileSystem(tr("the library at %s needs updating, but its disk is read-only; copy the folder somewhere writable and use --data-dir",
                                                         databasePath))
                }
                repairs = []
                return
            }
            repairs = try Self.prepareForWriting(connection)
        } catch let error as TargetStoreError {
            throw error
        } catch let error as DatabaseError where error.isDamagedFile {
            if let folder = databaseURL?.deletingLastPathComponent(), let backup = LibraryBackups.newestGood(in: folder) {
                throw .damagedDatabaseWithBackup(path: databasePath, detail: error.message, backup: backup.path,
                                                 day: LibraryBackups.day(of: backup))
            }
            throw .damagedDatabase(path: databasePath, detail: error.message)
        } catch let error as DatabaseError where (error.isDiskFull || error.isIOError) && Self.isFull(databaseURL) {
            // TRANSLATORS: %s is the data folder.
            throw .fileSystem(tr("the disk holding %s is full, so the library cannot be opened; free some space and start again",
                                 databaseURL?.deletingLastPathComponent().path ?? tr("the library")))
        } catch let error as MigrationError {
            // Said here, in the user's language: the SQLite layer knows no languages.
            guard case .unknownMigrations(let names) = error else { throw .newerDatabase(path: databasePath, detail: error.description) }
            // TRANSLATORS: %s lists the unknown migrations' names (v8-something, in English).
            throw .newerDatabase(path: databasePath, detail: tr(
                "the library was written by a newer version of StressPunch (it has migrations %s); update StressPunch to open it",
                names.joined(separator: ", ")))
        } catch {
            throw Self.storeError(error)
        }
        if sweeps { sweepOrphanFiles() }
        LibraryBackups.makeIfDue(self)
        if let databaseURL {
            for suffix in ["", "-wal", "-shm"] {
                Self.keepPrivate(URL(fileURLWithPath: databaseURL.path + suffix), mode: 0o600)
            }
            Self.keepPrivate(pictures.directory, mode: 0o700)
            Self.keepPrivate(thumbnails.directory, mode: 0o700)
        }
    }

    /// Removes picture and thumbnail files no row names (a crash between writing one and
    /// committing its row, or between a delete and the file's removal). Safe beside the
    /// library's use: a file younger than the grace period is left alone.
    /// A file a kept library names (one a restore set aside, a backup) is never swept:
    /// restoring that library brings its pictures back only if they are still here.
    public func sweepOrphanFiles() {
        guard !isReadOnly, let shown = try? referencedPictureCrops() else { return }
        let names = Set(shown.keys)
        let kept = databaseURL.map { LibraryBackups.picturesNamedByKeptLibraries(in: $0.deletingLastPathComponent()) } ?? []
        if let kept { pictures.sweepOrphans(keeping: names.union(kept)) }
        thumbnails.sweepOrphans(keepingPictures: names.union(kept ?? []),
                                shownVariants: shown.mapValues { ThumbnailVariant.key(for: $0) })
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
    static func keepPrivate(_ url: URL, mode: mode_t) {
        var info = stat()
        guard stat(url.path, &info) == 0, info.st_mode & 0o077 != 0 else { return }
        chmod(url.path, mode)
    }

    /// Refuses, before anything is written, a non-empty database that is not ours:
    /// ours carry the application id, or (made before it) our migration ledger.
    static func vetOwnership(_ db: Database, path: String) throws {
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
    static func rulesAreBroken(_ db: Database) throws -> Bool {
        let favorites = try db.scalarInt("SELECT count(*) FROM target WHERE is_favorite = 1") ?? 0
        let selected = try db.scalarInt("SELECT count(*) FROM target WHERE is_selected = 1") ?? 0
        let total = try db.scalarInt("SELECT count(*) FROM target") ?? 0
        let present = Set(try db.query("SELECT name FROM sqlite_master WHERE type IN ('trigger', 'index')").compactMap { $0.text("name") })
        let countsOutOfBounds = try LibrarySchema.countsOutOfBounds(db) > 0
        let staleTriggers = try !LibrarySchema.staleFavoriteTriggers(db).isEmpty
        return favorites > Int64(FavoriteRule.limit) || selected > 1 || (selected == 0 && total > 0)
            || !(LibrarySchema.ruleNames + LibrarySchema.countCeilingNames).allSatisfy(present.contains) || countsOutOfBounds
            || staleTriggers
    }

    /// Puts the library's rules back where a hand edit broke them: the first four
    /// favorites stay, one selection stays (the first, or the first target when there
    /// is none), every count is brought back within its bounds, and dropped triggers
    /// and indexes are recreated, as are favorite-limit triggers made for another limit
    /// than `FavoriteRule.limit`. Returns what it did.
    static func repairRules(_ db: Database) throws -> [String] {
        var repairs: [String] = []
        let counts = try LibrarySchema.repairCounts(db)
        if counts > 0 {
            // TRANSLATORS: a repair said when the library opens: %d is how many counts (punches, best combos, strongest
            // punches) were past what any real use reaches, below zero or not numbers, and were brought back within bounds.
            repairs.append(trn("brought %d impossible count back within bounds", "brought %d impossible counts back within bounds", counts))
        }
        let favorites = Int(try db.scalarInt("SELECT count(*) FROM target WHERE is_favorite = 1") ?? 0)
        if favorites > FavoriteRule.limit {
            try db.execute("""
                UPDATE target SET is_favorite = 0 WHERE is_favorite = 1 AND id NOT IN
                    (SELECT id FROM target WHERE is_favorite = 1 ORDER BY sort_order, id LIMIT \(FavoriteRule.limit))
                """)
            // TRANSLATORS: a repair said when the library opens: %2$d is the most favorites there can be (4), %1$d how many there were.
            repairs.append(trn("kept the first %2$d of %1$d favorite", "kept the first %2$d of %1$d favorites", favorites, FavoriteRule.limit))
        }
        let selected = Int(try db.scalarInt("SELECT count(*) FROM target WHERE is_selected = 1") ?? 0)
        let total = Int(try db.scalarInt("SELECT count(*) FROM target") ?? 0)
        if selected > 1 {
            try db.execute("""
                UPDATE target SET is_selected = 0 WHERE is_selected = 1 AND id <>
                    (SELECT id FROM target WHERE is_selected = 1 ORDER BY sort_order, id LIMIT 1)
                """)
            // TRANSLATORS: a repair said when the library opens: %d is how many targets were selected at once.
            repairs.append(trn("kept one of %d selected target", "kept one of %d selected targets", selected))
        } else if selected == 0 && total > 0 {
            try db.execute("UPDATE target SET is_selected = 1 WHERE id = (SELECT id FROM target ORDER BY sort_order, id LIMIT 1)")
            // TRANSLATORS: a repair said when the library opens.
            repairs.append(tr("selected the first target, as none was"))
        }
        // Triggers that say another limit go, to be made again from the rule's.
        for name in try LibrarySchema.staleFavoriteTriggers(db) { try db.execute("DROP TRIGGER \(name)") }
        let present = Set(try db.query("SELECT name FROM sqlite_master WHERE type IN ('trigger', 'index')").compactMap { $0.text("name") })
        let missing = LibrarySchema.ruleNames.filter { !present.contains($0) }
        let missingCeiling = LibrarySchema.countCeilingNames.filter { !present.contains($0) }
        if !missing.isEmpty { try db.execute(LibrarySchema.rulesSQL) }
        if !missingCeiling.isEmpty { try db.execute(LibrarySchema.countCeilingSQL) }
        if !(missing + missingCeiling).isEmpty {
            // TRANSLATORS: a repair said when the library opens: %s lists the rules' names (SQL triggers and indexes).
            repairs.append(tr("put back its rules (%s)", (missing + missingCeiling).joined(separator: ", ")))
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

    /// Where a stored picture's thumbnail is kept (nil for built-ins, which are few
    /// and made in memory).
    public func thumbnailURL(for target: StressTarget, variant: String = ThumbnailVariant.whole.key) -> URL? {
        guard case .stored(let fileName) = target.picture else { return nil }
        return thumbnails.url(forPicture: fileName, variant: variant)
    }
}

/// A deleted target as it was, for Undo.
public struct DeletedTarget: Sendable, Equatable {
    public let target: StressTarget
    let sortOrder: Int64
    let createdAt: Double
    /// When it was first and last punched (its strongest and best combo are in `target`).
    let firstPunched: Double?
    let lastPunched: Double?
    /// Its marks, which went with its row.
    let marks: [Mark]
}
