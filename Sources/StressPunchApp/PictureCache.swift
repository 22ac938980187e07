// StressPunchApp owns the screens and the interaction controller: what a punch does,
// how the main screen is laid out and drawn, and which requests go back to the
// platform (sounds, rumble, fullscreen, quit). It sees no SDL: input arrives as
// `InputEvent` values, pixels leave through Raster's Canvas.

import Foundation
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

    private let codec: any PictureCodec
    private let synchronous: Bool
    private let queue = DispatchQueue(label: "stresspunch.pictures", qos: .userInitiated)
    private let lock = NSLock()
    private var entries: [URL: Entry] = [:]
    private var inFlight: Set<URL> = []
    private var thumbnails: [URL: RasterImage] = [:]
    private var thumbnailsInFlight: Set<URL> = []
    private var thumbnailFailures: Set<URL> = []
    /// Thumbnails are made once, area-averaged from the picture: drawing a 1024 px
    /// picture into a 100 px card every frame would shimmer and cost far more.
    public static let thumbnailSize = 256

    public init(codec: any PictureCodec, synchronous: Bool) {
        self.codec = codec
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
            store(Self.decode(url, codec: codec), for: url)
            return entry(for: url)
        }
        let codec = self.codec
        queue.async { [weak self] in
            let decoded = Self.decode(url, codec: codec)
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
        let alreadyLoading = thumbnailsInFlight.contains(url) || thumbnailFailures.contains(url)
        if !alreadyLoading { thumbnailsInFlight.insert(url) }
        lock.unlock()
        if alreadyLoading { return nil }
        let codec = self.codec
        let make: @Sendable () -> Void = { [weak self] in
            let thumbnail = Self.makeThumbnail(url, codec: codec)
            guard let self else { return }
            self.lock.lock()
            if let thumbnail { self.thumbnails[url] = thumbnail } else { self.thumbnailFailures.insert(url) }
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

    private static func makeThumbnail(_ url: URL, codec: any PictureCodec) -> RasterImage? {
        guard let data = FileManager.default.contents(atPath: url.path), !data.isEmpty,
              let bitmap = try? codec.decode([UInt8](data), fileName: url.path)
        else { return nil }
        let small = bitmap.downscaled(toLongSide: thumbnailSize)
        return RasterImage(width: small.width, height: small.height, rgba: small.pixels)
    }

    /// Forgets a picture (after the user replaced it).
    public func forget(_ url: URL) {
        lock.lock(); defer { lock.unlock() }
        entries[url] = nil
        thumbnails[url] = nil
        thumbnailFailures.remove(url)
    }

    private func store(_ entry: Entry, for url: URL) {
        lock.lock(); defer { lock.unlock() }
        entries[url] = entry
        inFlight.remove(url)
    }

    private static func decode(_ url: URL, codec: any PictureCodec) -> Entry {
        guard let data = FileManager.default.contents(atPath: url.path), !data.isEmpty else {
            return .failed("the picture file \(url.lastPathComponent) is missing")
        }
        do {
            let bitmap = try codec.decode([UInt8](data), fileName: url.path)
            return .ready(RasterImage(width: bitmap.width, height: bitmap.height, rgba: bitmap.pixels))
        } catch {
            return .failed(error.description)
        }
    }
}
