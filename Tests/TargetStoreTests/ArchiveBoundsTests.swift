import Foundation
import Pictures
import StressCore
import TargetStore
import TestSupport
import Testing

/// An import's bound on the bytes it writes, with bounds small enough to reach: the
/// executable's own (16 GB) are only reached by archives no test can make.
@Suite("Archive imports: the bound on bytes written")
struct ArchiveBoundsTests {
    /// An archive of three targets, each with a picture of its own; and the bytes of
    /// those pictures.
    static func archive(in fixture: StoreFixture) throws -> (file: URL, pictureBytes: Int64) {
        for shade in 0..<3 {
            try fixture.store.insert(name: "Picture \(shade)", picture: try fixture.picture(width: 60, height: 40, color: (UInt8(shade * 80), 40, 40, 255)))
        }
        let file = fixture.folder.url.appendingPathComponent("three.spar")
        try LibraryArchive.export(fixture.store, to: file)
        let folder = fixture.folder.url.appendingPathComponent("images")
        let bytes = try fixture.pictureFileNames.reduce(Int64(0)) { total, name in
            total + Int64(try Data(contentsOf: folder.appendingPathComponent(name)).count)
        }
        return (file, bytes)
    }

    static func refusal(_ body: () throws -> Void) -> String? {
        do { try body() } catch { return (error as? TargetStoreError)?.description ?? "\(error)" }
        return nil
    }

    @Test("pictures that come out larger than the bound on bytes written stop the import there; what it wrote is taken back",
          arguments: [false, true])
    func stoppedWhileWriting(replace: Bool) throws {
        let source = try StoreFixture()
        let (file, pictureBytes) = try Self.archive(in: source)
        let library = try StoreFixture()
        let before = try library.store.allTargets()
        // The archive's own bytes fit; each picture written with its thumbnail does not.
        let bounds = LibraryArchive.ImportBounds(maxDecodedPixels: .max, maxWrittenBytes: pictureBytes + 10)
        let refused = Self.refusal {
            _ = try LibraryArchive.importArchive(file, into: library.store, importer: PictureImporter(codec: TestPNGCodec()),
                                                 replace: replace, bounds: bounds)
        }
        #expect(refused?.contains("would write more than") == true && refused?.contains("nothing was imported") == true, "\(refused ?? "imported")")
        #expect(try library.store.allTargets() == before)
        #expect(library.pictureFileNames.isEmpty, "\(library.pictureFileNames)")
        #expect(library.folder.fileNames(in: "thumbnails").isEmpty, "\(library.folder.fileNames(in: "thumbnails"))")
    }

    @Test("an archive whose pictures alone are past the bound is refused before one is decoded; within it, it imports")
    func refusedBeforeDecoding() throws {
        let source = try StoreFixture()
        let (file, pictureBytes) = try Self.archive(in: source)
        let library = try StoreFixture()
        // A codec that fails the test if it is ever asked to decode.
        let refused = Self.refusal {
            _ = try LibraryArchive.importArchive(file, into: library.store, importer: PictureImporter(codec: NeverDecodes()), replace: false,
                                                 bounds: LibraryArchive.ImportBounds(maxDecodedPixels: .max, maxWrittenBytes: pictureBytes - 1))
        }
        #expect(refused?.contains("would write more than") == true, "\(refused ?? "imported")")
        let pixels = Self.refusal {
            _ = try LibraryArchive.importArchive(file, into: library.store, importer: PictureImporter(codec: NeverDecodes()), replace: true,
                                                 bounds: LibraryArchive.ImportBounds(maxDecodedPixels: 3 * 60 * 40 - 1, maxWrittenBytes: .max))
        }
        #expect(pixels?.contains("gigapixel") == true, "\(pixels ?? "imported")")
        let report = try LibraryArchive.importArchive(file, into: library.store, importer: PictureImporter(codec: TestPNGCodec()), replace: false,
                                                      bounds: LibraryArchive.ImportBounds(maxDecodedPixels: 3 * 60 * 40, maxWrittenBytes: 3 * pictureBytes))
        #expect(report.added == 3)
        #expect(library.pictureFileNames.count == 3)
    }
}

/// A codec that records a failure if anything is decoded with it.
private struct NeverDecodes: PictureCodec {
    func decode(_ bytes: [UInt8], fileName: String) throws(PictureImportError) -> PictureBitmap {
        Issue.record("\(fileName) was decoded")
        throw .damaged(file: fileName, reason: "never decodes")
    }

    func encode(_ bitmap: PictureBitmap, as format: StoredPictureFormat) throws(PictureImportError) -> [UInt8] {
        Issue.record("a picture was encoded")
        throw .damaged(file: "", reason: "never encodes")
    }
}
