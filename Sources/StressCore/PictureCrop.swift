/// The part of a target's picture that shows, as fractions of the stored picture
/// (0...1 across and down), so the picture itself is kept whole and the crop can be
/// changed later. Zoom and pan move it; it never leaves the picture nor shrinks
/// below a tenth of it.
public struct PictureCrop: Sendable, Equatable {
    public var x: Float
    public var y: Float
    public var width: Float
    public var height: Float

    /// The whole picture.
    public static let full = PictureCrop(x: 0, y: 0, width: 1, height: 1)
    /// The smallest crop, as a fraction of the picture's side.
    public static let smallest: Float = 0.1

    public init(x: Float, y: Float, width: Float, height: Float) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        clamp()
    }

    public var isFull: Bool { self == .full }

    /// `factor` > 1 zooms in (a smaller crop) around (cx, cy) in crop fractions
    /// (0.5, 0.5 is its middle), keeping that point where it is.
    public func zoomed(by factor: Float, around cx: Float = 0.5, cy: Float = 0.5) -> PictureCrop {
        guard factor > 0, factor.isFinite else { return self }
        let scale = max(Self.smallest / min(width, height), min(1 / max(width, height), 1 / factor))
        let newWidth = width * scale, newHeight = height * scale
        let anchorX = x + cx * width, anchorY = y + cy * height
        return PictureCrop(x: anchorX - cx * newWidth, y: anchorY - cy * newHeight, width: newWidth, height: newHeight)
    }

    /// Moved by (dx, dy) in picture fractions, stopping at the picture's edges.
    public func panned(dx: Float, dy: Float) -> PictureCrop {
        PictureCrop(x: x + (dx.isFinite ? dx : 0), y: y + (dy.isFinite ? dy : 0), width: width, height: height)
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
    }
}
