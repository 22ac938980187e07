import PunchScene
import Raster
import Foundation
import StressCore
import Testing

@Suite("Fixed timestep")
struct FixedTimestepTests {
    @Test("a simulated second gives the same number of steps at any render rate", arguments: [30.0, 60.0, 75.0, 144.0, 240.0])
    func stepsIndependentOfRenderRate(framesPerSecond: Double) {
        var clock = FixedTimestep(stepsPerSecond: 120)
        var steps = 0
        for _ in 0..<Int(framesPerSecond * 10) { steps += clock.advance(by: 1 / framesPerSecond) }
        #expect(abs(steps - 1200) <= 1)
    }

    @Test("a long stall is clamped instead of spiralling into thousands of steps")
    func clampAgainstSpiral() {
        var clock = FixedTimestep(stepsPerSecond: 120, maxFrameTime: 0.25)
        let steps = clock.advance(by: 30)
        #expect(steps == 30)
    }

    @Test("interpolation is the leftover fraction of a step")
    func interpolation() {
        var clock = FixedTimestep(stepsPerSecond: 100)
        let first = clock.advance(by: 0.025)
        #expect(first == 2)
        #expect(abs(clock.interpolation - 0.5) < 1e-9)
        let second = clock.advance(by: 0.005)
        #expect(second == 1)
        #expect(clock.interpolation < 1e-9)
    }

    @Test("negative frame times add nothing")
    func negativeTime() {
        var clock = FixedTimestep()
        let steps = clock.advance(by: -1)
        #expect(steps == 0)
        #expect(clock.interpolation == 0)
    }
}

@Suite("Easing and the squash spring")
struct EasingTests {
    @Test("curves start at 0 and end at 1", arguments: [Easing.linear, Easing.easeOutCubic, Easing.easeInCubic, Easing.easeInOutSine])
    func endpoints(curve: @Sendable (Float) -> Float) {
        #expect(abs(curve(0)) < 1e-4)
        #expect(abs(curve(1) - 1) < 1e-4)
    }

    @Test("ease-out-back overshoots then lands on 1")
    func backOvershoots() {
        let peak = stride(from: Float(0), through: 1, by: 0.01).map { Easing.easeOutBack($0) }.max() ?? 0
        #expect(peak > 1.05)
        #expect(abs(Easing.easeOutBack(1) - 1) < 1e-5)
    }

    @Test("ease-in-out-sine is symmetric around the middle")
    func sineSymmetric() {
        #expect(abs(Easing.easeInOutSine(0.5) - 0.5) < 1e-4)
        #expect(abs(Easing.easeInOutSine(0.25) + Easing.easeInOutSine(0.75) - 1) < 1e-4)
    }

    @Test("a kicked spring overshoots, then settles at rest within a second")
    func springSettles() {
        var spring = Spring()
        spring.kick(4)
        var peak: Float = 0, trough: Float = 0
        for _ in 0..<120 {
            spring.step(1 / 120)
            peak = max(peak, spring.value)
            trough = min(trough, spring.value)
        }
        #expect(peak > 0.1)
        #expect(trough < 0)  // it wobbles back past rest once
        #expect(spring.isSettled)
    }
}

@Suite("Punch effects")
struct PunchEffectsTests {
    let hit = PunchImpact(windowX: 100, windowY: 80, targetPoint: (0.3, 0.6))
    let miss = PunchImpact(windowX: 10, windowY: 10, targetPoint: nil)

    @Test("a hit squashes the target toward the hit point and flashes; a miss only shows a sprite")
    func hitAndMiss() {
        var effects = PunchEffects()
        let missed = effects.punch(miss)
        #expect(!missed)
        #expect(effects.sprites.count == 1)
        #expect(effects.flash == 0)
        let landed = effects.punch(hit)
        #expect(landed)
        effects.step(1 / 120)
        #expect(effects.squashScale.y < 1 && effects.squashScale.x > 1)
        #expect(effects.squashAnchor.x == 0.3 && effects.squashAnchor.y == 0.6)
        #expect(effects.flash > 0.9)
    }

    @Test("sprites pop in with an overshoot and fade out within their lifetime")
    func spriteLife() {
        var effects = PunchEffects()
        effects.punch(hit)
        var maxScale: Float = 0
        for _ in 0..<20 {
            effects.step(1 / 120)
            maxScale = max(maxScale, effects.sprites.first?.scale ?? 0)
        }
        #expect(maxScale > 1.05)
        for _ in 0..<120 { effects.step(1 / 120) }
        #expect(effects.sprites.isEmpty)
        #expect(!effects.isAnimating)
    }

    @Test("rapid punches stack smoothly: the squash never jumps back to rest and stays bounded")
    func rapidPunchesStack() {
        var effects = PunchEffects()
        var previous: Float = 0
        var largestJump: Float = 0
        for frame in 0..<240 {
            if frame % 6 == 0 { effects.punch(hit) }
            effects.step(1 / 120)
            largestJump = max(largestJump, abs(effects.squash.value - previous))
            previous = effects.squash.value
            #expect(effects.squash.value < 0.5)
        }
        #expect(largestJump < 0.06)
        #expect(effects.sprites.count <= PunchEffects.maxSprites)
    }

    @Test("reduce motion keeps the sprite but tones the squash down and removes the shake")
    func reduceMotion() {
        var calm = PunchEffects(reduceMotion: true)
        var lively = PunchEffects(reduceMotion: false)
        calm.punch(hit)
        lively.punch(hit)
        var calmPeak: Float = 0, livelyPeak: Float = 0, calmShake: Float = 0
        for _ in 0..<60 {
            calm.step(1 / 120)
            lively.step(1 / 120)
            calmPeak = max(calmPeak, calm.squash.value)
            livelyPeak = max(livelyPeak, lively.squash.value)
            calmShake = max(calmShake, abs(calm.shake.x) + abs(calm.shake.y))
        }
        #expect(calm.sprites.count == 1)
        #expect(calmPeak < livelyPeak / 2)
        #expect(calmShake == 0)
    }

    @Test("the same seed gives the same sprites")
    func deterministic() {
        var a = PunchEffects(seed: 7), b = PunchEffects(seed: 7)
        for _ in 0..<5 { a.punch(hit); b.punch(hit) }
        #expect(a.sprites == b.sprites)
    }
}

@Suite("The attract loop's hop")
struct HopTests {
    @Test("a hop stretches the target up and settles back, with no burst or flash; reduced motion skips it")
    func hopSettles() {
        var effects = PunchEffects()
        effects.hop()
        var lowest: Float = 0
        for _ in 0..<240 {
            effects.step(1.0 / 120)
            lowest = min(lowest, effects.squash.value)
        }
        #expect(lowest < -0.02)
        #expect(effects.squash.isSettled)
        #expect(effects.sprites.isEmpty && effects.flash == 0)

        var gentle = PunchEffects(reduceMotion: true)
        gentle.hop()
        gentle.step(1.0 / 120)
        #expect(gentle.squash.value == 0)
    }
}

@Suite("The kiosk's breath as drawn")
struct VisibleBreathTests {
    /// Where the picture's top edge is drawn, in canvas pixels, for a breath.
    private func topEdge(_ breath: Float, picture: RasterImage, rect: Rect) -> Float {
        let transform = MainSceneFrame.pictureTransform(image: picture, rect: rect, effects: PunchEffects(), previousSquash: 0,
                                                        interpolation: 1, breath: breath)
        return transform.apply(Point(Float(picture.width) / 2, 0)).y
    }

    @Test("the top edge moves in half-pixel steps, never more than a quarter pixel from the smooth breath", arguments: [240, 431, 1203])
    func halfPixelSteps(height: Int) {
        let picture = RasterImage(width: 1024, height: 1024, fill: .white)
        let rect = Rect(x: 100, y: 40, width: Float(height), height: Float(height))
        let rest = topEdge(0, picture: picture, rect: rect)
        for step in 0...400 {
            let raw = -0.025 * Float(step) / 400
            let shown = MainSceneFrame.visibleBreath(raw, pictureHeight: rect.height)
            let moved = rest - topEdge(shown, picture: picture, rect: rect)
            #expect(abs(moved * 2 - (moved * 2).rounded()) < 0.01, "moved \(moved) px")
            #expect(abs(moved - (rest - topEdge(raw, picture: picture, rect: rect))) <= 0.26)
        }
        #expect(MainSceneFrame.visibleBreath(0, pictureHeight: rect.height) == 0)
    }

    @Test("over a breath at 30 frames a second the slow turns repeat the last frame's transform, and it still reaches its depth")
    func slowTurnsRepeat() {
        let height: Float = 431
        var repeated = 0, deepest: Float = 0, last: Float?
        for frame in 0..<72 {  // one 2.4 s breath
            let raw = -0.025 * Float(0.5 - 0.5 * cos(Double(frame) / 30 * 2 * Double.pi / 2.4))
            let shown = MainSceneFrame.visibleBreath(raw, pictureHeight: height)
            if shown == last { repeated += 1 }
            last = shown
            deepest = min(deepest, shown)
        }
        #expect(repeated >= 10, "\(repeated) of 72 frames repeat the transform")
        #expect(abs(deepest - -0.025) * height <= 0.25)
    }
}
