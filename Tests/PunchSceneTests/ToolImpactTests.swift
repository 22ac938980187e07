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
        #expect(fistOnly.sprites.first?.toolKind == .fist && fistOnly.sprites.first?.seed == 0)
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
                for index in 0..<tool.bitCount {
                    let bit = sprite.bit(index)
                    guard bit.opacity > 0 else { continue }
                    let reach = bit.scale * size * 0.71
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
            let light = MarkPainter.extent(of: Mark(x: 0.5, y: 0.5, tool: tool.rawValue, depth: 0.2, hits: 1, born: 0), width: 1000, height: 800)
            let deep = MarkPainter.extent(of: Mark(x: 0.5, y: 0.5, tool: tool.rawValue, depth: 1, hits: 9, born: 0), width: 1000, height: 800)
            if tool == .pillow {
                #expect(light.width == 0)
            } else {
                #expect(light.contains(Point(500, 400)))
                #expect(deep.width > light.width && deep.height >= light.height)
            }
        }
    }
}
