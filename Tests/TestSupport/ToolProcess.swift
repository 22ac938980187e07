import Foundation

/// Runs another program the tests drive (make, dpkg, a validator), as a shell would.
public enum ToolProcess {
    /// Runs `program` with `arguments` in `directory` and waits for it to finish.
    /// `environment` is added to this process's; `removing` names variables to unset.
    public static func run(
        _ program: String, _ arguments: [String], in directory: URL? = nil,
        environment: [String: String] = [:], removing: [String] = []
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var merged = ProcessInfo.processInfo.environment
        for name in removing { merged[name] = nil }
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
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
