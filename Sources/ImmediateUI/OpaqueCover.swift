import Raster

extension UIRenderer {
    /// The whole pixels `commands` paint opaque (cards, panels, buttons in one solid
    /// colour), each clipped as it is drawn: what is under them never shows, so the
    /// layer beneath (the scene's backdrop) need not be drawn there. A rounded
    /// rectangle covers its two crossing bands, not its corners. Written into `cover`
    /// (emptied first, so a frame reuses its storage); small rectangles are left out,
    /// they would save less than they cost the layer beneath to step around.
    static func opaqueCover(of commands: [DrawCommand], into cover: inout [PixelRect], minimumArea: Int = 4096, limit: Int = 48) {
        cover.removeAll(keepingCapacity: true)
        var clips: [PixelRect] = []
        var depth = 0
        for command in commands {
            switch command {
            case let .pushClip(rect):
                let snapped = snapped(rect)
                clips.append(clips.last.map { $0.intersection(snapped) } ?? snapped)
                depth += 1
            case .popClip:
                guard depth > 0 else { continue }
                clips.removeLast()
                depth -= 1
            case let .rect(rect, color, radius):
                guard color.a >= 1, cover.count + 2 <= limit else { continue }
                let r = max(0, min(radius, rect.width / 2, rect.height / 2))
                for band in [Rect(x: rect.minX + r, y: rect.minY, width: rect.width - 2 * r, height: rect.height),
                             Rect(x: rect.minX, y: rect.minY + r, width: rect.width, height: rect.height - 2 * r)] {
                    var inside = Self.inner(band)
                    if let clip = clips.last { inside = inside.intersection(clip) }
                    if inside.width * inside.height >= minimumArea { cover.append(inside) }
                }
            case .shadow, .image, .text, .focusRing, .stroke:
                continue
            }
        }
    }

    /// The pixels wholly inside `rect` (those an opaque fill of it sets exactly).
    static func inner(_ rect: Rect) -> PixelRect {
        let left = Int(rect.minX.rounded(.up)), top = Int(rect.minY.rounded(.up))
        let right = Int(rect.maxX.rounded(.down)), bottom = Int(rect.maxY.rounded(.down))
        return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }
}

extension UIContext {
    /// The last finished frame's opaque cover (see `UIRenderer.opaqueCover`), into
    /// `cover`, for the layer drawn beneath the UI.
    public func opaqueCover(into cover: inout [PixelRect]) {
        UIRenderer.opaqueCover(of: commands, into: &cover)
    }
}
