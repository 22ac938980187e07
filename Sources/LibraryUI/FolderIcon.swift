import Raster

/// A folder drawn once, for folder tiles in the picker.
public func drawnFolderIcon(size: Int = 160) -> RasterImage {
    let canvas = Canvas(width: size, height: size)
    let s = Float(size)
    canvas.fillRoundedRect(Rect(x: s * 0.12, y: s * 0.24, width: s * 0.36, height: s * 0.16), radius: s * 0.05, Color(hex: 0xE0A43A))
    canvas.fillRoundedRect(Rect(x: s * 0.12, y: s * 0.30, width: s * 0.76, height: s * 0.50), radius: s * 0.07, Color(hex: 0xE0A43A))
    canvas.fillRoundedRect(Rect(x: s * 0.12, y: s * 0.38, width: s * 0.76, height: s * 0.42), radius: s * 0.07, Color(hex: 0xFFD27A))
    canvas.fillRoundedRect(Rect(x: s * 0.18, y: s * 0.44, width: s * 0.64, height: s * 0.04), radius: s * 0.02, Color.white.withAlpha(0.45))
    return RasterImage(copying: canvas)
}
