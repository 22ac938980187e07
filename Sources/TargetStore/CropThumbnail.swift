import Pictures
import StressCore

extension ThumbnailVariant {
    /// The thumbnail of a cropped target: the stored picture cut to `crop`, then shrunk
    /// like any thumbnail. Its key names the crop's edges in ten-thousandths of the
    /// picture, so a new crop is a new file and one made for another is never shown.
    public init(crop: PictureCrop) {
        self.init(key: Self.key(for: crop)) { picture in
            let cut = crop.pixels(pictureWidth: picture.width, pictureHeight: picture.height)
            var pixels = [UInt8]()
            pixels.reserveCapacity(cut.width * cut.height * 4)
            for row in cut.y..<(cut.y + cut.height) {
                let start = (row * picture.width + cut.x) * 4
                pixels += picture.pixels[start..<(start + cut.width * 4)]
            }
            return PictureBitmap(width: cut.width, height: cut.height, pixels: pixels)
        }
    }

    /// "crop-X-Y-W-H"; the whole picture is "whole".
    static func key(for crop: PictureCrop) -> String {
        guard !crop.isFull else { return ThumbnailVariant.whole.key }
        let edges = [crop.x, crop.y, crop.width, crop.height].map { String(Int(($0 * 10_000).rounded())) }
        return "crop-" + edges.joined(separator: "-")
    }
}
