// Fuzzes opening a library: any bytes as library.sqlite must open, be repaired, or be
// refused with a typed error, never crash; what opens must answer a listing.
import Foundation
import FuzzSupport
import TargetStore

enum LibraryFuzzerEntry {
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stresspunch-fuzz-library-\(getpid())")

    static func test(_ bytes: [UInt8]) {
        try? FileManager.default.removeItem(at: folder)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(TargetStore.databaseFileName)
        guard FileManager.default.createFile(atPath: file.path, contents: Data(bytes)) else { return }
        guard let store = try? TargetStore(dataDirectory: folder) else { return }
        _ = try? store.allTargets()
        _ = try? store.favorites()
        _ = try? store.selectedTarget()
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    LibraryFuzzerEntry.test(Fuzzer.bytes(data, size))
    return 0
}
#else
@main
struct LibraryFuzzer {
    static func main() {
        Fuzzer.replay(LibraryFuzzerEntry.test)
    }
}
#endif
