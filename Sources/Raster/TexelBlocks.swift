import Locking

/// Which 8x8 blocks of a picture hold any texel that is not fully transparent, as a
/// summed-area table, so a transformed draw can skip a run of pixels whose samples
/// all fall where the picture is empty (a punch burst's star is half margin) without
/// reading those texels: a transparent sample leaves a pixel as it was.
public final class TexelBlocks: Sendable {
    public static let shift = 3
    let columns: Int
    let rows: Int
    /// sums[(r) * (columns + 1) + c]: the non-empty blocks above and left of block (c, r).
    let sums: [Int32]

    init(_ image: RasterImage) {
        let size = 1 << Self.shift
        columns = (image.width + size - 1) >> Self.shift
        rows = (image.height + size - 1) >> Self.shift
        var filled = [Bool](repeating: false, count: columns * rows)
        for y in 0..<image.height {
            let row = image.pixels + y * image.width
            for x in 0..<image.width where row[x] != 0 { filled[(y >> Self.shift) * columns + (x >> Self.shift)] = true }
        }
        var sums = [Int32](repeating: 0, count: (columns + 1) * (rows + 1))
        for r in 0..<rows {
            var across: Int32 = 0
            for c in 0..<columns {
                if filled[r * columns + c] { across += 1 }
                sums[(r + 1) * (columns + 1) + c + 1] = sums[r * (columns + 1) + c + 1] + across
            }
        }
        self.sums = sums
    }

    /// True when every texel of columns x0...x1 and rows y0...y1 (inclusive; the part
    /// inside the picture) is transparent.
    @inline(__always)
    public func isClear(x0: Int, y0: Int, x1: Int, y1: Int) -> Bool {
        let c0 = max(0, x0 >> Self.shift), r0 = max(0, y0 >> Self.shift)
        let c1 = min(columns - 1, x1 >> Self.shift), r1 = min(rows - 1, y1 >> Self.shift)
        guard c0 <= c1, r0 <= r1 else { return true }
        return sums.withUnsafeBufferPointer { table in
            let stride = columns + 1
            return table[(r1 + 1) * stride + c1 + 1] - table[r0 * stride + c1 + 1] - table[(r1 + 1) * stride + c0] + table[r0 * stride + c0] == 0
        }
    }
}

extension RasterImage {
    /// This picture's `TexelBlocks`, worked out once per revision (any thread).
    public var texelBlocks: TexelBlocks {
        blocksMemo.withLock { memo in
            if let memo, memo.revision == revision { return memo.blocks }
            let blocks = TexelBlocks(self)
            memo = (revision, blocks)
            return blocks
        }
    }
}
