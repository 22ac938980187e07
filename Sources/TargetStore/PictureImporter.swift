import Foundation

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

    public init(bytes: [UInt8], format: StoredPictureFormat, width: Int, height: Int) {
        self.bytes = bytes
        self.format = format
        self.width = width
        self.height = height
    }
}

/// Decodes and encodes pictures. Platform supplies the real one (SDL2_image), so this
/// module and its tests need no SDL.
public protocol PictureCodec: Sendable {
    /// Decodes a whole file's bytes; throws `PictureImportError.damaged` when it cannot.
    func decode(_ bytes: [UInt8], fileName: String) throws(PictureImportError) -> PictureBitmap
    /// Encodes pixels for storage.
    func encode(_ bitmap: PictureBitmap, as format: StoredPictureFormat) throws(PictureImportError) -> [UInt8]
}

/// Turns a file the user chose into a picture fit to store: refuses what is not a
/// picture (or is empty, cut short, over 64 MB, or claims over 100 megapixels) before
/// decoding it, stands phone photos upright by their EXIF orientation, and downsizes
/// anything longer than 2048 px so no frame ever scales a huge photo.
public struct PictureImporter: Sendable {
    public static let maxFileBytes = 64 * 1024 * 1024
    public static let maxPixels = 100_000_000
    public static let maxStoredLongSide = 2048

    private let codec: any PictureCodec

    public init(codec: any PictureCodec) {
        self.codec = codec
    }

    /// Reads and imports the file at `url`.
    public func importPicture(at url: URL) throws(PictureImportError) -> ImportedPicture {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(file: path, reason: "no such file")
        }
        if isDirectory.boolValue { throw .isFolder(file: path) }
        // Check the size before reading, so a huge file is never pulled into memory.
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = (attributes?[.size] as? NSNumber)?.intValue, size > Self.maxFileBytes {
            throw .tooLarge(file: path, bytes: size)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(file: path, reason: "permission denied or not a regular file")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: Self.maxFileBytes + 1) ?? Data()
        } catch {
            throw .unreadable(file: path, reason: error.localizedDescription)
        }
        return try importPicture(bytes: [UInt8](data), fileName: path)
    }

    /// Imports a picture's bytes; `fileName` only names it in errors.
    public func importPicture(bytes: [UInt8], fileName: String) throws(PictureImportError) -> ImportedPicture {
        if bytes.isEmpty { throw .empty(file: fileName) }
        if bytes.count > Self.maxFileBytes { throw .tooLarge(file: fileName, bytes: bytes.count) }
        guard let header = PictureHeader.inspect(bytes) else { throw .notAPicture(file: fileName) }
        if header.width * header.height > Self.maxPixels {
            throw .tooManyPixels(file: fileName, width: header.width, height: header.height)
        }
        if !header.isComplete { throw .truncated(file: fileName, format: header.format.rawValue) }

        let decoded = try codec.decode(bytes, fileName: fileName)
        let upright = decoded.uprighted(exifOrientation: header.orientation)
        let stored = upright.downscaled(toLongSide: Self.maxStoredLongSide)
        let unchanged = stored.width == decoded.width && stored.height == decoded.height && header.orientation == 1

        // An upright PNG or JPEG that needs no downsizing is kept byte for byte: no
        // second round of JPEG loss, and the user gets back exactly what they chose.
        if unchanged && header.format == .png {
            return ImportedPicture(bytes: bytes, format: .png, width: stored.width, height: stored.height)
        }
        if unchanged && header.format == .jpeg {
            return ImportedPicture(bytes: bytes, format: .jpeg, width: stored.width, height: stored.height)
        }
        // Photos stay JPEG; anything with transparency or from a lossless format is PNG.
        let format: StoredPictureFormat = header.format == .jpeg && !stored.hasTransparency ? .jpeg : .png
        let encoded = try codec.encode(stored, as: format)
        return ImportedPicture(bytes: encoded, format: format, width: stored.width, height: stored.height)
    }
}
