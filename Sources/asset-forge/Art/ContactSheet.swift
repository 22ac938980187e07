import Pictures
import Raster
import Shaders

/// One picture of everything for the README: every picture as a 192 px tile on a
/// checkerboard (so transparency shows), then the eight targets at 96 px, the size
/// of a favorites-bar thumbnail, then the icon at 128, 64, 48 and 32 px. No labels: the
/// README lists the tiles in order.
enum ContactSheet {
    static let tile = 192
    static let thumbnail = 96
    static let gap = 16
    static let columns = 5

    static func render(_ items: [(name: String, image: RasterImage)]) -> RasterImage {
        let tileRows = (items.count + columns - 1) / columns
        let width = columns * tile + (columns + 1) * gap
        let targets = items.filter { $0.image.width == 1024 && $0.name != "icon" }
        let thumbnailRowHeight = thumbnail + 2 * gap
        let iconRowHeight = 128 + 2 * gap
        let height = gap + tileRows * (tile + gap) + thumbnailRowHeight + iconRowHeight
        let canvas = Canvas(width: width, height: height)
        canvas.clear(Color(hex: 0xF3F1F8))

        for (index, item) in items.enumerated() {
            let x = gap + (index % columns) * (tile + gap)
            let y = gap + (index / columns) * (tile + gap)
            checkerboard(canvas, PixelRect(x: x, y: y, width: tile, height: tile))
            place(item.image, size: tile, at: (x, y), on: canvas)
        }

        // Thumbnails on a white card, as the favorites bar would show them.
        var y = gap + tileRows * (tile + gap)
        canvas.fillRoundedRect(Rect(x: Float(gap), y: Float(y), width: Float(width - 2 * gap), height: Float(thumbnailRowHeight - gap)),
                               radius: 18, Color.white)
        for (index, item) in targets.enumerated() {
            place(item.image, size: thumbnail, at: (gap + 8 + index * (thumbnail + 30), y + gap / 2), on: canvas)
        }

        // The icon at each shipped size, side by side.
        y += thumbnailRowHeight
        if let icon = items.first(where: { $0.name == "icon" })?.image {
            var x = gap
            for size in [256, 128, 64, 48, 32] where size <= 128 {
                place(icon, size: size, at: (x, y + (128 - size)), on: canvas)
                x += size + 2 * gap
            }
        }
        return RasterImage(copying: canvas)
    }

    /// Draws `image` scaled down to `size` (area-averaged, as the shipped icons are).
    private static func place(_ image: RasterImage, size: Int, at origin: (Int, Int), on canvas: Canvas) {
        let bitmap = PictureBitmap(width: image.width, height: image.height, pixels: image.rgbaBytes())
            .downscaled(toLongSide: size)
        let small = RasterImage(width: bitmap.width, height: bitmap.height, rgba: bitmap.pixels)
        canvas.drawImage(small, x: origin.0 + (size - small.width) / 2, y: origin.1 + (size - small.height) / 2)
    }

    private static func checkerboard(_ canvas: Canvas, _ rect: PixelRect) {
        let square = 16
        for row in 0..<(rect.height / square) {
            for column in 0..<(rect.width / square) {
                let light = (row + column) % 2 == 0
                canvas.fill(PixelRect(x: rect.x + column * square, y: rect.y + row * square, width: square, height: square),
                            light ? Color(hex: 0xFFFFFF) : Color(hex: 0xE6E3EE))
            }
        }
    }
}
