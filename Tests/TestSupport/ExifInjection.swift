/// Adds an EXIF block with an orientation tag to a JPEG, the way a phone camera
/// records that the sensor was held sideways.
public enum ExifInjection {
    public static func jpeg(_ jpeg: [UInt8], orientation: Int) -> [UInt8] {
        precondition(jpeg.starts(with: [0xFF, 0xD8]), "not a JPEG")
        // Big-endian TIFF with one IFD entry: tag 0x0112 (orientation), type SHORT, count 1.
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1,
                             0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0,
                             0, 0, 0, 0]
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let app1: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return [0xFF, 0xD8] + app1 + jpeg.dropFirst(2)
    }
}
