import Foundation
import Pictures
import StressCore
import TargetStore
import TestSupport

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
