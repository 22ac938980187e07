import Foundation

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

    /// The day a backup was made, from its name ("2026-12-01").
    public static func day(of file: URL) -> String {
        String(file.lastPathComponent.dropFirst(prefix.count).dropLast(suffix.count))
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
            guard rename(temporary.path, target.path) == 0 else {
                try? FileManager.default.removeItem(at: temporary)
                return nil
            }
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
    public static func restore(_ backup: URL?, into dataDirectory: URL, now: Date = Date()) throws(TargetStoreError) -> (backup: URL, movedAside: URL?) {
        guard let source = backup ?? newestGood(in: dataDirectory) else {
            throw .fileSystem("there is no good backup in \(folder(for: dataDirectory).path); a backup is made each day the library is opened")
        }
        guard isGood(source) else {
            throw .fileSystem("\(source.path) is not a whole StressPunch library; choose another backup (they are in \(folder(for: dataDirectory).path))")
        }
        let library = dataDirectory.appendingPathComponent(TargetStore.databaseFileName)
        let stamp = Int(now.timeIntervalSince1970)
        var movedAside: URL?
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            if manager.fileExists(atPath: library.path) {
                let aside = dataDirectory.appendingPathComponent("\(TargetStore.databaseFileName).replaced-\(stamp)")
                try manager.moveItem(at: library, to: aside)
                movedAside = aside
            }
            for sidecar in ["-wal", "-shm"] {
                let file = URL(fileURLWithPath: library.path + sidecar)
                if manager.fileExists(atPath: file.path) {
                    try manager.moveItem(at: file, to: URL(fileURLWithPath: library.path + ".replaced-\(stamp)" + sidecar))
                }
            }
            let temporary = dataDirectory.appendingPathComponent(".incoming-\(TargetStore.databaseFileName)")
            try? manager.removeItem(at: temporary)
            try manager.copyItem(at: source, to: temporary)
            guard rename(temporary.path, library.path) == 0 else {
                throw TargetStoreError.fileSystem("cannot put the backup in place: \(String(cString: strerror(errno)))")
            }
        } catch let error as TargetStoreError {
            throw error
        } catch {
            throw .fileSystem("cannot restore \(source.path): \(error.localizedDescription)")
        }
        return (source, movedAside)
    }
}
