// Pictures owns pictures as files and pixels: what a file says it is (header
// sniffing), whether it may be opened (size, pixel and format caps, data that cannot
// hold its claim), standing it upright, scaling it down, and the codec protocol the
// PictureCodecs module implements. It must not touch SQLite, SDL or the screen.

import Foundation
import Localization

/// How a stored picture is encoded.
public enum StoredPictureFormat: String, Sendable {
    case png, jpeg

    public var fileExtension: String { self == .png ? "png" : "jpg" }
}

/// A picture ready to be stored: encoded bytes and the size they decode to.
public struct ImportedPicture: Sendable, Equatable {
    public var bytes: [UInt8]
    public var format: StoredPictureFormat
    public var width: Int
    public var height: Int
    /// Its thumbnail, made from the same pixels while they are at hand (nil when it
    /// could not be made: the app makes it when first shown).
    public var thumbnail: EncodedThumbnail?

    public init(bytes: [UInt8], format: StoredPictureFormat, width: Int, height: Int, thumbnail: EncodedThumbnail? = nil) {
        self.bytes = bytes
        self.format = format
        self.width = width
        self.height = height
        self.thumbnail = thumbnail
    }
}

/// Decodes and encodes pictures. Platform supplies the real one (SDL2_image), so this
/// module and its tests need no SDL.
public protocol PictureCodec: Sendable {
    /// Decodes a whole file's bytes; throws `PictureImportError.damaged` when it cannot.
    func decode(_ bytes: [UInt8], fileName: String) throws(PictureImportError) -> PictureBitmap
    /// Decodes to at least `minimumLongSide` pixels on the long side (where the picture
    /// has that many): a codec may decode smaller than the full size when the format
    /// allows it (JPEG's DCT scaling), so the cost follows what is shown.
    func decode(_ bytes: [UInt8], fileName: String, minimumLongSide: Int) throws(PictureImportError) -> PictureBitmap
    /// Encodes pixels for storage.
    func encode(_ bitmap: PictureBitmap, as format: StoredPictureFormat) throws(PictureImportError) -> [UInt8]
}

extension PictureCodec {
    /// By default the whole picture.
    public func decode(_ bytes: [UInt8], fileName: String, minimumLongSide: Int) throws(PictureImportError) -> PictureBitmap {
        try decode(bytes, fileName: fileName)
    }
}

/// Turns a file the user chose into a picture fit to store: refuses what is not a
/// picture (or is empty, cut short, over 64 MB, or claims over 100 megapixels) before
/// decoding it, stands phone photos upright by their EXIF orientation, and downsizes
/// anything longer than 2048 px so no frame ever scales a huge photo.
public struct PictureImporter: Sendable {
    public static let maxFileBytes = 64 * 1024 * 1024
    public static let maxPixels = 100_000_000
    /// Formats decoded whole (all but JPEG and non-interlaced PNG, which decode straight
    /// to the size they are stored at) stop here: a whole decode and its copies take about 12 bytes a pixel,
    /// and one import must stay under 256 MB.
    public static let maxWholeDecodePixels = 20_000_000
    public static let maxStoredLongSide = 2048

    private let codec: any PictureCodec

    public init(codec: any PictureCodec) {
        self.codec = codec
    }

    /// Reads and imports the file at `url`.
    public func importPicture(at url: URL, thumbnailVariant: ThumbnailVariant = .whole) throws(PictureImportError) -> ImportedPicture {
        try importPicture(bytes: Self.readUserFile(at: url), fileName: url.path, thumbnailVariant: thumbnailVariant)
    }

    /// Reads a file the user chose, refusing at once what is not a regular file (a
    /// folder, a FIFO or a device, which would block or never end) and what is over
    /// the size cap, before reading a byte of it. `name` is what errors call it.
    public static func readUserFile(at url: URL, name: String? = nil) throws(PictureImportError) -> [UInt8] {
        let path = url.path, shown = name ?? path
        // Non-blocking, so opening a FIFO with no writer returns instead of waiting.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            // TRANSLATORS: why a picture file cannot be read.
            if code == ENOENT { throw .unreadable(file: shown, reason: tr("no such file")) }
            if code == EISDIR { throw .isFolder(file: shown) }
            throw .unreadable(file: shown, reason: String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .unreadable(file: shown, reason: String(cString: strerror(errno)))
        }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR { throw .isFolder(file: shown) }
        guard kind == S_IFREG else { throw .unreadable(file: shown, reason: tr("it is not a regular file (a pipe, device or socket)")) }
        let size = Int(info.st_size)
        if size > maxFileBytes { throw .tooLarge(file: shown, bytes: size) }
        if size == 0 { throw .empty(file: shown) }
        // A regular file never blocks; reading stops at the size seen (or the cap).
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress.map { $0 + filled }, size - filled)
            }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw .unreadable(file: shown, reason: String(cString: strerror(errno))) }
            if got == 0 { break }
            filled += got
        }
        if filled < size { bytes.removeSubrange(filled...) }
        return bytes
    }

    /// Checks a picture's bytes with the import rules (a known format, within the
    /// size and pixel caps, not cut short) without decoding it.
    public static func check(bytes: [UInt8], fileName: String) throws(PictureImportError) -> PictureHeader {
        if bytes.isEmpty { throw .empty(file: fileName) }
        if bytes.count > maxFileBytes { throw .tooLarge(file: fileName, bytes: bytes.count) }
        guard let header = PictureHeader.inspect(bytes) else { throw .notAPicture(file: fileName) }
        if header.pixelCount > maxPixels {
            throw .tooManyPixels(file: fileName, width: header.width, height: header.height)
        }
        if !header.isComplete { throw .truncated(file: fileName, format: header.format.rawValue) }
        if let most = PictureHeader.mostPixels(holdableBy: bytes, format: header.format), Double(header.pixelCount) > most {
            throw .claimsMoreThanItHolds(file: fileName, width: header.width, height: header.height)
        }
        if !PictureHeader.decodesScaled(bytes, format: header.format) && header.pixelCount > maxWholeDecodePixels {
            throw .tooManyPixelsForFormat(file: fileName, width: header.width, height: header.height,
                                          format: header.format.rawValue, megapixels: maxWholeDecodePixels / 1_000_000)
        }
        return header
    }

    /// The picture at `url` for showing, no longer than `longSide`: read and checked
    /// with the same rules as an import, decoded, stood upright. Every display of a
    /// user's file goes through here, so a file the import would refuse is never
    /// decoded for a preview either. `name` is what errors call the file.
    public func preview(at url: URL, longSide: Int, name: String? = nil) throws(PictureImportError) -> PictureBitmap {
        let shown = name ?? url.path
        let bytes = try Self.readUserFile(at: url, name: shown)
        let header = try Self.check(bytes: bytes, fileName: shown)
        let decoded = try codec.decode(bytes, fileName: shown, minimumLongSide: longSide)
        // Shrunk before it is turned: the turn then moves the fewer pixels.
        return decoded.downscaled(toLongSide: longSide).uprighted(exifOrientation: header.orientation)
    }

    /// Imports a picture's bytes; `fileName` only names it in errors. Its thumbnail shows
    /// `thumbnailVariant` of it (the whole picture unless a crop is chosen with it).
    public func importPicture(
        bytes: [UInt8], fileName: String, thumbnailVariant: ThumbnailVariant = .whole
    ) throws(PictureImportError) -> ImportedPicture {
        let header = try Self.check(bytes: bytes, fileName: fileName)
        let decoded = try codec.decode(bytes, fileName: fileName, minimumLongSide: Self.maxStoredLongSide)
        // Shrunk before it is turned (the long side is the same either way, so is the
        // size): the turn then moves a stored picture's pixels, not the decoded ones.
        let stored = decoded.downscaled(toLongSide: Self.maxStoredLongSide).uprighted(exifOrientation: header.orientation)
        // Always what was decoded, encoded afresh: a file's trailing bytes (a ZIP
        // glued to a PNG, megabytes of padding, metadata) are never stored.
        // Photos (JPEG, WebP) are stored as JPEG, several times quicker to write than
        // PNG and a fraction of its size; anything with transparency or from a
        // lossless format (drawings, screenshots) stays PNG, exact.
        let losslessWebP = header.format == .webp && PictureHeader.isLosslessWebP(bytes)
        let isPhoto = header.format == .jpeg || (header.format == .webp && !losslessWebP)
        // A JPEG has no alpha to scan for: it decodes opaque.
        let format: StoredPictureFormat = header.format == .jpeg || (isPhoto && !stored.hasTransparency) ? .jpeg : .png
        // The thumbnail (so no library grid need ever decode this picture for its card)
        // is made on another core while this one encodes the stored picture: its few
        // milliseconds of shrinking are then not added to the import a user waits for.
        let thumbnail = ThumbnailJob(stored, variant: thumbnailVariant, codec: codec)
        let encoded = try codec.encode(stored, as: format)
        return ImportedPicture(bytes: encoded, format: format, width: stored.width, height: stored.height, thumbnail: thumbnail.wait())
    }
}

/// One thumbnail being made on a global queue; `wait` gives it (nil when it could not
/// be made). Dispatch's group orders the write before the read, which the sanitizers
/// follow, so the box needs no lock.
private final class ThumbnailJob: @unchecked Sendable {
    // @unchecked: `result` is written once on the queue before `group` leaves, and read
    // only after `wait` has seen it leave.
    private var result: EncodedThumbnail?
    private let group = DispatchGroup()

    init(_ picture: PictureBitmap, variant: ThumbnailVariant, codec: any PictureCodec) {
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            result = try? Thumbnail.encoded(Thumbnail.pixels(of: picture, variant: variant), variant: variant, codec: codec)
            group.leave()
        }
    }

    func wait() -> EncodedThumbnail? {
        group.wait()
        return result
    }
}
