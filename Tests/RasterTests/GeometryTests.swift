import Raster
import Testing

@Suite("Geometry: rectangles")
struct GeometryTests {
    /// Every pixel of `rect` the parts cover, counted (a pixel covered twice counts twice).
    private func coverage(of parts: [PixelRect], in rect: PixelRect) -> [Int] {
        var counts = [Int](repeating: 0, count: rect.width * rect.height)
        for part in parts {
            for y in part.y..<part.maxY { for x in part.x..<part.maxX { counts[(y - rect.y) * rect.width + (x - rect.x)] += 1 } }
        }
        return counts
    }

    @Test("the parts outside a hole cover the rest of the rectangle once each and never the hole", arguments: [
        PixelRect(x: 10, y: 8, width: 20, height: 12),   // inside
        PixelRect(x: -5, y: -5, width: 12, height: 40),  // across the left edge
        PixelRect(x: 25, y: 20, width: 30, height: 30),  // over a corner
        PixelRect(x: 0, y: 0, width: 40, height: 30),    // all of it
        PixelRect(x: 50, y: 50, width: 5, height: 5),    // outside
        PixelRect(x: 12, y: 10, width: 0, height: 9),    // empty
    ])
    func partsOutsideHole(hole: PixelRect) {
        let rect = PixelRect(x: 0, y: 0, width: 40, height: 30)
        var parts: [PixelRect] = []
        rect.forEachPart(outside: hole) { parts.append($0) }
        #expect(parts.count <= 4 && parts.allSatisfy { !$0.isEmpty })
        let counts = coverage(of: parts, in: rect)
        for y in 0..<rect.height { for x in 0..<rect.width {
            let inHole = !hole.isEmpty && x >= hole.x && x < hole.maxX && y >= hole.y && y < hole.maxY
            #expect(counts[y * rect.width + x] == (inHole ? 0 : 1), "pixel (\(x), \(y))")
        } }
    }

    @Test("the parts outside several holes (overlapping, touching, outside) cover every other pixel once")
    func partsOutsideHoles() {
        let rect = PixelRect(x: 0, y: 0, width: 40, height: 30)
        let holes = [PixelRect(x: 2, y: 3, width: 10, height: 8), PixelRect(x: 8, y: 6, width: 12, height: 12),
                     PixelRect(x: 20, y: 0, width: 3, height: 30), PixelRect(x: 30, y: 25, width: 20, height: 20),
                     PixelRect(x: -5, y: -5, width: 2, height: 2)]
        var parts: [PixelRect] = []
        rect.forEachPart(outside: holes[...]) { parts.append($0) }
        let counts = coverage(of: parts, in: rect)
        for y in 0..<rect.height { for x in 0..<rect.width {
            let inHole = holes.contains { x >= $0.x && x < $0.maxX && y >= $0.y && y < $0.maxY }
            #expect(counts[y * rect.width + x] == (inHole ? 0 : 1), "pixel (\(x), \(y))")
        } }
    }
}
