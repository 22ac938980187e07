import Raster
import TestSupport
import Testing

extension Canvas {
    /// The straight-alpha RGBA bytes of the whole canvas.
    var rgba: [UInt8] { RasterImage(copying: self).rgbaBytes() }

    /// The sum of alpha over the canvas, in pixels (an area measure for AA shapes).
    var coveredArea: Double {
        var total = 0.0
        for y in 0..<height { for x in 0..<width { total += Double(self[x, y] >> 24) / 255 } }
        return total
    }
}

/// Fails the current test when `canvas` does not match its snapshot.
func expectGolden(
    _ canvas: Canvas, _ name: String, tolerance: Int = 2, allowedMismatches: Int = 0,
    sourceLocation: SourceLocation = #_sourceLocation, file: String = #filePath
) {
    if let mismatch = GoldenImage.compare(
        rgba: canvas.rgba, width: canvas.width, height: canvas.height, name: name,
        channelTolerance: tolerance, allowedMismatches: allowedMismatches, testFile: file) {
        Issue.record(Comment(rawValue: mismatch.description), sourceLocation: sourceLocation)
    }
}
