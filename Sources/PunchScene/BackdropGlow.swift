import AppModel
import Raster
import Shaders

extension MainSceneRenderer {
    /// The warm glow behind the target, composited over the backdrop once per window
    /// size: a frame copies it rather than shading a radial gradient. Past its radius
    /// the glow is transparent and the backdrop shows as it is, so only the box where
    /// the two differ is kept and a frame fills the rest: writing a pixel costs less
    /// than reading one and writing it, and a frame drawn after other work finds the
    /// glow out of the caches. Returns the image and its top-left in the window;
    /// `cropped: false` keeps the whole rectangle (the tests compare the two).
    public static func bakedGlow(layout: MainLayout, backdropStops stops: [(Float, Color)], cropped: Bool = true) -> (RasterImage, (Int, Int)) {
        let backdrop = LinearGradientPaint(from: Point(0, 0), to: Point(0, Float(layout.height)), stops: stops)
        let stage = layout.stage
        let glowRect = stage.insetBy(-stage.height * 0.1).enclosingPixels
            .intersection(PixelRect(x: 0, y: 0, width: layout.width, height: layout.height))
        let canvas = Canvas(width: max(1, glowRect.width), height: max(1, glowRect.height))
        // Drawn in window coordinates, shifted so the glow's corner is the canvas's.
        let shiftedBackground = LinearGradientPaint(
            from: Point(0, Float(-glowRect.y)), to: Point(0, Float(layout.height - glowRect.y)), stops: stops)
        canvas.fill(PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height), paint: shiftedBackground)
        let center = stage.center
        let glowPaint = RadialGradientPaint(
            center: Point(center.x - Float(glowRect.x), center.y - Float(glowRect.y)), radius: min(stage.width, stage.height) * 0.62,
            stops: [(0, Color(hex: 0xFFD27A, alpha: 0.20)), (0.55, Color(hex: 0xFF9F6E, alpha: 0.07)), (1, Color(hex: 0xFF9F6E, alpha: 0))])
        canvas.fill(PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height), paint: glowPaint)

        // The box of pixels that are not what the backdrop itself paints there.
        let row = UnsafeMutablePointer<UInt32>.allocate(capacity: canvas.width)
        defer { row.deallocate() }
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        if !cropped { (minX, maxX, minY, maxY) = (0, canvas.width, 0, canvas.height) }
        for y in 0..<canvas.height where cropped {
            backdrop.shade(x: glowRect.x, y: glowRect.y + y, count: canvas.width, into: row)
            let baked = canvas.pixels + y * canvas.stride
            guard let first = (0..<canvas.width).first(where: { baked[$0] != row[$0] }),
                  let last = (0..<canvas.width).last(where: { baked[$0] != row[$0] })
            else { continue }
            minX = min(minX, first); maxX = max(maxX, last + 1); minY = min(minY, y); maxY = max(maxY, y + 1)
        }
        guard minX < maxX, minY < maxY else {
            // Nothing differs (a window too small for the glow to show): a transparent
            // pixel, which a frame draws over the filled backdrop as nothing.
            return (RasterImage(width: 1, height: 1), (glowRect.x, glowRect.y))
        }
        let image = RasterImage(width: maxX - minX, height: maxY - minY)
        for y in 0..<image.height {
            (image.pixels + y * image.width).update(from: canvas.pixels + (minY + y) * canvas.stride + minX, count: image.width)
        }
        image.updateOpacity()
        return (image, (glowRect.x + minX, glowRect.y + minY))
    }
}
