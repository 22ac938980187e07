import Foundation
import Glibc
import Localization
import SQLiteDatabase

/// Rolling copies of the library beside it: `backups/library-YYYY-MM-DD.sqlite`, at
/// most one a day, the newest three kept. A damaged library is refused with the name
/// of the newest good copy, which `stresspunch library restore-backup` puts back.
///
/// Copies are made with `VACUUM INTO`: like the online backup API it reads one
/// consistent state while the library stays in use, and in one statement it also
/// compacts the copy and keeps the application id; only the database is copied (the
/// pictures stay where they are, and thumbnails, which are made again from them when
/// missing, are never copied).
public enum LibraryBackups {
    public static let kept = 3
    static let prefix = "library-"
    static let suffix = ".sqlite"

    public static func folder(for dataDirectory: URL) -> URL {
        dataDirectory.appendingPathComponent("backups", isDirectory: true)
    }

    /// The backups in `dataDirectory`, newest first.
    public static func all(in dataDirectory: URL) -> [URL] {
        let folder = folder(for: dataDirectory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) }.sorted(by: >)
            .map { folder.appendingPathComponent($0) }
    }

    /// The newest backup that opens and passes SQLite's integrity check.
    public static func newestGood(in dataDirectory: URL) -> URL? {
        all(in: dataDirectory).first(where: isGood)
    }

    /// Whether `file` is one of our libraries, whole.
    public static func isGood(_ file: URL) -> Bool {
        guard let connection = try? DatabaseConnection(path: file.path, readOnly: true) else { return false }
        let check: String? = try? connection.read { db in try db.query("PRAGMA integrity_check").first?.text("integrity_check") }
        let id: Int64? = try? connection.read { db in try db.scalarInt("PRAGMA application_id") }
        return check == "ok" && id == LibrarySchema.applicationID
    }

    /// The day a daily backup was made, from its name ("2026-12-01").
    public static func day(of file: URL) -> String {
        String(file.lastPathComponent.dropFirst(prefix.count).dropLast(suffix.count))
    }

    /// The time the library kept in `file` is from, to be read ("2026-12-01 09:14",
    /// local time), or nil when its name does not say (any other file). A daily
    /// backup's day is in its name, with the time its file was written when that was
    /// the same day; a library a restore set aside has the moment it was set aside in
    /// its name (`library.sqlite.replaced-<seconds since 1970>[-<count>]`). Names are
    /// parsed, never cut by length: cutting a daily backup's prefix and suffix off a
    /// replaced one's name printed a garbled day.
    public static func timeOf(_ file: URL, timeZone: TimeZone = .current) -> String? {
        let name = file.lastPathComponent
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        let replaced = TargetStore.databaseFileName + ".replaced-"
        if name.hasPrefix(replaced) {
            let stamp = name.dropFirst(replaced.count).prefix { $0 != "-" }
            guard let seconds = Int(stamp) else { return nil }
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        }
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        let day = String(name.dropFirst(prefix.count).dropLast(suffix.count))
        guard DayTotal.isDay(day) else { return nil }
        formatter.dateFormat = "yyyy-MM-dd"
        if let written = try? FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date,
           formatter.string(from: written) == day {
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            return formatter.string(from: written)
        }
        return day
    }

    /// How many targets the library in `file` holds, read without changing it; nil
    /// when it cannot be read (damaged, or not there).
    public static func targetCount(in file: URL) -> Int? {
        guard FileManager.default.fileExists(atPath: file.path),
              let connection = try? DatabaseConnection(path: file.path, readOnly: true) else { return nil }
        let count: Int64?? = try? connection.read { db in try db.scalarInt("SELECT count(*) FROM target") }
        return count.flatMap { $0 }.map(Int.init)
    }

    static func dayName(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }

    /// Makes today's copy of `store`'s library unless one exists, then keeps only the
    /// newest three. Returns the copy made, or nil (already made today, in memory, or
    /// it could not be written: a backup never stops the library from opening).
    @discardableResult
    public static func makeIfDue(_ store: TargetStore, now: Date = Date()) -> URL? {
        guard let database = store.databaseURL, !store.isReadOnly else { return nil }
        let dataDirectory = database.deletingLastPathComponent()
        let folder = folder(for: dataDirectory)
        let target = folder.appendingPathComponent(prefix + dayName(now) + suffix)
        guard !FileManager.default.fileExists(atPath: target.path) else { return nil }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let temporary = folder.appendingPathComponent(".incoming-" + target.lastPathComponent)
            try? FileManager.default.removeItem(at: temporary)
            try store.connection.outsideTransaction { db in try db.execute("VACUUM INTO ?", [.text(temporary.path)]) }
            // The copy on disk before its name, and its name before the oldest goes.
            let copy = open(temporary.path, O_RDONLY | O_CLOEXEC)
            guard copy >= 0, fsync(copy) == 0 else {
                if copy >= 0 { close(copy) }
                try? FileManager.default.removeItem(at: temporary)
                return nil
            }
            close(copy)
            guard rename(temporary.path, target.path) == 0 else {
                try? FileManager.default.removeItem(at: temporary)
                return nil
            }
            try FileDurability.syncFolder(folder)
        } catch {
            return nil
        }
        for old in all(in: dataDirectory).dropFirst(kept) { try? FileManager.default.removeItem(at: old) }
        return target
    }

    /// Puts `backup` (the newest good one when nil) back as the library of
    /// `dataDirectory`. The library it replaces, damaged or not, is kept beside it as
    /// `library.sqlite.replaced-<time>`; nothing is deleted. Returns the backup used
    /// and where the old library went (nil when there was none).
    ///
    /// Atomic: the backup is copied and synced beside the library first, the old
    /// library gets its second name by a hard link (so it never leaves its place), and
    /// one rename swaps the copy in. A restore that fails at any step (a full disk, an
    /// I/O error) leaves the old library exactly where it was.
    public static func restore(_ backup: URL?, into dataDirectory: URL, now: Date = Date()) throws(TargetStoreError) -> (backup: URL, movedAside: URL?) {
        let source = try chosen(backup, in: dataDirectory)
        let library = dataDirectory.appendingPathComponent(TargetStore.databaseFileName)
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            // TRANSLATORS: the data folder, and the system's reason ("not a directory").
            throw .fileSystem(tr("cannot create the data folder %s (%s); choose another with --data-dir", dataDirectory.path, FileErrorText.describe(error)))
        }
        let temporary = dataDirectory.appendingPathComponent(".incoming-\(TargetStore.databaseFileName)")
        unlink(temporary.path)
        try FileDurability.copySynced(source, to: temporary)
        guard isGood(temporary) else {
            unlink(temporary.path)
            throw .fileSystem(tr("the copy of %s came out damaged, so the library was left as it was; check the disk and free space", source.path))
        }
        var aside: [String] = []
        var logSetAside = false
        do throws(TargetStoreError) {
            var movedAside: URL?
            if manager.fileExists(atPath: library.path) {
                // Its write-ahead log folded in first (when it opens), so the kept copy is one whole file.
                checkpoint(library)
                let kept = keptName(for: library, stamp: Int(now.timeIntervalSince1970))
                try link(library.path, kept.path)
                aside.append(kept.path)
                movedAside = kept
                let log = library.path + "-wal"
                if fileSize(log) > 0 {
                    try link(log, kept.path + "-wal")
                    aside.append(kept.path + "-wal")
                }
            }
            // The kept names are on disk before the library changes.
            try FileDurability.syncFolder(dataDirectory)
            // The old log must never meet the new library (SQLite would replay it onto it).
            for sidecar in ["-wal", "-shm"] where manager.fileExists(atPath: library.path + sidecar) {
                guard unlink(library.path + sidecar) == 0 else {
                    // TRANSLATORS: a file beside the library, and the system's reason ("permission denied").
                    throw .fileSystem(tr("cannot set aside %s (%s); nothing was changed", library.path + sidecar, FileErrorText.reason(errno)))
                }
                if sidecar == "-wal" { logSetAside = true }
            }
            guard rename(temporary.path, library.path) == 0 else {
                // TRANSLATORS: %s is the system's reason ("no space left on device").
                throw .fileSystem(tr("cannot put the backup in place (%s); the library was left as it was", FileErrorText.reason(errno)))
            }
            try? FileDurability.syncFolder(dataDirectory)
            return (source, movedAside)
        } catch {
            // The old library is still in place: put its log back, and drop the second names.
            if logSetAside, let keptLog = aside.first(where: { $0.hasSuffix("-wal") }) {
                _ = Glibc.link(keptLog, library.path + "-wal")
            }
            for name in aside { unlink(name) }
            unlink(temporary.path)
            throw error
        }
    }

    /// The backup a restore puts back: `backup`, or the newest good one when nil;
    /// refused when it is not a whole library of ours.
    public static func chosen(_ backup: URL?, in dataDirectory: URL) throws(TargetStoreError) -> URL {
        guard let source = backup ?? newestGood(in: dataDirectory) else {
            // TRANSLATORS: %s is the backups folder.
            throw .fileSystem(tr("there is no good backup in %s; a backup is made each day the library is opened", folder(for: dataDirectory).path))
        }
        guard isGood(source) else {
            // TRANSLATORS: the backup file given, and the backups folder.
            throw .fileSystem(tr("%s is not a whole StressPunch library; choose another backup (they are in %s)", source.path, folder(for: dataDirectory).path))
        }
        return source
    }

    /// `library.sqlite.replaced-<time>`, with a count after it when a restore in the
    /// same second already took that name.
    private static func keptName(for library: URL, stamp: Int) -> URL {
        var name = URL(fileURLWithPath: library.path + ".replaced-\(stamp)")
        var count = 2
        while FileManager.default.fileExists(atPath: name.path) {
            name = URL(fileURLWithPath: library.path + ".replaced-\(stamp)-\(count)")
            count += 1
        }
        return name
    }

    private static func link(_ existing: String, _ new: String) throws(TargetStoreError) {
        guard Glibc.link(existing, new) == 0 else {
            // TRANSLATORS: the library file, the name it was to be kept under too, and the system's reason ("permission denied").
            throw .fileSystem(tr("cannot keep %s as %s (%s); nothing was changed", existing, new, FileErrorText.reason(errno)))
        }
    }

    private static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Folds a library's write-ahead log into the file, when it opens at all (a
    /// damaged one keeps its log, which is then kept beside it).
    private static func checkpoint(_ library: URL) {
        guard let connection = try? DatabaseConnection(path: library.path) else { return }
        _ = try? connection.outsideTransaction { db in try db.query("PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    /// The libraries kept beside the one in `dataDirectory`: those a restore set aside
    /// (`library.sqlite.replaced-*`) and the rolling backups.
    static func keptLibraries(in dataDirectory: URL) -> [URL] {
        let prefix = TargetStore.databaseFileName + ".replaced-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dataDirectory.path)) ?? []
        let replaced = names.filter { name in
            name.hasPrefix(prefix) && !["-wal", "-shm", "-journal"].contains { name.hasSuffix($0) }
        }.map { dataDirectory.appendingPathComponent($0) }
        return replaced + all(in: dataDirectory)
    }

    /// Every picture file the kept libraries name, or nil when one of them cannot be
    /// read whole (damaged, or with a log of its own): then nobody knows what it names,
    /// so no picture may be swept.
    static func picturesNamedByKeptLibraries(in dataDirectory: URL) -> Set<String>? {
        var names = Set<String>()
        for file in keptLibraries(in: dataDirectory) {
            guard fileSize(file.path + "-wal") == 0,
                  let connection = try? DatabaseConnection(path: file.path, readOnly: true),
                  let named = try? connection.read({ db in
                      try db.query("SELECT image_file FROM target WHERE image_file IS NOT NULL").compactMap { $0.text("image_file") }
                  })
            else { return nil }
            names.formUnion(named)
        }
        return names
    }
}
