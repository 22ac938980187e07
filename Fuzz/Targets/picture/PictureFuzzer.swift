// Fuzzes the picture pipeline's front door: header sniffing, the import rules (caps,
// data that cannot hold its claim) and, for what passes, the bounded decode.
import FuzzSupport
import PictureCodecs
import Pictures

enum PictureFuzzerEntry {
    static let codec = SDLPictureCodec()

    static func test(_ bytes: [UInt8]) {
        guard let header = PictureHeader.inspect(bytes) else { return }
        _ = PictureHeader.mostPixels(holdableBy: bytes, format: header.format)
        guard (try? PictureImporter.check(bytes: bytes, fileName: "fuzz")) != nil else { return }
        _ = try? codec.decode(bytes, fileName: "fuzz", minimumLongSide: 64)
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    PictureFuzzerEntry.test(Fuzzer.bytes(data, size))
    return 0
}
#else
@main
struct PictureFuzzer {
    static func main() {
        Fuzzer.replay(PictureFuzzerEntry.test)
    }
}
#endif
