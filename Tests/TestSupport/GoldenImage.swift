import Foundation

/// Compares rendered pixels with a committed snapshot PNG beside the tests.
///
/// Snapshots are re-recorded only when STRESSPUNCH_RECORD_GOLDEN=1 is set, and a
/// recording run reports a failure, so a test can never pass by writing its own
/// expectation.
public enum GoldenImage {
    public struct Mismatch: Error, CustomStringConvertible {
        public let description: String
    }

    /// Checks `rgba` (straight alpha) against `Golden/<name>.png` in the folder of the
    /// calling test file. A pixel matches when no channel differs by more than
    /// `channelTolerance`; the images match when at most `allowedMismatches` pixels
    /// do not. Returns nil on a match, else what differed (the actual image is
    /// written next to the snapshot as `<name>.actual.png` for a look).
    public static func compare(
        rgba: [UInt8], width: Int, height: Int, name: String,
        channelTolerance: Int = 2, allowedMismatches: Int = 0, testFile: String = #filePath
    ) -> Mismatch? {
        let folder = URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("Golden")
        let golden = folder.appendingPathComponent("\(name).png")
        let actual = folder.appendingPathComponent("\(name).actual.png")
        let png = TestPNG.encode(width: width, height: height, rgba: rgba)

        if ProcessInfo.processInfo.environment["STRESSPUNCH_RECORD_GOLDEN"] == "1" {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? Data(png).write(to: golden)
            return Mismatch(description: "recorded \(golden.path); unset STRESSPUNCH_RECORD_GOLDEN and run again")
        }
        guard let data = try? Data(contentsOf: golden), let expected = TestPNG.decode([UInt8](data)) else {
            try? Data(png).write(to: actual)
            return Mismatch(description: "no snapshot at \(golden.path); record it with STRESSPUNCH_RECORD_GOLDEN=1")
        }
        guard expected.width == width, expected.height == height else {
            try? Data(png).write(to: actual)
            return Mismatch(description: "size \(width)x\(height) differs from snapshot \(expected.width)x\(expected.height)")
        }
        var mismatches = 0
        var worst = 0
        for pixel in 0..<(width * height) {
            var differs = false
            for channel in 0..<4 {
                let difference = abs(Int(rgba[pixel * 4 + channel]) - Int(expected.rgba[pixel * 4 + channel]))
                worst = max(worst, difference)
                if difference > channelTolerance { differs = true }
            }
            if differs { mismatches += 1 }
        }
        if mismatches > allowedMismatches {
            try? Data(png).write(to: actual)
            return Mismatch(description: "\(mismatches) pixels differ from \(golden.lastPathComponent) (worst channel difference \(worst)); see \(actual.path)")
        }
        try? FileManager.default.removeItem(at: actual)
        return nil
    }
}
