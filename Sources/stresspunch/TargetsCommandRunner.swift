import CommandLineInterface
import Foundation
import Localization
import PictureCodecs
import Pictures
import StressCore
import TargetStore

/// Runs a `targets` subcommand against the library in a data folder.
struct TargetsCommandRunner {
    let store: TargetStore
    let importer = PictureImporter(codec: SDLPictureCodec())

    /// `targets add --favorite` when four targets are favorites already.
    static var fifthFavoriteRefusal: TargetStoreError {
        // TRANSLATORS: `targets add --favorite` refused; %d is the most favorites there can be (4). Keep the commands and options as they are.
        .fileSystem(trn("you already have %d favorite, so nothing was added; add it without --favorite, or take one off first with 'stresspunch targets favorite ID off' ('stresspunch targets list' shows the IDs and the ★ favorites)",
                        "you already have %d favorites, so nothing was added; add it without --favorite, or take one off first with 'stresspunch targets favorite ID off' ('stresspunch targets list' shows the IDs and the ★ favorites)",
                        FavoriteRule.limit))
    }

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
            // A fifth favorite is refused before the photo is read, and the refusal says
            // the whole add was refused: "take one off" alone read as if the target were in.
            if favorite, try store.favorites().count >= FavoriteRule.limit { throw Self.fifthFavoriteRefusal }
            let picture = try importPicture(imageURL)
            let target: StressTarget
            do {
                target = try store.insert(name: name, message: message, picture: .imported(picture), favorite: favorite, crop: crop ?? .full)
            } catch .favoriteLimitReached {
                // Another process took the last place meanwhile.
                throw Self.fifthFavoriteRefusal
            }
            // TRANSLATORS: `targets add`: the new target's ID and name.
            return target.isFavorite ? tr("added target %s: %s (favorite)", target.id, target.name) : tr("added target %s: %s", target.id, target.name)

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
            // TRANSLATORS: `targets edit`: the target's ID and name.
            return tr("updated target %s: %s", target.id, target.name)

        case .delete(let id):
            guard let target = try store.target(id: id) else { throw .targetNotFound(id: id) }
            try store.delete(id: id)
            // TRANSLATORS: `targets delete`: the target's ID and name.
            return tr("deleted target %s: %s", id, target.name)

        case .favorite(let id, let on):
            let target = try store.setFavorite(on, for: id)
            // TRANSLATORS: `targets favorite`: the target's ID and name.
            return on ? tr("target %s (%s) is a favorite", id, target.name) : tr("target %s (%s) is no longer a favorite", id, target.name)

        case .wash(let id?):
            guard let target = try store.target(id: id) else { throw .targetNotFound(id: id) }
            let washed = try store.wash(id)
            // TRANSLATORS: `targets wash`: the target's ID and name.
            if washed == 0 { return tr("target %s (%s) was already clean", id, target.name) }
            // TRANSLATORS: `targets wash`: %1$d is how many marks were washed off, %2$s the target's ID, %3$s its name.
            return trn("washed target %2$s (%3$s): %1$d mark gone", "washed target %2$s (%3$s): %1$d marks gone", washed, id, target.name)
        case .wash(nil):
            let washed = try store.wash(nil)
            // TRANSLATORS: `targets wash --all`: %d is how many marks were washed off.
            return trn("washed every target: %d mark gone", "washed every target: %d marks gone", washed)

        case .select(let id):
            try store.select(id: id)
            let name = try store.target(id: id)?.name ?? ""
            // TRANSLATORS: `targets select`: the target's ID and name.
            return tr("selected target %s: %s", id, name)

        case .restoreDefaults:
            let restored = try store.restoreDefaults()
            if restored == 0 { return tr("all built-in targets are already in the library") }
            // TRANSLATORS: `targets restore-defaults`: %d is how many built-in targets came back.
            return trn("restored %d built-in target", "restored %d built-in targets", restored)
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
            throw .fileSystem(tr("cannot write the list as JSON: %s", String(describing: error)))
        }
    }

    private func table(_ targets: [StressTarget]) -> String {
        if targets.isEmpty {
            return tr("The library is empty. Add a target with 'stresspunch targets add' or run 'stresspunch targets restore-defaults'.")
        }
        // TRANSLATORS: `targets list`, column heading over the targets' IDs.
        let idHeading = tr("ID")
        // TRANSLATORS: `targets list`, column heading over the ★ of the favorites (short for favorite).
        let favoriteHeading = tr("FAV")
        // TRANSLATORS: `targets list`, column heading over the ● of the selected target (short for selected).
        let selectedHeading = tr("SEL")
        // TRANSLATORS: `stats` and `targets list`, column heading over the punch counts.
        let punchesHeading = tr("PUNCHES")
        // TRANSLATORS: `stats` and `targets list`, column heading over the targets' names.
        let nameHeading = tr("NAME")
        // TRANSLATORS: `targets list`, column heading over the targets' messages.
        let messageHeading = tr("MESSAGE")
        // Columns by display width, not characters: CJK and emoji take two, marks none.
        // Each at least as wide as its heading.
        let names = targets.map { TerminalWidth.of(DiagnosticText.oneLine($0.name)) }.max() ?? 4
        let nameWidth = max(TerminalWidth.of(nameHeading), min(32, max(4, names)))
        let idWidth = max(4, TerminalWidth.of(idHeading)), favoriteWidth = max(3, TerminalWidth.of(favoriteHeading))
        let selectedWidth = max(3, TerminalWidth.of(selectedHeading)), punchesWidth = max(7, TerminalWidth.of(punchesHeading))
        var lines = [[pad(idHeading, idWidth, right: true), pad(favoriteHeading, favoriteWidth), pad(selectedHeading, selectedWidth),
                      pad(punchesHeading, punchesWidth, right: true), pad(nameHeading, nameWidth), messageHeading].joined(separator: "  ")]
        for target in targets {
            lines.append([
                pad(String(target.id), idWidth, right: true),
                pad(target.isFavorite ? " ★" : "", favoriteWidth),
                pad(target.isSelected ? " ●" : "", selectedWidth),
                pad(Localization.formatted(target.punchCount), punchesWidth, right: true),
                pad(clip(DiagnosticText.oneLine(target.name), nameWidth), nameWidth),
                clip(DiagnosticText.oneLine(target.message), 48),
            ].joined(separator: "  "))
        }
        return lines.joined(separator: "\n")
    }

    private func clip(_ text: String, _ width: Int) -> String { TerminalWidth.clip(text, to: width) }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String { TerminalWidth.pad(text, to: width, right: right) }
}
