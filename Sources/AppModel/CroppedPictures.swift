import Raster
import StressCore

/// Targets' pictures as they show: the part a target's crop keeps. Kept apart from
/// `PictureCache`, which decodes whole pictures: the punch screen's picture is a copy
/// of some rows of the decoded one, made once when the crop or the picture changes,
/// never per frame; a card's thumbnail, until the crop's own (made by `PictureCache`
/// from the stored picture, kept on disk) is ready, is cut from the whole thumbnail.
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
    private var cuts: [Int64: Cut] = [:]
    private var uses = 0
    /// Thumbnails kept at most; the least recently shown go first.
    static let thumbnailLimit = 96

    /// Used on the main thread only.
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

    /// A target's thumbnail cut from `thumbnail` (the whole picture's) to its crop.
    public func thumbnail(_ thumbnail: RasterImage, crop: PictureCrop, of id: Int64) -> RasterImage {
        guard !crop.isFull else { return thumbnail }
        uses += 1
        if var cut = cuts[id], cut.source === thumbnail, cut.crop == crop {
            cut.lastUsed = uses
            cuts[id] = cut
            return cut.image
        }
        let image = Self.cropped(thumbnail, to: crop)
        cuts[id] = Cut(source: thumbnail, crop: crop, image: image, lastUsed: uses)
        if cuts.count > Self.thumbnailLimit { dropLeastRecent() }
        return image
    }

    private func dropLeastRecent() {
        let keep = Self.thumbnailLimit * 3 / 4
        let oldest = cuts.sorted { $0.value.lastUsed < $1.value.lastUsed }.prefix(cuts.count - keep)
        for (id, _) in oldest { cuts[id] = nil }
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
