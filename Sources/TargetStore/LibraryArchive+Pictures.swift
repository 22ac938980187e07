// An import's pictures: each distinct picture of an archive (by the SHA-256 of its
// bytes) known before any is decoded, the whole import weighed against its bounds, and
// each one decoded and stored once however many targets name it.

import CSodium
import Foundation
import Localization
import Pictures

extension LibraryArchive {
    /// What one import may cost, whatever the archive holds: an archive's caps bound
    /// what it holds, these what importing it does. Past either, the import is refused
    /// before it decodes a picture (or, for the bytes, as soon as the count passes it,
    /// with everything it wrote taken back).
    public struct ImportBounds: Sendable {
        /// Pixels decoded, as the pictures' headers claim them (each distinct picture once).
        public var maxDecodedPixels: Int64
        /// Bytes written into the library's folders (pictures and their thumbnails).
        public var maxWrittenBytes: Int64

        public init(maxDecodedPixels: Int64, maxWrittenBytes: Int64) {
            self.maxDecodedPixels = maxDecodedPixels
            self.maxWrittenBytes = maxWrittenBytes
        }

        /// As many pixels as the most targets an archive may have, each at the largest
        /// size a library stores (about 84 gigapixels), and as many bytes as an archive's
        /// pictures may hold together (16 GB): no archive a library made goes past them.
        public static let standard = ImportBounds(
            maxDecodedPixels: Int64(Limits.targets) * Int64(PictureImporter.maxStoredLongSide) * Int64(PictureImporter.maxStoredLongSide),
            maxWrittenBytes: Limits.totalPictureBytes)
    }

    /// Told how many of the archive's targets are done, of how many, as an import goes.
    public typealias ImportProgress = (_ done: Int, _ total: Int) -> Void

    /// The one line of a full disk: nothing of the import stays.
    static var diskFullRefusal: TargetStoreError {
        // TRANSLATORS: `library import` stopped at a full disk; everything it had written was taken back.
        .fileSystem(tr("the disk holding the library is full, so nothing was imported; free some space and try again"))
    }

    /// `error` as an import says it: a full disk in its own words.
    static func importError(_ error: any Error) -> TargetStoreError {
        let stored = TargetStore.storeError(error)
        if case .database(let cause) = stored, cause.isDiskFull { return diskFullRefusal }
        return stored
    }

    /// Refuses an import whose distinct `pictures` would decode or write more than
    /// `bounds` allow, before any is decoded. What is written is counted as the archive's
    /// own bytes (a picture re-encoded comes out about as large); the staging counts
    /// what is really written as it goes.
    static func checkBounds(_ pictures: [ArchivedPictureFacts], bounds: ImportBounds, file: URL) throws(TargetStoreError) {
        var pixels: Int64 = 0, bytes: Int64 = 0
        for picture in pictures {
            pixels = pixels.addingReportingOverflow(picture.pixels).partialValue
            bytes += picture.size
        }
        if pixels < 0 || pixels > bounds.maxDecodedPixels {
            throw .fileSystem(trn(
                // TRANSLATORS: `library import` refused: %2$s is the archive file, %1$d the most gigapixels (billions of pixels) an import may decode.
                "%2$s would decode more than %1$d gigapixel of pictures, more than any library holds; nothing was imported",
                "%2$s would decode more than %1$d gigapixels of pictures, more than any library holds; nothing was imported",
                Int(bounds.maxDecodedPixels / 1_000_000_000), file.path))
        }
        if bytes > bounds.maxWrittenBytes { throw writeRefusal(bounds: bounds, file: file) }
    }

    static func writeRefusal(bounds: ImportBounds, file: URL) -> TargetStoreError {
        let gigabytes = Int((bounds.maxWrittenBytes + (1 << 30) - 1) >> 30)
        // TRANSLATORS: `library import` refused: the archive file, and the most gigabytes (GB) an import may write.
        return .fileSystem(tr("%s would write more than %d GB of pictures into the library, more than any library holds; nothing was imported",
                              file.path, gigabytes))
    }
}

/// What is known of one of an archive's pictures before it is decoded.
struct ArchivedPictureFacts {
    /// SHA-256 of the archive's bytes: pictures named apart but equal are one.
    var digest: [UInt8]
    /// A name the archive holds it by, to read it again.
    var name: String
    /// What errors call it: its first target's name and its name in the archive.
    var shownName: String
    /// Width times height, as its header claims.
    var pixels: Int64
    /// Its bytes in the archive.
    var size: Int64
}

/// The archive's pictures, each read once (one at a time) to be known by its bytes'
/// hash and checked with the import rules without decoding it.
struct ArchivePictureIndex {
    let archive: ArchiveContents
    private var byName: [String: Result<ArchivedPictureFacts, PictureImportError>] = [:]

    init(_ archive: ArchiveContents) {
        self.archive = archive
    }

    /// The picture the archive holds as `name`, first asked for by `targetName`.
    mutating func facts(of name: String, targetName: String) -> Result<ArchivedPictureFacts, PictureImportError> {
        if let known = byName[name] { return known }
        let shown = "\(targetName) (\(name))"
        let result = Result { () throws(PictureImportError) -> ArchivedPictureFacts in
            let bytes = try archive.picture(name)
            let header = try PictureImporter.check(bytes: bytes, fileName: shown)
            return ArchivedPictureFacts(digest: PictureDigest.sha256(bytes), name: name, shownName: shown,
                                        pixels: Int64(header.pixelCount), size: Int64(bytes.count))
        }
        byName[name] = result
        return result
    }

    /// Decodes the picture with the import rules, as they would store it.
    func decode(_ picture: ArchivedPictureFacts, with importer: PictureImporter) throws(PictureImportError) -> ImportedPicture {
        try importer.importPicture(bytes: try archive.picture(picture.name), fileName: picture.shownName)
    }
}

/// SHA-256, by libsodium.
enum PictureDigest {
    private static let ready: Bool = sodium_init() >= 0

    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        _ = ready
        var digest = [UInt8](repeating: 0, count: 32)
        bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in
                guard let out = output.baseAddress else { return }
                _ = crypto_hash_sha256(out, input.baseAddress, UInt64(input.count))
            }
        }
        return digest
    }
}

/// Picture files an import writes before its rows commit: counted against the bounds,
/// stopped by the first full disk, and taken back whole if the import fails. A kill
/// leaves them named by no row, for the next open's orphan sweep.
final class PictureStaging {
    private let store: TargetStore
    private let bounds: LibraryArchive.ImportBounds
    private let file: URL
    private(set) var written: [String] = []
    private(set) var bytesWritten: Int64 = 0

    init(store: TargetStore, bounds: LibraryArchive.ImportBounds, file: URL) {
        self.store = store
        self.bounds = bounds
        self.file = file
    }

    /// Writes a picture (synced; its folder is synced once, by `syncFolder`) and its
    /// thumbnail; returns the picture's file name.
    func store(_ picture: ImportedPicture) throws(TargetStoreError) -> String {
        let size = Int64(picture.bytes.count) + Int64(picture.thumbnail?.bytes.count ?? 0)
        guard bytesWritten + size <= bounds.maxWrittenBytes else {
            throw LibraryArchive.writeRefusal(bounds: bounds, file: file)
        }
        let folder = store.pictures.directory
        let name = UUID().uuidString.lowercased() + "." + picture.format.fileExtension
        let temporary = folder.appendingPathComponent(".incoming-" + name), final = folder.appendingPathComponent(name)
        if let code = Self.writeSynced(picture.bytes, to: temporary.path) {
            unlink(temporary.path)
            throw Self.failure(code, folder: folder)
        }
        guard rename(temporary.path, final.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw Self.failure(code, folder: folder)
        }
        written.append(name)
        bytesWritten += size
        store.thumbnails.keep(picture.thumbnail, forPicture: name)
        return name
    }

    /// Puts the new names on disk: the rows naming them commit next.
    func syncFolder() throws(TargetStoreError) {
        guard !written.isEmpty else { return }
        try FileDurability.syncFolder(store.pictures.directory)
    }

    /// Removes every picture written (and its thumbnail) but those in `kept`: all of
    /// them when the import failed.
    func discard(keeping kept: Set<String> = []) {
        for name in written where !kept.contains(name) { store.removePicture(name) }
        written = []
    }

    /// Writes `bytes` to a new file at `path` and syncs it; the errno of a failure.
    private static func writeSynced(_ bytes: [UInt8], to path: String) -> Int32? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return errno }
        var done = 0
        while done < bytes.count {
            let put = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress.map { $0 + done }, bytes.count - done) }
            if put < 0 && errno == EINTR { continue }
            if put <= 0 {
                let code = put < 0 ? errno : EIO
                close(descriptor)
                return code
            }
            done += put
        }
        if fsync(descriptor) != 0 {
            let code = errno
            close(descriptor)
            return code
        }
        return close(descriptor) == 0 ? nil : errno
    }

    private static func failure(_ code: Int32, folder: URL) -> TargetStoreError {
        if code == ENOSPC || code == EDQUOT { return LibraryArchive.diskFullRefusal }
        // TRANSLATORS: the pictures folder, and the system's reason ("no space left on device").
        return .fileSystem(tr("cannot save the picture in %s (%s); check free disk space and permissions", folder.path, FileErrorText.reason(code)))
    }
}
