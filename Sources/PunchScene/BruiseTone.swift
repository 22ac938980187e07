import Foundation
import Raster

/// The colours a fist's bruise is drawn in. The usual plum reads on most pictures;
/// where the picture under the mark is too near it (a purple photo, a dark one) the
/// bruise takes the tone that stands out most there instead: a yellowing green, as a
/// bruise turns when it heals, or a pale rose. Chosen from the picture as it is, not
/// from its marks, so a mark looks the same however its picture was laid.
struct BruiseTone: Equatable {
    /// The middle of a fresh bruise and of a deep one (mixed by depth).
    let fresh: Color
    let deep: Color
    /// The faint darker ring, then the halo fading out to nothing.
    let rim: Color
    let halo: Color
    let haloEnd: Color
    /// The swelling's sheen, past two thirds deep.
    let sheen: Color
    let sheenEnd: Color

    /// The usual bruise: a plum middle through a darker rim to a red halo.
    static let plum = BruiseTone(fresh: Color(hex: 0x9A4A8E), deep: Color(hex: 0x47286F), rim: Color(hex: 0x3A1D4E),
                                 halo: Color(hex: 0xC9405F), haloEnd: Color(hex: 0xE0607A),
                                 sheen: Color(hex: 0xFFE6F2), sheenEnd: Color(hex: 0xFFE0EC))
    /// A healing bruise's yellow-green: what stands out on purple and blue.
    static let healing = BruiseTone(fresh: Color(hex: 0xC2BA3A), deep: Color(hex: 0x8C9424), rim: Color(hex: 0x5E6A16),
                                    halo: Color(hex: 0xD8C24E), haloEnd: Color(hex: 0xE6D36A),
                                    sheen: Color(hex: 0xFFFBE0), sheenEnd: Color(hex: 0xFFF6D0))
    /// A pale rose glow: what stands out on the darkest pictures.
    static let rose = BruiseTone(fresh: Color(hex: 0xF2A0CF), deep: Color(hex: 0xD86AAE), rim: Color(hex: 0xFFC8E4),
                                 halo: Color(hex: 0xFF9EBE), haloEnd: Color(hex: 0xFFB4CC),
                                 sheen: Color(hex: 0xFFFFFF), sheenEnd: Color(hex: 0xFFF0F6))

    /// How far (CIE76 ΔE) the plum must stand from the picture to be kept: below it, a
    /// bruise on a purple or a nearly black photo could barely be told from the photo.
    static let plainContrast: Float = 42
    /// Below this lightness (L*, of 100) a picture is nearly black, and the rose is taken.
    static let darkest: Float = 22

    /// The tone for a bruise on `picture` (straight RGB, 0...1); the plum where none is known.
    static func on(_ picture: Color?) -> BruiseTone {
        guard let picture else { return .plum }
        let ground = Lab(picture)
        // Nearly black: a dark plum on it is a shadow at most; a pale glow shows.
        if ground.l < darkest { return .rose }
        // Both ends of its life: a tone that stands out fresh but not deep would fade away.
        func standsOut(_ tone: BruiseTone) -> Float { min(Lab(tone.fresh).distance(to: ground), Lab(tone.deep).distance(to: ground)) }
        if standsOut(.plum) >= plainContrast { return .plum }
        return standsOut(.healing) >= standsOut(.rose) ? .healing : .rose
    }

    /// The mean colour (straight, 0...1) of `picture` in the square of `radius` around
    /// `center`, where it is not transparent; nil where all of it is. About 16 x 16 samples.
    static func meanColor(of picture: RasterImage, around center: Point, radius: Float) -> Color? {
        let x0 = max(0, Int(center.x - radius)), x1 = min(picture.width, Int(center.x + radius) + 1)
        let y0 = max(0, Int(center.y - radius)), y1 = min(picture.height, Int(center.y + radius) + 1)
        guard x1 > x0, y1 > y0 else { return nil }
        let step = max(1, Int(radius / 8))
        var r: Float = 0, g: Float = 0, b: Float = 0, alpha: Float = 0
        for y in stride(from: y0, to: y1, by: step) {
            for x in stride(from: x0, to: x1, by: step) {
                // Premultiplied: the sums over the alphas' sum are the straight colour, weighted by coverage.
                let pixel = picture.pixels[y * picture.width + x]
                alpha += Float(pixel >> 24)
                r += Float((pixel >> 16) & 0xFF)
                g += Float((pixel >> 8) & 0xFF)
                b += Float(pixel & 0xFF)
            }
        }
        guard alpha > 0 else { return nil }
        return Color(r: r / alpha, g: g / alpha, b: b / alpha)
    }
}

/// A colour in CIE L*a*b* (D65), where distance is about what the eye sees.
struct Lab {
    let l: Float
    let a: Float
    let b: Float

    init(_ color: Color) {
        func linear(_ c: Float) -> Float {
            let c = max(0, min(1, c))
            return c <= 0.04045 ? c / 12.92 : Float(pow((Double(c) + 0.055) / 1.055, 2.4))
        }
        let red = linear(color.r), green = linear(color.g), blue = linear(color.b)
        let x = (0.4124 * red + 0.3576 * green + 0.1805 * blue) / 0.95047
        let y = 0.2126 * red + 0.7152 * green + 0.0722 * blue
        let z = (0.0193 * red + 0.1192 * green + 0.9505 * blue) / 1.08883
        func f(_ t: Float) -> Float { t > 0.008856 ? Float(cbrt(Double(t))) : 7.787 * t + 16 / 116 }
        l = 116 * f(y) - 16
        a = 500 * (f(x) - f(y))
        b = 200 * (f(y) - f(z))
    }

    func distance(to other: Lab) -> Float {
        let dl = l - other.l, da = a - other.a, db = b - other.b
        return (dl * dl + da * da + db * db).squareRoot()
    }
}
