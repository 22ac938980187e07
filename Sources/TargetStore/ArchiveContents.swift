// Reading an archive to import: its schema vetted, its rows read within limits, its
// pictures one at a time (LibraryArchive.swift writes archives and merges them).

import Foundation
import Localization
import Pictures
import SQLiteDatabase
import StressCore

/// An archive opened to be imported: its schema checked (real tables of ours only:
/// no views, virtual tables or generated columns), its targets, days and settings
/// read within the limits, and its pictures indexed to be read one at a time.
struct ArchiveContents {
    typealias ArchivedTarget = LibraryArchive.ArchivedTarget
    typealias Limits = LibraryArchive.Limits

    let file: URL
    private let connection: DatabaseConnection
    let targets: [ArchivedTarget]
    let days: [DayTotal]
    let settings: [String: String]
    /// Each picture's row and size in bytes.
    private let pictureRows: [String: (rowid: Int64, size: Int64)]

    init(_ file: URL) throws(TargetStoreError) {
        self.file = file
        guard FileManager.default.fileExists(atPath: file.path) else { throw .fileSystem(tr("there is no file %s", file.path)) }
        // TRANSLATORS: `library import` of a file that is no archive (/etc/passwd, a photo); .spar is the archives' usual ending.
        let refusal = tr("%s is not a StressPunch library archive (.spar); export one with 'stresspunch library export FILE'", file.path)
        // Anything but a SQLite file is no archive, said so: SQLite itself calls it
        // "not a database", which read as a damaged archive.
        guard try Self.startsAsSQLite(file) else { throw .fileSystem(refusal) }
        do {
            connection = try DatabaseConnection(
                path: file.path, readOnly: true,
                untrusted: UntrustedLimits(seconds: Limits.statementSeconds, maxValueBytes: Int32(PictureImporter.maxFileBytes + 1024))
            ) { db in
                guard try db.scalarInt("PRAGMA application_id") == LibraryArchive.applicationID else {
                    throw TargetStoreError.fileSystem(refusal)
                }
            }
            let connection = self.connection
            (targets, days, settings, pictureRows) = try connection.read { db in
                let tables = try Self.vetSchema(db, file: file)
                return (try Self.readTargets(db, columns: tables["target"] ?? [], from: connection, file: file),
                        tables["punch_day"] == nil ? [] : try Self.readDays(db, from: connection, file: file),
                        tables["app_setting"] == nil ? [:] : try Self.readSettings(db, from: connection, file: file),
                        try Self.indexPictures(db, from: connection, file: file))
            }
        } catch let error as TargetStoreError {
            throw error
        } catch let error as DatabaseError {
            if error.primaryCode == Self.interruptCode {
                throw .fileSystem(tr("%s takes too long to read, so it is no archive a library made; nothing was imported", file.path))
            }
            throw .fileSystem(tr("%s is not a readable StressPunch library archive (%s); nothing was imported", file.path, Self.plain(error)))
        } catch {
            throw .fileSystem(tr("cannot read %s (%s); nothing was imported", file.path, FileErrorText.describe(error)))
        }
    }

    /// Whether `file` is a regular file that begins with SQLite's header string, as
    /// every archive does (opened without blocking: a FIFO must not hang the import).
    private static func startsAsSQLite(_ file: URL) throws(TargetStoreError) -> Bool {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw .fileSystem(tr("cannot read %s (%s); nothing was imported", file.path, FileErrorText.reason(errno)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        let magic = Array("SQLite format 3\0".utf8)
        var header = [UInt8](repeating: 0, count: magic.count)
        let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, magic.count) }
        return count == magic.count && header == magic
    }

    /// SQLITE_INTERRUPT, as the progress handler's stop reports it.
    private static let interruptCode: Int32 = 9

    /// SQLite's reason without its SQL, in a few words.
    private static func plain(_ error: DatabaseError) -> String {
        // TRANSLATORS: why an archive cannot be read, in lower case: it goes inside another message's brackets.
        if error.isDamagedFile { return tr("it is damaged") }
        if error.primaryCode == 18 { return tr("a value in it is too large") }  // SQLITE_TOOBIG
        return error.message
    }

    /// The tables an import reads, each with its columns; refuses an archive whose
    /// schema could run anything while it is read.
    private static func vetSchema(_ db: Database, file: URL) throws -> [String: Set<String>] {
        func refuse(_ why: String) -> TargetStoreError {
            // TRANSLATORS: the archive file, and why it is refused ("it holds a view, NAME").
            .fileSystem(tr("%s is not an archive StressPunch made (%s); nothing was imported", file.path, why))
        }
        var tables: [String: Set<String>] = [:]
        let objects = try db.query("SELECT type, name, coalesce(sql, '') AS sql FROM sqlite_master LIMIT 1001")
        if objects.count > 1000 { throw refuse(tr("it holds over 1,000 schema objects")) }
        for object in objects {
            let type = object.text("type") ?? "", name = object.text("name") ?? ""
            let sql = (object.text("sql") ?? "").uppercased()
            switch type {
            // TRANSLATORS: why an archive is refused; %s is the name of the view or table (SQL).
            case "view": throw refuse(tr("it holds a view, %s", DiagnosticText.oneLine(name)))
            case "table":
                if sql.hasPrefix("CREATE VIRTUAL") { throw refuse(tr("it holds a virtual table, %s", DiagnosticText.oneLine(name))) }
                tables[name] = []
            default: continue  // indexes, and triggers (which never run on a read, and are switched off besides)
            }
        }
        for required in ["target", "archive_picture"] where tables[required] == nil {
            // TRANSLATORS: why an archive is refused; %s is a table's name (SQL).
            throw refuse(tr("it has no %s table", required))
        }
        for name in ["target", "archive_picture", "punch_day", "app_setting"] where tables[name] != nil {
            var columns = Set<String>()
            for column in try db.query("SELECT name, hidden FROM pragma_table_xinfo(?)", [.text(name)]) {
                // A generated column computes its value on every read (zeroblob(500000000), say).
                if (column.int("hidden") ?? 0) != 0 { throw refuse(tr("its %s table has computed columns", name)) }
                if let column = column.text("name") { columns.insert(column) }
            }
            tables[name] = columns
        }
        guard tables["archive_picture"]?.isSuperset(of: ["file_name", "bytes"]) == true,
              tables["target"]?.contains("name") == true else { throw refuse(tr("its tables are not a library's")) }
        return tables
    }

    /// Text of at most `Limits.textBytes`, counted toward the total.
    private static func text(_ row: RowCursor, _ column: Int32, total: inout Int, file: URL) throws(TargetStoreError) -> String? {
        let bytes = row.byteCount(column)
        total += bytes
        guard bytes <= Limits.textBytes, total <= Limits.totalTextBytes else {
            throw .fileSystem(tr("%s holds text longer than any library's; nothing was imported", file.path))
        }
        return row.text(column)
    }

    private static func readTargets(_ db: Database, columns: Set<String>, from connection: DatabaseConnection, file: URL) throws -> [ArchivedTarget] {
        // Every column by name (an older archive lacks some, read as none). No ORDER BY:
        // a sort could spill into temp files; rows are put in order here.
        let wanted = ["name", "message", "builtin_key", "asset_name", "image_file", "is_favorite", "is_selected", "punches",
                      "strongest", "best_combo", "first_punched", "last_punched", "sort_order", "crop_x", "crop_y",
                      "crop_width", "crop_height"]
        let select = wanted.map { columns.contains($0) ? "\"\($0)\"" : "NULL" }.joined(separator: ", ")
        var rows: [(order: Int64, rowid: Int64, target: ArchivedTarget)] = []
        var total = 0
        connection.restartClock()
        try db.forEachRow("SELECT rowid, \(select) FROM target LIMIT \(Limits.targets + 1)") { row in
            guard rows.count < Limits.targets else {
                throw TargetStoreError.fileSystem(tr("%s holds over %d targets, more than any library; nothing was imported", file.path, Limits.targets))
            }
            let name = try text(row, 1, total: &total, file: file) ?? ""
            let punches = row.int(8) ?? 0, bestCombo = row.int(10) ?? 0
            // No real use reaches these: a count past them is a crafted file.
            guard (0...PunchTally.ceiling).contains(punches), (0...PunchTally.ceiling).contains(bestCombo) else {
                throw TargetStoreError.fileSystem(trn(
                    // TRANSLATORS: %2$s is the archive file, %3$s a target's name, %1$d its punches, %4$d its best combo (punches in a row).
                    "%2$s says “%3$s” was punched %1$d time (best combo %4$d), more than anyone could; the archive is damaged or made by hand, so nothing was imported",
                    "%2$s says “%3$s” was punched %1$d times (best combo %4$d), more than anyone could; the archive is damaged or made by hand, so nothing was imported",
                    Int(punches), file.path, DiagnosticText.oneLine(name), Int(bestCombo)))
            }
            let crop = PictureCrop(x: Float(row.double(14) ?? 0), y: Float(row.double(15) ?? 0),
                                   width: Float(row.double(16) ?? 1), height: Float(row.double(17) ?? 1))
            let target = ArchivedTarget(
                name: name, message: try text(row, 2, total: &total, file: file) ?? "",
                builtinKey: try text(row, 3, total: &total, file: file), assetName: try text(row, 4, total: &total, file: file),
                imageFile: try text(row, 5, total: &total, file: file),
                isFavorite: (row.int(6) ?? 0) != 0, isSelected: (row.int(7) ?? 0) != 0, punches: punches,
                strongest: min(999, max(0, row.int(9) ?? 0)), bestCombo: bestCombo, firstPunched: row.double(11),
                lastPunched: row.double(12), crop: crop)
            rows.append((row.int(13) ?? 0, row.int(0) ?? 0, target))
        }
        return rows.sorted { ($0.order, $0.rowid) < ($1.order, $1.rowid) }.map(\.target)
    }

    private static func readDays(_ db: Database, from connection: DatabaseConnection, file: URL) throws -> [DayTotal] {
        var found: [DayTotal] = []
        var total = 0
        connection.restartClock()
        try db.forEachRow("SELECT day, punches, strongest FROM punch_day LIMIT \(Limits.days + 1)") { row in
            guard found.count < Limits.days else {
                throw TargetStoreError.fileSystem(tr("%s holds over %d days of punches, more than any library; nothing was imported", file.path, Limits.days))
            }
            guard let day = try text(row, 0, total: &total, file: file), DayTotal.isDay(day) else { return }
            let punches = row.int(1) ?? 0
            guard (0...PunchTally.ceiling).contains(punches) else {
                throw TargetStoreError.fileSystem(trn(
                    // TRANSLATORS: %2$s is the archive file, %3$s a day (2026-12-01), %1$d its punches.
                    "%2$s says %3$s had %1$d punch, more than anyone could; the archive is damaged or made by hand, so nothing was imported",
                    "%2$s says %3$s had %1$d punches, more than anyone could; the archive is damaged or made by hand, so nothing was imported",
                    Int(punches), file.path, day))
            }
            found.append(DayTotal(day: day, punches: Int(punches), strongest: Int(min(999, max(0, row.int(2) ?? 0)))))
        }
        return found
    }

    private static func readSettings(_ db: Database, from connection: DatabaseConnection, file: URL) throws -> [String: String] {
        var found: [String: String] = [:]
        var total = 0
        connection.restartClock()
        try db.forEachRow("SELECT key, value FROM app_setting LIMIT \(Limits.settings + 1)") { row in
            guard found.count < Limits.settings else {
                throw TargetStoreError.fileSystem(tr("%s holds over %d settings, more than any library; nothing was imported", file.path, Limits.settings))
            }
            if let key = try text(row, 0, total: &total, file: file), let value = try text(row, 1, total: &total, file: file) {
                found[key] = value
            }
        }
        return found
    }

    private static func indexPictures(_ db: Database, from connection: DatabaseConnection, file: URL) throws -> [String: (rowid: Int64, size: Int64)] {
        var found: [String: (rowid: Int64, size: Int64)] = [:]
        var total: Int64 = 0, text = 0
        connection.restartClock()
        // length() of a BLOB reads only its header, never its bytes.
        try db.forEachRow("SELECT rowid, file_name, length(bytes) FROM archive_picture LIMIT \(Limits.targets + 1)") { row in
            guard found.count < Limits.targets else {
                throw TargetStoreError.fileSystem(tr("%s holds over %d pictures, more than any library; nothing was imported", file.path, Limits.targets))
            }
            guard let name = try Self.text(row, 1, total: &text, file: file), let rowid = row.int(0) else { return }
            let size = row.int(2) ?? 0
            total += max(0, size)
            guard total <= Limits.totalPictureBytes else {
                throw TargetStoreError.fileSystem(tr("%s holds over %d GB of pictures, more than any library; nothing was imported", file.path, Int(Limits.totalPictureBytes >> 30)))
            }
            found[name] = (rowid, size)
        }
        return found
    }

    /// One picture's bytes, read only now and only when within the picture cap.
    func picture(_ name: String) throws(PictureImportError) -> [UInt8] {
        guard let row = pictureRows[name] else { throw .unreadable(file: name, reason: tr("the archive has no such picture")) }
        guard row.size <= Int64(PictureImporter.maxFileBytes) else { throw .tooLarge(file: name, bytes: Int(clamping: row.size)) }
        do {
            connection.restartClock()
            let read = try connection.read { db in
                try db.blob(table: "archive_picture", column: "bytes", rowid: row.rowid, maxBytes: PictureImporter.maxFileBytes)
            }
            guard let bytes = read.bytes else { throw PictureImportError.tooLarge(file: name, bytes: read.size) }
            return bytes
        } catch let error as PictureImportError {
            throw error
        } catch {
            throw .unreadable(file: name, reason: tr("the archive's copy cannot be read"))
        }
    }
}
