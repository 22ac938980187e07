import Pictures

/// A codec for tests that reads and writes the uncompressed PNGs TestPNG makes, so
/// the store's tests need no image library.
public struct TestPNGCodec: PictureCodec {
    public init() {}

    public func decode(_ bytes: [UInt8], fileName: String) throws(PictureImportError) -> PictureBitmap {
        guard let decoded = TestPNG.decode(bytes) else { throw .damaged(file: fileName, reason: "test codec") }
        return PictureBitmap(width: decoded.width, height: decoded.height, pixels: decoded.rgba)
    }

    public func encode(_ bitmap: PictureBitmap, as format: StoredPictureFormat) throws(PictureImportError) -> [UInt8] {
        TestPNG.encode(width: bitmap.width, height: bitmap.height, rgba: bitmap.pixels)
    }
}

