import Foundation
import Pictures
import StressCore

/// Rows to targets and back, picture files for rows, and errors in words a user can act on.
extension TargetStore {
    // MARK: Helpers

    func writePictureFile(_ picture: NewPicture) throws(TargetStoreError) -> String? {
        guard case .imported(let imported) = picture else { return nil }
        return try pictures.write(imported)
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
        return try db.query(selectColumns + filter + " ORDER BY sort_order, id").compactMap(target(from:))
    }

    static func fetchTarget(_ db: Database, id: Int64) throws -> StressTarget? {
        try db.query(selectColumns + " WHERE id = ?", [.integer(id)]).first.flatMap(target(from:))
    }

    static func target(from row: Row) -> StressTarget? {
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
            punchCount: Int(row.int("punches") ?? 0), builtinKey: row.text("builtin_key"),
            strongest: Int(row.int("strongest") ?? 0), bestCombo: Int(row.int("best_combo") ?? 0),
            firstPunched: row.double("first_punched"), lastPunched: row.double("last_punched"),
            crop: crop(from: row))
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

    /// Runs a database body, turning whatever it throws into a TargetStoreError.
    func run<T>(_ body: () throws -> T) throws(TargetStoreError) -> T {
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
