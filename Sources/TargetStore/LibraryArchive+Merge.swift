// Merging an archive into a library: its targets added, but never a second time.

import Foundation
import Localization
import Pictures
import StressCore

extension LibraryArchive {
    /// Adds the archive's targets to `store`, leaving out those it has already (a second
    /// import of one archive used to add every target again, silently): a built-in by its
    /// catalog key; any other when a target of the library, as it was before this
    /// import, has its name, its message and its picture (the same built-in art, or a
    /// stored file with the same bytes, compared whole rather than by a hash).
    static func merge(_ archive: ArchiveContents, into store: TargetStore, importer: PictureImporter)
        throws(TargetStoreError) -> ImportReport {
        var report = ImportReport()
        let library = try LibraryTwins(store)
        var favorites = try store.favorites().count
        // Own targets found here by what they show: the archive was imported before.
        var foundByContent = 0
        for target in archive.targets {
            if let key = target.builtinKey, library.builtinKeys.contains(key) {
                report.alreadyThere += 1
                continue
            }
            let twins = library.twins(of: target)
            let picture: NewPicture
            if let name = target.imageFile {
                // Read and checked when its target is added: one picture in memory at a time.
                do throws(PictureImportError) {
                    let bytes = try archive.picture(name)
                    // The archive's bytes are a stored file's (an archive of this very
                    // library), or they come out of the import rules as the first import
                    // stored them (re-encoding is deterministic): either is the same picture.
                    let stored = twins.isEmpty ? [] : library.storedBytes(of: twins)
                    if stored.contains(bytes) {
                        report.alreadyThere += 1
                        foundByContent += 1
                        continue
                    }
                    let imported = try importer.importPicture(bytes: bytes, fileName: "\(target.name) (\(name))")
                    if stored.contains(imported.bytes) {
                        report.alreadyThere += 1
                        foundByContent += 1
                        continue
                    }
                    picture = .imported(imported)
                } catch {
                    // TRANSLATORS: `library import` left a target out: its name, and why.
                    report.skipped.append(tr("“%s”: %s", target.name, error.description))
                    continue
                }
            } else {
                let asset = target.assetName ?? ""
                if twins.contains(where: { $0.picture == .builtin(assetName: asset) }) {
                    report.alreadyThere += 1
                    foundByContent += 1
                    continue
                }
                picture = .builtin(assetName: asset)
            }
            let favorite = target.isFavorite && favorites < FavoriteRule.limit
            do throws(TargetStoreError) {
                let added = try store.insert(name: target.name, message: target.message, picture: picture, favorite: favorite,
                                             crop: target.crop)
                if target.punches > 0 { try store.recordPunches([added.id: target.tally], days: [:]) }
                if favorite { favorites += 1 }
                report.added += 1
            } catch {
                report.skipped.append(tr("“%s”: %s", target.name, error.description))
            }
        }
        // The archive's days add to this library's (the punches happened either way),
        // unless it was imported before: nothing new came, and what it holds was found
        // here, so its punches are counted already.
        if report.added > 0 || foundByContent == 0 {
            try store.recordPunches([:], days: Dictionary(archive.days.map { ($0.day, $0) }, uniquingKeysWith: { first, _ in first }))
        }
        return report
    }
}

/// The library's targets as they were before an import, by name and message, to find
/// an archived target's twins.
private struct LibraryTwins {
    let builtinKeys: Set<String>
    private let byWords: [Words: [StressTarget]]
    private let pictures: PictureFiles

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

    /// The bytes of the stored pictures of `targets` (those that can be read).
    func storedBytes(of targets: [StressTarget]) -> [[UInt8]] {
        targets.compactMap { target in
            guard case .stored(let name) = target.picture, let url = pictures.url(for: name),
                  case .success(let bytes) = BoundedFile.read(url, maxBytes: PictureImporter.maxFileBytes) else { return nil }
            return bytes
        }
    }
}
