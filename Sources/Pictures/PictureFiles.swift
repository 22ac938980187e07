import Foundation

/// Picture files as a folder holds them: which names look like pictures, and the
/// name a picture's file gives a new target (a drop, the picker, a bulk add).
public enum PictureFiles {
    /// The extensions the picker lists and a folder's bulk add takes (the content is
    /// checked on import whatever the name says).
    public static let extensions: Set<String> = ["png", "jpg", "jpeg", "gif", "bmp", "webp"]

    /// Whether `url`'s name looks like a picture: a known extension, not hidden.
    public static func looksLikePicture(_ url: URL) -> Bool {
        !url.lastPathComponent.hasPrefix(".") && extensions.contains(url.pathExtension.lowercased())
    }

    /// A name from a picture's file name: "my_boss-2024.jpg" → "My boss 2024", at most
    /// `maxLength` characters.
    public static func suggestedName(for file: URL, maxLength: Int) -> String {
        let base = file.deletingPathExtension().lastPathComponent
            .replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
        let words = base.split(separator: " ").joined(separator: " ")
        let trimmed = String(words.prefix(maxLength))
        guard let first = trimmed.first else { return "" }
        return first.uppercased() + trimmed.dropFirst()
    }

    /// The pictures directly in `folder`, by name (subfolders and other files left out).
    public static func pictures(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
            .filter { looksLikePicture($0) && ((try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false) == false }
            .sorted { $0.lastPathComponent.localizedStandardCompare($1.lastPathComponent) == .orderedAscending }
    }
}
