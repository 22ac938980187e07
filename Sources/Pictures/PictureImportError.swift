import Foundation
import Localization

/// Why a picture was refused. Each message names the file and says what to do.
public enum PictureImportError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(file: String, reason: String)
    case isFolder(file: String)
    case empty(file: String)
    case tooLarge(file: String, bytes: Int)
    case notAPicture(file: String)
    case truncated(file: String, format: String)
    case tooManyPixels(file: String, width: Int, height: Int)
    /// Over what a format decoded whole may have (all but JPEG).
    case tooManyPixelsForFormat(file: String, width: Int, height: Int, format: String, megapixels: Int)
    /// Claims more pixels than its data could possibly hold.
    case claimsMoreThanItHolds(file: String, width: Int, height: Int)
    case damaged(file: String, reason: String)
    case encodingFailed(reason: String)

    // In each message %s in quotes is the file's path or name, as the user gave it.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            // TRANSLATORS: the first %s is a picture file's path, the second why it cannot be read (the system's words).
            return tr("cannot read '%s': %s. Check the path and its permissions.", file, reason)
        case .isFolder(let file):
            // TRANSLATORS: %s is the path the user chose as a picture.
            return tr("'%s' is a folder, not a picture. Choose a picture file inside it.", file)
        case .empty(let file):
            // TRANSLATORS: %s is a picture file's path.
            return tr("'%s' is empty (0 bytes). Choose a picture that opens in an image viewer.", file)
        case .tooLarge(let file, let bytes):
            let megabytes = (Double(bytes) / 1_048_576 * 10).rounded() / 10
            // TRANSLATORS: the first %s is a picture file's path, the second its size in megabytes (like 70.5).
            return tr("'%s' is %s MB; pictures can be at most 64 MB. Export a smaller copy and use that.", file, Self.decimal(megabytes))
        case .notAPicture(let file):
            // TRANSLATORS: %s is a file's path; the format names are kept as they are.
            return tr("'%s' is not a picture StressPunch can open. Choose a PNG, JPEG, GIF, BMP or WebP file.", file)
        case .truncated(let file, let format):
            // TRANSLATORS: the first %s is a picture file's path, the second its format (PNG, JPEG...).
            return tr("'%s' is an incomplete %s file (it ends too early). Copy or download it again.", file, format)
        case .tooManyPixels(let file, let width, let height):
            // TRANSLATORS: the first %s is a picture file's path, then its width and height in pixels (%sx%s: 12000x9000).
            return tr("'%s' claims to be %sx%s pixels, more than the 100 megapixels StressPunch accepts. Use a smaller picture.",
                      file, width, height)
        case .tooManyPixelsForFormat(let file, let width, let height, let format, let megapixels):
            // TRANSLATORS: the first %s is a picture file's path, then its width and height in pixels, then its format (PNG); %d is the most megapixels it may have.
            return tr("'%s' is %sx%s pixels; %s pictures can be at most %d megapixels (JPEG photos up to 100). Export a smaller copy or a JPEG.",
                      file, width, height, format, megapixels)
        case .claimsMoreThanItHolds(let file, let width, let height):
            // TRANSLATORS: the first %s is a picture file's path, then its width and height in pixels.
            return tr("'%s' claims to be %sx%s pixels but holds far too little data for that: it is damaged or made to exhaust memory. Choose another picture.",
                      file, width, height)
        case .damaged(let file, let reason):
            // TRANSLATORS: the first %s is a picture file's path, the second why it could not be decoded.
            return tr("'%s' could not be decoded (%s). It may be damaged; try another copy.", file, reason)
        case .encodingFailed(let reason):
            // TRANSLATORS: %s says why (often the library's own words, in English).
            return tr("the picture could not be converted for storage (%s). Try another picture.", reason)
        }
    }

    /// `value` (one decimal) with the user's decimal separator, never grouped: "70.5", "70,5".
    private static func decimal(_ value: Double) -> String {
        String(format: "%.1f", value).replacingOccurrences(of: ".", with: Localization.locale.decimalSeparator ?? ".")
    }
}
