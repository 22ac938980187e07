import PunchScene
import Raster
import StressCore
import Testing

@Suite("Tool impacts")
struct ToolImpactTests {
    @Test("a tool's punch makes a sprite of that tool, and the fist's sprites are as they were before tools")
    func spritesCarryTheirTool() {
        var effects = PunchEffects(seed: 7)
        var fistOnly = PunchEffects(seed: 7)
        effects.punch(PunchImpact(windowX: 100, windowY: 100, targetPoint: (0.5, 0.5), tool: .pie))
        fistOnly.punch(PunchImpact(windowX: 100, windowY: 100, targetPoint: (0.5, 0.5)))
        #expect(effects.sprites.first?.toolKind == .pie)
        // The fist's turn and tint are the generator's first draws, as before tools; its
        // pieces' seed comes from them, not from another draw.
        var generator = SeededRandom(seed: 7)
        let tilt = (generator.nextUnit() - 0.5) * 0.6, tint = Int(generator.next() % 3)
        #expect(fistOnly.sprites.first?.toolKind == .fist && fistOnly.sprites.first?.rotation == tilt
                && fistOnly.sprites.first?.tint == tint && fistOnly.sprites.first?.seed != 0)
        // Each sprite lives as long as its tool says.
        for _ in 0..<Int(PunchTool.pie.spriteLifetime * 120) + 2 { effects.step(1 / 120) }
        #expect(effects.sprites.isEmpty)
    }

    @Test("everything a sprite draws, over its whole life, stays inside its bounds")
    func boundsHoldEverything() {
        for tool in PunchTool.allCases {
            var effects = PunchEffects(seed: 99)
            effects.punch(PunchImpact(windowX: 500, windowY: 400, targetPoint: (0.5, 0.5), tool: tool))
            guard let first = effects.sprites.first else {
                Issue.record("no sprite for \(tool)")
                continue
            }
            let bounds = first.bounds(layoutScale: 1.5)
            let size = tool.spriteSize * 1.5
            var sprite = first
            while sprite.age < sprite.duration {
                let pose = sprite.pose
                // The sprite's square, turned about its pivot, scaled by the pose.
                let pivot = Point(sprite.x + pose.pivotX * size, sprite.y + pose.pivotY * size)
                for (cx, cy) in [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)] as [(Float, Float)] {
                    let local = Point((cx - pose.pivotX) * size * pose.scaleX, (cy - pose.pivotY) * size * pose.scaleY)
                    let turned = Point(local.x * Easing.cosine(pose.rotation) - local.y * Easing.sine(pose.rotation),
                                       local.x * Easing.sine(pose.rotation) + local.y * Easing.cosine(pose.rotation))
                    let corner = Point(pivot.x + turned.x, pivot.y + turned.y)
                    #expect(bounds.insetBy(-1).contains(corner), "\(tool) at \(sprite.age): corner \(corner) outside \(bounds)")
                }
                for index in 0..<first.bitCount {
                    let bit = sprite.bit(index)
                    guard bit.opacity > 0 else { continue }
                    let reach = bit.scale * max(bit.stretch, 1) * size * 0.71
                    let center = Point(sprite.x + bit.dx * size, sprite.y + bit.dy * size)
                    #expect(bounds.insetBy(-1).contains(Point(center.x - reach, center.y - reach))
                            && bounds.insetBy(-1).contains(Point(center.x + reach, center.y + reach)), "\(tool) bit \(index) at \(sprite.age)")
                }
                sprite.age += 1 / 60
            }
        }
    }

    @Test("a mark's extent covers where it is, and grows as it deepens; a pillow's is empty")
    func markExtent() {
        for tool in PunchTool.allCases {
            let light = MarkPainter.extent(of: Mark(x: 0.5, y: 0.5, tool: tool, depth: 0.2, hits: 1, born: 0), width: 1000, height: 800)
            let deep = MarkPainter.extent(of: Mark(x: 0.5, y: 0.5, tool: tool, depth: 1, hits: 9, born: 0), width: 1000, height: 800)
            if tool == .pillow {
                #expect(light.width == 0)
            } else {
                #expect(light.contains(Point(500, 400)))
                #expect(deep.width > light.width && deep.height >= light.height)
            }
        }
    }
}

@Suite("Tool marks")
struct ToolMarkTests {
    /// A plain opaque picture with a transparent margin on the left, like drawn art.
    static func picture() -> RasterImage {
        let image = RasterImage(width: 360, height: 280, fill: Color(hex: 0x88AADD))
        for y in 0..<280 { for x in 0..<30 { image.pixels[y * 360 + x] = 0 } }
        image.updateOpacity()
        return image
    }

    static func pixels(_ image: RasterImage) -> [UInt32] { Array(UnsafeBufferPointer(start: image.pixels, count: image.width * image.height)) }

    @Test("marks laid hit by hit, each redrawing only what it changed, are the very pixels of all of them drawn afresh")
    func incrementalMatchesFresh() {
        let picture = Self.picture()
        var marks = MarkSet()
        let painter = MarkPainter()
        var random = SeededRandom(seed: 42)
        let tools = PunchTool.allCases
        var last = picture
        for index in 0..<60 {
            let tool = tools[index % tools.count]
            // Some hits on the same spot (deepening a mark), most elsewhere.
            let x = index % 4 == 0 ? 0.5 : random.nextUnit(), y = index % 4 == 0 ? 0.5 : random.nextUnit()
            marks.hit(x: x, y: y, strength: Int(random.next() % 1000), tool: tool, at: Double(index))
            last = painter.picture(picture, with: marks)
        }
        let fresh = MarkPainter().picture(picture, with: marks)
        #expect(Self.pixels(last) == Self.pixels(fresh))
        // The tools' marks did change the picture, and never its transparent margin.
        #expect(Self.pixels(fresh) != Self.pixels(picture))
        #expect((0..<280).allSatisfy { y in (0..<30).allSatisfy { fresh.pixels[y * 360 + $0] == 0 } })
    }

    @Test("a marked opaque photo stays opaque, so it is drawn by storing; one with a transparent margin does not claim to be")
    func markedPhotoKeepsOpacity() {
        var marks = MarkSet()
        for (index, tool) in PunchTool.allCases.enumerated() {
            marks.hit(x: 0.1 + 0.15 * Float(index), y: 0.5, strength: 900, tool: tool, at: Double(index))
        }
        let photo = RasterImage(width: 360, height: 280, fill: Color(hex: 0x88AADD))
        let painter = MarkPainter()
        let marked = painter.picture(photo, with: marks)
        #expect(marked !== photo && Self.pixels(marked) != Self.pixels(photo))
        #expect(marked.isOpaque)
        // Every pixel really is opaque: the flag is not just copied.
        #expect(Self.pixels(marked).allSatisfy { $0 >> 24 == 255 })
        // The same painter on a picture with a margin (reusing its buffer) says so.
        let cutout = painter.picture(Self.picture(), with: marks)
        #expect(!cutout.isOpaque)
        #expect(painter.picture(photo, with: marks).isOpaque)
    }

    @Test("each tool's mark looks its own: a slap reddens, cream whitens, a tomato is red, a pillow leaves nothing")
    func marksLookTheirOwn() {
        func tint(_ tool: PunchTool) -> (r: Int, g: Int, b: Int) {
            var marks = MarkSet()
            for _ in 0..<4 { marks.hit(x: 0.5, y: 0.5, strength: 700, tool: tool, at: 0) }
            let image = MarkPainter().picture(Self.picture(), with: marks)
            // The mean of a small square at the middle: a seed or a shine does not decide it.
            var r = 0, g = 0, b = 0
            for y in 134...146 { for x in 174...186 {
                let p = image.pixels[y * 360 + x]
                r += Int((p >> 16) & 0xFF); g += Int((p >> 8) & 0xFF); b += Int(p & 0xFF)
            } }
            return (r / 169, g / 169, b / 169)
        }
        let plain = (r: 0x88, g: 0xAA, b: 0xDD)
        let pillow = tint(.pillow)
        #expect(pillow.r == plain.r && pillow.g == plain.g && pillow.b == plain.b)
        let pie = tint(.pie)
        #expect(pie.r > 230 && pie.g > 220 && pie.b > 190, "cream is \(pie)")
        let tomato = tint(.tomato)
        #expect(tomato.r > 120 && tomato.r > 2 * tomato.g && tomato.r > 2 * tomato.b, "a splat is \(tomato)")
        let slap = tint(.slap)
        #expect(slap.r > plain.r && slap.g < plain.g, "a flush is \(slap)")
        let fist = tint(.fist)
        #expect(fist.r + fist.g + fist.b < plain.r + plain.g + plain.b - 60, "a bruise is \(fist)")
        let mallet = tint(.mallet)
        #expect(mallet.r != plain.r || mallet.g != plain.g || mallet.b != plain.b, "a bump is \(mallet)")
    }
}

@Suite("A fist's mark shows on any photo")
struct BruiseContrastTests {
    /// Pixels of a one-punch fist mark in the middle of a solid `color` photo that differ
    /// from the photo by at least `step` in some channel, and the largest difference.
    static func visible(on color: UInt32, step: Int = 28) -> (count: Int, peak: Int, area: Int) {
        let photo = RasterImage(width: 360, height: 280, fill: Color(hex: color))
        var marks = MarkSet()
        marks.hit(x: 0.5, y: 0.5, strength: 500, tool: .fist, at: 0)
        let marked = MarkPainter().picture(photo, with: marks)
        var count = 0, peak = 0
        for index in 0..<(360 * 280) {
            let a = photo.pixels[index], b = marked.pixels[index]
            let difference = max(channelDifference(a, b, 16), channelDifference(a, b, 8), channelDifference(a, b, 0))
            peak = max(peak, difference)
            if difference >= step { count += 1 }
        }
        // The mark's nominal disc: its radius at a one-punch depth.
        let radius = (0.032 + 0.05 * (marks.marks.first?.depth ?? 0)) * 280
        return (count, peak, Int(Float.pi * radius * radius))
    }

    static func channelDifference(_ a: UInt32, _ b: UInt32, _ shift: UInt32) -> Int {
        abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF))
    }

    @Test("one punch's bruise differs measurably from a solid purple, a dark and a light photo",
          arguments: [UInt32(0x7A3E9E), 0x5B2C83, 0x9B59B6, 0x141414, 0x2A2438, 0xF4F1EA, 0xFFFFFF, 0x88AADD])
    func bruiseShows(color: UInt32) {
        let seen = Self.visible(on: color)
        #expect(seen.count * 10 >= seen.area * 4 && seen.peak >= 60,
                "on #\(String(color, radix: 16)): \(seen.count) of the disc's \(seen.area) pixels differ by 28 or more, at most by \(seen.peak)")
    }
}
