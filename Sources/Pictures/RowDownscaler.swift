/// The area-averaged downscale of `PictureBitmap.downscaled(toLongSide:)`, fed one
/// source row at a time as a decoder produces them: the same sums in the same order,
/// so the same pixels, but the rows are folded in while they are still in the cache
/// and the picture never exists at its decoded size. For opaque rows (a JPEG's).
public final class RowDownscaler {
    public let width: Int, height: Int
    public let outWidth: Int, outHeight: Int
    private let columns: [AreaWeights.Split]
    private let rows: [AreaWeights.Split]
    private var out: [UInt8]
    private let rowSums: UnsafeMutablePointer<Float>
    private var current: UnsafeMutablePointer<Float>
    private var next: UnsafeMutablePointer<Float>
    private var sourceRow = 0
    private var currentRow = 0

    /// For a `width` x `height` picture shrunk to `longSide`; nil when it is no longer
    /// than that (nothing to average: decode it straight instead).
    public init?(width: Int, height: Int, toLongSide longSide: Int) {
        let size = PictureBitmap.downscaledSize(width: width, height: height, toLongSide: longSide)
        guard width > 0, height > 0, size.width != width || size.height != height else { return nil }
        self.width = width
        self.height = height
        (outWidth, outHeight) = size
        columns = AreaWeights(source: width, target: size.width).splits
        rows = AreaWeights(source: height, target: size.height).splits
        // Every byte is written by a finished row before `finish` hands it out.
        let bytes = size.width * size.height * 4
        out = [UInt8](unsafeUninitializedCapacity: bytes) { _, initialized in initialized = bytes }
        let floats = size.width * 4
        rowSums = .allocate(capacity: floats)
        current = .allocate(capacity: floats)
        next = .allocate(capacity: floats)
        rowSums.initialize(repeating: 0, count: floats)
        current.initialize(repeating: 0, count: floats)
        next.initialize(repeating: 0, count: floats)
    }

    deinit {
        rowSums.deallocate()
        current.deallocate()
        next.deallocate()
    }

    /// Whether every source row has come.
    public var isComplete: Bool { sourceRow == height }

    /// The next source row: `width` RGBA pixels, alpha 255. Rows past the last are ignored.
    public func add(row source: UnsafePointer<UInt8>) {
        guard sourceRow < height else { return }
        let floats = outWidth * 4
        let split = rows[sourceRow]
        out.withUnsafeMutableBufferPointer { target in
            guard let base = target.baseAddress else { return }
            // Rows before this one's first output row get nothing more.
            while currentRow < split.first {
                PictureBitmap.finishRow(current, into: base + currentRow * floats, count: outWidth, opaque: true)
                swap(&current, &next)
                next.update(repeating: 0, count: floats)
                currentRow += 1
            }
        }
        columns.withUnsafeBufferPointer { splits in
            guard let splits = splits.baseAddress else { return }
            PictureBitmap.sumRow(source, width: width, splits: splits, into: rowSums, count: floats, opaque: true)
        }
        // Vertical pass: the row lands in at most two output rows.
        let firstWeight = split.firstWeight, secondWeight = split.secondWeight
        let into = current, spill = next, sums = rowSums
        for index in 0..<floats { into[index] += sums[index] * firstWeight }
        if secondWeight > 0 {
            for index in 0..<floats { spill[index] += sums[index] * secondWeight }
        }
        sourceRow += 1
    }

    /// The downscaled picture, once every row has come (nil before).
    public func finish() -> PictureBitmap? {
        guard isComplete else { return nil }
        let floats = outWidth * 4
        let (last, spill, row, count, height) = (current, next, currentRow, outWidth, outHeight)
        out.withUnsafeMutableBufferPointer { target in
            guard let base = target.baseAddress else { return }
            PictureBitmap.finishRow(last, into: base + row * floats, count: count, opaque: true)
            if row + 1 < height { PictureBitmap.finishRow(spill, into: base + (row + 1) * floats, count: count, opaque: true) }
        }
        return PictureBitmap(width: outWidth, height: outHeight, pixels: out)
    }
}
