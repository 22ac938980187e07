/// One-dimensional gradient noise (Perlin's, in 1D): a smooth random wiggle in -1...1
/// that passes through 0 at every whole number, with a random slope there. The trauma
/// shake reads three of them (x, y, turn) so a shake wanders like a hand-held camera
/// instead of buzzing on a sine. Seeded, so a script's frames are the same every run.
public struct SmoothNoise: Sendable, Equatable {
    /// Slopes at whole numbers, repeating every `slopes.count` units.
    private let slopes: [Float]

    public init(seed: UInt64, period: Int = 64) {
        var random = SeededRandom(seed: seed)
        slopes = (0..<max(2, period)).map { _ in random.nextSigned() }
    }

    /// The noise at `x` (any finite value; it repeats every `period` units).
    public func value(at x: Float) -> Float {
        let floor = x.rounded(.down)
        let t = x - floor
        let count = slopes.count
        // Wrap with a non-negative remainder so negative x works too.
        let index = ((Int(floor) % count) + count) % count
        let a = slopes[index] * t, b = slopes[(index + 1) % count] * (t - 1)
        // Quintic fade (6t⁵ - 15t⁴ + 10t³): no kink in speed at whole numbers.
        let fade = t * t * t * (t * (t * 6 - 15) + 10)
        // Two slopes of at most 1 meet at most ±0.5 between knots; doubled to ±1.
        return max(-1, min(1, 2 * (a + (b - a) * fade)))
    }
}
