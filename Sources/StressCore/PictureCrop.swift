/// The part of a target's picture that shows, as fractions of the stored picture
/// (0...1 across and down), so the picture itself is kept whole and the crop can be
/// changed later. Zoom and pan move it; it never leaves the picture nor shrinks
/// below a tenth of it.
///
/// Fractions, not pixels: the same crop holds for the stored picture, its thumbnail
/// and a picture re-encoded by an archive import, whatever their sizes.
public struct PictureCrop: Sendable, Hashable {
    public var x: Float
    public var y: Float
    public var width: Float
    public var height: Float

    /// The whole picture.
    public static let full = PictureCrop(x: 0, y: 0, width: 1, height: 1)
    /// The smallest crop, as a fraction of the picture's side.
    public static let smallest: Float = 0.1
    /// Closer than this (a fraction of the picture) counts as the same edge: a crop a
    /// float's rounding away from the whole picture is the whole picture.
    static let tolerance: Float = 1e-4

    public init(x: Float, y: Float, width: Float, height: Float) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        clamp()
    }

    public var isFull: Bool {
        x <= Self.tolerance && y <= Self.tolerance && width >= 1 - Self.tolerance && height >= 1 - Self.tolerance
    }

    /// `factor` > 1 zooms in (a smaller crop) around (cx, cy) in crop fractions
    /// (0.5, 0.5 is its middle), keeping that point where it is. The crop keeps its
    /// shape: zooming out stops when a side reaches the picture's, zooming in when a
    /// side reaches `smallest`.
    public func zoomed(by factor: Float, around cx: Float = 0.5, cy: Float = 0.5) -> PictureCrop {
        guard factor > 0, factor.isFinite, cx.isFinite, cy.isFinite else { return self }
        let scale = max(Self.smallest / min(width, height), min(1 / max(width, height), 1 / factor))
        let newWidth = width * scale, newHeight = height * scale
        let anchorX = x + cx * width, anchorY = y + cy * height
        return PictureCrop(x: anchorX - cx * newWidth, y: anchorY - cy * newHeight, width: newWidth, height: newHeight)
    }

    /// Moved by (dx, dy) in picture fractions, stopping at the picture's edges.
    public func panned(dx: Float, dy: Float) -> PictureCrop {
        PictureCrop(x: x + (dx.isFinite ? dx : 0), y: y + (dy.isFinite ? dy : 0), width: width, height: height)
    }

    /// Wider or narrower by `dw`, taller or shorter by `dh` (picture fractions), about
    /// its middle: a free crop's shape changed from keys or a stick. Each side stays
    /// between `smallest` and the picture's.
    public func resized(dw: Float, dh: Float) -> PictureCrop {
        let newWidth = min(1, max(Self.smallest, width + (dw.isFinite ? dw : 0)))
        let newHeight = min(1, max(Self.smallest, height + (dh.isFinite ? dh : 0)))
        return PictureCrop(x: x + (width - newWidth) / 2, y: y + (height - newHeight) / 2, width: newWidth, height: newHeight)
    }

    /// The crop whose edges are `left`...`right` and `top`...`bottom` (picture
    /// fractions, in any order): a corner dragged. Sides below `smallest` grow back
    /// from the edge that did not move (`anchorRight`, `anchorBottom` say which).
    public static func spanning(left: Float, top: Float, right: Float, bottom: Float,
                                anchorRight: Bool = false, anchorBottom: Bool = false) -> PictureCrop {
        var x0 = max(0, min(left, right)), x1 = min(1, max(left, right))
        var y0 = max(0, min(top, bottom)), y1 = min(1, max(top, bottom))
        if x1 - x0 < smallest {
            if anchorRight { x0 = x1 - smallest } else { x1 = x0 + smallest }
        }
        if y1 - y0 < smallest {
            if anchorBottom { y0 = y1 - smallest } else { y1 = y0 + smallest }
        }
        return PictureCrop(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The largest square crop (in pixels of a `pictureWidth` x `pictureHeight`
    /// picture) centred on this one.
    public func squared(pictureWidth: Int, pictureHeight: Int) -> PictureCrop {
        let w = Float(max(1, pictureWidth)), h = Float(max(1, pictureHeight))
        let side = min(width * w, height * h)
        let newWidth = side / w, newHeight = side / h
        return PictureCrop(x: x + (width - newWidth) / 2, y: y + (height - newHeight) / 2, width: newWidth, height: newHeight)
    }

    /// Whether it is square on a picture of that size (within a pixel).
    public func isSquare(pictureWidth: Int, pictureHeight: Int) -> Bool {
        abs(width * Float(pictureWidth) - height * Float(pictureHeight)) <= 1
    }

    /// The crop in whole pixels of a `pictureWidth` x `pictureHeight` picture, at least
    /// one pixel each way and inside it.
    public func pixels(pictureWidth: Int, pictureHeight: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let w = max(1, pictureWidth), h = max(1, pictureHeight)
        let left = min(w - 1, max(0, Int((x * Float(w)).rounded())))
        let top = min(h - 1, max(0, Int((y * Float(h)).rounded())))
        let right = min(w, max(left + 1, Int(((x + width) * Float(w)).rounded())))
        let bottom = min(h, max(top + 1, Int(((y + height) * Float(h)).rounded())))
        return (left, top, right - left, bottom - top)
    }

    /// A point of the cropped picture (0...1 of the crop) as a point of the whole one.
    public func pictureFraction(ofCropped u: Float, _ v: Float) -> (x: Float, y: Float) {
        (x + u * width, y + v * height)
    }

    /// A point of the whole picture as a point of the cropped one (outside 0...1 when
    /// the crop leaves it out).
    public func croppedFraction(ofPicture px: Float, _ py: Float) -> (u: Float, v: Float) {
        ((px - x) / width, (py - y) / height)
    }

    /// Inside the picture and no smaller than `smallest`; nonsense (NaN) is the whole.
    private mutating func clamp() {
        guard x.isFinite, y.isFinite, width.isFinite, height.isFinite else {
            (x, y, width, height) = (0, 0, 1, 1)
            return
        }
        width = min(1, max(Self.smallest, width))
        height = min(1, max(Self.smallest, height))
        x = min(1 - width, max(0, x))
        y = min(1 - height, max(0, y))
        // Rounding must not leave a sliver off the whole picture (nor a crop that
        // reads back unequal to `.full`).
        if width >= 1 - Self.tolerance { (x, width) = (0, 1) }
        if height >= 1 - Self.tolerance { (y, height) = (0, 1) }
    }
}

extension Mark {
    /// This mark moved from a picture cropped by `old` to the same spot under `new`
    /// (nil when `new` leaves that spot out): marks are in the shown picture's own
    /// coordinates, so a changed crop must carry them to stay on what was hit.
    public func recropped(from old: PictureCrop, to new: PictureCrop) -> Mark? {
        let spot = old.pictureFraction(ofCropped: x, y)
        let (u, v) = new.croppedFraction(ofPicture: spot.x, spot.y)
        guard (0...1).contains(u), (0...1).contains(v) else { return nil }
        var moved = self
        moved.x = u
        moved.y = v
        return moved
    }
}
