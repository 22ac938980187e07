// Where the target picture paints every pixel opaque: nothing drawn under it there
// (the backdrop, the glow, the sticker's shadow) can show, so it is not drawn. The
// sticker's shadow under the photo was a quarter of a punch frame.

import Raster
import Shaders

/// Each picture's opaque core (the largest rectangle about its middle whose texels are
/// all fully opaque), found once per picture and revision and remembered for a few
/// pictures. Main thread only.
final class OpaqueCoreMemo {
    private let memo = PictureRectMemo(capacity: 4)

    /// The core of `image`, in texels (empty when its middle is not opaque).
    func core(of image: RasterImage) -> PixelRect {
        if image.isOpaque { return PixelRect(x: 0, y: 0, width: image.width, height: image.height) }
        return memo.rect(of: image, making: Self.scan)
    }

    /// Grows rows out from the middle one, alternately up and down, keeping the run of
    /// opaque texels about the middle column that every row so far shares; the largest
    /// rectangle seen on the way is the core. A row reads only the shared run (a
    /// sticker's rounded corners narrow it near the top and bottom).
    static func scan(_ image: RasterImage) -> PixelRect {
        let width = image.width, height = image.height, pixels = image.pixels
        let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)
        guard width > 0, height > 0 else { return empty }
        let middle = width / 2
        @inline(__always) func opaque(_ row: UnsafeMutablePointer<UInt32>, _ x: Int) -> Bool { row[x] >> 24 == 255 }
        /// Whether the eight texels from `x` are all opaque (one load and compare).
        @inline(__always) func opaqueEight(_ row: UnsafeMutablePointer<UInt32>, _ x: Int) -> Bool {
            let group = UnsafeRawPointer(row + x).loadUnaligned(as: SIMD8<UInt32>.self)
            return all(group .>= SIMD8(repeating: 0xFF00_0000))
        }
        /// Narrows left..<right to the opaque run about the middle column in row `y`:
        /// eight texels a step, then one at a time where the run ends (a whole sticker is
        /// read when a hit's mark makes a new revision of it).
        func narrow(_ y: Int, _ left: inout Int, _ right: inout Int) {
            let row = pixels + y * width
            guard left < right, opaque(row, middle) else {
                right = left
                return
            }
            var l = middle
            while l - 8 >= left && opaqueEight(row, l - 8) { l -= 8 }
            while l > left && opaque(row, l - 1) { l -= 1 }
            var r = middle + 1
            while r + 8 <= right && opaqueEight(row, r) { r += 8 }
            while r < right && opaque(row, r) { r += 1 }
            left = l
            right = r
        }
        var left = 0, right = width
        var top = height / 2, bottom = top + 1
        narrow(top, &left, &right)
        guard right > left else { return empty }
        var best = PixelRect(x: left, y: top, width: right - left, height: 1)
        var growUp = true
        while top > 0 || bottom < height {
            // The rectangle can only narrow from here: stop once even every remaining row
            // at today's width would not beat the best.
            guard (right - left) * height > best.width * best.height else { break }
            if (growUp && top > 0) || bottom >= height {
                top -= 1
                narrow(top, &left, &right)
            } else {
                narrow(bottom, &left, &right)
                bottom += 1
            }
            growUp.toggle()
            guard right > left else { break }
            if (right - left) * (bottom - top) > best.width * best.height {
                best = PixelRect(x: left, y: top, width: right - left, height: bottom - top)
            }
        }
        return best
    }
}

extension MainSceneRenderer {
    /// The whole canvas pixels the target picture paints opaque this frame, whatever is
    /// under them: every one samples (bilinearly, as `Canvas.drawImage` does) four texels
    /// of its core only, after the dents move its sample point. Empty when there is none.
    func coverOfPicture(_ image: RasterImage) -> PixelRect {
        let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)
        let transform = frame.pictureTransform
        let core = opaqueCores.core(of: image)
        guard core.width > 2, core.height > 2, let inverse = transform.inverted else { return empty }
        // A canvas point p samples texels floor(q - 0.5) and the next, q = inverse(p):
        // all four are in the core while q lies half a texel inside it. A little more
        // for the fixed-point steps along a row.
        let margin: Float = 0.5 + 0.1
        let inner = Rect(x: Float(core.x) + margin, y: Float(core.y) + margin,
                         width: Float(core.width) - 2 * margin, height: Float(core.height) - 2 * margin)
        guard inner.width > 0, inner.height > 0 else { return empty }
        func inside(_ p: Point) -> Bool {
            let q = inverse.apply(p)
            return q.x >= inner.minX && q.x <= inner.maxX && q.y >= inner.minY && q.y <= inner.maxY
        }
        // The inner core's box on the canvas, about its centre, shrunk until its corners
        // map into the core (the core is convex, so then all of the box does).
        let center = transform.apply(inner.center)
        var halfX: Float = 0, halfY: Float = 0
        for corner in 0..<4 {
            let p = transform.apply(Point(corner & 1 == 0 ? inner.minX : inner.maxX, corner < 2 ? inner.minY : inner.maxY))
            halfX = max(halfX, abs(p.x - center.x))
            halfY = max(halfY, abs(p.y - center.y))
        }
        func fits(_ t: Float) -> Bool {
            inside(Point(center.x - halfX * t, center.y - halfY * t)) && inside(Point(center.x + halfX * t, center.y - halfY * t))
                && inside(Point(center.x - halfX * t, center.y + halfY * t)) && inside(Point(center.x + halfX * t, center.y + halfY * t))
        }
        var low: Float = 0, high: Float = 1
        if fits(1) {
            low = 1
        } else {
            for _ in 0..<16 {
                let t = (low + high) / 2
                if fits(t) { low = t } else { high = t }
            }
        }
        // A dent samples from a point moved by at most its radius × (depth / 2 + ripple)
        // (`PictureDent.bend`): so much less, and a pixel more.
        var reach: Float = 0
        for dent in frame.dents where dent.isVisible {
            reach += dent.radius * (0.5 * abs(dent.depth) + abs(dent.ripple)) * 1.001
        }
        let box = Rect(x: center.x - halfX * low, y: center.y - halfY * low, width: 2 * halfX * low, height: 2 * halfY * low)
            .insetBy(reach > 0 ? reach + 1 : 0)
        guard box.width >= 1, box.height >= 1, box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite
        else { return empty }
        // Whole pixels wholly inside, and in the window (a picture zoomed far past it
        // would not fit an Int).
        let width = Float(frame.layout.width), height = Float(frame.layout.height)
        let left = Int(min(width, max(0, box.minX)).rounded(.up)), top = Int(min(height, max(0, box.minY)).rounded(.up))
        let right = Int(min(width, max(0, box.maxX)).rounded(.down)), bottom = Int(min(height, max(0, box.maxY)).rounded(.down))
        guard right > left, bottom > top else { return empty }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
