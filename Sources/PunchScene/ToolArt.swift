import AppModel
import Raster
import StressCore

/// The tools' icons at the sizes the screen shows them, each area-averaged once from
/// its full-size picture (a bilinear sample of a 256-pixel picture at 30 pixels
/// would shimmer). Made on the main thread; the bands only read what is made.
public final class ToolIcons {
    private let sources: [PunchTool: RasterImage]
    private var made: [Key: RasterImage] = [:]

    private struct Key: Hashable {
        var tool: PunchTool
        var side: Int
    }

    init(art: [PunchTool: ToolArt], fallback: RasterImage) {
        var sources: [PunchTool: RasterImage] = [:]
        for tool in PunchTool.allCases { sources[tool] = art[tool]?.icon ?? art[tool]?.sprite ?? fallback }
        self.sources = sources
    }

    /// `tool`'s icon `side` pixels square, made now if it was not yet (main thread).
    public func icon(_ tool: PunchTool, side: Int) -> RasterImage? {
        let key = Key(tool: tool, side: max(1, side))
        if let image = made[key] { return image }
        guard let source = sources[tool] else { return nil }
        let image = Self.areaAveraged(source, side: key.side)
        made[key] = image
        return image
    }

    /// The icon if it was made already (the bands may only read).
    func cached(_ tool: PunchTool, side: Int) -> RasterImage? {
        made[Key(tool: tool, side: max(1, side))]
    }

    /// Each output pixel the mean of the premultiplied source pixels under it.
    static func areaAveraged(_ source: RasterImage, side: Int) -> RasterImage {
        let output = RasterImage(width: side, height: side)
        let scaleX = Float(source.width) / Float(side), scaleY = Float(source.height) / Float(side)
        for y in 0..<side {
            let y0 = Int(Float(y) * scaleY), y1 = max(y0 + 1, min(source.height, Int(Float(y + 1) * scaleY)))
            for x in 0..<side {
                let x0 = Int(Float(x) * scaleX), x1 = max(x0 + 1, min(source.width, Int(Float(x + 1) * scaleX)))
                var a = 0, r = 0, g = 0, b = 0
                for sy in y0..<y1 {
                    let row = source.pixels + sy * source.width
                    for sx in x0..<x1 {
                        let p = row[sx]
                        a += Int(p >> 24); r += Int((p >> 16) & 0xFF); g += Int((p >> 8) & 0xFF); b += Int(p & 0xFF)
                    }
                }
                let n = (y1 - y0) * (x1 - x0)
                output.pixels[y * side + x] = UInt32(a / n) << 24 | UInt32(r / n) << 16 | UInt32(g / n) << 8 | UInt32(b / n)
            }
        }
        output.updateOpacity()
        return output
    }
}
