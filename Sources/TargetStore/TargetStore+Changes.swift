import Foundation
import Pictures
import SQLiteDatabase
import StressCore

/// Every change to the library, each one transaction (picture files first).
extension TargetStore {
    // MARK: Changing

    /// Adds a target at the end of the library. With `favorite`, it also goes on the
    /// main screen (refused with `.favoriteLimitReached` when four are already there).
    /// `crop` is the part of an imported picture that shows (built-in art shows whole).
    @discardableResult
    public func insert(
        name: String, message: String = "", picture: NewPicture, favorite: Bool = false, crop: PictureCrop = .full
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
                    INSERT INTO target (name, message, asset_name, image_file, is_favorite, is_selected, sort_order, created_at,
                                        crop_x, crop_y, crop_width, crop_height)
                    VALUES (?, ?, ?, ?, ?, ?, ?, julianday('now'), ?, ?, ?, ?)
                    """,
                    [.text(validName), .text(validMessage), asset, file,
                     .integer(favorite ? 1 : 0), .integer(hasSelection ? 0 : 1), .integer(nextOrder)]
                        + Self.cropValues(Self.storedCrop(crop, for: picture)))
                guard let inserted = try Self.fetchTarget(db, id: db.lastInsertedRowID) else {
                    throw TargetStoreError.targetNotFound(id: db.lastInsertedRowID)
                }
                return inserted
            }
        } catch {
            if let written { removePicture(written) }
            throw Self.storeError(error)
        }
    }

    /// Changes a target's name, message, picture and/or crop; nil leaves that part as it
    /// is. Built-in targets can be edited too, and keep being built-ins. A new picture
    /// shows whole unless `crop` is given with it. A new crop of the same picture
    /// carries the target's marks with it (they are in the shown picture's
    /// coordinates), and drops those it leaves out. Built-in art is never cropped.
    @discardableResult
    public func update(
        id: Int64, name: String? = nil, message: String? = nil, picture: NewPicture? = nil, crop: PictureCrop? = nil
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
                let stored = BuiltinCatalog.stored(name: validName ?? "", message: validMessage ?? "", key: existing.builtinKey)
                if validName != nil { sets.append("name = ?"); arguments.append(.text(stored.name)) }
                if validMessage != nil { sets.append("message = ?"); arguments.append(.text(stored.message)) }
                var replaced: String?
                if let picture {
                    let (asset, file) = Self.columns(for: picture, writtenFile: written)
                    sets.append("asset_name = ?"); arguments.append(asset)
                    sets.append("image_file = ?"); arguments.append(file)
                    if case .stored(let old) = existing.picture { replaced = old }
                }
                // The picture the row will show: a photo takes a crop, built-in art none.
                let isPhoto: Bool
                switch (picture, existing.picture) {
                case (.imported?, _), (nil, .stored): isPhoto = true
                default: isPhoto = false
                }
                let newCrop = isPhoto ? (crop ?? (picture == nil ? existing.crop : .full)) : .full
                if newCrop != existing.crop {
                    sets.append("crop_x = ?, crop_y = ?, crop_width = ?, crop_height = ?")
                    arguments += Self.cropValues(newCrop)
                    if picture == nil { try Self.recropMarks(db, of: id, from: existing.crop, to: newCrop) }
                }
                if !sets.isEmpty {
                    try db.execute("UPDATE target SET \(sets.joined(separator: ", ")) WHERE id = ?", arguments + [.integer(id)])
                }
                guard let result = try Self.fetchTarget(db, id: id) else { throw TargetStoreError.targetNotFound(id: id) }
                // A file other targets still show (an archive's shared picture) stays.
                if let old = replaced, try Self.isNamed(old, db) { replaced = nil }
                return (result, replaced)
            }
        } catch {
            if let written { removePicture(written) }
            throw Self.storeError(error)
        }
        if let replacedFile, replacedFile != written { removePicture(replacedFile) }
        return updated
    }

    /// Deletes a target and then its picture file (unless another target shows it too).
    /// If it was selected, its neighbour becomes the selected target.
    public func delete(id: Int64) throws(TargetStoreError) {
        let removedFile: String? = try run {
            try connection.write { db in
                guard let existing = try Self.fetchTarget(db, id: id) else { throw TargetStoreError.targetNotFound(id: id) }
                try db.execute("DELETE FROM target WHERE id = ?", [.integer(id)])
                // A file other targets still show (an archive's shared picture) stays.
                if case .stored(let fileName) = existing.picture, !(try Self.isNamed(fileName, db)) { return fileName }
                return nil
            }
        }
        if let removedFile { removePicture(removedFile) }
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
                      let row = try db.query("SELECT sort_order, created_at, first_punched, last_punched FROM target WHERE id = ?",
                                             [.integer(id)]).first
                else { throw TargetStoreError.targetNotFound(id: id) }
                // Everything Undo must bring back, read before the row (and its marks) go.
                let marks = try Self.readMarks(db, of: id)
                try db.execute("DELETE FROM target WHERE id = ?", [.integer(id)])
                let created: Double
                if case .real(let value) = row["created_at"] { created = value } else { created = 0 }
                return DeletedTarget(target: existing, sortOrder: row.int("sort_order") ?? 0, createdAt: created,
                                     firstPunched: row.double("first_punched"), lastPunched: row.double("last_punched"), marks: marks)
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
        let stored = BuiltinCatalog.stored(name: target.name, message: target.message, key: target.builtinKey)
        return try run {
            try connection.write { db in
                let favoritesNow = try Self.favoriteCount(db)
                let favorite = target.isFavorite && favoritesNow < FavoriteRule.limit
                try db.execute(
                    """
                    INSERT INTO target (id, name, message, builtin_key, asset_name, image_file, is_favorite, is_selected,
                                        punches, sort_order, created_at, strongest, best_combo, first_punched, last_punched,
                                        crop_x, crop_y, crop_width, crop_height)
                    VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [.integer(target.id), .text(stored.name), .text(stored.message),
                     target.builtinKey.map(SQLValue.text) ?? .null, asset, file, .integer(favorite ? 1 : 0),
                     .integer(Int64(max(0, punches))), .integer(deleted.sortOrder), .real(deleted.createdAt),
                     .integer(Int64(min(999, max(0, target.strongest)))), .integer(Int64(max(0, target.bestCombo))),
                     deleted.firstPunched.map(SQLValue.real) ?? .null, deleted.lastPunched.map(SQLValue.real) ?? .null]
                        + Self.cropValues(target.shownCrop))
                try Self.insertMarks(db, deleted.marks, of: target.id)
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

    /// The crop a row keeps: the given one for a photo, the whole for built-in art.
    static func storedCrop(_ crop: PictureCrop, for picture: NewPicture) -> PictureCrop {
        if case .imported = picture { return crop }
        return .full
    }

    /// Carries a target's marks from the picture cropped by `old` to the same spots
    /// under `new`; marks the new crop leaves out go.
    static func recropMarks(_ db: Database, of targetID: Int64, from old: PictureCrop, to new: PictureCrop) throws {
        let marks = try readMarks(db, of: targetID)
        guard !marks.isEmpty else { return }
        try db.execute("DELETE FROM target_mark WHERE target_id = ?", [.integer(targetID)])
        try insertMarks(db, marks.compactMap { $0.recropped(from: old, to: new) }, of: targetID)
    }

    /// Removes a deleted target's picture for good (Undo is over).
    public func discard(_ deleted: DeletedTarget) {
        guard case .stored(let fileName) = deleted.target.picture else { return }
        // Never a file a row names again (restored meanwhile, say).
        if let names = try? referencedPictureFiles(), names.contains(fileName) { return }
        removePicture(fileName)
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
    public func setting(_ setting: StoredSetting) throws(TargetStoreError) -> String? {
        try run {
            try connection.read { db in try db.query("SELECT value FROM app_setting WHERE key = ?", [.text(setting.key)]).first?.text("value") }
        }
    }

    /// Saves settings together, in one transaction. The one writer of the settings
    /// table (a restore copies an archive's whole): it takes only declared settings.
    public func setSettings(_ values: [StoredSetting: String]) throws(TargetStoreError) {
        try run {
            try connection.write { db in
                for (setting, value) in values {
                    try db.execute("INSERT INTO app_setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                                   [.text(setting.key), .text(value)])
                }
            }
        }
    }
}
