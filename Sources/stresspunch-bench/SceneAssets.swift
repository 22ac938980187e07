import CSDL2  // raw SDL: the anchor, SDL_ttf labels and PNG dumps (the app keeps SDL in Platform)
import Foundation
import Raster
import Shaders

/// A straight-alpha 0xAARRGGBB bitmap: what SDL textures want (SDL blends straight alpha).
struct StraightBitmap {
    let width: Int
    let height: Int
    var argb: [UInt32]
}

/// The pictures every bench draws, made procedurally and deterministically so the
/// bench depends on no asset files. Each exists as a RasterImage (ours, premultiplied)
/// and as a straight-alpha bitmap (the anchors).
final class SceneAssets {
    static let pictureSize = 1024
    static let spriteSize = 256
    static let thumbnailSize = 256
    static let labelTexts = ["Boss", "Mondays", "Printer", "Traffic"]

    let picture: RasterImage
    let pictureStraight: StraightBitmap
    let sprite: RasterImage
    let spriteStraight: StraightBitmap
    /// The picture downscaled once (box filter), as the app does on import; both the
    /// cards of ours and of the anchor draw from it.
    let thumbnail: RasterImage
    let thumbnailStraight: StraightBitmap

    init() {
        let pictureRGBA = Self.makePicture()
        picture = RasterImage(width: Self.pictureSize, height: Self.pictureSize, rgba: pictureRGBA)
        pictureStraight = Self.straight(rgba: pictureRGBA, width: Self.pictureSize, height: Self.pictureSize)
        let spriteRGBA = Self.makeStarBurst()
        sprite = RasterImage(width: Self.spriteSize, height: Self.spriteSize, rgba: spriteRGBA)
        spriteStraight = Self.straight(rgba: spriteRGBA, width: Self.spriteSize, height: Self.spriteSize)
        let thumbRGBA = Self.boxDownscale(pictureRGBA, from: Self.pictureSize, to: Self.thumbnailSize)
        thumbnail = RasterImage(width: Self.thumbnailSize, height: Self.thumbnailSize, rgba: thumbRGBA)
        thumbnailStraight = Self.straight(rgba: thumbRGBA, width: Self.thumbnailSize, height: Self.thumbnailSize)
    }

    static func straight(rgba: [UInt8], width: Int, height: Int) -> StraightBitmap {
        var argb = [UInt32](repeating: 0, count: width * height)
        for index in 0..<(width * height) {
            let r = UInt32(rgba[index * 4]), g = UInt32(rgba[index * 4 + 1])
            let b = UInt32(rgba[index * 4 + 2]), a = UInt32(rgba[index * 4 + 3])
            argb[index] = a << 24 | r << 16 | g << 8 | b
        }
        return StraightBitmap(width: width, height: height, argb: argb)
    }

    static func straight(_ image: RasterImage) -> StraightBitmap {
        straight(rgba: image.rgbaBytes(), width: image.width, height: image.height)
    }

    /// A photo-like opaque picture: smooth sky and ground gradients, soft blobs, and
    /// fine detail (stripes and hash noise) so bilinear filtering has edges to show.
    static func makePicture() -> [UInt8] {
        let size = pictureSize
        var rgba = [UInt8](repeating: 255, count: size * size * 4)
        for y in 0..<size {
            for x in 0..<size {
                let fx = Double(x) / Double(size), fy = Double(y) / Double(size)
                var r = 70 + 120 * fy + 30 * sin(fx * 9 + fy * 4)
                var g = 110 + 80 * (1 - fy) + 25 * sin(fx * 5 - fy * 7)
                var b = 190 - 110 * fy + 20 * cos(fx * 11)
                // Three soft blobs, like a face and two highlights.
                for (cx, cy, rad, tint) in [(0.5, 0.45, 0.22, (90.0, 60.0, 20.0)), (0.25, 0.2, 0.1, (60.0, 60.0, 60.0)),
                                            (0.78, 0.72, 0.14, (-50.0, 40.0, -60.0))] {
                    let d = ((fx - cx) * (fx - cx) + (fy - cy) * (fy - cy)).squareRoot() / rad
                    let w = max(0, 1 - d * d)
                    r += tint.0 * w; g += tint.1 * w; b += tint.2 * w
                }
                // Detail: thin stripes in a band, a grid, and deterministic noise.
                if y % 64 < 2 || x % 64 < 2 { r *= 0.8; g *= 0.8; b *= 0.8 }
                if (400..<520).contains(y), (x / 6) % 2 == 0 { r += 25; g += 25; b += 25 }
                var hash = UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663)
                hash = (hash ^ (hash >> 13)) &* 0x5bd1_e995
                let noise = Double(hash >> 28) - 7.5
                r += noise; g += noise; b += noise
                let index = (y * size + x) * 4
                rgba[index] = UInt8(max(0, min(255, r)))
                rgba[index + 1] = UInt8(max(0, min(255, g)))
                rgba[index + 2] = UInt8(max(0, min(255, b)))
            }
        }
        return rgba
    }

    /// A punch star burst with an anti-aliased edge and a soft glow (straight alpha).
    static func makeStarBurst() -> [UInt8] {
        let size = spriteSize
        var rgba = [UInt8](repeating: 0, count: size * size * 4)
        let centre = Double(size) / 2
        for y in 0..<size {
            for x in 0..<size {
                let dx = Double(x) + 0.5 - centre, dy = Double(y) + 0.5 - centre
                let distance = (dx * dx + dy * dy).squareRoot()
                let angle = atan2(dy, dx)
                let spike = pow(abs(cos(angle * 5)), 3)
                let radius = 62 + 56 * spike
                let edge = max(0, min(1, radius - distance + 0.5))
                let glow = max(0, 1 - distance / 127) * 0.45
                let alpha = max(edge, glow)
                guard alpha > 0 else { continue }
                let t = min(1, distance / radius)
                let index = (y * size + x) * 4
                rgba[index] = 255
                rgba[index + 1] = UInt8(max(0, min(255, 235 - 150 * t)))
                rgba[index + 2] = UInt8(max(0, min(255, 90 - 80 * t)))
                rgba[index + 3] = UInt8(alpha * 255 + 0.5)
            }
        }
        return rgba
    }

    static func boxDownscale(_ rgba: [UInt8], from source: Int, to target: Int) -> [UInt8] {
        let factor = source / target
        var out = [UInt8](repeating: 255, count: target * target * 4)
        for y in 0..<target {
            for x in 0..<target {
                for channel in 0..<4 {
                    var sum = 0
                    for sy in 0..<factor {
                        for sx in 0..<factor { sum += Int(rgba[((y * factor + sy) * source + x * factor + sx) * 4 + channel]) }
                    }
                    out[(y * target + x) * 4 + channel] = UInt8(sum / (factor * factor))
                }
            }
        }
        return out
    }
}

/// Card labels, rendered once with SDL_ttf outside the timed loop, for both ours (as a
/// RasterImage) and the anchor (as a texture): text shaping is not what is measured.
struct Label {
    let image: RasterImage
    let straight: StraightBitmap
}

enum LabelRenderer {
    static let fontPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    ]

    /// The labels at `pointSize`, or nil when no font is found (then both sides skip text).
    static func render(_ texts: [String], pointSize: Int) -> [Label]? {
        if TTF_WasInit() == 0, TTF_Init() != 0 { return nil }
        guard let path = fontPaths.first(where: { FileManager.default.fileExists(atPath: $0) }),
              let font = TTF_OpenFont(path, Int32(pointSize)) else { return nil }
        defer { TTF_CloseFont(font) }
        var labels: [Label] = []
        for text in texts {
            guard let rendered = TTF_RenderUTF8_Blended(font, text, SDL_Color(r: 40, g: 36, b: 52, a: 255)) else { return nil }
            defer { SDL_FreeSurface(rendered) }
            guard let surface = SDL_ConvertSurfaceFormat(rendered, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
            defer { SDL_FreeSurface(surface) }
            let width = Int(surface.pointee.w), height = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
            guard let base = surface.pointee.pixels else { return nil }
            var argb = [UInt32](repeating: 0, count: width * height)
            var rgba = [UInt8](repeating: 0, count: width * height * 4)
            for y in 0..<height {
                let row = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let value = row[x]
                    argb[y * width + x] = value
                    let index = (y * width + x) * 4
                    rgba[index] = UInt8((value >> 16) & 0xFF)
                    rgba[index + 1] = UInt8((value >> 8) & 0xFF)
                    rgba[index + 2] = UInt8(value & 0xFF)
                    rgba[index + 3] = UInt8(value >> 24)
                }
            }
            labels.append(Label(image: RasterImage(width: width, height: height, rgba: rgba),
                                straight: StraightBitmap(width: width, height: height, argb: argb)))
        }
        return labels
    }
}
