import Foundation
import Pictures

/// The folder of thumbnails, `<data-dir>/thumbnails/`, beside the pictures they are
/// made from: `<picture file>.<variant>.thumb` (a JPEG, or a PNG where there is
/// transparency; readers sniff the bytes). A picture's file name never changes (a new
/// picture is a new file), so a thumbnail is never stale, and the variant (the whole
/// picture, or later a crop's key) keeps one made for a different crop from showing.
///
/// Thumbnails are a cache: everything in them can be made again from the pictures.
/// So they are written atomically (temp file, rename) but not synced: a file torn by
/// a power cut, missing, too large or not a picture is simply made again when it is
/// next shown, and never costs the picture. Backups and library archives leave them
/// out for the same reason.
public struct ThumbnailFiles: Sendable {
    public let directory: URL

    public static let folderName = "thumbnails"
    static let suffix = ".thumb"
    private static let tempPrefix = ".incoming-"

    /// The folder as it is (a read-only library: thumbnails are read, never written).
    public init(existingDirectory directory: URL) {
        self.directory = directory
    }

    /// Creates the folder when it is missing; a folder that cannot be made only means
    /// thumbnails are made in memory each launch, so this never throws.
    public init(directory: URL) {
        self.directory = directory
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
    }

    /// The thumbnail file of a stored picture, or nil for a name that could step
    /// outside the pictures folder.
    public func url(forPicture pictureFile: String, variant: String = ThumbnailVariant.whole.key) -> URL? {
        guard PictureFiles.isPlainName(pictureFile) else { return nil }
        return directory.appendingPathComponent(pictureFile + "." + variant + Self.suffix, isDirectory: false)
    }

    /// Writes a thumbnail in one step: a reader sees the old file or the whole new one.
    /// Refuses what is over `Thumbnail.maxFileBytes`.
    public static func write(_ bytes: [UInt8], to url: URL) throws(TargetStoreError) {
        guard !bytes.isEmpty, bytes.count <= Thumbnail.maxFileBytes else {
            throw .fileSystem("a thumbnail of \(bytes.count) bytes is not kept (at most \(Thumbnail.maxFileBytes))")
        }
        let temp = url.deletingLastPathComponent().appendingPathComponent(tempPrefix + UUID().uuidString.lowercased())
        do {
            try Data(bytes).write(to: temp)
        } catch {
            try? FileManager.default.removeItem(at: temp)
            throw .fileSystem("cannot write a thumbnail in \(url.deletingLastPathComponent().path) (\(FileErrorText.describe(error)))")
        }
        if rename(temp.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temp)
            throw .fileSystem("cannot move a thumbnail into \(url.deletingLastPathComponent().path): \(reason)")
        }
    }

    /// Keeps an import's thumbnail for the picture stored as `pictureFile`; failing to
    /// is no error (it is made again when shown).
    func keep(_ thumbnail: EncodedThumbnail?, forPicture pictureFile: String) {
        guard let thumbnail, let url = url(forPicture: pictureFile, variant: thumbnail.variantKey) else { return }
        try? Self.write(thumbnail.bytes, to: url)
    }

    /// Removes a picture's thumbnails: the whole picture's and those of `variants`.
    /// Any other variant left behind is swept at the next open.
    public func remove(forPicture pictureFile: String, variants: [String] = []) {
        for variant in [ThumbnailVariant.whole.key] + variants {
            if let url = url(forPicture: pictureFile, variant: variant) { try? FileManager.default.removeItem(at: url) }
        }
    }

    /// The picture file a thumbnail's name belongs to (`<picture>.<variant>.thumb`).
    static func pictureName(ofThumbnail name: String) -> String? {
        guard name.hasSuffix(suffix) else { return nil }
        let stem = name.dropLast(suffix.count)
        guard let dot = stem.lastIndex(of: ".") else { return nil }
        return String(stem[..<dot])
    }

    /// Removes thumbnails of pictures no row names, and temp files a crash left (older
    /// than the pictures' grace period: another process may be writing one now). Only
    /// the names are read, and a file is looked at only when it is to go, so a library
    /// of 10,000 targets costs one directory listing.
    /// With `shownVariants` (a picture's file to the variant its target shows: its
    /// crop's, or the whole), a referenced picture keeps only its whole thumbnail and
    /// that one, so the file of a crop an edit replaced goes too; without, every
    /// variant of a referenced picture stays.
    @discardableResult
    public func sweepOrphans(keepingPictures referenced: Set<String>, shownVariants: [String: String]? = nil,
                             now: Date = Date()) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return 0 }
        var removed = 0
        for name in names {
            if let picture = Self.pictureName(ofThumbnail: name), referenced.contains(picture) {
                guard let shownVariants else { continue }
                let variant = String(name.dropLast(Self.suffix.count).dropFirst(picture.count + 1))
                if variant == ThumbnailVariant.whole.key || shownVariants[picture] == variant { continue }
            }
            let url = directory.appendingPathComponent(name)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                  attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            let modified = attributes[.modificationDate] as? Date ?? .distantPast
            if now.timeIntervalSince(modified) < PictureFiles.orphanGracePeriod { continue }
            if (try? FileManager.default.removeItem(at: url)) != nil { removed += 1 }
        }
        return removed
    }
}
