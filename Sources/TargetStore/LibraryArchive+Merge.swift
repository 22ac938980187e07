// Merging an archive into a library: its targets added, but never a second time, each
// distinct picture decoded and stored once, and all of it in one transaction.

import Foundation
import Localization
import Pictures
import SQLiteDatabase
import StressCore

extension LibraryArchive {
    /// What became of one archived target in a merge.
    private enum Outcome {
        /// The library has it already.
        case alreadyThere
        case skipped(String)
        case builtin(assetName: String)
        /// Its picture, by the digest of the archive's bytes.
        case picture([UInt8])
    }

    /// Adds the archive's targets to `store`, leaving out those it has already (a second
    /// import of one archive used to add every target again, silently): a built-in by its
    /// catalog key; any other when a target of the library, as it was before this
    /// import, has its name, its message and its picture (the same built-in art, or a
    /// stored file with the same bytes, known by their SHA-256).
    ///
    /// All or nothing: each distinct picture (by the SHA-256 of the archive's bytes) is
    /// decoded and stored once and shared by every target that names it, after the
    /// import's cost is weighed against `bounds`; the rows go in one transaction, and a
    /// failure (a full disk, a kill) leaves the library as it was.
    static func merge(_ archive: ArchiveContents, into store: TargetStore, importer: PictureImporter,
                      bounds: ImportBounds, progress: ImportProgress?) throws(TargetStoreError) -> ImportReport {
        let library = try LibraryTwins(store)
        var index = ArchivePictureIndex(archive)
        let total = archive.targets.count
        var done = 0
        progress?(0, total)
        // First what each target needs, from the archive's bytes alone: nothing decoded yet.
        var outcomes: [Outcome] = []
        var needed: [ArchivedPictureFacts] = []
        var namedBy: [[UInt8]: [Int]] = [:]
        // Own targets found here by what they show: the archive was imported before.
        var foundByContent = 0
        for (place, target) in archive.targets.enumerated() {
            if let key = target.builtinKey, library.builtinKeys.contains(key) {
                outcomes.append(.alreadyThere)
                continue
            }
            do throws(TargetValidationError) {
                _ = try TargetValidation.validatedName(target.name)
                _ = try TargetValidation.validatedMessage(target.message)
            } catch {
                // Refused before its picture is decoded or written.
                outcomes.append(.skipped(tr("“%s”: %s", target.name, TargetStoreError.invalid(error).description)))
                continue
            }
            let twins = library.twins(of: target)
            guard let name = target.imageFile else {
                let asset = target.assetName ?? ""
                if twins.contains(where: { $0.picture == .builtin(assetName: asset) }) {
                    foundByContent += 1
                    outcomes.append(.alreadyThere)
                } else {
                    outcomes.append(.builtin(assetName: asset))
                }
                continue
            }
            switch index.facts(of: name, targetName: target.name) {
            case .failure(let error):
                // TRANSLATORS: `library import` left a target out: its name, and why.
                outcomes.append(.skipped(tr("“%s”: %s", target.name, error.description)))
            case .success(let picture):
                // The archive's bytes are a stored file's (an archive of this very library)...
                if library.storedDigests(of: twins).contains(picture.digest) {
                    foundByContent += 1
                    outcomes.append(.alreadyThere)
                    continue
                }
                if namedBy[picture.digest] == nil { needed.append(picture) }
                namedBy[picture.digest, default: []].append(place)
                outcomes.append(.picture(picture.digest))
            }
        }
        done = outcomes.count - namedBy.values.reduce(0) { $0 + $1.count }
        progress?(done, total)
        try checkBounds(needed, bounds: bounds, file: archive.file)

        let staging = PictureStaging(store: store, bounds: bounds, file: archive.file)
        do throws(TargetStoreError) {
            var files: [[UInt8]: String] = [:]
            for picture in needed {
                let places = namedBy[picture.digest] ?? []
                defer {
                    done += places.count
                    progress?(done, total)
                }
                let imported: ImportedPicture
                do throws(PictureImportError) {
                    imported = try index.decode(picture, with: importer)
                } catch {
                    for place in places { outcomes[place] = .skipped(tr("“%s”: %s", archive.targets[place].name, error.description)) }
                    continue
                }
                // ...or they come out of the import rules as the first import stored them
                // (re-encoding is deterministic): either is the same picture.
                let storedDigest = PictureDigest.sha256(imported.bytes)
                var wanted = false
                for place in places {
                    if library.storedDigests(of: library.twins(of: archive.targets[place])).contains(storedDigest) {
                        foundByContent += 1
                        outcomes[place] = .alreadyThere
                    } else {
                        wanted = true
                    }
                }
                if wanted { files[picture.digest] = try staging.store(imported) }
            }
            try staging.syncFolder()
            let (report, named) = try insertMerged(archive, outcomes: outcomes, files: files, foundByContent: foundByContent, into: store)
            // A picture whose every target the library's rules refused is named by no row.
            staging.discard(keeping: named)
            return report
        } catch {
            staging.discard()
            throw error
        }
    }

    /// The merge's rows, in one transaction: the added targets, their punches, and the
    /// archive's days (unless it was imported before: nothing new came, and what it
    /// holds was found here, so its punches are counted already).
    private static func insertMerged(_ archive: ArchiveContents, outcomes: [Outcome], files: [[UInt8]: String], foundByContent: Int,
                                     into store: TargetStore) throws(TargetStoreError) -> (ImportReport, named: Set<String>) {
        do {
            return try store.connection.write { db in
                var report = ImportReport()
                var named = Set<String>()
                var favorites = try TargetStore.favoriteCount(db)
                var hasSelection = (try db.scalarInt("SELECT count(*) FROM target WHERE is_selected = 1") ?? 0) > 0
                var order = (try db.scalarInt("SELECT max(sort_order) FROM target") ?? -1) + 1
                for (target, outcome) in zip(archive.targets, outcomes) {
                    let asset: SQLValue, file: SQLValue, crop: PictureCrop
                    switch outcome {
                    case .alreadyThere:
                        report.alreadyThere += 1
                        continue
                    case .skipped(let why):
                        report.skipped.append(why)
                        continue
                    case .builtin(let name):
                        (asset, file, crop) = (.text(name), .null, .full)
                    case .picture(let digest):
                        guard let stored = files[digest] else { continue }
                        (asset, file, crop) = (.null, .text(stored), target.crop)
                    }
                    let name: String, message: String
                    do throws(TargetValidationError) {
                        name = try TargetValidation.validatedName(target.name)
                        message = try TargetValidation.validatedMessage(target.message)
                    } catch {
                        report.skipped.append(tr("“%s”: %s", target.name, TargetStoreError.invalid(error).description))
                        continue
                    }
                    let favorite = target.isFavorite && favorites < FavoriteRule.limit
                    let punched = target.punches > 0
                    do {
                        try db.execute(
                            """
                            INSERT INTO target (name, message, asset_name, image_file, is_favorite, is_selected, sort_order, created_at,
                                                punches, strongest, best_combo, first_punched, last_punched,
                                                crop_x, crop_y, crop_width, crop_height)
                            VALUES (?, ?, ?, ?, ?, ?, ?, julianday('now'), ?, ?, ?, ?, ?, ?, ?, ?, ?)
                            """,
                            [.text(name), .text(message), asset, file, .integer(favorite ? 1 : 0), .integer(hasSelection ? 0 : 1),
                             .integer(order), .integer(punched ? target.punches : 0), .integer(punched ? target.strongest : 0),
                             .integer(punched ? target.bestCombo : 0),
                             punched ? (target.firstPunched.map(SQLValue.real) ?? .null) : .null,
                             punched ? (target.lastPunched.map(SQLValue.real) ?? .null) : .null]
                                + TargetStore.cropValues(crop))
                    } catch let error as DatabaseError where error.isConstraintViolation {
                        // The library's own rules refuse this row alone (the rest go on).
                        report.skipped.append(tr("“%s”: %s", target.name, TargetStore.storeError(error).description))
                        continue
                    }
                    if case .text(let stored) = file { named.insert(stored) }
                    if favorite { favorites += 1 }
                    hasSelection = true
                    order += 1
                    report.added += 1
                }
                if report.added > 0 || foundByContent == 0 {
                    var seen = Set<String>()
                    for total in archive.days where total.punches > 0 && seen.insert(total.day).inserted {
                        try db.execute(
                            """
                            INSERT INTO punch_day (day, punches, strongest) VALUES (?, ?, ?)
                            ON CONFLICT (day) DO UPDATE SET punches = min(punches + excluded.punches, \(PunchTally.ceiling)),
                                strongest = max(strongest, excluded.strongest)
                            """,
                            [.text(total.day), .integer(Int64(total.punches)), .integer(Int64(min(999, max(0, total.strongest))))])
                    }
                }
                return (report, named)
            }
        } catch {
            throw importError(error)
        }
    }
}

/// The library's targets as they were before an import, by name and message, to find
/// an archived target's twins.
private final class LibraryTwins {
    let builtinKeys: Set<String>
    private let byWords: [Words: [StressTarget]]
    private let pictures: PictureFiles
    /// Each stored picture's SHA-256, read once (many twins may share one file).
    private var digests: [String: [UInt8]?] = [:]

    private struct Words: Hashable {
        var name: String
        var message: String
    }

    init(_ store: TargetStore) throws(TargetStoreError) {
        let targets = try store.allTargets()
        builtinKeys = Set(targets.compactMap(\.builtinKey))
        byWords = Dictionary(grouping: targets) { Words(name: $0.name, message: $0.message) }
        pictures = store.pictures
    }

    /// The library's targets with the name and message `target` would be stored with.
    func twins(of target: LibraryArchive.ArchivedTarget) -> [StressTarget] {
        guard let name = try? TargetValidation.validatedName(target.name),
              let message = try? TargetValidation.validatedMessage(target.message) else { return [] }
        return byWords[Words(name: name, message: message)] ?? []
    }

    /// The SHA-256 of the stored pictures of `targets` (those that can be read).
    func storedDigests(of targets: [StressTarget]) -> Set<[UInt8]> {
        var found = Set<[UInt8]>()
        for target in targets {
            guard case .stored(let name) = target.picture else { continue }
            if let known = digests[name] {
                if let known { found.insert(known) }
                continue
            }
            var digest: [UInt8]?
            if let url = pictures.url(for: name), case .success(let bytes) = BoundedFile.read(url, maxBytes: PictureImporter.maxFileBytes) {
                digest = PictureDigest.sha256(bytes)
            }
            digests[name] = .some(digest)
            if let digest { found.insert(digest) }
        }
        return found
    }
}
