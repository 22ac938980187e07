import Locking

/// A picture in the canvas's pixel format: premultiplied 0xAARRGGBB, rows top to
/// bottom. Made once (on load or import) and drawn many times.
public final class RasterImage: @unchecked Sendable {
    // @unchecked: pixels are written only during init (or by the owner before sharing).
    public let width: Int
    public let height: Int
    public let pixels: UnsafeMutablePointer<UInt32>
    /// True when every pixel is fully opaque, which lets draws store instead of blend.
    public private(set) var isOpaque: Bool
    /// Unique to this image for the whole run (an address can be reused once an image
    /// is freed; a serial never is): what damage tracking knows a picture by.
    public let serial: UInt64 = RasterImage.nextSerial()
    /// Counts the owner's changes to the pixels after making it (`pixelsChanged`), so a
    /// picture redrawn in place is seen as changed.
    public private(set) var revision = 0
    /// `texelBlocks`, kept with the revision it was worked out for.
    let blocksMemo = Locked<(revision: Int, blocks: TexelBlocks)?>(nil)
    private static let serials = Locked<UInt64>(0)
    private static func nextSerial() -> UInt64 {
        serials.withLock { value in
            value &+= 1
            return value
        }
    }

    /// A transparent image, or one filled with `color`.
    public init(width: Int, height: Int, fill color: Color = .clear) {
        self.width = max(1, width)
        self.height = max(1, height)
        pixels = .allocate(capacity: self.width * self.height)
        let value = color.premultiplied
        pixels.initialize(repeating: value, count: self.width * self.height)
        isOpaque = value >> 24 == 255
    }

    /// From 8-bit RGBA with straight alpha (what decoders give).
    public convenience init(width: Int, height: Int, rgba: [UInt8]) {
        self.init(width: width, height: height)
        let count = min(self.width * self.height, rgba.count / 4)
        // Without a branch, so the compiler does it many pixels a step (every
        // thumbnail and picture comes through here): scaling by 255 changes nothing, so
        // opaque pixels need no case of their own, and the alphas ANDed tell opacity.
        var alphas: UInt32 = 0xFF
        let out = pixels
        rgba.withUnsafeBytes { source in
            for index in 0..<count {
                // R, G, B, A in memory: one little-endian word (x86-64 and arm64).
                let word = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
                let a = word >> 24
                alphas &= a
                let rgb = (word & 0xFF) << 16 | (word & 0xFF00) | (word >> 16) & 0xFF
                out[index] = Pixel.scale(rgb, by: a) | a << 24
            }
        }
        isOpaque = alphas == 0xFF && count == self.width * self.height
    }

    /// A copy of a canvas's pixels.
    public convenience init(copying canvas: Canvas) {
        self.init(width: canvas.width, height: canvas.height)
        for row in 0..<height {
            (pixels + row * width).update(from: canvas.pixels + row * canvas.stride, count: width)
        }
        updateOpacity()
    }

    deinit {
        pixels.deallocate()
    }

    /// Says the owner wrote pixels directly (a picture redrawn in place).
    public func pixelsChanged() {
        revision &+= 1
    }

    /// Takes all of `source`'s pixels and its opacity, so a copy of an opaque picture
    /// is still drawn by storing rather than blending. Images of another size are
    /// left alone (false).
    @discardableResult
    public func copyPixels(from source: RasterImage) -> Bool {
        guard source.width == width, source.height == height else { return false }
        pixels.update(from: source.pixels, count: width * height)
        isOpaque = source.isOpaque
        revision &+= 1
        return true
    }

    /// Re-checks whether every pixel is opaque, after the owner wrote pixels directly.
    public func updateOpacity() {
        revision &+= 1
        var opaque = true
        for index in 0..<(width * height) where pixels[index] >> 24 != 255 {
            opaque = false
            break
        }
        isOpaque = opaque
    }

    /// 8-bit RGBA with straight alpha, for encoding to PNG.
    public func rgbaBytes() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for index in 0..<(width * height) {
            let color = Color(premultiplied: pixels[index])
            let alpha = pixels[index] >> 24
            if alpha == 255 {
                bytes[index * 4] = UInt8((pixels[index] >> 16) & 0xFF)
                bytes[index * 4 + 1] = UInt8((pixels[index] >> 8) & 0xFF)
                bytes[index * 4 + 2] = UInt8(pixels[index] & 0xFF)
            } else {
                bytes[index * 4] = UInt8((color.r * 255).rounded())
                bytes[index * 4 + 1] = UInt8((color.g * 255).rounded())
                bytes[index * 4 + 2] = UInt8((color.b * 255).rounded())
            }
            bytes[index * 4 + 3] = UInt8(alpha)
        }
        return bytes
    }

    /// The premultiplied pixel at (x, y).
    public subscript(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }
}
