// FuzzSupport owns what the fuzz entry points share: under `make fuzz` (built with
// -sanitize=fuzzer and FUZZING defined) libFuzzer's own main drives each entry point
// through LLVMFuzzerTestOneInput; in any other build the entry point's executable
// replays files instead, so each corpus, and every crash saved into it, is a
// regression test that `make test` runs.

import Foundation

public enum Fuzzer {
    /// The bytes libFuzzer hands over, as an array.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Runs `body` on each file named on the command line, or found in a folder
    /// named there, then exits (0, and how many inputs it replayed).
    public static func replay(_ body: ([UInt8]) -> Void) -> Never {
        var replayed = 0
        for argument in CommandLine.arguments.dropFirst() where !argument.hasPrefix("-") {
            for file in files(at: argument) {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                body([UInt8](data))
                replayed += 1
            }
        }
        print("replayed \(replayed) inputs")
        exit(0)
    }

    private static func files(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") }.map { path + "/" + $0 }
    }
}
