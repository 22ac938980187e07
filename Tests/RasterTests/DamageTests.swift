import Raster
import Testing

@Suite("Damage: what a frame must draw again")
struct DamageTests {
    static func list(_ entries: [(PixelRect, Int, Bool)]) -> DisplayList {
        var list = DisplayList()
        for (bounds, key, exact) in entries { list.append(bounds, exactUnderClip: exact) { $0.combine(key) } }
        return list
    }

    static let backdrop = (PixelRect(x: 0, y: 0, width: 400, height: 300), 0, true)

    @Test("the same frame again damages nothing")
    func unchanged() {
        let frame = Self.list([Self.backdrop, (PixelRect(x: 10, y: 10, width: 20, height: 20), 1, true)])
        var damage = Damage()
        damage.compute(from: frame, to: frame, width: 400, height: 300)
        #expect(damage.isEmpty)
    }

    @Test("a thing that moved damages where it was and where it is, nothing else")
    func moved() {
        let before = Self.list([Self.backdrop, (PixelRect(x: 10, y: 10, width: 20, height: 20), 1, true),
                                (PixelRect(x: 300, y: 200, width: 30, height: 30), 2, true)])
        let after = Self.list([Self.backdrop, (PixelRect(x: 12, y: 10, width: 20, height: 20), 1, true),
                               (PixelRect(x: 300, y: 200, width: 30, height: 30), 2, true)])
        var damage = Damage()
        damage.compute(from: before, to: after, width: 400, height: 300)
        #expect(damage.rects == [PixelRect(x: 10, y: 10, width: 22, height: 20)])
    }

    @Test("a thing added between others damages only its own bounds (the lists resynchronise)")
    func added() {
        let rows = (0..<10).map { (PixelRect(x: 0, y: $0 * 30, width: 100, height: 30), 10 + $0, true) }
        let sprite = (PixelRect(x: 200, y: 100, width: 50, height: 50), 99, true)
        let before = Self.list([Self.backdrop] + rows)
        let after = Self.list([Self.backdrop] + rows.prefix(3) + [sprite] + rows.dropFirst(3))
        var damage = Damage()
        damage.compute(from: before, to: after, width: 400, height: 300)
        #expect(damage.rects == [sprite.0])
        damage.compute(from: after, to: before, width: 400, height: 300)
        #expect(damage.rects == [sprite.0], "and removing it again")
    }

    @Test("damage touching drawing that must be drawn across its whole width widens to that width")
    func widensForInexactDrawing() {
        let picture = (PixelRect(x: 100, y: 50, width: 200, height: 100), 5, false)
        let before = Self.list([Self.backdrop, picture, (PixelRect(x: 150, y: 60, width: 10, height: 10), 6, true)])
        let after = Self.list([Self.backdrop, picture, (PixelRect(x: 150, y: 60, width: 10, height: 10), 7, true)])
        var damage = Damage()
        damage.compute(from: before, to: after, width: 400, height: 300)
        // The rows stay those of the change: cuts between rows are exact.
        #expect(damage.rects == [PixelRect(x: 100, y: 60, width: 200, height: 10)])
    }

    @Test("many scattered changes give a few disjoint rectangles covering them all, inside the canvas")
    func scattered() {
        let spots = (0..<40).map { PixelRect(x: ($0 * 97) % 380, y: ($0 * 53) % 280, width: 12, height: 9) }
        let before = Self.list([Self.backdrop] + spots.enumerated().map { ($0.element, 100 + $0.offset, true) })
        let after = Self.list([Self.backdrop] + spots.enumerated().map { ($0.element, 200 + $0.offset, true) }
                              + [(PixelRect(x: 390, y: 290, width: 50, height: 50), 7, true)])
        var damage = Damage()
        damage.compute(from: before, to: after, width: 400, height: 300)
        #expect(damage.rects.count <= Damage.maxRects)
        let canvas = PixelRect(x: 0, y: 0, width: 400, height: 300)
        for (index, rect) in damage.rects.enumerated() {
            #expect(rect.intersection(canvas) == rect)
            for other in damage.rects[(index + 1)...] { #expect(!rect.intersects(other)) }
        }
        for spot in spots + [PixelRect(x: 390, y: 290, width: 10, height: 10)] {
            let covered = damage.rects.reduce(0) { $0 + $1.intersection(spot).width * $1.intersection(spot).height }
            #expect(covered == spot.width * spot.height, "\(spot) is covered")
        }
    }

    @Test("the band executor draws only inside the damage, and every band crossing it")
    func executorDrawsOnlyDamage() {
        final class Fill: BandRenderer {
            var color = Color(hex: 0x112233)
            func render(into band: Canvas) { band.fill(PixelRect(x: 0, y: 0, width: band.width, height: band.height), color) }
        }
        let canvas = Canvas(width: 64, height: 48)
        let executor = BandExecutor(canvas: canvas, threads: 2)
        let fill = Fill()
        executor.render(fill)
        fill.color = Color(hex: 0xAABBCC)
        let rects = [PixelRect(x: 3, y: 2, width: 10, height: 40), PixelRect(x: 40, y: 30, width: 20, height: 5)]
        executor.render(fill, damage: rects)
        for y in 0..<48 {
            for x in 0..<64 {
                let inside = rects.contains { $0.intersects(PixelRect(x: x, y: y, width: 1, height: 1)) }
                #expect(canvas[x, y] == (inside ? 0xFFAA_BBCC : 0xFF11_2233), "pixel \(x),\(y)")
            }
        }
        executor.render(fill, damage: [])
        #expect(canvas[0, 0] == 0xFF11_2233, "no damage draws nothing")
    }
}
