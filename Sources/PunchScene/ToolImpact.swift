import Foundation
import Raster
import StressCore

/// How each tool's sprite moves when it lands: a pose at each age, the pieces it
/// throws, and the rectangle all of it can cover. Pure functions of the sprite (its
/// age, tool and seed), so drawing reads them and keeps no state, and the same
/// script draws the same frames.
///
/// - fist: the comic burst pops in with an overshoot (as before tools).
/// - slap: the hand swings in from the wrist and stings.
/// - pillow: the pillow squishes flat and bounces back; feathers float down.
/// - pie: it flies in from the viewer, splats flat, and cream flies off.
/// - tomato: it bursts flat in a blink, juice and seeds spraying out.
/// - mallet: it swings down on its handle, bonks, and bounces back on the rubber,
///   a ring of little stars around the hit.
public struct SpritePose: Sendable, Equatable {
    public var scaleX: Float
    public var scaleY: Float
    public var rotation: Float
    /// The point the sprite turns about, as a fraction of its size from its centre
    /// (a hand turns at its wrist, a mallet at its handle's end).
    public var pivotX: Float = 0
    public var pivotY: Float = 0
    public var opacity: Float
}

/// One piece an impact threw (a feather, a blob of cream), as drawn at this age.
public struct ImpactBit: Sendable, Equatable {
    /// Offset from the hit, as a fraction of the sprite's size.
    public var dx: Float
    public var dy: Float
    /// Size as a fraction of the sprite's size.
    public var scale: Float
    public var rotation: Float
    public var opacity: Float
    /// The tool's other piece (`ToolArt.secondBit`: a speed line, a seed) rather than its piece.
    public var usesSecondBit = false
    /// Wider than tall by this much (a drop splatted flat; 1 is its own shape).
    public var stretch: Float = 1
}

extension PunchTool {
    /// The sprite's size on screen at layout scale 1, in pixels.
    public var spriteSize: Float {
        switch self {
        case .fist: return 200
        case .slap: return 220
        case .pillow: return 230
        case .pie: return 220
        case .tomato: return 190
        case .mallet: return 240
        }
    }

    /// How long its sprite (and what it threw) shows, in seconds.
    public var spriteLifetime: Float {
        switch self {
        case .fist: return PunchSprite.lifetime
        case .slap: return 0.5
        case .pillow: return 1.0
        case .pie: return 0.8
        case .tomato: return 0.7
        case .mallet: return 0.65
        }
    }

    /// How many pieces a hit of `strength` throws: the usual number at 500, half
    /// again as many for a haymaker, half as many for a touch.
    public func bitCount(strength: Int) -> Int {
        guard bitCount > 0 else { return 0 }
        return max(1, Int((Float(bitCount) * (0.5 + PunchStrength.unit(strength))).rounded()))
    }

    /// Whether it swings (the slap from the wrist, the mallet on its handle): its
    /// sprite starts on the target, and the swing shows as a smear of its wind-up on
    /// the first frames, so the wind-up never delays the hit's landing from the input.
    public var swings: Bool { self == .slap || self == .mallet }
    /// How long the wind-up's smear shows after the hit.
    public static let swingSmearSeconds: Float = 0.06

    /// How old its sprite is when it meets the target: where a held hit (hit-stop)
    /// freezes it, on the target rather than on the way in.
    public var contactAge: Float {
        switch self {
        case .fist: return 0.085
        case .slap: return 0.09
        case .pillow: return 0.08
        case .pie: return 0.075
        case .tomato: return 0.06
        case .mallet: return 0.09
        }
    }

    /// How many pieces an ordinary hit (500) throws.
    public var bitCount: Int {
        switch self {
        case .fist: return 8
        case .slap: return 6
        case .pillow: return 7
        case .pie: return 6
        case .tomato: return 8
        case .mallet: return 5
        }
    }

    /// How far from the hit anything of the sprite can reach, in sprite sizes: the
    /// turned, overshooting sprite and everything it throws (the bounds test checks
    /// every frame of every tool stays inside).
    var reach: Float {
        switch self {
        case .fist: return 1.0
        case .slap: return 1.3
        case .pillow: return 1.0
        case .pie: return 1.6
        case .tomato: return 1.5
        case .mallet: return 1.6
        }
    }
}

extension PunchSprite {
    public var tool: PunchTool { toolKind }

    /// The sprite's pose now.
    public var pose: SpritePose {
        let t = age
        let fadeStart = duration * 0.45
        let fade: Float = t < fadeStart ? 1 : max(0, 1 - Easing.easeInCubic((t - fadeStart) / (duration - fadeStart)))
        switch toolKind {
        case .fist:
            return SpritePose(scaleX: scale, scaleY: scale, rotation: rotation, opacity: opacity)
        case .slap:
            // From the wrist: a swing in over 90 ms, a little past, and back.
            let swing: Float = t < 0.09 ? 1 - Easing.easeOutCubic(t / 0.09) : -0.12 * Easing.sine(min(1, (t - 0.09) / 0.16) * Float.pi)
            let grow = 0.92 + 0.08 * min(1, t / 0.09) + max(0, t - 0.09) * 0.12
            return SpritePose(scaleX: grow, scaleY: grow, rotation: rotation + 1.0 * swing, pivotX: 0.14, pivotY: 0.26, opacity: fade)
        case .pillow:
            let pop = t < 0.12 ? 0.55 + 0.45 * Easing.easeOutBack(t / 0.12, overshoot: 1.6) : 1
            let squish = t > 0.04 && t < 0.34 ? Easing.sine((t - 0.04) / 0.3 * Float.pi) * exp(-(t - 0.04) * 4) : 0
            // The pillow itself goes soon; its feathers keep floating.
            let own: Float = t < 0.3 ? 1 : max(0, 1 - (t - 0.3) / 0.3)
            return SpritePose(scaleX: pop * (1 + 0.22 * squish), scaleY: pop * (1 - 0.26 * squish), rotation: rotation * 0.5, opacity: own)
        case .pie:
            // Flies in big from the viewer, then splats wide and flat.
            let flight: Float = t < 0.07 ? 1.55 - 0.55 * Easing.easeInCubic(t / 0.07) : 1
            let splat: Float = t < 0.07 ? 0 : Easing.easeOutCubic(min(1, (t - 0.07) / 0.12))
            return SpritePose(scaleX: flight * (1 + 0.18 * splat), scaleY: flight * (1 - 0.22 * splat), rotation: rotation * 0.4,
                              opacity: t < 0.07 ? min(1, 0.4 + t / 0.07) : fade)
        case .tomato:
            let burst: Float = t < 0.05 ? 0.6 + 0.4 * Easing.easeOutCubic(t / 0.05) : 1 + 0.25 * Easing.easeOutCubic(min(1, (t - 0.05) / 0.1))
            let flat: Float = t < 0.05 ? 0 : Easing.easeOutCubic(min(1, (t - 0.05) / 0.1))
            return SpritePose(scaleX: burst * (1 + 0.1 * flat), scaleY: burst * (1 - 0.16 * flat), rotation: rotation, opacity: fade)
        case .mallet:
            // Down on its handle in 80 ms, then the rubber bounces it back and forth.
            let angle: Float
            if t < 0.08 {
                angle = -1.15 * (1 - Easing.easeInCubic(t / 0.08))
            } else {
                let after = t - 0.08
                angle = -0.28 * Easing.sine(min(1, after / 0.2) * Float.pi) * exp(-after * 3)
            }
            let bonk: Float = t > 0.07 && t < 0.17 ? Easing.sine((t - 0.07) / 0.1 * Float.pi) : 0
            return SpritePose(scaleX: 1 + 0.1 * bonk, scaleY: 1 - 0.12 * bonk, rotation: rotation * 0.3 + angle,
                              pivotX: 0.36, pivotY: 0.18, opacity: fade)
        }
    }

    /// Piece `index` (0..<bitCount) as it is now.
    public func bit(_ index: Int) -> ImpactBit {
        var random = SeededRandom(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        let a = random.nextUnit() * 2 * Float.pi
        let speed = 0.7 + 0.6 * random.nextUnit()
        let spin = random.nextSigned()
        let size = random.nextUnit()
        let t = age
        let fadeStart = duration * 0.5
        let fade: Float = t < fadeStart ? 1 : max(0, 1 - (t - fadeStart) / (duration - fadeStart))
        let appear = min(1, t / 0.04)
        /// Flung out with drag: `v0` sizes a second at first, slowing by `drag`.
        func flung(_ v0: Float, drag: Float) -> Float { v0 * (1 - exp(-drag * t)) / drag }
        switch toolKind {
        case .fist:
            if index % 2 == 1 {
                // Speed lines: shot out from the burst's rim, pointing away, gone in 0.2 s.
                let r = 0.36 + flung(2.4 * speed, drag: 11)
                return ImpactBit(dx: Easing.cosine(a) * r, dy: Easing.sine(a) * r, scale: 0.3 + 0.12 * size, rotation: a,
                                 opacity: max(0, 1 - t / 0.2) * appear, usesSecondBit: true)
            }
            // Dust knocked off: puffs that drift out slowly, swell, rise a little and thin away.
            let r = 0.2 + flung(1.1 * speed, drag: 5)
            let swell = 0.14 + 0.08 * size + 0.22 * Easing.easeOutCubic(t / duration)
            return ImpactBit(dx: Easing.cosine(a) * r, dy: Easing.sine(a) * r * 0.6 - 0.12 * t, scale: swell,
                             rotation: a + spin * t, opacity: 0.85 * fade * appear)
        case .slap:
            if index % 2 == 1 {
                // The sting: lines fanned out over the hand, fast and short-lived.
                let angle = -Float.pi * (0.08 + 0.84 * Float(index / 2) / 2) + (a - Float.pi) * 0.08
                let r = 0.3 + flung(2.2 * speed, drag: 12)
                return ImpactBit(dx: Easing.cosine(angle) * r, dy: Easing.sine(angle) * r, scale: 0.26 + 0.1 * size,
                                 rotation: angle, opacity: max(0, 1 - t / 0.22) * appear, usesSecondBit: true)
            }
            let r = 0.32 + flung(1.6 * speed, drag: 9)
            let angle = -Float.pi * (0.15 + 0.7 * Float(index / 2) / 2) + (a - Float.pi) * 0.1
            return ImpactBit(dx: Easing.cosine(angle) * r, dy: Easing.sine(angle) * r, scale: 0.12 + 0.05 * size,
                             rotation: spin * t * 3, opacity: fade * appear)
        case .pillow:
            let r = flung(1.5 * speed, drag: 4.5)
            let sway = Easing.sine(t * 7 + a) * 0.05
            return ImpactBit(dx: Easing.cosine(a) * r + sway, dy: Easing.sine(a) * r * 0.8 + 0.16 * t * t,
                             scale: 0.24 + 0.1 * size, rotation: a + Easing.sine(t * 5 + spin * 3) * 0.7, opacity: fade * appear)
        case .pie:
            // Mostly sideways and up, then falling; each drop lands a moment after
            // another and splats flat where it came down.
            let angle = -Float.pi / 2 + (a / Float.pi - 1) * 1.3
            let landsAt = 0.3 + 0.15 * size
            let flight = min(t, landsAt)
            let r = 0.22 + speed * 2.1 * (1 - exp(-6 * flight)) / 6
            let splat = t < landsAt ? 0 : Easing.easeOutCubic((t - landsAt) / 0.07)
            return ImpactBit(dx: Easing.cosine(angle) * r, dy: Easing.sine(angle) * r + 1.1 * flight * flight,
                             scale: (0.16 + 0.1 * size) * (1 + 0.15 * splat), rotation: a * (1 - splat),
                             opacity: fade * min(1, max(0, (t - 0.06) / 0.03)), stretch: 1 + 1.1 * splat)
        case .tomato:
            if index % 2 == 1 {
                // Seeds: flung less far than the juice, tumbling as they fall.
                let r = 0.14 + flung(1.7 * speed, drag: 7)
                return ImpactBit(dx: Easing.cosine(a) * r, dy: Easing.sine(a) * r + 1.5 * t * t, scale: 0.08 + 0.04 * size,
                                 rotation: a + spin * t * 9, opacity: fade * min(1, max(0, (t - 0.03) / 0.03)), usesSecondBit: true)
            }
            let r = 0.18 + flung(2.4 * speed, drag: 6.5)
            return ImpactBit(dx: Easing.cosine(a) * r, dy: Easing.sine(a) * r + 1.3 * t * t,
                             scale: 0.1 + 0.09 * size, rotation: a + spin * t * 4, opacity: fade * min(1, max(0, (t - 0.03) / 0.03)))
        case .mallet:
            // Stars ringing the bump: they spread out to a ring and circle it.
            let ring = 0.5 * Easing.easeOutCubic(min(1, max(0, t - 0.08) / 0.18))
            let angle = Float(index) / Float(max(1, bitCount)) * 2 * Float.pi + t * 4.5
            // Each star pops at the end, one after another: a quick swell as it goes.
            let popAt = duration * (0.62 + 0.05 * Float(index % 5))
            let pop = t < popAt ? 0 : min(1, (t - popAt) / 0.07)
            return ImpactBit(dx: Easing.cosine(angle) * ring, dy: Easing.sine(angle) * ring * 0.45 - 0.05,
                             scale: (0.15 + 0.04 * size) * (1 + 0.8 * pop), rotation: t * 6 + a,
                             opacity: t < 0.08 ? 0 : fade * (1 - pop))
        }
    }

    /// Everything this sprite can cover over its whole life, in window pixels, for a
    /// layout scale: a frame redraws only what changed can ask this.
    public func bounds(layoutScale: Float) -> Rect {
        let half = toolKind.spriteSize * sizeFactor * layoutScale * toolKind.reach
        return Rect(x: x - half, y: y - half, width: half * 2, height: half * 2)
    }
}
