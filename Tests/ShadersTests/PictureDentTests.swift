import Raster
import Shaders
import Testing

/// A 200x160 picture of stripes and rings: any bend of it shows.
private func stripedPicture() -> RasterImage {
    var rgba: [UInt8] = []
    for y in 0..<160 {
        for x in 0..<200 {
            let band = (x / 6 + y / 9) % 3
            rgba += band == 0 ? [230, 60, 50, 255] : band == 1 ? [250, 220, 90, 255] : [40, 60, 140, 255]
        }
    }
    return RasterImage(width: 200, height: 160, rgba: rgba)
}

private let placed = AffineTransform.scale(1.3, 1.3).then(.rotation(0.05)).then(.translation(30.4, 20.2))

private func drawn(_ dents: [PictureDent], clips: [PixelRect]? = nil) -> Canvas {
    let canvas = Canvas(width: 320, height: 260)
    canvas.clear(Color(hex: 0x202030))
    for clip in clips ?? [PixelRect(x: 0, y: 0, width: 320, height: 260)] {
        canvas.pushClip(clip)
        canvas.drawImage(stripedPicture(), transform: placed, dents: dents)
        canvas.popClip()
    }
    return canvas
}

/// The pixels where two canvases differ, and the farthest of them from `center`.
private func differences(_ a: Canvas, _ b: Canvas, from center: Point) -> (count: Int, farthest: Float) {
    var count = 0, farthest: Float = 0
    for y in 0..<a.height {
        for x in 0..<a.width where a[x, y] != b[x, y] {
            count += 1
            let dx = Float(x) + 0.5 - center.x, dy = Float(y) + 0.5 - center.y
            farthest = max(farthest, (dx * dx + dy * dy).squareRoot())
        }
    }
    return (count, farthest)
}

@Suite("A picture's dents")
struct PictureDentTests {
    let center = Point(150, 120)

    @Test("a dent bends the picture inside its circle (and the field's one cell about it) and leaves every pixel beyond as it was")
    func dentStaysInItsCircle() {
        let flat = drawn([])
        for dent in [PictureDent(center: center, radius: 50, depth: 0.4),
                     PictureDent(center: center, radius: 50, depth: -0.4),
                     PictureDent(center: center, radius: 50, depth: 0.1, ripple: 0.2, phase: 0.7)] {
            let bent = differences(drawn([dent]), flat, from: center)
            #expect(bent.count > 1500, "\(dent): only \(bent.count) pixels changed")
            // The field is sampled every 8 px: a pixel blends the nodes of its cell.
            #expect(bent.farthest <= 50 + 8 * 1.42, "\(dent): changed a pixel \(bent.farthest) px from the centre")
        }
    }

    @Test("pushed in darkens its middle; a bump lights it")
    func shadeFollowsDepth() {
        func brightness(_ canvas: Canvas) -> Int {
            var sum = 0
            for y in 110..<130 { for x in 140..<160 { let p = canvas[x, y]; sum += Int(p & 0xFF) + Int(p >> 8 & 0xFF) + Int(p >> 16 & 0xFF) } }
            return sum
        }
        let flat = brightness(drawn([]))
        #expect(brightness(drawn([PictureDent(center: center, radius: 50, depth: 0.4)])) < flat * 9 / 10)
        #expect(brightness(drawn([PictureDent(center: center, radius: 50, depth: -0.4)])) > flat * 21 / 20)
    }

    @Test("a flat dent (no depth, no ripple) draws exactly the flat picture")
    func flatDentIsExact() {
        let none = differences(drawn([PictureDent(center: center, radius: 50, depth: 0)]), drawn([]), from: center)
        #expect(none.count == 0)
    }

    @Test("dents drawn under clips cut across their rows equal them drawn whole, and two superpose")
    func exactUnderClips() {
        let dents = [PictureDent(center: center, radius: 60, depth: 0.35, ripple: 0.15, phase: 0.3),
                     PictureDent(center: Point(120, 100), radius: 40, depth: -0.3)]
        var strips: [PixelRect] = [], left = 0
        for width in [97, 1, 30, 13, 44, 2, 60, 73] {
            strips.append(PixelRect(x: left, y: 0, width: width, height: 260))
            left += width
        }
        let whole = drawn(dents)
        #expect(differences(drawn(dents, clips: strips), whole, from: center).count == 0)
        // Two dents together are neither one alone.
        #expect(differences(whole, drawn([dents[0]]), from: center).count > 500)
        #expect(differences(whole, drawn([dents[1]]), from: center).count > 500)
    }
}
