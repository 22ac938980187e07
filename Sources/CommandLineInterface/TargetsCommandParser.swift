// The `targets` subcommands' parser and `--crop`.

import Foundation
import Localization
import StressCore

extension CommandLineParser {
    func parseTargets(_ arguments: [String]) throws(UsageError) -> TargetsCommand {
        guard let subcommand = arguments.first else {
            throw UsageError.needsSubcommand("targets", ["list", "add", "edit", "delete", "favorite", "select", "wash", "restore-defaults"])
        }
        var rest = OptionScanner(Array(arguments.dropFirst()))
        switch subcommand {
        case "list":
            let json = rest.flag("--json")
            try rest.finish(usage: Usage.list)
            return .list(json: json)
        case "add":
            let name = try rest.value("--name", usage: Usage.add)
            let message = try rest.value("--message", usage: Usage.add)
            let image = try rest.value("--image", usage: Usage.add)
            let favorite = rest.flag("--favorite")
            let crop = try rest.value("--crop", usage: Usage.add).map { text throws(UsageError) in try Self.crop(text, usage: Usage.add) }
            try rest.finish(usage: Usage.add)
            guard let image else { throw UsageError(message: tr("targets add needs --image PATH"), usage: Usage.add) }
            var isFolder: ObjCBool = false
            let url = absoluteURL(image, isDirectory: false)
            // A folder without --name adds every picture in it; with one, the import
            // refuses it as the folder it is (one picture was meant).
            if name == nil, !favorite, crop == nil, FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                return .addFolder(absoluteURL(image, isDirectory: true), message: message ?? "")
            }
            guard let name else { throw UsageError(message: tr("targets add needs --name NAME (or --image DIR for a folder of pictures)"), usage: Usage.add) }
            return .add(name: name, message: message ?? "", image: absoluteURL(image, isDirectory: false), favorite: favorite, crop: crop)
        case "edit":
            // Values first, so an option's value is never mistaken for the ID.
            let name = try rest.value("--name", usage: Usage.edit)
            let message = try rest.value("--message", usage: Usage.edit)
            let image = try rest.value("--image", usage: Usage.edit)
            let crop = try rest.value("--crop", usage: Usage.edit).map { text throws(UsageError) in try Self.crop(text, usage: Usage.edit) }
            let id = try rest.id(usage: Usage.edit)
            try rest.finish(usage: Usage.edit)
            if name == nil && message == nil && image == nil && crop == nil {
                throw UsageError(message: tr("targets edit needs at least one of --name, --message, --image or --crop"), usage: Usage.edit)
            }
            return .edit(id: id, name: name, message: message, image: image.map { absoluteURL($0, isDirectory: false) }, crop: crop)
        case "delete":
            let id = try rest.id(usage: Usage.delete)
            try rest.finish(usage: Usage.delete)
            return .delete(id: id)
        case "favorite":
            let id = try rest.id(usage: Usage.favorite)
            let state = rest.positional()
            try rest.finish(usage: Usage.favorite)
            switch state {
            case "on": return .favorite(id: id, on: true)
            case "off": return .favorite(id: id, on: false)
            default:
                // TRANSLATORS: the two %s are "on" and "off", typed as is.
                throw UsageError(message: tr("targets favorite needs '%s' or '%s' after the id", "on", "off"), usage: Usage.favorite)
            }
        case "select":
            let id = try rest.id(usage: Usage.select)
            try rest.finish(usage: Usage.select)
            return .select(id: id)
        case "wash":
            if rest.flag("--all") {
                try rest.finish(usage: Usage.wash)
                return .wash(id: nil)
            }
            let id = try rest.id(usage: Usage.wash)
            try rest.finish(usage: Usage.wash)
            return .wash(id: id)
        case "restore-defaults":
            try rest.finish(usage: Usage.restore)
            return .restoreDefaults
        default:
            throw UsageError(message: tr("unknown targets subcommand '%s'", subcommand), usage: Usage.targets)
        }
    }

    /// `--crop X,Y,W,H`: the part of the picture that shows, as fractions of it (its
    /// left and top edges, its width and height), or `full` for the whole picture.
    /// Anything else is refused, not pulled into range: a typo must not crop silently.
    static func crop(_ text: String, usage: String) throws(UsageError) -> PictureCrop {
        if text == "full" { return .full }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Float($0.trimmingCharacters(in: .whitespaces)) }
        let refusal = UsageError(
            // TRANSLATORS: the first %s is what was typed after --crop, the second the smallest side (0.1), the third "full", typed
            // as is. X,Y,WIDTH,HEIGHT and the numbers are typed as they are (with a dot).
            message: tr("--crop '%s' is not a crop: give X,Y,WIDTH,HEIGHT as fractions of the picture, like 0.25,0.1,0.5,0.5 (each side at least %s, all of it inside the picture), or '%s'",
                        text, PictureCrop.smallest, "full"),
            usage: usage)
        guard parts.count == 4, let x = parts[0], let y = parts[1], let width = parts[2], let height = parts[3],
              [x, y, width, height].allSatisfy(\.isFinite) else { throw refusal }
        let slack: Float = 1e-4
        guard x >= 0, y >= 0, width >= PictureCrop.smallest - slack, height >= PictureCrop.smallest - slack,
              x + width <= 1 + slack, y + height <= 1 + slack else { throw refusal }
        return PictureCrop(x: x, y: y, width: width, height: height)
    }
}
