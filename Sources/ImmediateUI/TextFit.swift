import Raster

/// One text of a finished frame as the renderer will lay it out: where its box is,
/// how much of the box its clip lets show, where its lines really are, and whether
/// the renderer cuts it (an ellipsis, or lines left out). The pseudo-locale test reads
/// these to find text a longer language would clip or crowd.
public struct PlacedText: Sendable, Equatable {
    public let text: String
    /// The box the widget gave it.
    public let box: Rect
    /// The part of `box` inside the clips around it (empty when it is scrolled away).
    public let visible: Rect
    /// The lines as drawn: their width by alignment, their height by count.
    public let inked: Rect
    /// The renderer draws less than all of it: an ellipsis, or lines beyond the box.
    public let isCut: Bool
    /// Drawn over the page: in a dialog, the help, a tooltip or a toast.
    public let isOverlay: Bool
}

extension UIContext {
    /// Every text of the last finished frame, in drawing order.
    public func placedTexts() -> [PlacedText] {
        var clips: [Rect] = []
        var placed: [PlacedText] = []
        for (index, command) in baseCommands.enumerated() {
            switch command {
            case .pushClip(let rect): clips.append(clips.last.map { intersect($0, rect) } ?? rect)
            case .popClip: _ = clips.popLast()
            case let .text(string, rect, font, _, alignment, maxLines):
                let pixels = UIRenderer.snapped(rect)
                let layout = TextLayout(source: glyphs, font: font)
                let metrics = layout.metrics
                let cut: Bool
                let width: Int
                let height: Int
                if maxLines <= 1 {
                    width = layout.width(of: string)
                    cut = width > pixels.width
                    height = metrics.ascent + metrics.descent
                } else {
                    let fitting = metrics.lineHeight > 0 ? max(1, pixels.height / metrics.lineHeight) : 1
                    let lines = layout.wrap(string, width: pixels.width)
                    cut = lines.count > min(maxLines, fitting)
                    width = lines.map(\.width).max() ?? 0
                    height = min(lines.count, min(maxLines, fitting)) * metrics.lineHeight
                }
                let shownWidth = min(width, pixels.width)
                let x = alignment.lineX(boxX: pixels.x, boxWidth: pixels.width, lineWidth: shownWidth)
                let top = maxLines <= 1 ? pixels.y + (pixels.height - height) / 2 : pixels.y
                let inked = Rect(x: Float(x), y: Float(top), width: Float(shownWidth), height: Float(min(height, max(pixels.height, height))))
                placed.append(PlacedText(text: string, box: rect, visible: clips.last.map { intersect($0, rect) } ?? rect, inked: inked, isCut: cut,
                                         isOverlay: index >= overlayCommandStart))
            default: break
            }
        }
        return placed
    }
}
