import Foundation
import Locking
import Pictures
import Raster
import TargetStore

/// Decoded pictures and thumbnails for targets, loaded off the frame path and held
/// under a byte budget each, least recently used out first.
///
/// `entry(for:)` and `thumbnail(for:)` never block a frame: they return what is ready
/// and start a background decode for what is not. Headless runs load synchronously
/// instead, so the same script always renders the same frames. The screens ask for
/// what they show every frame, which marks it used: `beginFrame` starts a frame, and
/// nothing used in this frame or the one before is put out (see `ByteBudgetCache`).
///
/// A stored picture's thumbnail is read from its file in the library's thumbnails
/// folder (made at import); when that is missing or bad, it is made from the picture
/// and written back, so it is made once, not every launch.
public final class PictureCache: @unchecked Sendable {
    // @unchecked: all mutable state is in `state`, behind its lock.
    public enum Entry {
        case ready(RasterImage)
        case failed(String)
    }

    /// Decoded pictures. A stored picture is at most 2048 px long (16 MB decoded); the
    /// main screen shows one and the form another, so four of the largest (the one on
    /// screen, the one before it for a quick switch back, the form's two) fit, and
    /// most pictures are smaller than that.
    public static let pictureBudget = 64 * 1024 * 1024
    /// Thumbnails, at most 256x256 (256 KB decoded). The densest screen (More targets
    /// at 4K) shows about 60 cards, so this holds two to three screens of them: a
    /// scroll back finds them ready, and browsing 10,000 targets stays at ~40 MB
    /// instead of ~2.5 GB.
    public static let thumbnailBudget = 40 * 1024 * 1024
    /// Why a picture or thumbnail could not be had, in words: small, but bounded too.
    static let failureBudget = 1024 * 1024

    /// How many decodes the cache ran, by kind (for tests and the bench: a counter,
    /// not a timer, shows a grid did not decode all its pictures).
    public struct Counts: Sendable, Equatable {
        /// Thumbnails read from their kept files.
        public var thumbnailsRead = 0
        /// Thumbnails made from the picture (no kept file, a bad one, or not a stored picture).
        public var thumbnailsMade = 0
        /// Whole pictures decoded for the main screen or the form.
        public var picturesDecoded = 0
    }

    private struct State {
        var entries = ByteBudgetCache<URL, Entry>(budget: PictureCache.pictureBudget)
        var inFlight: Set<URL> = []
        var thumbnails = ByteBudgetCache<URL, RasterImage>(budget: PictureCache.thumbnailBudget)
        /// Thumbnails being made, with the frame that last asked for each: one no
        /// screen asked for since it was queued (scrolled past) is skipped, so a fast
        /// scroll over thousands does not queue thousands of decodes ahead of what shows.
        var thumbnailsInFlight: [URL: UInt64] = [:]
        var thumbnailFailures = ByteBudgetCache<URL, String>(budget: PictureCache.failureBudget)
        /// What each file was when a decode of it last started: a file chosen again
        /// unchanged (the picker's card, then the form) is not decoded a second time.
        var looked: [URL: FileIdentity] = [:]
        var counts = Counts()
        var frame: UInt64 = 0
    }

    private let importer: PictureImporter
    private let codec: any PictureCodec
    private let synchronous: Bool
    private let queue = DispatchQueue(label: "stresspunch.pictures", qos: .userInitiated)
    private let state = Locked(State())

    /// Thumbnails are made once, area-averaged from the picture: drawing a 1024 px
    /// picture into a 100 px card every frame would shimmer and cost far more.
    public static let thumbnailSize = Thumbnail.longSide

    /// Stored pictures are at most this long, so a full decode stays bounded.
    static let pictureLongSide = PictureImporter.maxStoredLongSide

    public init(codec: any PictureCodec, synchronous: Bool) {
        importer = PictureImporter(codec: codec)
        self.codec = codec
        self.synchronous = synchronous
    }

    /// Starts a frame: what the last two frames asked for stays.
    public func beginFrame() {
        state.withLock { state in
            state.frame &+= 1
            state.entries.beginFrame()
            state.thumbnails.beginFrame()
        }
    }

    /// What the cache has decoded so far.
    public var counts: Counts { state.withLock { $0.counts } }

    /// Bytes of decoded pictures and thumbnails held now.
    public var heldBytes: (pictures: Int, thumbnails: Int) {
        state.withLock { ($0.entries.bytes, $0.thumbnails.bytes) }
    }

    /// The picture at `url` if decoded, else nil (and a decode starts).
    public func entry(for url: URL) -> Entry? {
        let start = state.withLock { state -> (entry: Entry?, start: Bool) in
            if let entry = state.entries.value(for: url) { return (entry, false) }
            return (nil, state.inFlight.insert(url).inserted)
        }
        if let entry = start.entry { return entry }
        guard start.start else { return nil }
        noteLooked(url)
        if synchronous {
            store(Self.decode(url, importer: importer), for: url)
            return state.withLock { $0.entries.value(for: url) }
        }
        let importer = self.importer
        queue.async { [weak self] in
            let decoded = Self.decode(url, importer: importer)
            self?.store(decoded, for: url)
        }
        return nil
    }

    /// The thumbnail of the picture at `url` if made, else nil (and it is started).
    /// `keptAt` is where a stored picture's thumbnail file is (nil for a file that is
    /// not in the library: a built-in, or one in the picture picker), worked out only
    /// when the thumbnail is to be made. Held by the picture's URL and the variant: a
    /// stored picture's file is its target's alone, and another crop is another variant.
    public func thumbnail(for url: URL, keptAt keptURL: @autoclosure () -> URL? = nil, variant: ThumbnailVariant = .whole) -> RasterImage? {
        // A part of the picture (a crop) is held apart from the whole one.
        let key = variant.key == ThumbnailVariant.whole.key ? url : url.appendingPathExtension("variant-" + variant.key)
        let start = state.withLock { state -> (thumbnail: RasterImage?, start: Bool) in
            if let thumbnail = state.thumbnails.value(for: key) { return (thumbnail, false) }
            if state.thumbnailFailures.contains(key) { return (nil, false) }
            if state.thumbnailsInFlight[key] != nil {
                state.thumbnailsInFlight[key] = state.frame
                return (nil, false)
            }
            state.thumbnailsInFlight[key] = state.frame
            return (nil, true)
        }
        if let thumbnail = start.thumbnail { return thumbnail }
        guard start.start else { return nil }
        let kept = keptURL()
        if synchronous {
            noteLooked(url)
            makeThumbnail(key: key, picture: url, kept: kept, variant: variant, onlyIfStillShown: false)
            return state.withLock { $0.thumbnails.value(for: key) }
        }
        queue.async { [weak self] in
            // The file's identity as the decode starts, read here: a stat on the frame
            // path for every row scrolled into view was a tenth of Manage's frame.
            self?.noteLooked(url)
            self?.makeThumbnail(key: key, picture: url, kept: kept, variant: variant, onlyIfStillShown: true)
        }
        return nil
    }

    /// Whether any picture is still being decoded (the UI shows a spinner).
    public var isLoading: Bool {
        state.withLock { !$0.inFlight.isEmpty || !$0.thumbnailsInFlight.isEmpty }
    }

    /// What a picture's thumbnail is now: being made, made, or refused and why.
    public enum ThumbnailState {
        case loading
        case ready(RasterImage)
        case refused(String)
    }

    /// The thumbnail of `url`, or why it cannot be had (the import's own reason, naming
    /// the file by its name only). Starts making it when it is not there yet.
    public func thumbnailState(for url: URL) -> ThumbnailState {
        if let thumbnail = thumbnail(for: url) { return .ready(thumbnail) }
        return state.withLock { state in
            if let reason = state.thumbnailFailures.value(for: url) { return .refused(reason) }
            if let thumbnail = state.thumbnails.value(for: url) { return .ready(thumbnail) }
            return .loading
        }
    }

    /// Forgets a picture (after the user replaced it).
    public func forget(_ url: URL) {
        state.withLock { state in
            state.entries.remove(url)
            state.thumbnails.remove(url)
            state.thumbnailFailures.remove(url)
            state.looked[url] = nil
        }
    }

    /// Forgets a picture only when its file changed since a decode of it last started:
    /// a file replaced on disk is looked at again, while one just shown (or refused)
    /// is not decoded twice (a refused scan bomb cost its seconds twice).
    public func forgetIfChanged(_ url: URL) {
        let now = FileIdentity(url)
        let unchanged = state.withLock { state in now != nil && state.looked[url] == now }
        if !unchanged { forget(url) }
    }

    /// Files looked at are remembered up to here (a picker's folders, the library):
    /// past it the memory starts over, which at worst decodes a file again.
    static let lookedLimit = 4096

    private func noteLooked(_ url: URL) {
        let identity = FileIdentity(url)
        state.withLock { state in
            if state.looked.count >= Self.lookedLimit { state.looked.removeAll(keepingCapacity: true) }
            state.looked[url] = identity
        }
    }

    /// Makes one thumbnail (on the queue, or inline when synchronous): from its kept
    /// file when that is sound, else from the picture, writing the file again.
    private func makeThumbnail(key: URL, picture url: URL, kept: URL?, variant: ThumbnailVariant, onlyIfStillShown: Bool) {
        if onlyIfStillShown {
            let wanted = state.withLock { state -> Bool in
                // Asked for in the last few frames: still on screen, or just scrolled to.
                guard let asked = state.thumbnailsInFlight[key], asked &+ 3 >= state.frame else {
                    state.thumbnailsInFlight[key] = nil
                    return false
                }
                return true
            }
            guard wanted else { return }
        }
        var read = false
        var made: Result<PictureBitmap, PictureImportError>
        if let kept, let bitmap = readKept(kept) {
            made = .success(bitmap)
            read = true
        } else {
            made = Self.thumbnailPixels(url, variant: variant, importer: importer)
            if let kept, case .success(let bitmap) = made,
               let encoded = try? Thumbnail.encoded(bitmap, variant: variant, codec: codec) {
                // A read-only library or a full disk only means it is made again next launch.
                try? ThumbnailFiles.write(encoded.bytes, to: kept)
            }
        }
        let image: Result<RasterImage, PictureImportError> = made.map { RasterImage(width: $0.width, height: $0.height, rgba: $0.pixels) }
        state.withLock { state in
            switch image {
            case .success(let thumbnail): state.thumbnails.insert(thumbnail, cost: Self.cost(of: thumbnail), for: key)
            case .failure(let error): state.thumbnailFailures.insert(error.description, cost: 64 + error.description.utf8.count, for: key)
            }
            if read { state.counts.thumbnailsRead += 1 } else { state.counts.thumbnailsMade += 1 }
            state.thumbnailsInFlight[key] = nil
        }
    }

    /// A kept thumbnail file, or nil when it is missing, over the size a thumbnail file
    /// can be, or not a picture the import rules accept (then it is made again and the
    /// file replaced).
    private func readKept(_ url: URL) -> PictureBitmap? {
        var info = stat()
        guard stat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              info.st_size > 0, Int(info.st_size) <= Thumbnail.maxFileBytes,
              let bitmap = try? importer.preview(at: url, longSide: Thumbnail.longSide, name: url.lastPathComponent)
        else { return nil }
        return bitmap
    }

    private static func thumbnailPixels(
        _ url: URL, variant: ThumbnailVariant, importer: PictureImporter
    ) -> Result<PictureBitmap, PictureImportError> {
        do throws(PictureImportError) {
            // The whole picture decodes straight to thumbnail size (JPEG's DCT scaling);
            // a part of it needs the stored picture first.
            let whole = variant.key == ThumbnailVariant.whole.key
            let decoded = try importer.preview(at: url, longSide: whole ? Thumbnail.longSide : pictureLongSide, name: url.lastPathComponent)
            return .success(whole ? decoded : Thumbnail.pixels(of: decoded, variant: variant))
        } catch {
            return .failure(error)
        }
    }

    private func store(_ entry: Entry, for url: URL) {
        state.withLock { state in
            let cost: Int
            switch entry {
            case .ready(let image): cost = Self.cost(of: image)
            case .failed(let reason): cost = 64 + reason.utf8.count
            }
            state.entries.insert(entry, cost: cost, for: url)
            state.inFlight.remove(url)
            state.counts.picturesDecoded += 1
        }
    }

    static func cost(of image: RasterImage) -> Int { image.width * image.height * 4 }

    /// A picture for the punch screen, through the import's checks like every display
    /// of a file: a stored picture that was damaged or swapped is refused, not decoded.
    private static func decode(_ url: URL, importer: PictureImporter) -> Entry {
        do throws(PictureImportError) {
            let bitmap = try importer.preview(at: url, longSide: pictureLongSide, name: url.lastPathComponent)
            return .ready(RasterImage(width: bitmap.width, height: bitmap.height, rgba: bitmap.pixels))
        } catch {
            return .failed(error.description)
        }
    }
}

/// A file as stat sees it: which file, how long, when last written.
struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int

    /// Nil when the file cannot be looked at.
    init?(_ url: URL) {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedSeconds = info.st_mtim.tv_sec
        modifiedNanoseconds = info.st_mtim.tv_nsec
    }
}
