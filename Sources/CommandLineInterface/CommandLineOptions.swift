// CommandLineInterface owns the command line: the usage text, the parser, and what a
// command line asks for (`Invocation`). Nothing runs here; the executable carries it
// out. A library of its own so the fuzzer can drive the parser.

import AppShell
import Foundation
import Kiosk
import StressCore

/// A command line that does not fit the usage; exits 2.
public struct UsageError: Error {
    public let message: String
    /// The usage line of the command that was misused.
    public let usage: String
}

/// What the user asked for on the command line.
public enum Invocation: Equatable {
    case help
    case version
    case app(AppOptions)
    case headless(script: URL, options: AppOptions)
    case targets(TargetsCommand, dataDirectory: URL)
    /// Reads a new operator PIN from standard input (never from the arguments).
    case setKioskPIN(dataDirectory: URL)
    /// Sets the kiosk's idle reset time, in seconds.
    case setKioskIdle(seconds: Int, dataDirectory: URL)
    /// Sets the target the kiosk returns to when idle.
    case setKioskDefault(id: Int64, dataDirectory: URL)
    /// Clears the PIN pad's lockout after wrong PINs.
    case resetKioskLockout(dataDirectory: URL)
    /// The whole library and its pictures in one file, and back.
    /// `withPIN`: keep the operator PIN's hash in the archive (left out by default).
    case exportLibrary(file: URL, withPIN: Bool, dataDirectory: URL)
    case importLibrary(file: URL, replace: Bool, dataDirectory: URL)
    /// A rolling backup put back (the newest good one when no file is named).
    case restoreBackup(file: URL?, dataDirectory: URL)
    /// Punches per day over the last `days` local days, and per target.
    case stats(json: Bool, days: Int, dataDirectory: URL)
    /// The user's settings, as the Settings screen shows them.
    case settings(SettingsCommand, dataDirectory: URL)
}

/// The `settings` subcommands; keys and values are checked when parsed.
public enum SettingsCommand: Equatable {
    case list(json: Bool)
    case get(UserSettings.Key)
    case set(UserSettings.Key, String)
}

/// The `targets` subcommands.
public enum TargetsCommand: Equatable {
    case list(json: Bool)
    /// `crop`: the part of the picture that shows (nil: the whole).
    case add(name: String, message: String, image: URL, favorite: Bool, crop: PictureCrop? = nil)
    /// Every picture in a folder, each named after its file.
    case addFolder(URL, message: String)
    /// `crop`: the part of the picture that shows from now on (nil: as it is, or the
    /// whole of a new picture).
    case edit(id: Int64, name: String?, message: String?, image: URL?, crop: PictureCrop? = nil)
    case delete(id: Int64)
    case favorite(id: Int64, on: Bool)
    case select(id: Int64)
    /// The marks off one target, or off every one (nil).
    case wash(id: Int64?)
    case restoreDefaults
}

public enum Usage {
    public static let app = "stresspunch [--data-dir DIR] [--size WxH] [--fullscreen] [--kiosk [--kiosk-pictures DIR]] [--display N] [--mute] [--reduce-motion] [--record FILE]"
    public static let headless = "stresspunch --headless --script FILE [--size WxH] [--data-dir DIR] [--check-damage]"
    public static let list = "stresspunch targets list [--json] [--data-dir DIR]"
    public static let add = "stresspunch targets add --name NAME [--message TEXT] --image PATH [--crop X,Y,W,H] [--favorite] | --image DIR [--message TEXT] [--data-dir DIR]"
    public static let edit = "stresspunch targets edit ID [--name NAME] [--message TEXT] [--image PATH] [--crop X,Y,W,H|full] [--data-dir DIR]"
    public static let delete = "stresspunch targets delete ID [--data-dir DIR]"
    public static let favorite = "stresspunch targets favorite ID on|off [--data-dir DIR]"
    public static let select = "stresspunch targets select ID [--data-dir DIR]"
    public static let restore = "stresspunch targets restore-defaults [--data-dir DIR]"
    public static let wash = "stresspunch targets wash ID|--all [--data-dir DIR]"
    public static let setPIN = "stresspunch kiosk set-pin [--data-dir DIR]   (the PIN, 6 to 12 digits, is read from standard input)"
    public static let setIdle = "stresspunch kiosk set-idle SECONDS [--data-dir DIR]"
    public static let setDefault = "stresspunch kiosk set-default ID [--data-dir DIR]"
    public static let resetLockout = "stresspunch kiosk reset-lockout [--data-dir DIR]"
    public static let kiosk = [setPIN, setIdle, setDefault, resetLockout].joined(separator: " | ")
    public static let export = "stresspunch library export FILE [--with-pin] [--data-dir DIR]"
    public static let importArchive = "stresspunch library import FILE [--replace] [--data-dir DIR]"
    public static let restoreBackup = "stresspunch library restore-backup [FILE] [--data-dir DIR]"
    public static let library = [export, importArchive, restoreBackup].joined(separator: " | ")
    public static let stats = "stresspunch stats [--json] [--days N] [--data-dir DIR]"
    public static let settings = "stresspunch settings list [--json] | get KEY | set KEY VALUE [--data-dir DIR]"
    public static let targets = [list, add, edit, delete, favorite, select, wash, restore].joined(separator: " | ")
    public static let helpOrVersion = "stresspunch --help | --version"

    /// One line per settings key: its name and what it takes.
    static var settingsTable: String {
        UserSettings.Key.allCases.map { key in
            "  " + key.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0) + key.summary
        }.joined(separator: "\n")
    }

    public static let full = """
        StressPunch: pick a stress target and punch it.

        Usage:
          \(app)
          \(headless)
          \(list)
          \(add)
          \(edit)
          \(delete)
          \(favorite)
          \(select)
          \(wash)
          \(restore)
          \(setPIN)
          \(setIdle)
          \(setDefault)
          \(resetLockout)
          \(export)
          \(importArchive)
          \(restoreBackup)
          \(stats)
          \(settings)
          \(helpOrVersion)

        Options:
          --data-dir DIR    where the library lives (default: $XDG_DATA_HOME/StressPunch,
                            else ~/.local/share/StressPunch)
          --size WxH        window size in pixels, e.g. 1280x720
          --fullscreen      start fullscreen
          --kiosk           fullscreen, locked kiosk mode (needs an operator PIN: kiosk set-pin)
          --display N       the monitor to open on, counting from 1 (default: 1)
          --kiosk-pictures DIR
                            kiosk mode: the only folder the picture picker shows
                            (default: your Pictures folder)
          --mute            no sound
          --reduce-motion   gentler squash and no shake
          --record FILE     write everything you do as a headless script, to replay
                            with --headless --script FILE on a copy of the library
          --headless        run a script of input on a simulated clock, no display needed
          --script FILE     the script for --headless
          --check-damage    (--headless) draw every frame whole too and stop at the first
                            where drawing only what changed gave other pixels
          --json            (targets list, stats) print one JSON array
          --days N          (stats) the last N days, today included (default: 30)
          --with-pin        (library export) keep the operator PIN's hash in the archive
                            (left out by default: anyone with the file could guess it)

        Settings (stresspunch settings set KEY VALUE; the Settings screen, Ctrl+comma,
        changes the same ones; --mute, --reduce-motion and --fullscreen override them
        for one run):
        \(Usage.settingsTable)

        Exit status: 0 on success, 1 on a runtime error, 2 on a usage error.
        """
}

/// Parses the arguments after the program name.
public struct CommandLineParser: Sendable {
    let environment: [String: String]
    let currentDirectory: URL

    public init(environment: [String: String], currentDirectory: URL) {
        self.environment = environment
        self.currentDirectory = currentDirectory
    }

    public func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var remaining = arguments
        // --data-dir may come anywhere, before or after the subcommand.
        let dataDirectory = try extractDataDirectory(&remaining)

        // Alone they print; after a subcommand --help still shows the help, but
        // nothing may follow them (a typo must not pass for a command that ran).
        if let first = remaining.first, ["--help", "-h", "--version"].contains(first) {
            guard remaining.count == 1 else {
                throw UsageError(message: "\(first) takes no other arguments ('\(remaining[1])' was given)", usage: Usage.helpOrVersion)
            }
            return first == "--version" ? .version : .help
        }
        if remaining.contains("--version") {
            throw UsageError(message: "--version goes alone, with no command", usage: Usage.helpOrVersion)
        }
        if remaining.contains("--help") || remaining.contains("-h") { return .help }

        if remaining.first == "kiosk" {
            remaining.removeFirst()
            return try parseKiosk(remaining, dataDirectory: dataDirectory)
        }
        if remaining.first == "library" {
            remaining.removeFirst()
            return try parseLibrary(remaining, dataDirectory: dataDirectory)
        }
        if remaining.first == "stats" {
            remaining.removeFirst()
            return try parseStats(remaining, dataDirectory: dataDirectory)
        }
        if remaining.first == "settings" {
            remaining.removeFirst()
            return .settings(try parseSettings(remaining), dataDirectory: dataDirectory)
        }
        if remaining.first == "targets" {
            remaining.removeFirst()
            return .targets(try parseTargets(remaining), dataDirectory: dataDirectory)
        }
        if let index = remaining.firstIndex(of: "--headless") {
            remaining.remove(at: index)
            guard let scriptIndex = remaining.firstIndex(of: "--script"), scriptIndex + 1 < remaining.count else {
                throw UsageError(message: "--headless needs --script FILE", usage: Usage.headless)
            }
            let script = absoluteURL(remaining[scriptIndex + 1], isDirectory: false)
            remaining.removeSubrange(scriptIndex...(scriptIndex + 1))
            let checksDamage = remaining.contains("--check-damage")
            remaining.removeAll { $0 == "--check-damage" }
            var options = try parseApp(remaining, dataDirectory: dataDirectory)
            options.checkDamage = checksDamage
            if options.record != nil {
                throw UsageError(message: "--record records the real window; a headless run already has its script", usage: Usage.headless)
            }
            return .headless(script: script, options: options)
        }
        if remaining.contains("--script") {
            throw UsageError(message: "--script only works with --headless", usage: Usage.headless)
        }
        if remaining.contains("--check-damage") {
            throw UsageError(message: "--check-damage only works with --headless", usage: Usage.headless)
        }
        return .app(try parseApp(remaining, dataDirectory: dataDirectory))
    }

    /// `settings list [--json] | get KEY | set KEY VALUE`.
    private func parseSettings(_ arguments: [String]) throws(UsageError) -> SettingsCommand {
        func key(_ name: String) throws(UsageError) -> UserSettings.Key {
            guard let key = UserSettings.Key(rawValue: name) else {
                throw UsageError(message: UserSettings.Refusal.unknownKey(name).description, usage: Usage.settings)
            }
            return key
        }
        switch arguments.first {
        case "list":
            switch Array(arguments.dropFirst()) {
            case []: return .list(json: false)
            case ["--json"]: return .list(json: true)
            default: throw UsageError(message: "settings list takes only --json", usage: Usage.settings)
            }
        case "get":
            guard arguments.count == 2 else { throw UsageError(message: "settings get needs one KEY, like: settings get volume", usage: Usage.settings) }
            return .get(try key(arguments[1]))
        case "set":
            guard arguments.count == 3 else {
                throw UsageError(message: "settings set needs a KEY and a VALUE, like: settings set volume 60", usage: Usage.settings)
            }
            let name = try key(arguments[1])
            var check = UserSettings()
            do { try check.set(name, arguments[2]) } catch { throw UsageError(message: error.description, usage: Usage.settings) }
            return .set(name, arguments[2])
        case let other?:
            throw UsageError(message: "unknown settings command '\(other)'", usage: Usage.settings)
        case nil:
            throw UsageError(message: "settings needs list, get or set", usage: Usage.settings)
        }
    }

    /// `stats [--json] [--days N]`: N from 1 to 3650, 30 by default.
    private func parseStats(_ arguments: [String], dataDirectory: URL) throws(UsageError) -> Invocation {
        var json = false
        var days = 30
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--json": json = true
            case "--days":
                guard index + 1 < arguments.count, let number = Int(arguments[index + 1]), (1...3650).contains(number) else {
                    throw UsageError(message: "--days needs a number of days from 1 to 3650, like --days 7", usage: Usage.stats)
                }
                days = number
                index += 1
            default:
                throw UsageError(message: "unknown stats option '\(arguments[index])'", usage: Usage.stats)
            }
            index += 1
        }
        return .stats(json: json, days: days, dataDirectory: dataDirectory)
    }

    private func parseKiosk(_ arguments: [String], dataDirectory: URL) throws(UsageError) -> Invocation {
        switch arguments.first {
        case "set-pin":
            guard arguments.count == 1 else {
                // Not repeated back: it may be the PIN itself, and stderr ends up in logs.
                throw UsageError(message: "kiosk set-pin takes no argument: the PIN is read from standard input, never from the command line (where other users can see it)",
                                 usage: Usage.setPIN)
            }
            return .setKioskPIN(dataDirectory: dataDirectory)
        case "set-idle":
            guard arguments.count == 2 else { throw UsageError(message: "kiosk set-idle needs the seconds, like 60", usage: Usage.setIdle) }
            switch KioskPreferences.parseIdleSeconds(arguments[1]) {
            case .success(let seconds): return .setKioskIdle(seconds: seconds, dataDirectory: dataDirectory)
            case .failure(let error): throw UsageError(message: error.description, usage: Usage.setIdle)
            }
        case "set-default":
            guard arguments.count == 2 else { throw UsageError(message: "kiosk set-default needs a target ID", usage: Usage.setDefault) }
            guard let id = Int64(arguments[1]), id > 0 else {
                throw UsageError(message: "'\(arguments[1])' is not a target ID (a positive number from 'targets list')", usage: Usage.setDefault)
            }
            return .setKioskDefault(id: id, dataDirectory: dataDirectory)
        case "reset-lockout":
            guard arguments.count == 1 else {
                throw UsageError(message: "unexpected argument '\(arguments[1])'", usage: Usage.resetLockout)
            }
            return .resetKioskLockout(dataDirectory: dataDirectory)
        case let other?:
            throw UsageError(message: "unknown kiosk subcommand '\(other)'", usage: Usage.kiosk)
        case nil:
            throw UsageError(message: "kiosk needs a subcommand", usage: Usage.kiosk)
        }
    }

    private func parseLibrary(_ arguments: [String], dataDirectory: URL) throws(UsageError) -> Invocation {
        switch arguments.first {
        case "export":
            var rest = Array(arguments.dropFirst())
            let withPIN = rest.contains("--with-pin")
            rest.removeAll { $0 == "--with-pin" }
            guard rest.count == 1, !rest[0].hasPrefix("-") else {
                throw UsageError(message: "library export needs the one archive file to write (and optionally --with-pin)", usage: Usage.export)
            }
            return .exportLibrary(file: absoluteURL(rest[0], isDirectory: false), withPIN: withPIN, dataDirectory: dataDirectory)
        case "import":
            var rest = Array(arguments.dropFirst())
            let replace = rest.contains("--replace")
            rest.removeAll { $0 == "--replace" }
            guard rest.count == 1, !rest[0].hasPrefix("-") else {
                throw UsageError(message: "library import needs one archive file (and optionally --replace)", usage: Usage.importArchive)
            }
            return .importLibrary(file: absoluteURL(rest[0], isDirectory: false), replace: replace, dataDirectory: dataDirectory)
        case "restore-backup":
            guard arguments.count <= 2, arguments.count == 1 || !arguments[1].hasPrefix("-") else {
                throw UsageError(message: "library restore-backup takes at most one backup file", usage: Usage.restoreBackup)
            }
            return .restoreBackup(file: arguments.count == 2 ? absoluteURL(arguments[1], isDirectory: false) : nil, dataDirectory: dataDirectory)
        case let other?:
            throw UsageError(message: "unknown library subcommand '\(other)'", usage: Usage.library)
        case nil:
            throw UsageError(message: "library needs a subcommand", usage: Usage.library)
        }
    }

    private func extractDataDirectory(_ arguments: inout [String]) throws(UsageError) -> URL {
        guard let index = arguments.firstIndex(of: "--data-dir") else { return defaultDataDirectory() }
        guard index + 1 < arguments.count, !arguments[index + 1].isEmpty else {
            throw UsageError(message: "--data-dir needs a folder", usage: Usage.app)
        }
        let path = arguments[index + 1]
        arguments.removeSubrange(index...(index + 1))
        if arguments.contains("--data-dir") {
            throw UsageError(message: "--data-dir was given twice", usage: Usage.app)
        }
        return absoluteURL(path, isDirectory: true)
    }

    /// `$XDG_DATA_HOME/StressPunch`, else `~/.local/share/StressPunch`.
    func defaultDataDirectory() -> URL {
        // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("StressPunch", isDirectory: true)
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/share/StressPunch", isDirectory: true)
    }

    private func absoluteURL(_ path: String, isDirectory: Bool) -> URL {
        let expanded = (path as NSString).expandingTildeInPath
        let url = expanded.hasPrefix("/")
            ? URL(fileURLWithPath: expanded, isDirectory: isDirectory)
            : URL(fileURLWithPath: expanded, isDirectory: isDirectory, relativeTo: currentDirectory)
        return url.standardizedFileURL
    }

    private func parseApp(_ arguments: [String], dataDirectory: URL) throws(UsageError) -> AppOptions {
        var options = AppOptions(dataDirectory: dataDirectory)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--fullscreen": options.fullscreen = true
            case "--kiosk": options.kiosk = true
            case "--display":
                guard index + 1 < arguments.count, let number = Int(arguments[index + 1]), number >= 1 else {
                    throw UsageError(message: "--display needs a monitor number counting from 1, like --display 2", usage: Usage.app)
                }
                index += 1
                options.display = number - 1
            case "--kiosk-pictures":
                guard index + 1 < arguments.count, !arguments[index + 1].isEmpty else {
                    throw UsageError(message: "--kiosk-pictures needs a folder", usage: Usage.app)
                }
                index += 1
                options.kioskPictures = absoluteURL(arguments[index], isDirectory: true)
            case "--mute": options.mute = true
            case "--reduce-motion": options.reduceMotion = true
            case "--record":
                guard index + 1 < arguments.count, !arguments[index + 1].isEmpty, !arguments[index + 1].hasPrefix("--") else {
                    throw UsageError(message: "--record needs a file to write the script to, like --record session.txt", usage: Usage.app)
                }
                index += 1
                options.record = absoluteURL(arguments[index], isDirectory: false)
            case "--size":
                guard index + 1 < arguments.count else {
                    throw UsageError(message: "--size needs a value like 1280x720", usage: Usage.app)
                }
                index += 1
                guard let size = WindowSize(parsing: arguments[index]) else {
                    throw UsageError(
                        message: "--size '\(arguments[index])' is not a size like 1280x720 (each side 320 to 16384)",
                        usage: Usage.app)
                }
                options.size = size
            default:
                if argument.hasPrefix("-") {
                    throw UsageError(message: "unknown option '\(argument)'", usage: Usage.app)
                }
                throw UsageError(message: "unknown command '\(argument)'", usage: Usage.app)
            }
            index += 1
        }
        if options.kioskPictures != nil && !options.kiosk {
            throw UsageError(message: "--kiosk-pictures only works with --kiosk", usage: Usage.app)
        }
        return options
    }

    private func parseTargets(_ arguments: [String]) throws(UsageError) -> TargetsCommand {
        guard let subcommand = arguments.first else {
            throw UsageError(message: "targets needs a subcommand", usage: Usage.targets)
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
            guard let image else { throw UsageError(message: "targets add needs --image PATH", usage: Usage.add) }
            var isFolder: ObjCBool = false
            let url = absoluteURL(image, isDirectory: false)
            // A folder without --name adds every picture in it; with one, the import
            // refuses it as the folder it is (one picture was meant).
            if name == nil, !favorite, crop == nil, FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                return .addFolder(absoluteURL(image, isDirectory: true), message: message ?? "")
            }
            guard let name else { throw UsageError(message: "targets add needs --name NAME (or --image DIR for a folder of pictures)", usage: Usage.add) }
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
                throw UsageError(message: "targets edit needs at least one of --name, --message, --image or --crop", usage: Usage.edit)
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
                throw UsageError(message: "targets favorite needs 'on' or 'off' after the id", usage: Usage.favorite)
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
            throw UsageError(message: "unknown targets subcommand '\(subcommand)'", usage: Usage.targets)
        }
    }
}

extension CommandLineParser {
    /// `--crop X,Y,W,H`: the part of the picture that shows, as fractions of it (its
    /// left and top edges, its width and height), or `full` for the whole picture.
    /// Anything else is refused, not pulled into range: a typo must not crop silently.
    static func crop(_ text: String, usage: String) throws(UsageError) -> PictureCrop {
        if text == "full" { return .full }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Float($0.trimmingCharacters(in: .whitespaces)) }
        let refusal = UsageError(
            message: "--crop '\(text)' is not a crop: give X,Y,WIDTH,HEIGHT as fractions of the picture, like 0.25,0.1,0.5,0.5 "
                + "(each side at least \(PictureCrop.smallest), all of it inside the picture), or 'full'",
            usage: usage)
        guard parts.count == 4, let x = parts[0], let y = parts[1], let width = parts[2], let height = parts[3],
              [x, y, width, height].allSatisfy(\.isFinite) else { throw refusal }
        let slack: Float = 1e-4
        guard x >= 0, y >= 0, width >= PictureCrop.smallest - slack, height >= PictureCrop.smallest - slack,
              x + width <= 1 + slack, y + height <= 1 + slack else { throw refusal }
        return PictureCrop(x: x, y: y, width: width, height: height)
    }
}

/// Takes options and positionals out of an argument list, then checks nothing is left.
private struct OptionScanner {
    private var arguments: [String]

    init(_ arguments: [String]) { self.arguments = arguments }

    mutating func flag(_ name: String) -> Bool {
        guard let index = arguments.firstIndex(of: name) else { return false }
        arguments.remove(at: index)
        return true
    }

    mutating func value(_ name: String, usage: String) throws(UsageError) -> String? {
        guard let index = arguments.firstIndex(of: name) else { return nil }
        guard index + 1 < arguments.count else { throw UsageError(message: "\(name) needs a value", usage: usage) }
        let value = arguments[index + 1]
        arguments.removeSubrange(index...(index + 1))
        if arguments.contains(name) { throw UsageError(message: "\(name) was given twice", usage: usage) }
        return value
    }

    mutating func positional() -> String? {
        guard let index = arguments.firstIndex(where: { !$0.hasPrefix("--") }) else { return nil }
        return arguments.remove(at: index)
    }

    mutating func id(usage: String) throws(UsageError) -> Int64 {
        guard let text = positional() else { throw UsageError(message: "a target ID is needed", usage: usage) }
        guard let id = Int64(text), id > 0 else {
            throw UsageError(message: "'\(text)' is not a target ID (a positive number from 'targets list')", usage: usage)
        }
        return id
    }

    func finish(usage: String) throws(UsageError) {
        if let extra = arguments.first {
            let kind = extra.hasPrefix("-") ? "unknown option" : "unexpected argument"
            throw UsageError(message: "\(kind) '\(extra)'", usage: usage)
        }
    }
}
