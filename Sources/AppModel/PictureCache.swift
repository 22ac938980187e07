import Foundation
import Pictures
import Raster
import TargetStore

/// Decoded pictures for targets, loaded off the frame path.
///
/// `image(for:)` never blocks a frame: it returns what is ready and starts a
/// background decode for what is not. Headless runs load synchronously instead, so
/// the same script always renders the same frames.
public final class PictureCache: @unchecked Sendable {
    // @unchecked: `entries` and `inFlight` are guarded by `lock`.
    public enum Entry {
        case ready(RasterImage)
        case failed(String)
    }

    private let importer: PictureImporter
    private let synchronous: Bool
    private let queue = DispatchQueue(label: "stresspunch.pictures", qos: .userInitiated)
    private let lock = NSLock()
    private var entries: [URL: Entry] = [:]
    private var inFlight: Set<URL> = []
    private var thumbnails: [URL: RasterImage] = [:]
    private var thumbnailsInFlight: Set<URL> = []
    /// Why a thumbnail could not be made, in words for the form.
    private var thumbnailFailures: [URL: String] = [:]
    /// Thumbnails are made once, area-averaged from the picture: drawing a 1024 px
    /// picture into a 100 px card every frame would shimmer and cost far more.
    public static let thumbnailSize = 256

    /// Stored pictures are at most this long, so a full decode stays bounded.
    static let pictureLongSide = PictureImporter.maxStoredLongSide

    public init(codec: any PictureCodec, synchronous: Bool) {
        importer = PictureImporter(codec: codec)
        self.synchronous = synchronous
    }

    /// The picture at `url` if decoded, else nil (and a decode starts).
    public func entry(for url: URL) -> Entry? {
        lock.lock()
        if let entry = entries[url] {
            lock.unlock()
            return entry
        }
        let alreadyLoading = inFlight.contains(url)
        if !alreadyLoading { inFlight.insert(url) }
        lock.unlock()
        if alreadyLoading { return nil }
        if synchronous {
            store(Self.decode(url, importer: importer), for: url)
            return entry(for: url)
        }
        let importer = self.importer
        queue.async { [weak self] in
            let decoded = Self.decode(url, importer: importer)
            self?.store(decoded, for: url)
        }
        return nil
    }

    /// The thumbnail of the picture at `url` if made, else nil (and it is started).
    public func thumbnail(for url: URL) -> RasterImage? {
        lock.lock()
        if let thumbnail = thumbnails[url] {
            lock.unlock()
            return thumbnail
        }
        let alreadyLoading = thumbnailsInFlight.contains(url) || thumbnailFailures[url] != nil
        if !alreadyLoading { thumbnailsInFlight.insert(url) }
        lock.unlock()
        if alreadyLoading { return nil }
        let importer = self.importer
        let make: @Sendable () -> Void = { [weak self] in
            let made = Self.makeThumbnail(url, importer: importer)
            guard let self else { return }
            self.lock.lock()
            switch made {
            case .success(let thumbnail): self.thumbnails[url] = thumbnail
            case .failure(let error): self.thumbnailFailures[url] = error.description
            }
            self.thumbnailsInFlight.remove(url)
            self.lock.unlock()
        }
        if synchronous {
            make()
            lock.lock(); defer { lock.unlock() }
            return thumbnails[url]
        }
        queue.async(execute: make)
        return nil
    }

    /// Whether any picture is still being decoded (the UI shows a spinner).
    public var isLoading: Bool {
        lock.lock(); defer { lock.unlock() }
        return !inFlight.isEmpty || !thumbnailsInFlight.isEmpty
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
        lock.lock(); defer { lock.unlock() }
        if let reason = thumbnailFailures[url] { return .refused(reason) }
        if let thumbnail = thumbnails[url] { return .ready(thumbnail) }
        return .loading
    }

    private static func makeThumbnail(_ url: URL, importer: PictureImporter) -> Result<RasterImage, PictureImportError> {
        do throws(PictureImportError) {
            let small = try importer.preview(at: url, longSide: thumbnailSize, name: url.lastPathComponent)
            return .success(RasterImage(width: small.width, height: small.height, rgba: small.pixels))
        } catch {
            return .failure(error)
        }
    }

    /// Forgets a picture (after the user replaced it).
    public func forget(_ url: URL) {
        lock.lock(); defer { lock.unlock() }
        entries[url] = nil
        thumbnails[url] = nil
        thumbnailFailures[url] = nil
    }

    private func store(_ entry: Entry, for url: URL) {
        lock.lock(); defer { lock.unlock() }
        entries[url] = entry
        inFlight.remove(url)
    }

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
