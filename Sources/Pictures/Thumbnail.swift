/// What a thumbnail shows of its picture: the whole of it, or (once targets have crops)
/// a part. `key` names the variant in the thumbnail's file name, so a thumbnail made
/// for one crop is never shown for another; `apply` runs on the stored picture before
/// the downscale. A crop becomes one initializer here:
///
///     init(crop: PictureCrop) { self.init(key: crop.fileKey) { $0.cropped(to: crop) } }
public struct ThumbnailVariant: Sendable {
    /// Letters, digits and '-' only (it goes into a file name); "whole" for the whole picture.
    public let key: String
    public let apply: @Sendable (PictureBitmap) -> PictureBitmap

    public init(key: String, apply: @escaping @Sendable (PictureBitmap) -> PictureBitmap) {
        let plain = key.unicodeScalars.filter { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" }
        self.key = plain.isEmpty ? "whole" : String(String.UnicodeScalarView(plain.prefix(64)))
        self.apply = apply
    }

    public static let whole = ThumbnailVariant(key: "whole") { $0 }
}

/// Thumbnails: the small copy of a stored picture the library's grids and lists show,
/// made once (at import, or again when its file is missing or bad) and kept on disk, so
/// a grid of 10,000 targets decodes a few small files instead of 10,000 pictures.
public enum Thumbnail {
    /// The long side: a 96 px card at 2x (4K) with room to spare, and at 256x256x4 =
    /// 256 KB decoded, a few hundred fit in the in-memory budget.
    public static let longSide = 256
    /// A thumbnail file larger than this is not one of ours (a 256 px JPEG is ~15 KB,
    /// a PNG with alpha under 256 KB): it is refused unread and made again.
    public static let maxFileBytes = 512 * 1024

    /// The thumbnail's pixels from a stored (upright) picture.
    public static func pixels(of picture: PictureBitmap, variant: ThumbnailVariant = .whole) -> PictureBitmap {
        variant.apply(picture).downscaled(toLongSide: longSide)
    }

    /// A thumbnail encoded to keep: JPEG for opaque pictures (small, quick to write),
    /// PNG where there is transparency.
    public static func encoded(
        _ thumbnail: PictureBitmap, variant: ThumbnailVariant = .whole, codec: any PictureCodec
    ) throws(PictureImportError) -> EncodedThumbnail {
        let format: StoredPictureFormat = thumbnail.hasTransparency ? .png : .jpeg
        return EncodedThumbnail(bytes: try codec.encode(thumbnail, as: format), variantKey: variant.key)
    }
}

/// A thumbnail's file bytes and the variant they show.
public struct EncodedThumbnail: Sendable, Equatable {
    public var bytes: [UInt8]
    public var variantKey: String

    public init(bytes: [UInt8], variantKey: String) {
        self.bytes = bytes
        self.variantKey = variantKey
    }
}
