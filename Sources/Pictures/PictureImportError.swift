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

    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            return "cannot read '\(file)': \(reason). Check the path and its permissions."
        case .isFolder(let file):
            return "'\(file)' is a folder, not a picture. Choose a picture file inside it."
        case .empty(let file):
            return "'\(file)' is empty (0 bytes). Choose a picture that opens in an image viewer."
        case .tooLarge(let file, let bytes):
            let megabytes = (Double(bytes) / 1_048_576 * 10).rounded() / 10
            return "'\(file)' is \(megabytes) MB; pictures can be at most 64 MB. Export a smaller copy and use that."
        case .notAPicture(let file):
            return "'\(file)' is not a picture StressPunch can open. Choose a PNG, JPEG, GIF, BMP or WebP file."
        case .truncated(let file, let format):
            return "'\(file)' is an incomplete \(format) file (it ends too early). Copy or download it again."
        case .tooManyPixels(let file, let width, let height):
            return "'\(file)' claims to be \(width)x\(height) pixels, more than the 100 megapixels StressPunch accepts. Use a smaller picture."
        case .tooManyPixelsForFormat(let file, let width, let height, let format, let megapixels):
            return "'\(file)' is \(width)x\(height) pixels; \(format) pictures can be at most \(megapixels) megapixels "
                + "(JPEG photos up to 100). Export a smaller copy or a JPEG."
        case .claimsMoreThanItHolds(let file, let width, let height):
            return "'\(file)' claims to be \(width)x\(height) pixels but holds far too little data for that: it is damaged "
                + "or made to exhaust memory. Choose another picture."
        case .damaged(let file, let reason):
            return "'\(file)' could not be decoded (\(reason)). It may be damaged; try another copy."
        case .encodingFailed(let reason):
            return "the picture could not be converted for storage (\(reason)). Try another picture."
        }
    }
}
