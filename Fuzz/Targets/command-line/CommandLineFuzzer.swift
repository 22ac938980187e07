// Fuzzes the command-line parser: the input is an argument vector (arguments split at
// NUL bytes). Any vector must parse or be refused with a usage error, and a refusal
// must stay one line once escaped, as the error contract says.
import CommandLineInterface
import Foundation
import FuzzSupport
import StressCore

enum CommandLineFuzzerEntry {
    static let parser = CommandLineParser(environment: ["HOME": "/home/fuzz"], currentDirectory: URL(fileURLWithPath: "/tmp"))

    static func test(_ bytes: [UInt8]) {
        let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        do {
            _ = try parser.parse(arguments)
        } catch {
            let line = DiagnosticText.oneLine("\(error.message) (usage: \(error.usage))")
            if line.contains("\n") || line.contains("\r") { fatalError("a usage error spans lines: \(line)") }
        }
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    CommandLineFuzzerEntry.test(Fuzzer.bytes(data, size))
    return 0
}
#else
@main
struct CommandLineFuzzer {
    static func main() {
        Fuzzer.replay(CommandLineFuzzerEntry.test)
    }
}
#endif
