// A picture's dents: where a hit bends it, drawn in the picture's own pass (see
// `Canvas.drawImage(_:transform:opacity:flash:flashColor:dents:)`).

import CRasterKernels
import Raster

/// The dents' moves and shade over a grid of nodes `cell` pixels apart (anchored in
/// canvas coordinates, so every band and clip sees the same nodes), in texel 16.16
/// fixed point. A row blends the two node rows about it, a pixel the two columns
/// about it: the field is smooth, and a node costs a square root and a sine where a
/// pixel costs a few multiplies.
struct DentField {
    static let cell = 8
    static func floorToCell(_ value: Int) -> Int { value >= 0 ? value / cell * cell : -((-value + cell - 1) / cell * cell) }

    let dents: [PictureDent]
    let inverse: AffineTransform
    let originX: Int, originY: Int, columns: Int
    /// Three rows of `columns` nodes, each node (du, dv, shade × 256): the node rows
    /// above and below the current row, and the current row's blend of them.
    private var above: UnsafeMutablePointer<Int32>
    private var below: UnsafeMutablePointer<Int32>
    private let blended: UnsafeMutablePointer<Int32>
    /// A run's bent points and shades, `longestRun` each.
    private let pointsU: UnsafeMutablePointer<Int32>
    private let pointsV: UnsafeMutablePointer<Int32>
    private let shades: UnsafeMutablePointer<Int32>
    private let longestRun: Int
    private var nodeRow = Int.min

    /// `storage` holds `columns` × 9 + `longestRun` × 3 values.
    init(dents: [PictureDent], inverse: AffineTransform, originX: Int, originY: Int, columns: Int,
         storage: UnsafeMutablePointer<Int32>, longestRun: Int) {
        self.dents = dents
        self.inverse = inverse
        self.originX = originX
        self.originY = originY
        self.columns = columns
        above = storage
        below = storage + columns * 3
        blended = storage + columns * 6
        pointsU = storage + columns * 9
        pointsV = pointsU + longestRun
        shades = pointsV + longestRun
        self.longestRun = longestRun
    }

    /// Fills `row` with node row `j`.
    private func evaluate(nodeRow j: Int, into row: UnsafeMutablePointer<Int32>) {
        let y = Float(originY + j * Self.cell) + 0.5
        for i in 0..<columns {
            let x = Float(originX + i * Self.cell) + 0.5
            var moveX: Float = 0, moveY: Float = 0, shade: Float = 1
            for dent in dents where dent.isVisible {
                dent.bend(x - dent.center.x, y - dent.center.y, moveX: &moveX, moveY: &moveY, shade: &shade)
            }
            // The move is in canvas pixels; the inverse's linear part takes it to texels.
            row[i * 3] = Self.fixed(inverse.a * moveX + inverse.c * moveY)
            row[i * 3 + 1] = Self.fixed(inverse.b * moveX + inverse.d * moveY)
            row[i * 3 + 2] = Int32(max(0, min(2, shade)) * 256 + 0.5)
        }
    }

    /// Texels in 16.16, within ±2,048 texels so a blend of eight never overflows 32 bits.
    private static func fixed(_ texels: Float) -> Int32 {
        Int32(max(-2_048, min(2_048, texels)) * 65536)
    }

    /// Blends the node rows about pixel row `y` (at or below `originY`); answers the
    /// pixels (absolute x) the field moves or shades in that row, nil for none.
    mutating func prepareRow(_ y: Int) -> Range<Int>? {
        let j = (y - originY) / Self.cell, weight = Int64((y - originY) % Self.cell)
        if j != nodeRow {
            if j == nodeRow + 1 {
                swap(&above, &below)
            } else {
                evaluate(nodeRow: j, into: above)
            }
            evaluate(nodeRow: j + 1, into: below)
            nodeRow = j
        }
        var first = -1, last = -1
        for index in 0..<columns {
            for part in 0..<3 {
                let value = (Int64(above[index * 3 + part]) * (8 - weight) + Int64(below[index * 3 + part]) * weight) >> 3
                blended[index * 3 + part] = Int32(truncatingIfNeeded: value)
            }
            if blended[index * 3] != 0 || blended[index * 3 + 1] != 0 || blended[index * 3 + 2] != 256 {
                if first < 0 { first = index }
                last = index
            }
        }
        guard first >= 0 else { return nil }
        // Pixel x blends columns i and i + 1 ((x - originX) / cell = i).
        return (originX + max(0, first - 1) * Self.cell)..<(originX + (last + 1) * Self.cell)
    }

    /// Samples `count` pixels of the prepared row from absolute pixel `x` on (whose
    /// unbent mapping is `start`), each moved and shaded by the field, into `out`:
    /// the bent points first, then the samples (eight at a time with AVX2 where all
    /// are inside: the same pixels), then the shade.
    func sample(_ sampler: BilinearSampler, from start: RowMapping, atX x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let count = min(count, longestRun)
        // Sampled inside when all four texels are (the fixed-point test of `insideRange`).
        let insideU = Int32(clamping: (sampler.width - 1) << 16), insideV = Int32(clamping: (sampler.height - 1) << 16)
        var u = start.u, v = start.v
        var offset = x - originX
        var index = 0
        var allInside = true
        if rk_avx2_enabled() != 0 {
            // The same points, eight at a time, where the CPU has AVX2.
            let result = rk_dent_points_avx2(blended, columns, offset, u, v, start.du, start.dv, count, pointsU, pointsV, shades,
                                             insideU, insideV)
            if result >= 0 {
                allInside = result == 1
                index = count
            }
        }
        while index < count {
            // One cell at a time: its two columns' values, then each pixel's blend of them.
            let column = max(0, min(columns - 2, offset >> 3))
            let left = blended + column * 3, right = left + 3
            var weight = Int32(max(0, min(Self.cell, offset - column * Self.cell)))
            let end = min(count, index + max(1, Self.cell - Int(weight)))
            while index < end {
                let inverseWeight = 8 &- weight
                let su = u &+ ((left[0] &* inverseWeight &+ right[0] &* weight) >> 3)
                let sv = v &+ ((left[1] &* inverseWeight &+ right[1] &* weight) >> 3)
                pointsU[index] = su
                pointsV[index] = sv
                shades[index] = (left[2] &* inverseWeight &+ right[2] &* weight) >> 3
                allInside = allInside && su >= 0 && sv >= 0 && su < insideU && sv < insideV
                u &+= start.du; v &+= start.dv
                weight &+= 1; index += 1; offset += 1
            }
        }
        var done = 0
        if allInside, count >= 8, sampler.width &* sampler.height < Int(Int32.max), rk_avx2_enabled() != 0 {
            done = rk_bilinear_points_avx2(sampler.pixels, sampler.width, pointsU, pointsV, count, out)
        }
        for index in done..<count {
            let su = pointsU[index], sv = pointsV[index]
            out[index] = su >= 0 && sv >= 0 && su < insideU && sv < insideV ? sampler.sampleInside(su, sv) : sampler.sampleClamped(su, sv)
        }
        for index in 0..<count where shades[index] != 256 {
            out[index] = PictureDent.shaded(out[index], by: shades[index])
        }
    }
}

/// A dent in a picture where it was hit, in canvas pixels: inside its circle the
/// pixels sample from points moved along the line from its centre, and are shaded.
/// Pushed in (`depth` > 0) the middle shrinks away and darkens, as a pressed surface
/// seen from the front; a bump (< 0) swells and lights; a ripple travels outward on
/// top. Nothing moves at the centre or at the rim, so the circle has no seam.
public struct PictureDent: Sendable, Equatable, Hashable {
    public var center: Point
    public var radius: Float
    /// How far the middle is pushed in (up to about 0.5); negative bulges out.
    public var depth: Float
    /// The travelling ripple's height, and where it has got to (in waves; two fit
    /// between the centre and the rim).
    public var ripple: Float
    public var phase: Float

    public init(center: Point, radius: Float, depth: Float, ripple: Float = 0, phase: Float = 0) {
        self.center = center
        self.radius = radius
        self.depth = depth
        self.ripple = ripple
        self.phase = phase
    }

    public var isVisible: Bool { radius >= 1 && (depth != 0 || ripple != 0) }

    /// The pixels it can change: its circle, and the field's cells about the rim.
    public var bounds: PixelRect {
        let reach = radius + Float(DentField.cell * 2)
        return Rect(x: center.x - reach, y: center.y - reach, width: reach * 2, height: reach * 2).enclosingPixels
    }

    /// Adds this dent's move and shade at offset (dx, dy) from its centre.
    @inline(__always)
    func bend(_ dx: Float, _ dy: Float, moveX: inout Float, moveY: inout Float, shade: inout Float) {
        let r2 = dx * dx + dy * dy, rim = radius * radius
        guard r2 < rim else { return }
        let x2 = r2 / rim
        let falloff = (1 - x2) * (1 - x2)
        // The wave across the circle: two crests from centre to rim, moving outward.
        let wave = ripple == 0 ? 0 : Self.sineOfTurns(2 * x2.squareRoot() - phase)
        // Sampling from (1 + k) times as far out shrinks the picture about the centre.
        let k = falloff * (0.5 * depth + ripple * wave)
        moveX += dx * k
        moveY += dy * k
        shade *= 1 - falloff * (0.45 * depth + 0.3 * ripple * wave)
    }

    /// sin(2π·turns), to about 1e-4: a parabola per half turn, refined once (Shaders
    /// has no Foundation, and this runs per pixel).
    @inline(__always)
    static func sineOfTurns(_ turns: Float) -> Float {
        let t = turns - turns.rounded(.down)  // 0..<1
        let x = t < 0.5 ? t * 4 - 1 : 3 - t * 4  // -1...1 over each half, peak at the quarter
        let y = (t < 0.5 ? 1 : -1) * (1 - x * x)
        return 0.225 * (y * abs(y) - y) + y
    }

    /// A premultiplied pixel darkened (shade < 256) or lit (> 256, never past its alpha).
    @inline(__always)
    static func shaded(_ pixel: UInt32, by shade: Int32) -> UInt32 {
        guard shade != 256 else { return pixel }
        if shade >= 0 && shade < 256 {
            // Darker: both pairs of colour channels at once (no lane can carry), alpha kept.
            let factor = UInt32(shade)
            let rb = (((pixel & 0x00FF_00FF) &* factor) >> 8) & 0x00FF_00FF
            let g = (((pixel & 0x0000_FF00) &* factor) >> 8) & 0x0000_FF00
            return (pixel & 0xFF00_0000) | rb | g
        }
        let alpha = pixel >> 24
        let factor = UInt32(max(0, min(512, shade)))
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            // Parenthesized: Swift's shifts bind tighter than its multiplication.
            min(alpha, (((pixel >> shift) & 0xFF) * factor) >> 8) << shift
        }
        return alpha << 24 | channel(16) | channel(8) | channel(0)
    }
}
