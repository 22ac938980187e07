import AppModel
import Foundation
import LibraryUI
import Pictures
import PunchScene
import Raster
import StressCore
import TargetStore

/// The targets' pictures: the file behind each, decoded once (`cache`), cut to its
/// crop, and its thumbnails. The punch stage reads the selected target's through
/// `TargetPictureLookup`; the library screens read the thumbnails.
final class TargetPictures: TargetPictureLookup {
    let cache: PictureCache
    /// Pictures are decoded (and folders listed) at once, not in the background
    /// (headless runs and tests).
    let synchronous: Bool
    /// The picker's folder tile, drawn once when first shown.
    lazy var folderIcon = drawnFolderIcon()
    let store: TargetStore
    let builtinPictureURL: (String) -> URL?
    /// Targets' pictures cut to their crops (the punch screen's and the thumbnails).
    let cropped = CroppedPictures()
    /// Each crop's thumbnail variant, made once: cards ask for theirs every frame, and a
    /// variant's key is a string built from the crop.
    private var cropVariants: [PictureCrop: ThumbnailVariant] = [:]
    /// Each target's picture file and kept thumbnail, by target, for the picture it
    /// has: a list asks for every visible row's each frame, and building a URL is
    /// slow next to a lookup.
    private var pictureFiles: [Int64: (picture: TargetPicture, url: URL?, kept: URL?)] = [:]

    init(cache: PictureCache, synchronous: Bool, store: TargetStore, builtinPictureURL: @escaping (String) -> URL?) {
        self.cache = cache
        self.synchronous = synchronous
        self.store = store
        self.builtinPictureURL = builtinPictureURL
    }

    /// The file behind a target's picture.
    func url(for target: StressTarget) -> URL? {
        switch target.picture {
        case .builtin(let assetName): return builtinPictureURL(assetName)
        case .stored: return store.pictureURL(for: target)
        }
    }

    /// A target's picture as the punch screen shows it (cut to its crop, once, not per
    /// frame), once decoded.
    func shownPicture(of target: StressTarget) -> MainSceneFrame.PictureState {
        guard let url = url(for: target) else { return .failed }
        switch cache.entry(for: url) {
        case .ready(let image)?: return .ready(cropped.picture(image, crop: target.shownCrop))
        case .failed?: return .failed
        case nil: return .loading
        }
    }

    /// The thumbnail for a target's picture as it shows (cut to its crop), made off
    /// the frame path and kept in the library's thumbnails folder: the whole picture's,
    /// and a cropped target's own, made once from the stored picture. Until that one is
    /// ready the whole one's cut stands in (the cache's loading keeps frames coming).
    func thumbnail(for target: StressTarget) -> RasterImage? {
        let files: (picture: TargetPicture, url: URL?, kept: URL?)
        if let known = pictureFiles[target.id], known.picture == target.picture {
            files = known
        } else {
            files = (target.picture, url(for: target), store.thumbnailURL(for: target))
            if pictureFiles.count >= 4096 { pictureFiles.removeAll(keepingCapacity: true) }
            pictureFiles[target.id] = files
        }
        guard let url = files.url, let whole = cache.thumbnail(for: url, keptAt: files.kept) else { return nil }
        let crop = target.shownCrop
        guard !crop.isFull else { return whole }
        let variant: ThumbnailVariant
        if let known = cropVariants[crop] {
            variant = known
        } else {
            variant = ThumbnailVariant(crop: crop)
            if cropVariants.count >= 512 { cropVariants.removeAll(keepingCapacity: true) }
            cropVariants[crop] = variant
        }
        if let own = cache.thumbnail(for: url, keptAt: store.thumbnailURL(for: target, variant: variant.key), variant: variant) {
            return own
        }
        return cropped.thumbnail(whole, crop: crop, of: target.id)
    }
}
