extension RasterImage {
    /// Half as wide and half as tall, each pixel the average of the four it covers
    /// (premultiplied, so a transparent edge averages right). A picture shown at a
    /// fraction of its size is drawn from one of these, as from a mipmap: a bilinear
    /// draw of many pixels into few reads four of them and drops the rest, and fine
    /// lines break up. An odd last row or column is left out.
    public func halved() -> RasterImage {
        let w = max(1, width / 2), h = max(1, height / 2)
        let result = RasterImage(width: w, height: h)
        for y in 0..<h {
            let top = pixels + min(height - 1, 2 * y) * width
            let bottom = pixels + min(height - 1, 2 * y + 1) * width
            let row = result.pixels + y * w
            for x in 0..<w {
                let left = min(width - 1, 2 * x), right = min(width - 1, 2 * x + 1)
                row[x] = Self.average(top[left], top[right], bottom[left], bottom[right])
            }
        }
        result.updateOpacity()
        return result
    }

    /// The rounded average of four pixels, two channels at a time in 16-bit lanes.
    @inline(__always)
    static func average(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 {
        let low: UInt32 = 0x00FF_00FF
        let rb = ((a & low) &+ (b & low) &+ (c & low) &+ (d & low) &+ 0x0002_0002) >> 2
        let ag = (((a >> 8) & low) &+ ((b >> 8) & low) &+ ((c >> 8) & low) &+ ((d >> 8) & low) &+ 0x0002_0002) >> 2
        return (rb & low) | ((ag & low) << 8)
    }
}
