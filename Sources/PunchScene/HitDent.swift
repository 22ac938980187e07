import Raster
import Shaders
import StressCore

/// One hit's dent in the picture, as the simulation keeps it: where it landed (0...1
/// across and down the picture), how wide and deep the tool and the strength made
/// it, and how old it is. It pushes in at once, springs back past flat, and a ripple
/// runs out from it; all of it is gone in about half a second. Drawn by the picture's
/// own pass (`PictureDent`), so the picture is never drawn twice.
public struct HitDent: Sendable, Equatable {
    public var u: Float
    public var v: Float
    /// Radius as a share of the picture's shorter side.
    public var radius: Float
    /// How far the middle is pushed in at the hit (negative: a bump out, the mallet's).
    public var depth: Float
    public var age: Float = 0

    public static let lifetime: Float = 0.55

    public init(u: Float, v: Float, tool: PunchTool, strength: Int) {
        self.u = u
        self.v = v
        let power = PunchStrength.unit(strength)
        let shape = tool.dentShape
        radius = shape.radius * (0.8 + 0.4 * power)
        depth = shape.depth * (0.35 + 0.9 * power)
    }

    public var isFinished: Bool { age >= Self.lifetime }

    /// The dent now: its depth (a damped spring back through flat), the ripple's
    /// height and how far it has run (in waves: two fit between centre and rim).
    public var shape: (depth: Float, ripple: Float, phase: Float) {
        let t = age
        // A smooth end, so the last frame of a dent is not a jump back to flat.
        let end = max(0, 1 - Easing.easeInCubic(t / Self.lifetime))
        let spring = depth * exponentialDecay(t / 0.11) * Easing.cosine(2 * Float.pi * t / 0.2)
        let ripple = 0.55 * abs(depth) * (1 - exponentialDecay(t / 0.03)) * exponentialDecay(t / 0.18)
        return (spring * end, ripple * end, t * 5.5)
    }

    /// The dent as the picture's pass draws it, for a picture placed by `transform`
    /// (its pixels to the canvas's) whose shorter side is `side` pixels on screen.
    public func pictureDent(imageWidth: Int, imageHeight: Int, transform: AffineTransform, side: Float) -> PictureDent {
        let now = shape
        return PictureDent(center: transform.apply(Point(u * Float(imageWidth), v * Float(imageHeight))), radius: radius * side,
                           depth: now.depth, ripple: now.ripple, phase: now.phase)
    }
}

/// e^-x for x ≥ 0 without Foundation: (1 + x/32)^-32, within 1 % where it matters.
@inline(__always)
func exponentialDecay(_ x: Float) -> Float {
    var y = 1 / (1 + max(0, x) / 32)
    for _ in 0..<5 { y *= y }
    return y
}

extension PunchTool {
    /// How a hit of this tool dents the picture at strength 500 and up: the fist's
    /// tight and deep, the pillow's wide and shallow, the mallet's a round bump out
    /// (each wider than the tool's sprite over it, or the sprite would hide it).
    /// Radius as a share of the picture's shorter side; depth as `PictureDent`'s.
    public var dentShape: (radius: Float, depth: Float) {
        switch self {
        case .fist: return (0.28, 0.42)
        case .slap: return (0.36, 0.24)
        case .pillow: return (0.48, 0.14)
        case .pie: return (0.4, 0.2)
        case .tomato: return (0.32, 0.28)
        case .mallet: return (0.32, -0.4)
        }
    }
}
