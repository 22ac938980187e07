/// Adds an EXIF block with an orientation tag to a JPEG, the way a phone camera
/// records that the sensor was held sideways.
public enum ExifInjection {
    /// Big-endian TIFF with one IFD entry: tag 0x0112 (orientation), type SHORT, count 1.
    public static func tiff(orientation: Int) -> [UInt8] {
        [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1,
         0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0,
         0, 0, 0, 0]
    }

    public static func jpeg(_ jpeg: [UInt8], orientation: Int) -> [UInt8] {
        precondition(jpeg.starts(with: [0xFF, 0xD8]), "not a JPEG")
        let payload = Array("Exif".utf8) + [0, 0] + tiff(orientation: orientation)
        let length = payload.count + 2
        let app1: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return [0xFF, 0xD8] + app1 + jpeg.dropFirst(2)
    }
}

extension ExifInjection {
    /// A simple WebP (RIFF, then one "VP8 " or "VP8L" chunk) rewrapped as the extended
    /// format a camera or editor writes: a VP8X chunk saying EXIF is present, the same
    /// image chunk, then an EXIF chunk holding `exif` (by default the orientation's
    /// TIFF; `jpegPrefix` puts JPEG's "Exif\0\0" before it, as some writers do).
    public static func webp(_ webp: [UInt8], orientation: Int, jpegPrefix: Bool = false, exif: [UInt8]? = nil) -> [UInt8] {
        let lossless = webp.count > 25 && Array(webp[12..<16]) == Array("VP8L".utf8)
        precondition(lossless || (webp.count > 30 && Array(webp[12..<16]) == Array("VP8 ".utf8)), "not a simple WebP")
        let bits = (21..<25).reduce(0) { $0 | Int(webp[$1]) << (8 * ($1 - 21)) }
        let width = lossless ? (bits & 0x3FFF) + 1 : (Int(webp[26]) | Int(webp[27]) << 8) & 0x3FFF
        let height = lossless ? ((bits >> 14) & 0x3FFF) + 1 : (Int(webp[28]) | Int(webp[29]) << 8) & 0x3FFF
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        func le24(_ value: Int) -> [UInt8] { (0..<3).map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        func chunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
            Array(name.utf8) + le32(data.count) + data + (data.count % 2 == 1 ? [0] : [])
        }
        let image = Array(webp[12...])  // the VP8 chunk as it was, padding and all
        let payload = exif ?? ((jpegPrefix ? Array("Exif".utf8) + [0, 0] : []) + tiff(orientation: orientation))
        let vp8x = chunk("VP8X", [0x08, 0, 0, 0] + le24(width - 1) + le24(height - 1))
        let body = Array("WEBP".utf8) + vp8x + image + chunk("EXIF", payload)
        return Array("RIFF".utf8) + le32(body.count) + body
    }
}
