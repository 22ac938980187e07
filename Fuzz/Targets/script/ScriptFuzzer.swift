// Fuzzes the headless script parser: any text must parse or be refused with a line
// number, never trap (a number out of range once did).
import AppShell
import FuzzSupport

enum ScriptFuzzerEntry {

    static func test(_ bytes: [UInt8]) {
        _ = try? HeadlessScript.parse(String(decoding: bytes, as: UTF8.self))
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    ScriptFuzzerEntry.test(Fuzzer.bytes(data, size))
    return 0
}
#else
@main
struct ScriptFuzzer {
    static func main() {
        Fuzzer.replay(ScriptFuzzerEntry.test)
    }
}
#endif
