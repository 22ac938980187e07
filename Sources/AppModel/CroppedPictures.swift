import Raster
import StressCore

/// Targets' pictures as they show: the part a target's crop keeps, cut from the
/// decoded picture (the punch screen) or its thumbnail (cards and rows). Kept apart
/// from `PictureCache`, which decodes whole pictures: a crop is only a copy of some
/// rows of one, made once when the crop or the picture changes, never per frame.
///
/// Everything drawn from the cut picture (the sticker, the marks, hit testing) works
/// in its own coordinates, so marks are in cropped-picture coordinates: the picture
/// as shown.
public final class CroppedPictures {
    private struct Cut {
        /// What it was cut from; gone when the cache let that go (then cut again).
        weak var source: RasterImage?
        var crop: PictureCrop
        var image: RasterImage
        var lastUsed: Int
    }

    private var main: Cut?
    private var thumbnails: [Int64: Cut] = [:]
    private var uses = 0
    /// Cut thumbnails kept at most; the least recently shown go first.
    static let thumbnailLimit = 96

    public init() {}

    /// The punch screen's picture of a target: `picture` cut to `crop` (the same
    /// object while neither changes, so what is made from it is kept too).
    public func picture(_ picture: RasterImage, crop: PictureCrop) -> RasterImage {
        guard !crop.isFull else { return picture }
        if let main, main.source === picture, main.crop == crop { return main.image }
        let image = Self.cropped(picture, to: crop)
        main = Cut(source: picture, crop: crop, image: image, lastUsed: 0)
        return image
    }

    /// A target's thumbnail cut to its crop.
    public func thumbnail(_ thumbnail: RasterImage, crop: PictureCrop, of id: Int64) -> RasterImage {
        guard !crop.isFull else { return thumbnail }
        uses += 1
        if var cut = thumbnails[id], cut.source === thumbnail, cut.crop == crop {
            cut.lastUsed = uses
            thumbnails[id] = cut
            return cut.image
        }
        let image = Self.cropped(thumbnail, to: crop)
        thumbnails[id] = Cut(source: thumbnail, crop: crop, image: image, lastUsed: uses)
        if thumbnails.count > Self.thumbnailLimit { dropLeastRecent() }
        return image
    }

    private func dropLeastRecent() {
        let keep = Self.thumbnailLimit * 3 / 4
        let oldest = thumbnails.sorted { $0.value.lastUsed < $1.value.lastUsed }.prefix(thumbnails.count - keep)
        for (id, _) in oldest { thumbnails[id] = nil }
    }

    /// The part of `image` that `crop` keeps, as a picture of its own (the image
    /// itself when the crop is the whole).
    public static func cropped(_ image: RasterImage, to crop: PictureCrop) -> RasterImage {
        guard !crop.isFull else { return image }
        let cut = crop.pixels(pictureWidth: image.width, pictureHeight: image.height)
        let result = RasterImage(width: cut.width, height: cut.height)
        for row in 0..<cut.height {
            (result.pixels + row * cut.width).update(from: image.pixels + (cut.y + row) * image.width + cut.x, count: cut.width)
        }
        result.updateOpacity()
        return result
    }
}
