// What the UI's draw commands touch, for damage tracking: each command becomes one
// display-list entry (the pixels it may touch, and a key of everything that decides
// them, the clip it is drawn in included), in the order `UIRenderer` draws them.

import Raster

extension UIContext {
    /// Appends the last finished frame's commands to `list`, as `render(on:)` draws them.
    public func describe(into list: inout DisplayList) {
        UIRenderer.describe(baseCommands, into: &list, clips: &describedClips)
    }
}

extension UIRenderer {
    /// Appends one entry per drawing command to `list`. `clips` is scratch.
    static func describe(_ commands: [DrawCommand], into list: inout DisplayList, clips: inout [PixelRect]) {
        clips.removeAll(keepingCapacity: true)
        let everything = PixelRect(x: Int.min / 4, y: Int.min / 4, width: Int.max / 2, height: Int.max / 2)
        var clip = everything
        // Conservative pixel bounds: the enclosing pixels and one more all round
        // (anti-aliased edges reach into the pixel they end in).
        @inline(__always) func around(_ rect: Rect, _ margin: Float = 1) -> PixelRect {
            rect.insetBy(-margin).enclosingPixels
        }
        for command in commands {
            switch command {
            case let .rect(rect, color, radius):
                list.append(around(rect).intersection(clip)) { hasher in
                    hasher.combine(0); hasher.combine(rect); hasher.combine(color); hasher.combine(radius); hasher.combine(clip)
                }
            case let .shadow(rect, radius, blur, offset, color):
                let bounds = around(rect.offsetBy(dx: offset.x, dy: offset.y), blur * 1.5 + 2)
                list.append(bounds.intersection(clip)) { hasher in
                    hasher.combine(1); hasher.combine(rect); hasher.combine(radius); hasher.combine(blur)
                    hasher.combine(offset); hasher.combine(color); hasher.combine(clip)
                }
            case let .image(image, rect, radius, fit, opacity):
                // Sampled through an image paint: exact only when drawn across its whole width.
                list.append(around(rect).intersection(clip), exactUnderClip: false) { hasher in
                    hasher.combine(2); hasher.combine(image.serial); hasher.combine(image.revision); hasher.combine(rect)
                    hasher.combine(radius); hasher.combine(fit); hasher.combine(opacity); hasher.combine(clip)
                }
            case let .text(string, rect, font, color, alignment, maxLines):
                // Text is clipped to its box.
                list.append(snapped(rect).intersection(clip)) { hasher in
                    hasher.combine(3); hasher.combine(string); hasher.combine(rect); hasher.combine(font); hasher.combine(color)
                    hasher.combine(alignment); hasher.combine(maxLines); hasher.combine(clip)
                }
            case let .pushClip(rect):
                clips.append(clip)
                clip = clip.intersection(snapped(rect))
            case .popClip:
                clip = clips.popLast() ?? everything
            case let .focusRing(rect, radius, color, width), let .stroke(rect, radius, color, width):
                // A stroked path: polygon coverage, summed along each row from its left.
                list.append(around(rect, width + 2).intersection(clip), exactUnderClip: false) { hasher in
                    hasher.combine(4); hasher.combine(rect); hasher.combine(radius); hasher.combine(color)
                    hasher.combine(width); hasher.combine(clip)
                }
            }
        }
    }
}
