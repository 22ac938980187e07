import Foundation
import StressCore

/// The Add / Edit target form's state between frames.
public final class TargetEditor {
    public enum Mode: Equatable {
        case add
        case edit(id: Int64)
    }

    public let mode: Mode
    public var name: String
    public var message: String
    /// A picture chosen for the target (dropped on the window), to import on save.
    public var pictureFile: URL?
    /// Set when Save was pressed; cleared when the save finished or failed.
    var isSaving = false
    /// Where to go after saving or cancelling.
    let returnTo: AppScreen

    init(mode: Mode, name: String = "", message: String = "", pictureFile: URL? = nil, returnTo: AppScreen) {
        self.mode = mode
        self.name = name
        self.message = message
        self.pictureFile = pictureFile
        self.returnTo = returnTo
    }

    /// Why Save is not possible yet, in words for the form (nil when it is).
    func blockingReason(hasCurrentPicture: Bool) -> String? {
        do {
            _ = try TargetValidation.validatedName(name)
            _ = try TargetValidation.validatedMessage(message)
        } catch {
            return error.description
        }
        if pictureFile == nil && !hasCurrentPicture { return "Choose a picture: drop one on this window." }
        return nil
    }

    /// A name suggested from a picture's file name: "my_boss-2024.jpg" → "My boss 2024".
    static func suggestedName(for file: URL) -> String {
        let base = file.deletingPathExtension().lastPathComponent
            .replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
        let words = base.split(separator: " ").joined(separator: " ")
        let trimmed = String(words.prefix(TargetValidation.maxNameLength))
        guard let first = trimmed.first else { return "" }
        return first.uppercased() + trimmed.dropFirst()
    }
}
