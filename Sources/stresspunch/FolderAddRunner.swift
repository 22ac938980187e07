import Foundation
import Localization
import Locking
import PictureCodecs
import Pictures
import StressCore
import TargetStore

/// `targets add --image DIR`: every picture directly in a folder becomes a target
/// named after its file, in one process (a thousand adds one process each took
/// 54 s). Pictures are decoded a few at a time on every core and stored in name
/// order; a refused file is reported and the rest go on.
struct FolderAddRunner {
    let store: TargetStore
    let importer = PictureImporter(codec: SDLPictureCodec())

    struct Report {
        var added: [StressTarget] = []
        /// The file's name and why it was refused.
        var refused: [(file: String, reason: String)] = []
    }

    func run(folder: URL, message: String) throws(TargetStoreError) -> Report {
        let files: [URL]
        do { files = try PictureFiles.pictures(in: folder) } catch {
            // TRANSLATORS: the folder given with --image, and the system's reason ("permission denied").
            throw .fileSystem(tr("cannot read the folder %s (%s); check that it exists and you may read it",
                                 DiagnosticText.oneLine(folder.path), FileErrorText.describe(error)))
        }
        var report = Report()
        // Decoded a batch at a time: every core busy, and no more than a batch of
        // decoded pictures held at once however large the folder.
        let batchSize = max(2, ProcessInfo.processInfo.activeProcessorCount * 2)
        for start in stride(from: 0, to: files.count, by: batchSize) {
            let batch = Array(files[start..<min(files.count, start + batchSize)])
            let decoded = Locked([Result<ImportedPicture, PictureImportError>?](repeating: nil, count: batch.count))
            DispatchQueue.concurrentPerform(iterations: batch.count) { index in
                let result: Result<ImportedPicture, PictureImportError>
                result = Result { () throws(PictureImportError) -> ImportedPicture in try importer.importPicture(at: batch[index]) }
                decoded.withLock { $0[index] = result }
            }
            let results = decoded.withLock { $0 }
            for (file, result) in zip(batch, results) {
                let name = PictureFiles.suggestedName(for: file, maxLength: TargetValidation.maxNameLength)
                switch result {
                case .success(let picture)?:
                    do {
                        // TRANSLATORS: the name a target added from a folder gets when its file's name gives none.
                        let shownName = name.isEmpty ? tr("Picture") : name
                        report.added.append(try store.insert(name: shownName, message: message, picture: .imported(picture)))
                    } catch let error where error.isPerTarget {
                        report.refused.append((file.lastPathComponent, error.description))
                    }
                case .failure(let error)?:
                    report.refused.append((file.lastPathComponent, error.description))
                case nil:
                    // TRANSLATORS: why a file of the folder was skipped.
                    report.refused.append((file.lastPathComponent, tr("it was not read")))
                }
            }
        }
        return report
    }
}

extension TargetStoreError {
    /// A refusal of this one target (its text or picture), after which the next can
    /// still be added; anything else (the disk, the database) stops the whole add.
    var isPerTarget: Bool {
        switch self {
        case .invalid, .picture: return true
        default: return false
        }
    }
}
