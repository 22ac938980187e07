/// Easing curves for animations: each maps progress 0...1 to an eased 0...1 (some
/// overshoot on purpose). Pure functions of Float, so they run on the frame path.
public enum Easing {
    public static func linear(_ t: Float) -> Float { clamp01(t) }

    /// Fast start, gentle landing.
    public static func easeOutCubic(_ t: Float) -> Float {
        let u = 1 - clamp01(t)
        return 1 - u * u * u
    }

    public static func easeInCubic(_ t: Float) -> Float {
        let u = clamp01(t)
        return u * u * u
    }

    /// Smooth both ends.
    public static func easeInOutSine(_ t: Float) -> Float {
        let u = clamp01(t)
        return 0.5 - 0.5 * cosine(Float.pi * u)
    }

    /// Overshoots past 1 then settles: a "pop".
    public static func easeOutBack(_ t: Float, overshoot: Float = 1.70158) -> Float {
        let u = clamp01(t) - 1
        return 1 + (overshoot + 1) * u * u * u + overshoot * u * u
    }

    @inline(__always)
    static func clamp01(_ t: Float) -> Float { max(0, min(1, t)) }

    /// cos without Foundation (StressCore imports nothing): a 7th-order Taylor series
    /// after range reduction, accurate to ~1e-5, plenty for easing.
    public static func cosine(_ x: Float) -> Float {
        var a = x
        let twoPi = 2 * Float.pi
        a -= twoPi * (a / twoPi).rounded(.down)
        if a > Float.pi { a -= twoPi }
        // cos(a) for a in [-pi, pi]: fold to [0, pi/2] using symmetries.
        var sign: Float = 1
        a = abs(a)
        if a > Float.pi / 2 {
            a = Float.pi - a
            sign = -1
        }
        let a2 = a * a
        return sign * (1 - a2 / 2 * (1 - a2 / 12 * (1 - a2 / 30 * (1 - a2 / 56))))
    }

    public static func sine(_ x: Float) -> Float { cosine(x - Float.pi / 2) }
}

/// A damped spring pulled toward rest at 0: the target's squash. Kicks add velocity,
/// so rapid punches stack smoothly instead of restarting the animation.
public struct Spring: Sendable, Equatable {
    public var value: Float = 0
    public var velocity: Float = 0
    /// Stiffness (1/s²) and damping (1/s); the defaults wobble once and settle in ~0.5 s.
    public var stiffness: Float
    public var damping: Float

    public init(stiffness: Float = 320, damping: Float = 16) {
        self.stiffness = stiffness
        self.damping = damping
    }

    /// Adds an impulse (units per second) toward positive values.
    public mutating func kick(_ impulse: Float) {
        velocity += impulse
    }

    /// Advances by `dt` seconds (semi-implicit Euler: stable at the loop's fixed step).
    public mutating func step(_ dt: Float) {
        velocity += (-stiffness * value - damping * velocity) * dt
        value += velocity * dt
    }

    /// True when it has come to rest.
    public var isSettled: Bool { abs(value) < 0.0005 && abs(velocity) < 0.005 }
}
