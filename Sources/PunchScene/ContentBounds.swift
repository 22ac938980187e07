// The part of a picture that is not fully transparent. Drawn art has wide transparent
// margins; an affine draw leaves the canvas untouched wherever all four texels it
// samples are transparent, so the damage of a moving picture is its art's bounds,
// not its whole box.

import Raster

/// A rectangle worked out from a picture's pixels, remembered per picture and
/// revision for the last `capacity` pictures asked about (oldest out first). Main
/// thread only.
final class PictureRectMemo {
    private var entries: [(serial: UInt64, revision: Int, rect: PixelRect)] = []
    private var nextSlot = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        entries.reserveCapacity(capacity)
    }

    /// The remembered rectangle of `image` as it is now, else `make`'s, remembered.
    func rect(of image: RasterImage, making make: (RasterImage) -> PixelRect) -> PixelRect {
        for entry in entries where entry.serial == image.serial && entry.revision == image.revision { return entry.rect }
        let rect = make(image)
        let entry = (image.serial, image.revision, rect)
        if entries.count < capacity {
            entries.append(entry)
        } else {
            entries[nextSlot] = entry
            nextSlot = (nextSlot + 1) % capacity
        }
        return rect
    }
}

/// Each picture's content box, found once per picture and revision and remembered
/// for a few pictures (the target, each tool's sprite and flying piece, the reticles):
/// enough for all of them at once, so a frame never scans one again. Main thread only.
final class ContentBoundsMemo {
    private let memo = PictureRectMemo(capacity: 24)

    /// The smallest rectangle of texels holding every pixel of `image` that is not 0.
    func box(of image: RasterImage) -> PixelRect {
        if image.isOpaque { return PixelRect(x: 0, y: 0, width: image.width, height: image.height) }
        return memo.rect(of: image, making: Self.scan)
    }

    /// Reads only the margins: rows from the top and bottom until one holds content,
    /// then each row in between from both ends until its first content pixel.
    static func scan(_ image: RasterImage) -> PixelRect {
        let width = image.width, height = image.height, pixels = image.pixels
        func rowIsEmpty(_ y: Int) -> Bool {
            let row = pixels + y * width
            for x in 0..<width where row[x] != 0 { return false }
            return true
        }
        var top = 0
        while top < height && rowIsEmpty(top) { top += 1 }
        guard top < height else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        var bottom = height
        while bottom > top && rowIsEmpty(bottom - 1) { bottom -= 1 }
        var left = width, right = 0
        for y in top..<bottom {
            let row = pixels + y * width
            var x = 0
            while x < left && row[x] == 0 { x += 1 }
            left = min(left, x)
            var end = width
            while end > right && row[end - 1] == 0 { end -= 1 }
            right = max(right, end)
        }
        return PixelRect(x: left, y: top, width: max(0, right - left), height: bottom - top)
    }
}
