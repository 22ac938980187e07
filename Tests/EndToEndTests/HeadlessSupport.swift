import Foundation
import TestSupport
import Testing

/// Runs the real app headless on a script in a fresh data folder.
struct HeadlessRun {
    let cli = CLI()

    var folder: TemporaryDirectory { cli.folder }

    /// Runs `script` (its `$DIR` replaced by the test folder) and returns the result.
    @discardableResult
    func run(_ script: String, size: String = "1280x720", environment: [String: String] = [:], extra: [String] = [],
             wrapper: [String] = []) throws -> ProcessResult {
        let text = script.replacingOccurrences(of: "$DIR", with: folder.url.path)
        let file = folder.file("script-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: file)
        return try StressPunchProcess.run(
            ["--headless", "--script", file.path, "--size", size, "--data-dir", cli.dataDirectory] + extra,
            environment: environment, wrapper: wrapper)
    }

    /// The number in "N punches landed" of the summary line.
    static func punchesLanded(_ result: ProcessResult) -> Int? { number(before: " punches landed", in: result.standardOutput) }
    static func rumbleRequests(_ result: ProcessResult) -> Int? { number(before: " rumble requests", in: result.standardOutput) }
    static func rumblesDelivered(_ result: ProcessResult) -> Int? { number(before: " reached the gamepad", in: result.standardOutput) }

    private static func number(before marker: String, in text: String) -> Int? {
        guard let range = text.range(of: marker) else { return nil }
        let digits = text[..<range.lowerBound].reversed().prefix { $0.isNumber }
        return Int(String(digits.reversed()))
    }
}

/// Pixels of a PNG screenshot, decoded with ImageMagick (the test bundle links no
/// image library).
struct Screenshot {
    let width: Int
    let height: Int
    let rgba: [UInt8]

    init(_ path: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        process.arguments = [path, "-depth", "8", "rgba:-"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let identify = Process()
        identify.executableURL = URL(fileURLWithPath: "/usr/bin/identify")
        identify.arguments = ["-format", "%w %h", path]
        let sizePipe = Pipe()
        identify.standardOutput = sizePipe
        try identify.run()
        let sizeText = String(decoding: sizePipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        identify.waitUntilExit()
        let parts = sizeText.split(separator: " ").compactMap { Int($0) }
        width = parts.first ?? 0
        height = parts.count > 1 ? parts[1] : 0
        rgba = [UInt8](data)
    }

    /// The RGBA at (x, y); transparent black outside the picture (or for a capture
    /// that came back empty), so a test reads a wrong colour instead of trapping.
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
        guard x >= 0, y >= 0, x < width, y < height else { return [0, 0, 0, 0] }
        let index = (y * width + x) * 4
        guard index + 4 <= rgba.count else { return [0, 0, 0, 0] }
        return Array(rgba[index..<(index + 4)])
    }

    /// How many pixels in the square of `radius` around (x, y) differ from `other` by
    /// more than `tolerance` in some channel.
    func changedPixels(comparedTo other: Screenshot, aroundX x: Int, y: Int, radius: Int, tolerance: Int = 8) -> Int {
        var changed = 0
        for py in max(0, y - radius)..<min(height, y + radius) {
            for px in max(0, x - radius)..<min(width, x + radius) {
                let a = pixel(px, py), b = other.pixel(px, py)
                if zip(a, b).contains(where: { abs(Int($0) - Int($1)) > tolerance }) { changed += 1 }
            }
        }
        return changed
    }
}
