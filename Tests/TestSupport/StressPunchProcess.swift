import Foundation

/// What a finished run of the `stresspunch` executable left behind.
public struct ProcessResult: Sendable {
    public let status: Int32
    public let standardOutput: String
    public let standardError: String
}

/// Runs the built `stresspunch` executable, as a user would from a shell.
public enum StressPunchProcess {
    /// The built executable: `$STRESSPUNCH_BINARY` if set, else the `stresspunch` that
    /// SwiftPM built next to this test bundle.
    public static var executableURL: URL {
        if let override = ProcessInfo.processInfo.environment["STRESSPUNCH_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return runner.deletingLastPathComponent().appendingPathComponent("stresspunch")
    }

    /// Runs it with `arguments` and waits for it to finish.
    /// `wrapper`: a program and its arguments to run the app under (GNU time, say).
    public static func run(
        _ arguments: [String], environment: [String: String] = [:], standardInput: String? = nil, wrapper: [String] = []
    ) throws -> ProcessResult {
        let process = Process()
        if let tool = wrapper.first {
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = Array(wrapper.dropFirst()) + [executableURL.path] + arguments
        } else {
            process.executableURL = executableURL
            process.arguments = arguments
        }
        // English unless a test asks for a language: the tests read the app's words,
        // and a developer's own locale must not change them.
        var merged = ProcessInfo.processInfo.environment
        for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_TIME"] { merged[name] = nil }
        merged["LANG"] = "C.UTF-8"
        for (key, value) in environment { merged[key] = value }
        process.environment = merged

        let output = Pipe(), errors = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        if let standardInput { input.fileHandleForWriting.write(Data(standardInput.utf8)) }
        try input.fileHandleForWriting.close()
        // Drain stderr on another thread while stdout is read here, so a child that
        // fills either pipe never blocks.
        let errorReader = PipeDrain(errors.fileHandleForReading)
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errorReader.wait()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus,
            standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }
}

/// Reads a pipe to its end on a background thread.
final class PipeDrain: @unchecked Sendable {
    // @unchecked: `data` is written once by the thread and read after `done` signals.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
