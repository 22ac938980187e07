import Foundation
import Localization
import Pictures
import SQLiteDatabase
import StressCore

/// One file holding a whole library, to move it or to provision a fleet of kiosks:
/// `stresspunch library export FILE` and `library import FILE [--replace]`.
///
/// The archive is itself a SQLite database (so it is checked whole by SQLite and
/// needs no other format): a copy of the library's tables made with `VACUUM INTO`,
/// plus an `archive_picture` table with every stored picture's bytes, marked with its
/// own application id so it is never taken for a library. Importing checks every
/// picture with the import rules again: an archive is a file from outside.
///
/// Thumbnails are not archived: they are made again from the pictures (at import, as
/// each picture is checked and stored anew), so an archive holds nothing twice.
public enum LibraryArchive {
    /// "SPnx": a StressPunch archive.
    static let applicationID: Int64 = 0x5350_6E78

    /// What an import did, in words for the command line.
    public struct ImportReport: Sendable {
        public var added = 0
        public var skipped: [String] = []
        public var replaced = false
        /// Targets a merge left out because the library has them already.
        public var alreadyThere = 0
    }

    /// Why a picture file could not be archived, in words: what is there instead.
    static func why(_ failure: BoundedFile.Failure, _ file: URL) -> String {
        switch failure {
        case .missing:
            // TRANSLATORS: `library export`: %s is a picture file that is not there.
            return tr("%s is missing", file.path)
        case .link:
            // TRANSLATORS: `library export`: %s is a picture file that turned out to be a symbolic link.
            return tr("%s is a symbolic link, not a picture file", file.path)
        case .notRegular:
            // TRANSLATORS: `library export`: %s is a picture file that turned out to be a folder, a FIFO or a device.
            return tr("%s is not a regular file", file.path)
        case .tooLarge(let bytes):
            // TRANSLATORS: `library export`: %1$s is a picture file, %2$d its size in MB, %3$d the most a picture may be.
            return tr("%1$s is %2$d MB, over the %3$d MB a picture may be", file.path, bytes >> 20, PictureImporter.maxFileBytes >> 20)
        case .unreadable(let reason):
            // TRANSLATORS: `library export`: %1$s is a picture file, %2$s the system's reason ("permission denied").
            return tr("%1$s cannot be read (%2$s)", file.path, reason)
        }
    }

    /// The settings of the kiosk operator's PIN (its hash and lockout) all start so: an
    /// export leaves them out unless asked, since anyone holding the file could search
    /// all short PINs offline against the hash.
    public static let pinSettingPrefix = StoredSetting.pinPrefix

    /// What an export wrote, and every picture it could not take, by target.
    public struct ExportReport: Sendable {
        public var targets = 0
        public var pictures = 0
        /// Targets whose picture was left out (a link, a folder or a device where the
        /// picture file should be, a file gone or over the size cap), each with why in
        /// words. Such a target is skipped when the archive is imported, so each is named.
        public var leftOut: [(target: String, reason: String)] = []
    }

    /// Writes the library of `store` and all its pictures to `file` (replacing it).
    /// Returns how many targets and pictures went in, and which pictures could not.
    /// `withPIN`: keep the operator PIN's settings in it (to provision kiosks with one PIN).
    @discardableResult
    public static func export(_ store: TargetStore, to file: URL, withPIN: Bool = false) throws(TargetStoreError) -> ExportReport {
        let folder = file.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            // TRANSLATORS: `library export`: the folder that is missing, and the archive's file name.
            throw .fileSystem(tr("there is no folder %s to write %s in; create it (mkdir -p) or name an archive in a folder that exists", folder.path, file.lastPathComponent))
        }
        let temporary = folder.appendingPathComponent(".incoming-" + file.lastPathComponent)
        try? FileManager.default.removeItem(at: temporary)
        do {
            try store.connection.outsideTransaction { db in try db.execute("VACUUM INTO ?", [.text(temporary.path)]) }
            let archive = try DatabaseConnection(path: temporary.path)
            let targets = try store.allTargets()
            var report = ExportReport(targets: targets.count)
            var archived = Set<String>()
            /// Pictures that could not be read, by file name, with why: a file several
            /// targets share is tried once and named for each of them.
            var unreadable: [String: String] = [:]
            try archive.write { db in
                try db.execute("PRAGMA application_id = \(applicationID)")
                // Where a kiosk's fleet is and what waits for it stay with the kiosk.
                for table in LibrarySchema.fleetTables { try db.execute("DROP TABLE IF EXISTS \(table)") }
                if !withPIN {
                    // Zeroed where they lay, not only unlinked from the table.
                    try db.execute("PRAGMA secure_delete = ON")
                    try db.execute("DELETE FROM app_setting WHERE substr(key, 1, ?) = ?",
                                   [.integer(Int64(pinSettingPrefix.count)), .text(pinSettingPrefix)])
                }
                try db.execute("CREATE TABLE archive_picture (file_name TEXT PRIMARY KEY NOT NULL, bytes BLOB NOT NULL)")
                for target in targets {
                    // Only a regular file in the pictures folder, never through a link
                    // (one to /etc/shadow must not put its bytes in the archive), and
                    // never more than a picture may be.
                    // A file several targets share goes in once.
                    guard case .stored(let name) = target.picture, !archived.contains(name) else { continue }
                    if let reason = unreadable[name] {
                        report.leftOut.append((target.name, reason))
                        continue
                    }
                    guard let url = store.pictures.url(for: name) else {
                        unreadable[name] = tr("its file name is not one the library makes")
                        report.leftOut.append((target.name, unreadable[name] ?? ""))
                        continue
                    }
                    switch BoundedFile.read(url, maxBytes: PictureImporter.maxFileBytes) {
                    case .success(let bytes):
                        archived.insert(name)
                        try db.execute("INSERT OR IGNORE INTO archive_picture (file_name, bytes) VALUES (?, ?)", [.text(name), .blob(bytes)])
                        report.pictures += 1
                    case .failure(let failure):
                        let reason = Self.why(failure, url)
                        unreadable[name] = reason
                        report.leftOut.append((target.name, reason))
                    }
                }
            }
            try archive.outsideTransaction { db in try db.execute("PRAGMA journal_mode = DELETE") }
            let synced = open(temporary.path, O_RDONLY | O_CLOEXEC)
            if synced >= 0 { fsync(synced); close(synced) }
            guard rename(temporary.path, file.path) == 0 else {
                throw TargetStoreError.fileSystem(tr("cannot write %s (%s); check the folder is writable", file.path, FileErrorText.reason(errno)))
            }
            try FileDurability.syncFolder(folder)
            return report
        } catch let error as TargetStoreError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch let error as DatabaseError {
            try? FileManager.default.removeItem(at: temporary)
            if error.isDiskFull { throw .fileSystem(tr("the disk holding %s is full; free some space or export to another disk", folder.path)) }
            throw .fileSystem(tr("cannot write an archive in %s; check that the folder is writable and has free space", folder.path))
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .fileSystem(tr("cannot export to %s (%s); check the folder is writable and has free space", file.path, FileErrorText.describe(error)))
        }
    }

    /// What an archive may hold: anything beyond is no library a person made, and is
    /// refused before it can take minutes or gigabytes.
    enum Limits {
        static let targets = 20_000
        static let days = 100_000
        static let settings = 1_000
        /// Per text value (a name, a message, a setting), in bytes.
        static let textBytes = 64 * 1024
        /// All text together.
        static let totalTextBytes = 64 * 1024 * 1024
        /// All pictures together (each is at most PictureImporter.maxFileBytes).
        static let totalPictureBytes: Int64 = 16 * 1024 * 1024 * 1024
        /// Any one statement on the archive.
        static let statementSeconds = 20.0
    }

    /// One archived target, as the archive holds it.
    struct ArchivedTarget {
        var name: String
        var message: String
        var builtinKey: String?
        var assetName: String?
        var imageFile: String?
        var isFavorite: Bool
        var isSelected: Bool
        var punches: Int64
        /// The punch stats (archives made before they existed have none).
        var strongest: Int64 = 0
        var bestCombo: Int64 = 0
        var firstPunched: Double?
        var lastPunched: Double?
        /// The part of its picture that shows (archives made before crops show it whole).
        var crop: PictureCrop = .full

        var tally: PunchTally {
            var tally = PunchTally()
            tally.count = Int(punches)
            tally.strongest = Int(strongest)
            tally.bestCombo = Int(bestCombo)
            tally.first = firstPunched ?? .infinity
            tally.last = lastPunched ?? 0
            return tally
        }
    }

    /// Brings the archive at `file` into `store`: merged (the archive's targets are
    /// added but for those already there, counted in `alreadyThere`; a picture the import
    /// rules refuse skips its target, with the reason) or, with `replace`, in place of the whole
    /// library, kiosk settings included (then any refused picture refuses the whole
    /// import, and nothing changes).
    ///
    /// Either way it is all or nothing, and bounded by what it writes: each distinct
    /// picture (by the SHA-256 of the archive's bytes) is decoded and stored once, shared
    /// by every target naming it; an import that would decode or write more than
    /// `bounds` is refused before it decodes a picture; the first full disk ends it; and
    /// a failure or a kill leaves the library as it was (the rows go in one transaction,
    /// and pictures written before it are removed, or swept at a later open).
    /// `progress` hears how many of the archive's targets are done as it goes.
    public static func importArchive(_ file: URL, into store: TargetStore, importer: PictureImporter, replace: Bool,
                                     bounds: ImportBounds = .standard, progress: ImportProgress? = nil)
        throws(TargetStoreError) -> ImportReport {
        let archive = try ArchiveContents(file)
        guard replace else { return try merge(archive, into: store, importer: importer, bounds: bounds, progress: progress) }
        // Every picture checked before any is decoded, then each distinct one re-encoded
        // and stored once (never all in memory), before the library changes.
        let total = archive.targets.count
        progress?(0, total)
        var index = ArchivePictureIndex(archive)
        var needed: [ArchivedPictureFacts] = []
        var namedBy: [[UInt8]: [Int]] = [:]
        for (place, target) in archive.targets.enumerated() {
            guard let name = target.imageFile else { continue }
            switch index.facts(of: name, targetName: target.name) {
            case .failure(let error): throw .picture(error)
            case .success(let picture):
                if namedBy[picture.digest] == nil { needed.append(picture) }
                namedBy[picture.digest, default: []].append(place)
            }
        }
        var done = total - namedBy.values.reduce(0) { $0 + $1.count }
        progress?(done, total)
        try checkBounds(needed, bounds: bounds, file: file)
        let staging = PictureStaging(store: store, bounds: bounds, file: file)
        do throws(TargetStoreError) {
            var files: [Int: String] = [:]
            for picture in needed {
                let imported: ImportedPicture
                do throws(PictureImportError) {
                    imported = try index.decode(picture, with: importer)
                } catch {
                    throw .picture(error)
                }
                let stored = try staging.store(imported)
                let places = namedBy[picture.digest] ?? []
                for place in places { files[place] = stored }
                done += places.count
                progress?(done, total)
            }
            try staging.syncFolder()
            try replaceLibrary(store, with: archive.targets, files: files, settings: archive.settings, days: archive.days)
        } catch {
            staging.discard()
            throw error
        }
        return ImportReport(added: archive.targets.count, replaced: true)
    }

    /// The whole library replaced in one transaction, its targets' picture files
    /// (`files`, by the target's place in `targets`) already written; the old ones
    /// are removed only after the new rows committed.
    private static func replaceLibrary(
        _ store: TargetStore, with targets: [ArchivedTarget], files: [Int: String], settings: [String: String], days: [DayTotal]
    ) throws(TargetStoreError) {
        do {
            let old = try store.allTargets()
            try store.connection.write { db in
                try db.execute("DELETE FROM target")
                var favorites = 0, selected = false
                for (order, target) in targets.enumerated() {
                    let favorite = target.isFavorite && favorites < 4
                    let select = target.isSelected && !selected
                    let file = files[order]
                    guard file != nil || target.assetName != nil else { continue }
                    try db.execute(
                        """
                        INSERT INTO target (name, message, builtin_key, asset_name, image_file, is_favorite, is_selected,
                                            punches, strongest, best_combo, first_punched, last_punched, sort_order, created_at,
                                            crop_x, crop_y, crop_width, crop_height)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, julianday('now'), ?, ?, ?, ?)
                        """,
                        [.text(target.name), .text(target.message), target.builtinKey.map(SQLValue.text) ?? .null,
                         file == nil ? (target.assetName.map(SQLValue.text) ?? .null) : .null, file.map(SQLValue.text) ?? .null,
                         .integer(favorite ? 1 : 0), .integer(select ? 1 : 0), .integer(target.punches),
                         .integer(target.strongest), .integer(target.bestCombo), target.firstPunched.map(SQLValue.real) ?? .null,
                         target.lastPunched.map(SQLValue.real) ?? .null, .integer(Int64(order))]
                            + TargetStore.cropValues(file == nil ? .full : target.crop))
                    if favorite { favorites += 1 }
                    if select { selected = true }
                }
                if !selected {
                    try db.execute("UPDATE target SET is_selected = 1 WHERE id = (SELECT id FROM target ORDER BY sort_order, id LIMIT 1)")
                }
                try db.execute("DELETE FROM punch_day")
                for total in days {
                    try db.execute("INSERT OR IGNORE INTO punch_day (day, punches, strongest) VALUES (?, ?, ?)",
                                   [.text(total.day), .integer(Int64(total.punches)), .integer(Int64(total.strongest))])
                }
                // An archive made without the PIN leaves this library's PIN as it is (a
                // kiosk must never be left without one, nor keep a stale lockout of another's).
                let hasPIN = settings.keys.contains { $0.hasPrefix(pinSettingPrefix) }
                try db.execute(hasPIN ? "DELETE FROM app_setting" : "DELETE FROM app_setting WHERE substr(key, 1, ?) <> ?",
                               hasPIN ? [] : [.integer(Int64(pinSettingPrefix.count)), .text(pinSettingPrefix)])
                for (key, value) in settings {
                    try db.execute("INSERT INTO app_setting (key, value) VALUES (?, ?)", [.text(key), .text(value)])
                }
            }
            for target in old {
                if case .stored(let name) = target.picture { store.removePicture(name) }
            }
        } catch {
            throw importError(error)
        }
    }
}
