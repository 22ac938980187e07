/// A DCT scaling factor a JPEG decoder can apply while decoding (libjpeg-turbo's
/// M/8 for M in 1...8, the ones at or below full size that `tjGetScalingFactors`
/// lists): the picture comes out at ceil(size × M / 8) without ever existing larger.
public struct JPEGScale: Sendable, Equatable, CustomStringConvertible {
    public var numerator: Int
    public var denominator: Int

    public static let full = JPEGScale(numerator: 1, denominator: 1)

    /// Every factor up to full size, smallest first.
    public static let all: [JPEGScale] = (1...8).map { JPEGScale(numerator: $0, denominator: 8) }

    public init(numerator: Int, denominator: Int) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// What a side of `dimension` pixels decodes to (rounded up, as libjpeg does).
    public func scaled(_ dimension: Int) -> Int {
        (dimension * numerator + denominator - 1) / denominator
    }

    /// The smallest factor whose long side is still at least `minimumLongSide`, so the
    /// downscale after it only ever shrinks; full size when the picture is no longer.
    public static func smallest(covering minimumLongSide: Int, width: Int, height: Int) -> JPEGScale {
        let longSide = max(width, height)
        return all.first { $0.scaled(longSide) >= minimumLongSide } ?? .full
    }

    public var description: String { "\(numerator)/\(denominator)" }
}
