import AppModel
import PunchScene
import Raster
import StressCore
import Testing

/// What the scene's effects look like at one instant, to tell a held scene from a moving one.
private struct EffectsPose: Equatable {
    var sprites: [PunchSprite]
    var squash: Float
    var shake: [Float]
    var pops: [Float]

    init(_ effects: PunchEffects) {
        sprites = effects.sprites
        squash = effects.squash.value
        shake = [effects.shake.x, effects.shake.y, effects.shakeTurn]
        pops = effects.scorePops.map(\.age)
    }
}

private func hit(_ strength: Int, tool: PunchTool = .fist) -> PunchImpact {
    PunchImpact(windowX: 300, windowY: 200, targetPoint: (0.4, 0.5), strength: strength, tool: tool)
}

@Suite("Hit-stop: a strong hit holds the scene")
struct HitStopTests {
    @Test("the hold is nothing up to 500 and grows to 80 ms at 999; reduced motion keeps it, at most 50 ms")
    func holdGrowsWithStrength() {
        #expect(PunchEffects.hitStopSeconds(strength: 300, reduceMotion: false) == 0)
        #expect(PunchEffects.hitStopSeconds(strength: 500, reduceMotion: false) == 0)
        let holds = [600, 750, 900, 999].map { PunchEffects.hitStopSeconds(strength: $0, reduceMotion: false) }
        #expect(holds == holds.sorted() && Set(holds).count == holds.count, "\(holds)")
        #expect(abs(holds[3] - 0.08) < 0.0001)
        #expect(holds[2] >= 0.06, "a 900 holds through 60 ms, not \(holds[2])")
        let calm = PunchEffects.hitStopSeconds(strength: 999, reduceMotion: true)
        #expect(calm > 0.03 && calm <= 0.05)
    }

    @Test("a strong hit freezes sprite, squash, shake and number from 20 ms to 60 ms; a still click's keep moving")
    func strongHitHolds() {
        for (strength, holds) in [(900, true), (999, true), (300, false)] {
            var effects = PunchEffects(seed: 3)
            effects.punch(hit(strength))
            var poses: [EffectsPose] = []
            for step in 1...8 {  // 8.3 ms ... 66.7 ms after the hit
                effects.step(1 / 120)
                if step >= 3 && step <= 7 { poses.append(EffectsPose(effects)) }  // 25 ... 58 ms
            }
            let still = poses.allSatisfy { $0 == poses[0] }
            #expect(still == holds, "strength \(strength): held \(still)")
        }
    }

    @Test("after the hold everything goes on with the hit's energy: a 999 squashes twice as deep as a 300")
    func resumesWithFullEnergy() {
        func deepest(_ strength: Int) -> Float {
            var effects = PunchEffects(seed: 3)
            effects.punch(hit(strength))
            var deepest: Float = 0
            for _ in 0..<80 { effects.step(1 / 120); deepest = max(deepest, effects.squashScale.x - 1) }
            return deepest
        }
        #expect(deepest(999) > 1.8 * deepest(300), "999: \(deepest(999)), 300: \(deepest(300))")
        // Still moving after the hold, and settled in the end.
        var effects = PunchEffects(seed: 3)
        effects.punch(hit(999))
        for _ in 0..<10 { effects.step(1 / 120) }
        let after = effects.squash.value
        effects.step(1 / 120)
        #expect(effects.squash.value != after)
        for _ in 0..<240 { effects.step(1 / 120) }
        #expect(!effects.isAnimating)
    }

    @Test("a held hit shows its tool on the target, not on its way in")
    func heldSpriteIsAtContact() {
        for tool in PunchTool.allCases {
            var effects = PunchEffects(seed: 5)
            effects.punch(hit(999, tool: tool))
            #expect(effects.sprites.first?.age == tool.contactAge, "\(tool)")
            var light = PunchEffects(seed: 5)
            light.punch(hit(400, tool: tool))
            // Unheld, only the swinging tools start on the target (see SwingTests).
            #expect(light.sprites.first?.age == (tool.swings ? tool.contactAge : 0), "\(tool)")
        }
    }

    @Test("a miss does not hold the scene")
    func missDoesNotHold() {
        var effects = PunchEffects()
        effects.punch(PunchImpact(windowX: 10, windowY: 10, targetPoint: nil, strength: 999))
        #expect(effects.hitStop == 0)
        effects.step(1 / 120)
        #expect(effects.sprites.first?.age ?? 0 > 0)
    }
}

@Suite("Trauma shake")
struct TraumaShakeTests {
    /// The largest shift and turn over a second after `strengths` land 80 ms apart.
    static func peakShake(_ strengths: [Int], shakeStrength: Float = 1, reduceMotion: Bool = false, seed: UInt64 = 11)
        -> (shift: Float, turn: Float, settledAfter: Float, largestJump: Float)
    {
        var effects = PunchEffects(reduceMotion: reduceMotion, seed: seed)
        effects.shakeStrength = shakeStrength
        var shift: Float = 0, turn: Float = 0, settled: Float = 0, jump: Float = 0
        var last: (Float, Float) = (0, 0)
        for step in 0..<240 {
            if step % 10 == 0, step / 10 < strengths.count { effects.punch(hit(strengths[step / 10])) }
            effects.step(1 / 120)
            shift = max(shift, abs(effects.shake.x), abs(effects.shake.y))
            turn = max(turn, abs(effects.shakeTurn))
            jump = max(jump, abs(effects.shake.x - last.0), abs(effects.shake.y - last.1))
            last = (effects.shake.x, effects.shake.y)
            if effects.trauma > 0 { settled = Float(step + 1) / 120 }
        }
        return (shift, turn, settled, jump)
    }

    @Test("a haymaker shakes several times harder than a tap: the shake is trauma squared")
    func shakeGrowsAsTraumaSquared() {
        let tap = Self.peakShake([300]), haymaker = Self.peakShake([999])
        #expect(haymaker.shift > 3 * tap.shift, "999 \(haymaker.shift) vs 300 \(tap.shift)")
        #expect(haymaker.turn > 0)
        var effects = PunchEffects(seed: 1)
        effects.punch(hit(999))
        #expect(effects.trauma > 0.7 && effects.trauma <= 1)
    }

    @Test("trauma adds up over a flurry but never past one, and decays in well under a second")
    func traumaAddsAndDecays() {
        let one = Self.peakShake([700]), flurry = Self.peakShake([700, 700, 700, 700])
        #expect(flurry.shift > one.shift)
        #expect(flurry.shift <= 1.0001)
        #expect(one.settledAfter < 0.8 && flurry.settledAfter < 1.2, "\(one.settledAfter), \(flurry.settledAfter)")
    }

    @Test("the shake wanders smoothly: a 120 Hz step moves it under half its widest swing")
    func shakeIsSmooth() {
        let haymaker = Self.peakShake([999])
        #expect(haymaker.largestJump < 0.5 * max(0.01, haymaker.shift), "jump \(haymaker.largestJump) of \(haymaker.shift)")
    }

    @Test("the screen shake setting scales it, 0 turns it off, and reduced motion has none")
    func settingAndReducedMotion() {
        let usual = Self.peakShake([900]), double = Self.peakShake([900], shakeStrength: 2)
        #expect(abs(double.shift - 2 * usual.shift) < 0.001)
        #expect(Self.peakShake([900], shakeStrength: 0).shift == 0)
        let calm = Self.peakShake([999], reduceMotion: true)
        #expect(calm.shift == 0 && calm.turn == 0)
    }

    @Test("the same seed shakes the same way; another seed another way")
    func deterministic() {
        #expect(Self.peakShake([999, 600], seed: 4) == Self.peakShake([999, 600], seed: 4))
        #expect(Self.peakShake([999, 600], seed: 4).shift != Self.peakShake([999, 600], seed: 5).shift)
    }

    @Test("the shake moves and turns the picture by a share of its size")
    func shakeMovesThePicture() {
        var effects = PunchEffects(seed: 2)
        let image = RasterImage(width: 400, height: 300)
        let rect = Rect(x: 100, y: 50, width: 400, height: 300)
        let rest = MainSceneFrame.pictureTransform(image: image, rect: rect, effects: effects, previousSquash: 0, interpolation: 1)
        effects.punch(hit(999))
        var moved: Float = 0
        for _ in 0..<30 {
            effects.step(1 / 120)
            let now = MainSceneFrame.pictureTransform(image: image, rect: rect, effects: effects, previousSquash: 0, interpolation: 1)
            moved = max(moved, abs(now.apply(Point(200, 0)).x - rest.apply(Point(200, 0)).x))
        }
        #expect(moved > 2 && moved < 0.1 * rect.width, "moved \(moved) px")
    }
}

@Suite("The pop and the big one")
struct PopAndBigHitTests {
    @Test("a hit's flash is a pop: full on the first frame, gone by the third, never fading through grey")
    func flashIsAPop() {
        var effects = PunchEffects()
        effects.punch(hit(700))
        let peak = effects.flash
        #expect(peak > 0.9 && !effects.flashIsImpact)
        var seen: [Float] = []
        for _ in 0..<4 {
            effects.step(1 / 120); effects.step(1 / 120)  // a 60 Hz frame
            seen.append(effects.flash)
            effects.frameDrawn()
        }
        #expect(seen[0] == peak, "the first frame shows it whole")
        #expect(seen[1...].allSatisfy { $0 == 0 }, "then it is gone: \(seen)")
    }

    @Test("a flash no frame has drawn still ends (a hidden window does not keep the loop awake)")
    func undrawnFlashEnds() {
        var effects = PunchEffects()
        effects.punch(hit(700))
        for _ in 0..<13 { effects.step(1 / 120) }
        #expect(effects.flash == 0)
    }

    @Test("the big one's impact frame is a silhouette for two 60 Hz frames; under reduced motion a soft glow")
    func bigOneImpactFrame() {
        var effects = PunchEffects()
        effects.punch(hit(980))
        var frames: [(Float, Bool)] = []
        for _ in 0..<4 {
            effects.step(1 / 120); effects.step(1 / 120)
            frames.append((effects.flash, effects.flashIsImpact))
            effects.frameDrawn()
        }
        #expect(frames[0] == (1, true) && frames[1] == (1, true), "\(frames)")
        #expect(frames[2].0 == 0 && frames[3].0 == 0)
        var calm = PunchEffects(reduceMotion: true)
        calm.punch(hit(980))
        #expect(calm.flash <= 0.3 && !calm.flashIsImpact)
        // 949 is strong, not the big one.
        var strong = PunchEffects()
        strong.punch(hit(949))
        #expect(!strong.flashIsImpact)
    }

    @Test("the big one's number is marked to be punched in larger")
    func bigNumber() {
        var effects = PunchEffects()
        effects.punch(hit(950))
        effects.punch(hit(949))
        #expect(effects.scorePops.map(\.isBig) == [true, false])
    }

    @Test("a harder hit throws more pieces and a larger sprite; an ordinary one throws the usual number")
    func debrisFollowsStrength() {
        for tool in PunchTool.allCases where tool.bitCount > 0 {
            #expect(tool.bitCount(strength: 500) == tool.bitCount)
            #expect(tool.bitCount(strength: 999) > tool.bitCount(strength: 500))
            #expect(tool.bitCount(strength: 150) < tool.bitCount(strength: 500))
        }
        var effects = PunchEffects()
        effects.punch(hit(999, tool: .tomato))
        effects.punch(hit(500, tool: .tomato))
        #expect(effects.sprites[0].sizeFactor > 1.2 && effects.sprites[1].sizeFactor == 1)
    }

    @Test("however fast the hits come, no more than the cap of pieces is ever in the air")
    func debrisCap() {
        var effects = PunchEffects()
        var most = 0
        for step in 0..<600 {
            if step % 2 == 0 { effects.punch(hit(999, tool: .tomato)) }
            effects.step(1 / 120)
            most = max(most, effects.sprites.reduce(0) { $0 + $1.bitCount })
        }
        #expect(most <= PunchEffects.maxBitsAlive)
        #expect(most > PunchEffects.maxBitsAlive - PunchTool.tomato.bitCount(strength: 999), "the cap is reached: \(most)")
    }
}

@Suite("The big one's sound and rumble")
struct BigHitSoundTests {
    /// The sounds asked for and the longest rumble, over 0.2 s after one punch.
    static func punch(_ strength: Int) throws -> (sounds: [SoundCue], longestRumble: Int) {
        let fixture = try ControllerFixture()
        fixture.controller.handle(.gamepadAdded(id: 1, name: "pad"))
        fixture.controller.punch(atX: fixture.center.x, y: fixture.center.y, gamepad: 1, strength: strength)
        for _ in 0..<24 { fixture.controller.step(1 / 120) }
        var sounds: [SoundCue] = [], longest = 0
        for request in fixture.requests() {
            if case .playSound(let cue, _, _) = request { sounds.append(cue) }
            if case .rumble(_, _, let milliseconds) = request { longest = max(longest, milliseconds) }
        }
        return (sounds, longest)
    }

    @Test("950 and up layers a deep thump under the tool's sound and rumbles long; 949 does not")
    func bigOneThumps() throws {
        let big = try Self.punch(960), strong = try Self.punch(949)
        #expect(big.sounds.count == 2 && big.sounds.last == .bigThump, "\(big.sounds)")
        #expect(strong.sounds.count == 1 && !strong.sounds.contains(.bigThump))
        #expect(big.longestRumble >= 400 && big.longestRumble > strong.longestRumble + 150)
    }
}

@Suite("Dents")
struct HitDentTests {
    @Test("a fist dents tight and deep, a pillow wide and shallow, a mallet bumps out; harder is deeper")
    func shapesByTool() {
        let fist = HitDent(u: 0.5, v: 0.5, tool: .fist, strength: 800)
        let pillow = HitDent(u: 0.5, v: 0.5, tool: .pillow, strength: 800)
        let mallet = HitDent(u: 0.5, v: 0.5, tool: .mallet, strength: 800)
        #expect(fist.radius < pillow.radius && fist.depth > 2 * pillow.depth && pillow.depth > 0)
        #expect(mallet.depth < 0)
        #expect(HitDent(u: 0, v: 0, tool: .fist, strength: 999).depth > 1.5 * HitDent(u: 0, v: 0, tool: .fist, strength: 300).depth)
    }

    @Test("a dent springs back through flat, its ripple runs outward, and all of it is gone in about half a second")
    func springsBackAndFades() {
        var dent = HitDent(u: 0.5, v: 0.5, tool: .fist, strength: 800)
        var depths: [Float] = [], phases: [Float] = []
        while !dent.isFinished {
            depths.append(dent.shape.depth)
            phases.append(dent.shape.phase)
            dent.age += 1 / 120
        }
        #expect(depths.first == dent.depth)
        #expect(depths.contains { $0 < 0 }, "it overshoots past flat")
        #expect(phases == phases.sorted() && (phases.last ?? 0) > 1, "the ripple runs outward")
        #expect(abs(depths.last ?? 1) < 0.01 * dent.depth)
        #expect((0.45...0.6).contains(Float(depths.count) / 120))
    }

    @Test("hits dent where they land, superposed up to four; a miss, the setting off or reduced motion do not dent")
    func whenHitsDent() {
        var effects = PunchEffects()
        for index in 0..<6 { effects.punch(PunchImpact(windowX: 0, windowY: 0, targetPoint: (0.1 * Float(index), 0.4), strength: 700)) }
        #expect(effects.hitDents.count == PunchEffects.maxDents)
        #expect(effects.hitDents.last?.u == 0.5 && effects.hitDents.last?.v == 0.4)
        effects.punch(PunchImpact(windowX: 0, windowY: 0, targetPoint: nil, strength: 700))
        #expect(effects.hitDents.count == PunchEffects.maxDents)
        // Their lifetime after the hold (hits of 700 hold the scene 51 ms).
        for _ in 0..<Int((HitDent.lifetime + 0.06) * 120) + 1 { effects.step(1 / 120) }
        #expect(effects.hitDents.isEmpty)

        var off = PunchEffects()
        off.dents = false
        off.punch(hit(900))
        var calm = PunchEffects(reduceMotion: true)
        calm.punch(hit(900))
        #expect(off.hitDents.isEmpty && calm.hitDents.isEmpty)
    }

    @Test("a held hit holds its dent at full depth; it springs back once the hold ends")
    func heldWithTheScene() {
        var effects = PunchEffects()
        effects.punch(hit(999))
        for _ in 0..<8 { effects.step(1 / 120) }
        #expect(effects.hitDents.first?.age == 0)
        for _ in 0..<8 { effects.step(1 / 120) }
        #expect((effects.hitDents.first?.age ?? 0) > 0)
    }

    @Test("the dent setting reaches the effects through the controller")
    func settingApplies() throws {
        let fixture = try ControllerFixture()
        var settings = UserSettings()
        settings.dent = false
        fixture.controller.apply(settings)
        fixture.controller.punch(atX: fixture.center.x, y: fixture.center.y, gamepad: nil, strength: 800)
        #expect(fixture.controller.effects.hitDents.isEmpty)
        settings.dent = true
        fixture.controller.apply(settings)
        fixture.controller.punch(atX: fixture.center.x, y: fixture.center.y, gamepad: nil, strength: 800)
        #expect(fixture.controller.effects.hitDents.count == 1)
    }
}

@Suite("The swing's wind-up")
struct SwingTests {
    @Test("the slap and the mallet land on the input's frame, never after a swing; the others are unchanged")
    func swingsLandAtOnce() {
        for tool in PunchTool.allCases {
            var effects = PunchEffects(seed: 2)
            effects.punch(hit(300, tool: tool))
            let age = effects.sprites.first?.age
            #expect(age == (tool.swings ? tool.contactAge : 0), "\(tool): \(String(describing: age))")
        }
        #expect(PunchTool.allCases.filter(\.swings) == [.slap, .mallet])
    }

    @Test("the wind-up shows as a smear of the raised swing for the first frames, then only the tool")
    func windUpSmear() {
        let renderer = MainSceneRenderer(layout: MainLayout(width: 1280, height: 720), burst: nil, glyphs: nil,
                                         toolArt: [.mallet: ToolArt(sprite: RasterImage(width: 64, height: 64, fill: .white), icon: nil, bit: nil)])
        var effects = PunchEffects(seed: 2)
        effects.punch(hit(300, tool: .mallet))
        func drawings() -> Int {
            var count = 0
            renderer.forEachDrawing(of: effects.sprites[0]) { _, _, opacity in if opacity > 0 { count += 1 } }
            return count
        }
        #expect(drawings() == 3, "the tool and two poses of its swing")
        for _ in 0..<Int(PunchTool.swingSmearSeconds * 120) + 1 { effects.step(1 / 120) }
        #expect(drawings() == 1)
    }
}

@Suite("The hold does not hold the sound")
struct HoldSoundTests {
    @Test("a held hit asks for its sound at once, before a single step of the hold")
    func soundIsNotDelayed() throws {
        let fixture = try ControllerFixture()
        fixture.controller.punch(atX: fixture.center.x, y: fixture.center.y, gamepad: nil, strength: 999)
        #expect(fixture.controller.effects.hitStop > 0.07)
        let sounds = fixture.requests().filter { if case .playSound = $0 { return true } else { return false } }
        #expect(sounds.count == 2, "the tool's sound and the big one's thump, now: \(sounds)")
    }
}
