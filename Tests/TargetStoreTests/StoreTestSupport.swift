import Foundation
import StressCore
import TargetStore
import TestSupport

/// A codec for tests that reads and writes the uncompressed PNGs TestPNG makes, so
/// the store's tests need no image library.
struct TestPNGCodec: PictureCodec {
    func decode(_ bytes: [UInt8], fileName: String) throws(PictureImportError) -> PictureBitmap {
        guard let decoded = TestPNG.decode(bytes) else { throw .damaged(file: fileName, reason: "test codec") }
        return PictureBitmap(width: decoded.width, height: decoded.height, pixels: decoded.rgba)
    }

    func encode(_ bitmap: PictureBitmap, as format: StoredPictureFormat) throws(PictureImportError) -> [UInt8] {
        TestPNG.encode(width: bitmap.width, height: bitmap.height, rgba: bitmap.pixels)
    }
}

/// A fresh in-memory library with its own pictures folder, one per test.
struct StoreFixture {
    let folder = TemporaryDirectory("store")
    let store: TargetStore

    init() throws {
        store = try TargetStore.inMemory(picturesDirectory: folder.url.appendingPathComponent("images"))
    }

    var pictureFileNames: [String] { folder.fileNames(in: "images") }

    /// A small imported picture ready to store.
    func picture(width: Int = 8, height: Int = 6, color: (UInt8, UInt8, UInt8, UInt8) = (200, 40, 40, 255)) throws -> NewPicture {
        let bytes = TestPNG.solid(width: width, height: height, rgba: color)
        return .imported(try PictureImporter(codec: TestPNGCodec()).importPicture(bytes: bytes, fileName: "test.png"))
    }
}
