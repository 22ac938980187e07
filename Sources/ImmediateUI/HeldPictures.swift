// Pictures that hold still (the favorites' thumbnails, the tool strip's icons, a
// library's cards at rest) are shaded once and laid over later frames. Scaling a
// thumbnail bilinearly reads four texels a pixel from a picture several times its
// drawn size; laying its shaded pixels over reads one.

import Raster

/// The shaded pixels of the pictures drawn in the same place two frames running, made
/// on the main thread when a frame ends and only read while its bands draw. A picture
/// that moves or fades every frame (a scrolled list, a card fading in) never gets one.
///
/// Each is the picture drawn exactly as a frame draws it (`UIRenderer.drawImage`, at
/// the same window coordinates, under the same clip columns) onto transparent pixels:
/// source-over onto nothing leaves each pixel as the covered, shaded colour, so laying
/// it over a frame gives the bytes drawing the picture there would.
struct HeldPictures {
    struct Key: Hashable {
        var serial: UInt64
        var revision: Int
        var rect: Rect
        var radius: Float
        var fit: ImageFit
        var opacity: Float
        /// The columns the clip left the picture when it was drawn: a rounded shape's
        /// rows are shaded from their first visible column, so the same columns are
        /// needed for the same bits.
        var columns: Range<Int>
    }

    private(set) var pictures: [Key: Canvas] = [:]
    private var seenBefore: Set<Key> = []
    private var seenNow: Set<Key> = []
    /// At most this many are kept, none larger than `largest` pixels and `budget`
    /// pixels in all (8 MB: a library's screenful of thumbnails, not a second window).
    static let capacity = 48
    static let largest = 512 * 512
    static let budget = 2_000_000
    private var heldPixels = 0

    /// Takes note of the frame's pictures: those also in the last frame are shaded now,
    /// those gone are let go. `width` is the window's, whose edge clips a frame.
    mutating func update(with commands: [DrawCommand], width: Int) {
        seenNow.removeAll(keepingCapacity: true)
        var clips: [PixelRect] = []
        var clip = PixelRect(x: 0, y: 0, width: width, height: Int.max / 4)
        for command in commands {
            switch command {
            case let .pushClip(rect):
                clips.append(clip)
                clip = clip.intersection(UIRenderer.snapped(rect))
            case .popClip:
                clip = clips.popLast() ?? clip
            case let .image(image, rect, radius, fit, opacity):
                guard let area = Self.area(image, in: rect, fit: fit, under: clip) else { continue }
                let key = Key(serial: image.serial, revision: image.revision, rect: rect, radius: radius, fit: fit,
                              opacity: opacity, columns: area.x..<area.maxX)
                seenNow.insert(key)
                let size = area.width * area.height
                if pictures[key] == nil, pictures.count < Self.capacity, seenBefore.contains(key),
                   size <= Self.largest, heldPixels + size <= Self.budget {
                    let held = Canvas(holding: area)
                    UIRenderer.drawImage(image, in: rect, radius: radius, fit: fit, opacity: opacity, on: held)
                    pictures[key] = held
                    heldPixels += size
                }
            default: continue
            }
        }
        if !pictures.isEmpty {
            for (key, held) in pictures where !seenNow.contains(key) {
                pictures[key] = nil
                heldPixels -= held.band.width * held.band.height
            }
        }
        swap(&seenBefore, &seenNow)
    }

    /// Lays the held picture of this draw over `canvas`, if there is one for the
    /// columns the canvas's clip leaves it; false when the caller must draw it.
    func draw(_ image: RasterImage, in rect: Rect, radius: Float, fit: ImageFit, opacity: Float, on canvas: Canvas) -> Bool {
        guard !pictures.isEmpty, let area = Self.area(image, in: rect, fit: fit, under: canvas.clip),
              let held = pictures[Key(serial: image.serial, revision: image.revision, rect: rect, radius: radius, fit: fit,
                                      opacity: opacity, columns: area.x..<area.maxX)]
        else { return false }
        // The held rows the clip still shows (a band's, or a clip cutting rows off).
        let top = max(area.y, held.band.y), bottom = min(area.maxY, held.band.maxY)
        for y in top..<max(top, bottom) {
            SpanBlend.over(held.pixels + y * held.stride + area.x, onto: canvas.pixels + y * canvas.stride + area.x, count: area.width)
        }
        return true
    }

    /// The pixels a draw of `image` in `rect` may touch under `clip`: what
    /// `Canvas.fillRoundedRect` visits; nil when none.
    static func area(_ image: RasterImage, in rect: Rect, fit: ImageFit, under clip: PixelRect) -> PixelRect? {
        let area = UIRenderer.target(of: image, in: rect, fit: fit).enclosingPixels.intersection(clip)
        return area.isEmpty ? nil : area
    }
}
