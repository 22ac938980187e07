import CommandLineInterface
import Foundation
import PictureCodecs
import Pictures
import StressCore
import TargetStore

/// Runs a `targets` subcommand against the library in a data folder.
struct TargetsCommandRunner {
    let store: TargetStore
    let importer = PictureImporter(codec: SDLPictureCodec())

    /// Runs the command and returns what to print on standard output.
    func run(_ command: TargetsCommand) throws(TargetStoreError) -> String {
        switch command {
        case .list(let json):
            let targets = try store.allTargets()
            return json ? try jsonList(targets) : table(targets)

        case .add(let name, let message, let imageURL, let favorite, let crop):
            // Validate the text first: no point decoding a photo for a nameless target.
            do {
                _ = try TargetValidation.validatedName(name)
                _ = try TargetValidation.validatedMessage(message)
            } catch { throw .invalid(error) }
            let picture = try importPicture(imageURL)
            let target = try store.insert(name: name, message: message, picture: .imported(picture), favorite: favorite,
                                          crop: crop ?? .full)
            return "added target \(target.id): \(target.name)\(target.isFavorite ? " (favorite)" : "")"

        case .addFolder:
            // Carried out by FolderAddRunner, which reports each file.
            return ""

        case .edit(let id, let name, let message, let imageURL, let crop):
            guard let existing = try store.target(id: id) else { throw .targetNotFound(id: id) }
            // Refused before any picture is read: built-in art always shows whole.
            if let crop, !crop.isFull, imageURL == nil, case .builtin = existing.picture {
                throw .cannotCrop(id: id, name: existing.name)
            }
            let picture = try imageURL.map { url throws(TargetStoreError) in NewPicture.imported(try importPicture(url)) }
            let target = try store.update(id: id, name: name, message: message, picture: picture, crop: crop)
            return "updated target \(target.id): \(target.name)"

        case .delete(let id):
            guard let target = try store.target(id: id) else { throw .targetNotFound(id: id) }
            try store.delete(id: id)
            return "deleted target \(id): \(target.name)"

        case .favorite(let id, let on):
            let target = try store.setFavorite(on, for: id)
            return on ? "target \(id) (\(target.name)) is a favorite" : "target \(id) (\(target.name)) is no longer a favorite"

        case .wash(let id?):
            guard let target = try store.target(id: id) else { throw .targetNotFound(id: id) }
            let washed = try store.wash(id)
            return washed == 0 ? "target \(id) (\(target.name)) was already clean" : "washed target \(id) (\(target.name)): \(washed) mark\(washed == 1 ? "" : "s") gone"
        case .wash(nil):
            let washed = try store.wash(nil)
            return "washed every target: \(washed) mark\(washed == 1 ? "" : "s") gone"

        case .select(let id):
            try store.select(id: id)
            let name = try store.target(id: id)?.name ?? ""
            return "selected target \(id): \(name)"

        case .restoreDefaults:
            let restored = try store.restoreDefaults()
            switch restored {
            case 0: return "all built-in targets are already in the library"
            case 1: return "restored 1 built-in target"
            default: return "restored \(restored) built-in targets"
            }
        }
    }

    private func importPicture(_ url: URL) throws(TargetStoreError) -> ImportedPicture {
        do { return try importer.importPicture(at: url) } catch { throw .picture(error) }
    }

    private func imageField(for target: StressTarget) -> String {
        switch target.picture {
        case .builtin(let assetName): return assetName
        case .stored(let fileName): return store.pictures.url(for: fileName)?.path ?? fileName
        }
    }

    private struct TargetJSON: Encodable {
        let id: Int64
        let name: String
        let message: String
        let favorite: Bool
        let selected: Bool
        let builtin: Bool
        let punches: Int
        let image: String
        let strongest: Int
        let bestCombo: Int
        /// The marks on it (0 when clean).
        let damage: Int
        /// The part of its picture that shows, as fractions of the stored picture.
        let crop: CropJSON

        enum CodingKeys: String, CodingKey {
            case id, name, message, favorite, selected, builtin, punches, image, strongest, damage, crop
            case bestCombo = "best_combo"
        }
    }

    private struct CropJSON: Encodable {
        let x: Double, y: Double, width: Double, height: Double

        /// Rounded to a ten-thousandth (well under a pixel of any stored picture), so
        /// the JSON says 0.25, not 0.25000000372529.
        init(_ crop: PictureCrop) {
            func tidy(_ value: Float) -> Double { (Double(value) * 10_000).rounded() / 10_000 }
            (x, y, width, height) = (tidy(crop.x), tidy(crop.y), tidy(crop.width), tidy(crop.height))
        }
    }

    private func jsonList(_ targets: [StressTarget]) throws(TargetStoreError) -> String {
        let marks = try store.markCounts()
        let rows = targets.map {
            TargetJSON(id: $0.id, name: $0.name, message: $0.message, favorite: $0.isFavorite, selected: $0.isSelected,
                       builtin: $0.isBuiltin, punches: $0.punchCount, image: imageField(for: $0),
                       strongest: $0.strongest, bestCombo: $0.bestCombo, damage: marks[$0.id] ?? 0, crop: CropJSON($0.shownCrop))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(rows), as: UTF8.self)
        } catch {
            throw .fileSystem("cannot write the list as JSON: \(error)")
        }
    }

    private func table(_ targets: [StressTarget]) -> String {
        if targets.isEmpty { return "The library is empty. Add a target with 'stresspunch targets add' or run 'stresspunch targets restore-defaults'." }
        // Columns by display width, not characters: CJK and emoji take two, marks none.
        let nameWidth = min(32, max(4, targets.map { TerminalWidth.of(DiagnosticText.oneLine($0.name)) }.max() ?? 4))
        var lines = ["\(pad("ID", 4, right: true))  FAV  SEL  \(pad("PUNCHES", 7, right: true))  \(pad("NAME", nameWidth))  MESSAGE"]
        for target in targets {
            lines.append([
                pad(String(target.id), 4, right: true),
                pad(target.isFavorite ? " ★" : "", 3),
                pad(target.isSelected ? " ●" : "", 3),
                pad(String(target.punchCount), 7, right: true),
                pad(clip(DiagnosticText.oneLine(target.name), nameWidth), nameWidth),
                clip(DiagnosticText.oneLine(target.message), 48),
            ].joined(separator: "  "))
        }
        return lines.joined(separator: "\n")
    }

    private func clip(_ text: String, _ width: Int) -> String { TerminalWidth.clip(text, to: width) }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String { TerminalWidth.pad(text, to: width, right: right) }
}
