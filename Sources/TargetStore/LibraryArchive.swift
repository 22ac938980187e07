import Foundation
import Pictures
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
    }

    /// Writes the library of `store` and all its pictures to `file` (replacing it).
    /// Returns how many targets and pictures went in.
    @discardableResult
    public static func export(_ store: TargetStore, to file: URL) throws(TargetStoreError) -> (targets: Int, pictures: Int) {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".incoming-" + file.lastPathComponent)
        try? FileManager.default.removeItem(at: temporary)
        do {
            try store.connection.outsideTransaction { db in try db.execute("VACUUM INTO ?", [.text(temporary.path)]) }
            let archive = try DatabaseConnection(path: temporary.path)
            let targets = try store.allTargets()
            var pictures = 0
            try archive.write { db in
                try db.execute("PRAGMA application_id = \(applicationID)")
                try db.execute("CREATE TABLE archive_picture (file_name TEXT PRIMARY KEY NOT NULL, bytes BLOB NOT NULL)")
                for target in targets {
                    guard case .stored(let name) = target.picture, let url = store.pictures.url(for: name),
                          let data = FileManager.default.contents(atPath: url.path) else { continue }
                    try db.execute("INSERT OR IGNORE INTO archive_picture (file_name, bytes) VALUES (?, ?)", [.text(name), .blob([UInt8](data))])
                    pictures += 1
                }
            }
            try archive.outsideTransaction { db in try db.execute("PRAGMA journal_mode = DELETE") }
            guard rename(temporary.path, file.path) == 0 else {
                throw TargetStoreError.fileSystem("cannot write \(file.path): \(String(cString: strerror(errno)))")
            }
            return (targets.count, pictures)
        } catch let error as TargetStoreError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .fileSystem("cannot export to \(file.path): \(error)")
        }
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

    /// Brings the archive at `file` into `store`: merged (the archive's own targets are
    /// added, built-ins already there are left alone; a picture the import rules refuse
    /// skips its target, with the reason) or, with `replace`, in place of the whole
    /// library, kiosk settings included (then any refused picture refuses the whole
    /// import, and nothing changes).
    public static func importArchive(_ file: URL, into store: TargetStore, importer: PictureImporter, replace: Bool)
        throws(TargetStoreError) -> ImportReport {
        let (targets, pictures, settings, days) = try read(file)
        var report = ImportReport(replaced: replace)
        // Every picture checked and re-encoded first, before anything is written.
        var imported: [String: ImportedPicture] = [:]
        for target in targets {
            guard let name = target.imageFile, imported[name] == nil else { continue }
            do throws(PictureImportError) {
                guard let bytes = pictures[name] else { throw .unreadable(file: name, reason: "the archive has no such picture") }
                imported[name] = try importer.importPicture(bytes: bytes, fileName: "\(target.name) (\(name))")
            } catch {
                if replace { throw .picture(error) }
                report.skipped.append("“\(target.name)”: \(error.description)")
            }
        }
        if replace {
            try replaceLibrary(store, with: targets, pictures: imported, settings: settings, days: days)
            report.added = targets.count
            return report
        }
        // The archive's days add to this library's: the punches happened either way.
        try store.recordPunches([:], days: Dictionary(days.map { ($0.day, $0) }, uniquingKeysWith: { first, _ in first }))
        let existingKeys = Set(try store.allTargets().compactMap(\.builtinKey))
        var favorites = try store.favorites().count
        for target in targets {
            if let key = target.builtinKey, existingKeys.contains(key) { continue }
            let picture: NewPicture
            if let name = target.imageFile {
                guard let ready = imported[name] else { continue }
                picture = .imported(ready)
            } else {
                picture = .builtin(assetName: target.assetName ?? "")
            }
            let favorite = target.isFavorite && favorites < 4
            do throws(TargetStoreError) {
                let added = try store.insert(name: target.name, message: target.message, picture: picture, favorite: favorite,
                                             crop: target.crop)
                if target.punches > 0 { try store.recordPunches([added.id: target.tally], days: [:]) }
                if favorite { favorites += 1 }
                report.added += 1
            } catch {
                report.skipped.append("“\(target.name)”: \(error.description)")
            }
        }
        return report
    }

    /// Reads an archive: its targets, its pictures by file name, its settings.
    static func read(_ file: URL) throws(TargetStoreError) -> ([ArchivedTarget], [String: [UInt8]], [String: String], [DayTotal]) {
        guard FileManager.default.fileExists(atPath: file.path) else { throw .fileSystem("there is no file \(file.path)") }
        do {
            let archive = try DatabaseConnection(path: file.path, readOnly: true) { db in
                guard try db.scalarInt("PRAGMA application_id") == applicationID else {
                    throw TargetStoreError.fileSystem("\(file.path) is not a StressPunch library archive (make one with 'stresspunch library export FILE')")
                }
            }
            return try archive.read { db in
                // Every column: an older archive lacks the punch stats, read as none.
                let targets = try db.query("SELECT * FROM target ORDER BY sort_order, id").map { row in
                    ArchivedTarget(name: row.text("name") ?? "", message: row.text("message") ?? "", builtinKey: row.text("builtin_key"),
                                   assetName: row.text("asset_name"), imageFile: row.text("image_file"),
                                   isFavorite: row.bool("is_favorite"), isSelected: row.bool("is_selected"),
                                   punches: max(0, row.int("punches") ?? 0), strongest: min(999, max(0, row.int("strongest") ?? 0)),
                                   bestCombo: max(0, row.int("best_combo") ?? 0), firstPunched: row.double("first_punched"),
                                   lastPunched: row.double("last_punched"), crop: TargetStore.crop(from: row))
                }
                var days: [DayTotal] = []
                if try db.scalarInt("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'punch_day'") == 1 {
                    days = try db.query("SELECT day, punches, strongest FROM punch_day").compactMap { row in
                        guard let day = row.text("day"), DayTotal.isDay(day) else { return nil }
                        return DayTotal(day: day, punches: Int(max(0, row.int("punches") ?? 0)),
                                        strongest: Int(min(999, max(0, row.int("strongest") ?? 0))))
                    }
                }
                var pictures: [String: [UInt8]] = [:]
                for row in try db.query("SELECT file_name, bytes FROM archive_picture") {
                    if let name = row.text("file_name"), case .blob(let bytes) = row["bytes"] { pictures[name] = bytes }
                }
                var settings: [String: String] = [:]
                for row in try db.query("SELECT key, value FROM app_setting") {
                    if let key = row.text("key"), let value = row.text("value") { settings[key] = value }
                }
                return (targets, pictures, settings, days)
            }
        } catch let error as TargetStoreError {
            throw error
        } catch let error as DatabaseError {
            throw .fileSystem("\(file.path) is not a readable StressPunch library archive (\(error.message))")
        } catch {
            throw .fileSystem("cannot read \(file.path): \(error)")
        }
    }

    /// The whole library replaced in one transaction: picture files written first,
    /// the old ones removed only after the new rows committed.
    private static func replaceLibrary(
        _ store: TargetStore, with targets: [ArchivedTarget], pictures: [String: ImportedPicture], settings: [String: String],
        days: [DayTotal]
    ) throws(TargetStoreError) {
        var written: [String: String] = [:]
        do {
            for (name, picture) in pictures { written[name] = try store.writePictureFile(.imported(picture)) ?? "" }
            let old = try store.allTargets()
            try store.connection.write { db in
                try db.execute("DELETE FROM target")
                var favorites = 0, selected = false
                for (order, target) in targets.enumerated() {
                    let favorite = target.isFavorite && favorites < 4
                    let select = target.isSelected && !selected
                    let file = target.imageFile.flatMap { written[$0] }
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
                try db.execute("DELETE FROM app_setting")
                for (key, value) in settings {
                    try db.execute("INSERT INTO app_setting (key, value) VALUES (?, ?)", [.text(key), .text(value)])
                }
            }
            for target in old {
                if case .stored(let name) = target.picture { store.removePicture(name) }
            }
        } catch {
            for name in written.values { store.removePicture(name) }
            throw TargetStore.storeError(error)
        }
    }
}
