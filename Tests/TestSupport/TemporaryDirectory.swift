import Foundation

/// A fresh folder under the system temp directory, removed when released.
public final class TemporaryDirectory: @unchecked Sendable {
    public let url: URL

    public init(_ label: String = "test") {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("stresspunch-\(label)-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A path inside the folder.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The names of the files directly inside `subfolder` (or the folder itself).
    public func fileNames(in subfolder: String? = nil) -> [String] {
        let folder = subfolder.map { url.appendingPathComponent($0) } ?? url
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}
