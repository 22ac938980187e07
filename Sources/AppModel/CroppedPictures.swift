import Foundation
import Locking
import Pictures
import Raster
import StressCore

/// Targets' pictures as they show: the part a target's crop keeps. Kept apart from
/// `PictureCache`, which decodes whole pictures: the punch screen's picture is a copy
/// of some rows of the decoded one, made once when the crop or the picture changes,
/// never per frame; a card's thumbnail is cut from the whole thumbnail at once, and
/// then, off the frame path, made again from the stored picture decoded just large
/// enough that the cut has a thumbnail's pixels (a tight crop of a 256 px thumbnail
/// would be a blurry 100 px one on a 4K card).
///
/// Everything drawn from the cut picture (the sticker, the marks, hit testing) works
/// in its own coordinates, so marks are in cropped-picture coordinates: the picture
/// as shown.
public final class CroppedPictures: @unchecked Sendable {
    // @unchecked: `main`, `cuts` and `uses` are used on the main thread only; what
    // the background makes comes back through `sharp`, a Locked.
    private struct Cut {
        /// What it was cut from; gone when the cache let that go (then cut again).
        weak var source: RasterImage?
        var crop: PictureCrop
        var image: RasterImage
        var lastUsed: Int
    }

    /// A thumbnail cut from a picture decoded for it (nil: it could not be made).
    private struct Sharp {
        var url: URL
        var crop: PictureCrop
        var image: RasterImage?
    }

    private var main: Cut?
    private var cuts: [Int64: Cut] = [:]
    private var uses = 0
    private let sharp = Locked<(made: [Int64: Sharp], inFlight: Set<Int64>)>(([:], []))
    private let importer: PictureImporter?
    private let synchronous: Bool
    private let queue = DispatchQueue(label: "stresspunch.cropped-thumbnails", qos: .utility)
    /// Thumbnails kept at most (each way); the least recently shown go first.
    static let thumbnailLimit = 96
    /// A thumbnail's long side, as `PictureCache` makes them.
    static let thumbnailSize = PictureCache.thumbnailSize

    /// `importer` decodes stored pictures for sharp thumbnails (none: cut thumbnails
    /// only); `synchronous` makes them at once, for headless runs.
    public init(importer: PictureImporter? = nil, synchronous: Bool = false) {
        self.importer = importer
        self.synchronous = synchronous
    }

    /// Whether a sharp thumbnail is still being made (the screen should come back for it).
    public var isMaking: Bool { sharp.withLock { !$0.inFlight.isEmpty } }

    /// The punch screen's picture of a target: `picture` cut to `crop` (the same
    /// object while neither changes, so what is made from it is kept too).
    public func picture(_ picture: RasterImage, crop: PictureCrop) -> RasterImage {
        guard !crop.isFull else { return picture }
        if let main, main.source === picture, main.crop == crop { return main.image }
        let image = Self.cropped(picture, to: crop)
        main = Cut(source: picture, crop: crop, image: image, lastUsed: 0)
        return image
    }

    /// A target's thumbnail cut to its crop: made from the stored picture at `url`
    /// once that is done, cut from `thumbnail` (the whole picture's) meanwhile.
    public func thumbnail(_ thumbnail: RasterImage, crop: PictureCrop, of id: Int64, url: URL? = nil) -> RasterImage {
        guard !crop.isFull else { return thumbnail }
        uses += 1
        if let url, let made = sharpThumbnail(of: id, url: url, crop: crop, aspectOf: thumbnail) { return made }
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

    /// The sharp thumbnail if made; else nil, and it is started (once per picture and crop).
    private func sharpThumbnail(of id: Int64, url: URL, crop: PictureCrop, aspectOf whole: RasterImage) -> RasterImage? {
        guard let importer else { return nil }
        let state = sharp.withLock { state -> (made: Sharp?, start: Bool) in
            if let made = state.made[id], made.url == url, made.crop == crop { return (made, false) }
            guard !state.inFlight.contains(id) else { return (nil, false) }
            state.inFlight.insert(id)
            return (nil, true)
        }
        if let made = state.made { return made.image }
        guard state.start else { return nil }
        // The decode's long side that gives the cut a thumbnail's long side.
        let across = Float(whole.width) / Float(max(whole.width, whole.height))
        let down = Float(whole.height) / Float(max(whole.width, whole.height))
        let share = max(crop.width * across, crop.height * down)
        let longSide = min(PictureImporter.maxStoredLongSide, Int((Float(Self.thumbnailSize) / max(0.01, share)).rounded(.up)))
        let make: @Sendable () -> Void = { [weak self] in
            let image = try? importer.preview(at: url, longSide: longSide, name: url.lastPathComponent)
            let cut = image.map { Self.cropped(RasterImage(width: $0.width, height: $0.height, rgba: $0.pixels), to: crop) }
            self?.sharp.withLock { state in
                state.inFlight.remove(id)
                state.made[id] = Sharp(url: url, crop: crop, image: cut)
                if state.made.count > Self.thumbnailLimit, let any = state.made.keys.first(where: { $0 != id }) { state.made[any] = nil }
            }
        }
        if synchronous {
            make()
            return sharp.withLock { $0.made[id]?.image }
        }
        queue.async(execute: make)
        return nil
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
