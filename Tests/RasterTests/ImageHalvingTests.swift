import Raster
import Testing

@Suite("Halving a picture")
struct ImageHalvingTests {
    @Test("each pixel of the half is the rounded average of the four it covers, alpha too; an odd edge is left out")
    func averages() {
        let image = RasterImage(width: 5, height: 3)
        // The top-left 2x2: black, white, and two half-transparent reds (premultiplied).
        image.pixels[0] = 0xFF00_0000
        image.pixels[1] = 0xFFFF_FFFF
        image.pixels[5] = 0x8080_0000
        image.pixels[6] = 0x8080_0000
        let half = image.halved()
        #expect(half.width == 2 && half.height == 1)
        // Alpha (255 + 255 + 128 + 128) / 4 = 191.5, red (0 + 255 + 128 + 128) / 4 = 127.75,
        // green and blue 255 / 4 = 63.75: rounded.
        #expect(half[0, 0] == 0xC080_4040)
        // Wholly transparent stays wholly transparent; nothing is opaque here.
        #expect(half[1, 0] == 0)
        #expect(!half.isOpaque)
    }

    @Test("an opaque picture's halves stay opaque, down to one pixel")
    func opaqueStaysOpaque() {
        var level = RasterImage(width: 9, height: 4, fill: Color(hex: 0x336699))
        #expect(level.isOpaque)
        while level.width > 1 || level.height > 1 {
            level = level.halved()
            #expect(level.isOpaque && level[0, 0] == 0xFF33_6699)
        }
    }
}
