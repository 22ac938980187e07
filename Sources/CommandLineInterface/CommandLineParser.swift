// CommandLineInterface owns the command line: the usage text, the parser, and what a
// command line asks for (`Invocation`). Nothing runs here; the executable carries it
// out. A library of its own so the fuzzer can drive the parser. This file: the top
// level, the app's options, settings, stats, kiosk and library commands; the targets
// commands are in TargetsCommandParser.swift.

import Foundation
import LaunchOptions
import Localization
import StressCore

public struct CommandLineParser: Sendable {
    let environment: [String: String]
    let currentDirectory: URL

    public init(environment: [String: String], currentDirectory: URL) {
        self.environment = environment
        self.currentDirectory = currentDirectory
    }

    /// Parses the arguments after the program name.
    public func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var remaining = arguments
        // --data-dir may come anywhere, before or after the subcommand.
        let dataDirectory = try extractDataDirectory(&remaining)

        // Alone they print; after a subcommand --help still shows the help, but
        // nothing may follow them (a typo must not pass for a command that ran).
        if let first = remaining.first, ["--help", "-h", "--version"].contains(first) {
            guard remaining.count == 1 else {
                // TRANSLATORS: the first %s is --help, -h or --version; the second what followed it.
                throw UsageError(message: tr("%s takes no other arguments ('%s' was given)", first, remaining[1]), usage: Usage.helpOrVersion)
            }
            return first == "--version" ? .version : .help
        }
        if remaining.contains("--version") {
            throw UsageError(message: tr("--version goes alone, with no command"), usage: Usage.helpOrVersion)
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
        if remaining.first == "fleet" {
            remaining.removeFirst()
            return .fleet(try parseFleet(remaining), dataDirectory: dataDirectory)
        }
        if remaining.first == "targets" {
            remaining.removeFirst()
            return .targets(try parseTargets(remaining), dataDirectory: dataDirectory)
        }
        if let index = remaining.firstIndex(of: "--headless") {
            remaining.remove(at: index)
            guard let scriptIndex = remaining.firstIndex(of: "--script"), scriptIndex + 1 < remaining.count else {
                throw UsageError(message: tr("--headless needs --script FILE"), usage: Usage.headless)
            }
            let script = absoluteURL(remaining[scriptIndex + 1], isDirectory: false)
            remaining.removeSubrange(scriptIndex...(scriptIndex + 1))
            let checksDamage = remaining.contains("--check-damage")
            remaining.removeAll { $0 == "--check-damage" }
            var options = try parseApp(remaining, dataDirectory: dataDirectory)
            options.checkDamage = checksDamage
            if options.record != nil {
                throw UsageError(message: tr("--record records the real window; a headless run already has its script"), usage: Usage.headless)
            }
            return .headless(script: script, options: options)
        }
        if remaining.contains("--script") {
            throw UsageError(message: tr("--script only works with --headless"), usage: Usage.headless)
        }
        if remaining.contains("--check-damage") {
            throw UsageError(message: tr("--check-damage only works with --headless"), usage: Usage.headless)
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
            default: throw UsageError(message: tr("settings list takes only --json"), usage: Usage.settings)
            }
        case "get":
            guard arguments.count == 2 else { throw UsageError(message: tr("settings get needs one KEY, like: settings get volume"), usage: Usage.settings) }
            return .get(try key(arguments[1]))
        case "set":
            guard arguments.count == 3 else {
                throw UsageError(message: tr("settings set needs a KEY and a VALUE, like: settings set volume 60"), usage: Usage.settings)
            }
            let name = try key(arguments[1])
            var check = UserSettings()
            do { try check.set(name, arguments[2]) } catch { throw UsageError(message: error.description, usage: Usage.settings) }
            return .set(name, arguments[2])
        case let other?:
            // TRANSLATORS: %s is what followed `settings` instead of list, get or set.
            throw UsageError(message: tr("unknown settings command '%s'", other), usage: Usage.settings)
        case nil:
            throw UsageError.needsSubcommand("settings", ["list", "get", "set"])
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
                    throw UsageError(message: tr("--days needs a number of days from 1 to 3650, like --days 7"), usage: Usage.stats)
                }
                days = number
                index += 1
            default:
                throw UsageError(message: tr("unknown stats option '%s'", arguments[index]), usage: Usage.stats)
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
                throw UsageError(message: tr("kiosk set-pin takes no argument: the PIN is read from standard input, never from the command line (where other users can see it)"),
                                 usage: Usage.setPIN)
            }
            return .setKioskPIN(dataDirectory: dataDirectory)
        case "set-idle":
            guard arguments.count == 2 else { throw UsageError(message: tr("kiosk set-idle needs the seconds, like 60"), usage: Usage.setIdle) }
            switch KioskIdleTime.parse(arguments[1]) {
            case .success(let seconds): return .setKioskIdle(seconds: seconds, dataDirectory: dataDirectory)
            case .failure(let error): throw UsageError(message: error.description, usage: Usage.setIdle)
            }
        case "set-default":
            guard arguments.count == 2 else { throw UsageError(message: tr("kiosk set-default needs a target ID"), usage: Usage.setDefault) }
            guard let id = Int64(arguments[1]), id > 0 else {
                // TRANSLATORS: %s is what was typed; 'targets list' is the command that shows the IDs.
                throw UsageError(message: tr("'%s' is not a target ID (a positive number from 'targets list')", arguments[1]), usage: Usage.setDefault)
            }
            return .setKioskDefault(id: id, dataDirectory: dataDirectory)
        case "reset-lockout":
            guard arguments.count == 1 else {
                throw UsageError(message: tr("unexpected argument '%s'", arguments[1]), usage: Usage.resetLockout)
            }
            return .resetKioskLockout(dataDirectory: dataDirectory)
        case let other?:
            throw UsageError(message: tr("unknown kiosk subcommand '%s'", other), usage: Usage.kiosk)
        case nil:
            throw UsageError.needsSubcommand("kiosk", ["set-pin", "set-idle", "set-default", "reset-lockout"])
        }
    }

    private func parseLibrary(_ arguments: [String], dataDirectory: URL) throws(UsageError) -> Invocation {
        switch arguments.first {
        case "export":
            var rest = Array(arguments.dropFirst())
            let withPIN = rest.contains("--with-pin")
            rest.removeAll { $0 == "--with-pin" }
            guard rest.count == 1, !rest[0].hasPrefix("-") else {
                throw UsageError(message: tr("library export needs the one archive file to write (and optionally --with-pin)"), usage: Usage.export)
            }
            return .exportLibrary(file: absoluteURL(rest[0], isDirectory: false), withPIN: withPIN, dataDirectory: dataDirectory)
        case "import":
            var rest = Array(arguments.dropFirst())
            let replace = rest.contains("--replace")
            rest.removeAll { $0 == "--replace" }
            guard rest.count == 1, !rest[0].hasPrefix("-") else {
                throw UsageError(message: tr("library import needs one archive file (and optionally --replace)"), usage: Usage.importArchive)
            }
            return .importLibrary(file: absoluteURL(rest[0], isDirectory: false), replace: replace, dataDirectory: dataDirectory)
        case "restore-backup":
            var rest = Array(arguments.dropFirst())
            let confirmed = rest.contains("--yes")
            rest.removeAll { $0 == "--yes" }
            guard rest.count <= 1, rest.allSatisfy({ !$0.hasPrefix("-") }) else {
                throw UsageError(message: tr("library restore-backup takes at most one backup file"), usage: Usage.restoreBackup)
            }
            return .restoreBackup(file: rest.first.map { absoluteURL($0, isDirectory: false) }, confirmed: confirmed, dataDirectory: dataDirectory)
        case let other?:
            throw UsageError(message: tr("unknown library subcommand '%s'", other), usage: Usage.library)
        case nil:
            throw UsageError.needsSubcommand("library", ["export", "import", "restore-backup"])
        }
    }

    private func extractDataDirectory(_ arguments: inout [String]) throws(UsageError) -> URL {
        guard let index = arguments.firstIndex(of: "--data-dir") else { return defaultDataDirectory() }
        guard index + 1 < arguments.count, !arguments[index + 1].isEmpty else {
            throw UsageError(message: tr("--data-dir needs a folder"), usage: Usage.app)
        }
        let path = arguments[index + 1]
        arguments.removeSubrange(index...(index + 1))
        if arguments.contains("--data-dir") {
            throw UsageError(message: tr("--data-dir was given twice"), usage: Usage.app)
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

    func absoluteURL(_ path: String, isDirectory: Bool) -> URL {
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
                    throw UsageError(message: tr("--display needs a monitor number counting from 1, like --display 2"), usage: Usage.app)
                }
                index += 1
                options.display = number - 1
            case "--kiosk-pictures":
                guard index + 1 < arguments.count, !arguments[index + 1].isEmpty else {
                    throw UsageError(message: tr("--kiosk-pictures needs a folder"), usage: Usage.app)
                }
                index += 1
                options.kioskPictures = absoluteURL(arguments[index], isDirectory: true)
            case "--mute": options.mute = true
            case "--reduce-motion": options.reduceMotion = true
            case "--record":
                guard index + 1 < arguments.count, !arguments[index + 1].isEmpty, !arguments[index + 1].hasPrefix("--") else {
                    throw UsageError(message: tr("--record needs a file to write the script to, like --record session.txt"), usage: Usage.app)
                }
                index += 1
                options.record = absoluteURL(arguments[index], isDirectory: false)
            case "--size":
                guard index + 1 < arguments.count else {
                    throw UsageError(message: tr("--size needs a value like 1280x720"), usage: Usage.app)
                }
                index += 1
                guard let size = WindowSize(parsing: arguments[index]) else {
                    throw UsageError(
                        // TRANSLATORS: %s is what was typed after --size; the sizes are typed as is.
                        message: tr("--size '%s' is not a size like 1280x720 (each side 320 to 16384)", arguments[index]),
                        usage: Usage.app)
                }
                options.size = size
            default:
                if argument.hasPrefix("-") {
                    throw UsageError(message: tr("unknown option '%s'", argument), usage: Usage.app)
                }
                throw UsageError(message: tr("unknown command '%s'", argument), usage: Usage.app)
            }
            index += 1
        }
        if options.kioskPictures != nil && !options.kiosk {
            throw UsageError(message: tr("--kiosk-pictures only works with --kiosk"), usage: Usage.app)
        }
        return options
    }
}
