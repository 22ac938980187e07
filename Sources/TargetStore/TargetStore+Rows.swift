import Foundation
import Localization
import Pictures
import SQLiteDatabase
import StressCore

/// Rows to targets and back, picture files for rows, and errors in words a user can act on.
extension TargetStore {
    // MARK: Helpers

    func writePictureFile(_ picture: NewPicture) throws(TargetStoreError) -> String? {
        guard case .imported(let imported) = picture else { return nil }
        let fileName = try pictures.write(imported)
        thumbnails.keep(imported.thumbnail, forPicture: fileName)
        return fileName
    }

    /// Removes a stored picture and then its thumbnails.
    func removePicture(_ fileName: String) {
        pictures.remove(fileName)
        thumbnails.remove(forPicture: fileName)
    }

    /// Every stored picture a row names, with the crop its target shows.
    func referencedPictureCrops() throws -> [String: PictureCrop] {
        try connection.read { db in
            var crops: [String: PictureCrop] = [:]
            for row in try db.query("SELECT image_file, crop_x, crop_y, crop_width, crop_height FROM target WHERE image_file IS NOT NULL") {
                guard let file = row.text("image_file") else { continue }
                crops[file] = PictureCrop(x: Float(row.double("crop_x") ?? 0), y: Float(row.double("crop_y") ?? 0),
                                          width: Float(row.double("crop_width") ?? 1), height: Float(row.double("crop_height") ?? 1))
            }
            return crops
        }
    }

    /// Whether a row names the stored picture `fileName` (targets of one archive may share one).
    static func isNamed(_ fileName: String, _ db: Database) throws -> Bool {
        try db.scalarInt("SELECT count(*) FROM (SELECT 1 FROM target WHERE image_file = ? LIMIT 1)", [.text(fileName)]) == 1
    }

    func referencedPictureFiles() throws -> Set<String> {
        try connection.read { db in
            Set(try db.query("SELECT image_file FROM target WHERE image_file IS NOT NULL").compactMap { $0.text("image_file") })
        }
    }

    static func columns(for picture: NewPicture, writtenFile: String?) -> (asset: SQLValue, file: SQLValue) {
        switch picture {
        case .builtin(let assetName): return (.text(assetName), .null)
        case .imported: return (.null, writtenFile.map(SQLValue.text) ?? .null)
        }
    }

    static func favoriteCount(_ db: Database) throws -> Int {
        Int(try db.scalarInt("SELECT count(*) FROM target WHERE is_favorite = 1") ?? 0)
    }

    private static let selectColumns =
        """
        SELECT id, name, message, builtin_key, asset_name, image_file, is_favorite, is_selected, punches,
               strongest, best_combo, first_punched, last_punched, crop_x, crop_y, crop_width, crop_height FROM target
        """

    static func fetchTargets(_ db: Database, where condition: String?) throws -> [StressTarget] {
        let filter = condition.map { " WHERE \($0)" } ?? ""
        var targets: [StressTarget] = []
        try db.forEachRow(selectColumns + filter + " ORDER BY sort_order, id") { row in
            if let target = target(from: row) { targets.append(target) }
        }
        return targets
    }

    static func fetchTarget(_ db: Database, id: Int64) throws -> StressTarget? {
        try db.query(selectColumns + " WHERE id = ?", [.integer(id)]).first.flatMap(target(from:))
    }

    static func target(from row: Row) -> StressTarget? {
        func int(_ index: Int32) -> Int64? { if case .integer(let value) = row[at: Int(index)] { return value }; return nil }
        func text(_ index: Int32) -> String? { if case .text(let value) = row[at: Int(index)] { return value }; return nil }
        func double(_ index: Int32) -> Double? {
            switch row[at: Int(index)] {
            case .real(let value): return value
            case .integer(let value): return Double(value)
            default: return nil
            }
        }
        return target(int: int, text: text, double: double)
    }

    /// A row of `selectColumns` as a target, read in place (a launch reads every row:
    /// 10,000 rows copied into name-keyed rows first were most of a 10,000-target launch).
    static func target(from row: RowCursor) -> StressTarget? {
        target(int: row.int, text: row.text, double: row.double)
    }

    /// A target from the columns of `selectColumns`, by their place in it.
    private static func target(
        int: (Int32) -> Int64?, text: (Int32) -> String?, double: (Int32) -> Double?
    ) -> StressTarget? {
        // id, name, message, builtin_key, asset_name, image_file, is_favorite, is_selected,
        // punches, strongest, best_combo, first_punched, last_punched, crop_x, crop_y, crop_width, crop_height
        guard let id = int(0), let name = text(1) else { return nil }
        let picture: TargetPicture
        if let file = text(5) {
            picture = .stored(fileName: file)
        } else {
            picture = .builtin(assetName: text(4) ?? "")
        }
        let shown = BuiltinCatalog.shown(name: name, message: text(2) ?? "", key: text(3))
        return StressTarget(
            id: id, name: shown.name, message: shown.message, picture: picture,
            isFavorite: (int(6) ?? 0) != 0, isSelected: (int(7) ?? 0) != 0,
            punchCount: Int(int(8) ?? 0), builtinKey: text(3),
            strongest: Int(int(9) ?? 0), bestCombo: Int(int(10) ?? 0),
            firstPunched: double(11), lastPunched: double(12),
            crop: PictureCrop(x: Float(double(13) ?? 0), y: Float(double(14) ?? 0),
                              width: Float(double(15) ?? 1), height: Float(double(16) ?? 1)))
    }

    /// A row's crop (pulled inside the picture if a hand edit put it outside).
    static func crop(from row: Row) -> PictureCrop {
        PictureCrop(x: Float(row.double("crop_x") ?? 0), y: Float(row.double("crop_y") ?? 0),
                    width: Float(row.double("crop_width") ?? 1), height: Float(row.double("crop_height") ?? 1))
    }

    /// A crop as its four column values, in the column order crop_x, crop_y,
    /// crop_width, crop_height.
    static func cropValues(_ crop: PictureCrop) -> [SQLValue] {
        [.real(Double(crop.x)), .real(Double(crop.y)), .real(Double(crop.width)), .real(Double(crop.height))]
    }

    /// Runs a database body, turning whatever it throws into a TargetStoreError. A write
    /// refused because the library opened read-only on a full or failing disk tries
    /// writing again first (see `regainWrites`): every writer resumes once the disk
    /// lets it, not only the punches; if it still cannot, the disk's own error is said.
    func run<T>(_ body: () throws -> T) throws(TargetStoreError) -> T {
        do {
            return try body()
        } catch let error as DatabaseError where error.isReadOnly && !error.isMovedAway && regainablePath != nil && isReadOnly {
            try regainWrites()
            do { return try body() } catch { throw Self.storeError(error) }
        } catch {
            throw Self.storeError(error)
        }
    }

    static func storeError(_ error: any Error) -> TargetStoreError {
        switch error {
        case let error as TargetStoreError:
            return error
        case let error as DatabaseError:
            // The favorite-limit triggers are the library's only RAISE: matched by
            // code, so rewording the message cannot break the rule.
            if error.isTriggerRefusal && !error.message.contains(LibrarySchema.countCeilingMessage) { return .favoriteLimitReached }
            // TRANSLATORS: stands in for the library's file in "the library at %s is damaged...", when its path is not known.
            if error.isDamagedFile { return .damagedDatabase(path: tr("the library"), detail: error.message) }
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
