// The `fleet` commands: the admin's (schema, sites, kiosks, status) and the kiosk's
// (join, status, one sync round, leave).

import Foundation
import Localization

/// What `stresspunch fleet ...` asks for. `server`: a libpq conninfo or postgresql://
/// URI, nil for libpq's own environment (PGHOST, PGUSER, PGSERVICE...).
public enum FleetCommand: Equatable {
    case install(server: String?)
    case addSite(name: String, timeZone: String, server: String?)
    case addKiosk(name: String, site: String, server: String?)
    case revoke(name: String, server: String?)
    case adminStatus(json: Bool, server: String?)
    case join(file: URL)
    case status(json: Bool)
    case syncOnce
    case leave(discardUnsent: Bool)
}

extension CommandLineParser {
    func parseFleet(_ arguments: [String]) throws(UsageError) -> FleetCommand {
        var scanner = OptionScanner(Array(arguments.dropFirst()))
        switch arguments.first {
        case "admin":
            return try parseFleetAdmin(Array(arguments.dropFirst()))
        case "join":
            guard let file = scanner.positional() else {
                throw UsageError(message: tr("fleet join needs the join file that 'fleet admin add-kiosk' printed"), usage: Usage.fleet)
            }
            try scanner.finish(usage: Usage.fleet)
            return .join(file: absoluteURL(file, isDirectory: false))
        case "status":
            let json = scanner.flag("--json")
            try scanner.finish(usage: Usage.fleet)
            return .status(json: json)
        case "sync":
            guard scanner.flag("--once") else {
                throw UsageError(message: tr("fleet sync needs --once (one round now; the app sends by itself in a later version)"), usage: Usage.fleet)
            }
            try scanner.finish(usage: Usage.fleet)
            return .syncOnce
        case "leave":
            let discard = scanner.flag("--discard-unsent")
            try scanner.finish(usage: Usage.fleet)
            return .leave(discardUnsent: discard)
        case let other?:
            // TRANSLATORS: %s is what followed `fleet`.
            throw UsageError(message: tr("unknown fleet subcommand '%s'", other), usage: Usage.fleet)
        case nil:
            throw UsageError.needsSubcommand("fleet", ["admin", "join", "status", "sync --once", "leave"])
        }
    }

    private func parseFleetAdmin(_ arguments: [String]) throws(UsageError) -> FleetCommand {
        var scanner = OptionScanner(Array(arguments.dropFirst()))
        let server = try scanner.value("--server", usage: Usage.fleetAdmin)
        if let server, server.isEmpty {
            throw UsageError(message: tr("--server needs a connection string or a postgresql:// URI"), usage: Usage.fleetAdmin)
        }
        switch arguments.first {
        case "install":
            try scanner.finish(usage: Usage.fleetAdmin)
            return .install(server: server)
        case "add-site":
            let zone = try scanner.value("--tz", usage: Usage.fleetAdmin) ?? "UTC"
            guard let name = scanner.positional(), (1...60).contains(name.count), name == name.trimmingCharacters(in: .whitespaces) else {
                throw UsageError(message: tr("fleet admin add-site needs a site NAME of 1 to 60 characters"), usage: Usage.fleetAdmin)
            }
            try scanner.finish(usage: Usage.fleetAdmin)
            return .addSite(name: name, timeZone: zone, server: server)
        case "add-kiosk":
            let site = try scanner.value("--site", usage: Usage.fleetAdmin)
            guard let name = scanner.positional(), let site else {
                throw UsageError(message: tr("fleet admin add-kiosk needs a kiosk NAME and --site SITE"), usage: Usage.fleetAdmin)
            }
            try Self.checkKioskName(name)
            try scanner.finish(usage: Usage.fleetAdmin)
            return .addKiosk(name: name, site: site, server: server)
        case "revoke":
            guard let name = scanner.positional() else {
                throw UsageError(message: tr("fleet admin revoke needs the kiosk's NAME"), usage: Usage.fleetAdmin)
            }
            try scanner.finish(usage: Usage.fleetAdmin)
            return .revoke(name: name, server: server)
        case "status":
            let json = scanner.flag("--json")
            try scanner.finish(usage: Usage.fleetAdmin)
            return .adminStatus(json: json, server: server)
        case let other? where ["publish", "set-pin", "board"].contains(other):
            // TRANSLATORS: %s is a fleet admin command (publish, set-pin, board) planned but not in this version.
            throw UsageError(message: tr("fleet admin %s is not in this version yet", other), usage: Usage.fleetAdmin)
        case let other?:
            // TRANSLATORS: %s is what followed `fleet admin`.
            throw UsageError(message: tr("unknown fleet admin subcommand '%s'", other), usage: Usage.fleetAdmin)
        case nil:
            throw UsageError.needsSubcommand("fleet admin", ["install", "add-site", "add-kiosk", "revoke", "status"])
        }
    }

    /// 1 to 40 of a-z, 0-9, - and _, starting with a letter or digit (its login is kiosk_NAME).
    static func checkKioskName(_ name: String) throws(UsageError) {
        let bytes = Array(name.utf8)
        let fits = (1...40).contains(bytes.count) && bytes.enumerated().allSatisfy { index, byte in
            (97...122).contains(byte) || (48...57).contains(byte) || (index > 0 && (byte == 45 || byte == 95))
        }
        guard fits else {
            // TRANSLATORS: %s is the kiosk name given.
            throw UsageError(message: tr("'%s' cannot name a kiosk: use 1 to 40 lowercase letters, digits, - or _, like hall3-a", name), usage: Usage.fleetAdmin)
        }
    }
}
