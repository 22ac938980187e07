// `stresspunch fleet admin ...`: the schema, sites, kiosks and the status, each on a
// connection the admin names with --server (a conninfo or postgresql:// URI) or, without
// it, from libpq's own environment (PGHOST, PGUSER, PGSERVICE...), as psql does.

import Foundation
import Localization
import PostgresClient

public struct FleetAdmin {
    /// The most any one call to the server may take, in seconds.
    public static let timeout = 15.0

    let connection: PostgresConnection

    /// Connects to `server` (nil: libpq's environment).
    public init(server: String?) throws(FleetFailure) {
        var parameters = [("application_name", "stresspunch fleet admin")]
        if let server { parameters.append(("dbname", server)) }
        do {
            connection = try PostgresConnection.connect(parameters, expandDatabaseName: server != nil, timeout: Self.timeout)
        } catch {
            throw FleetFailure.from(error, caller: .admin, seconds: Int(Self.timeout))
        }
    }

    private func call(_ sql: String, _ parameters: [String?] = []) throws(FleetFailure) -> PostgresRows {
        do {
            return try connection.query(sql, parameters)
        } catch {
            throw FleetFailure.from(error, caller: .admin, seconds: Int(Self.timeout))
        }
    }

    /// Creates the schema, or says it is there already (or newer than this build knows).
    public func install() throws(FleetFailure) -> String {
        do {
            return try connection.transaction { connection throws(PostgresError) in
                try connection.query(FleetSchema.installLock)
                if try connection.query(FleetSchema.presenceQuery).value(0, "present") == "t" {
                    let found = Int(try connection.query(FleetSchema.versionQuery).value(0, "version") ?? "") ?? 0
                    if found > FleetSchema.version {
                        // TRANSLATORS: the first %d is the server's schema version, the second the one this program knows.
                        return tr("the server's fleet schema is version %d, newer than this stresspunch knows (%d); use a newer stresspunch",
                                  found, FleetSchema.version)
                    }
                    // Upgrades from an older version go here, one step a version.
                    // TRANSLATORS: %d is the schema's version number.
                    return tr("the fleet schema is already at version %d; nothing changed", found)
                }
                try connection.script(FleetSchema.version1)
                // TRANSLATORS: %d is the schema's version number.
                return tr("installed the fleet schema, version %d", FleetSchema.version)
            }
        } catch where error.kind == .permission {
            // TRANSLATORS: %s is the server's reason, in English.
            throw FleetFailure(tr("installing the fleet schema needs a superuser, or the database's owner with CREATEROLE (%s)", error.detail))
        } catch {
            throw FleetFailure.from(error, caller: .admin, seconds: Int(Self.timeout))
        }
    }

    public func addSite(name: String, timeZone: String) throws(FleetFailure) -> String {
        do {
            try connection.query("SELECT fleet.add_site_v1($1, $2)", [name, timeZone])
        } catch where error.sqlState == "23505" {
            // TRANSLATORS: %s is a site's name.
            throw FleetFailure(tr("there is already a site named %s", name))
        } catch where error.sqlState == "22023" {
            // TRANSLATORS: %s is what was given with --tz.
            throw FleetFailure(tr("unknown time zone '%s'; give one like Europe/Berlin or UTC", timeZone))
        } catch {
            throw FleetFailure.from(error, caller: .admin, seconds: Int(Self.timeout))
        }
        // TRANSLATORS: the first %s is the site's name, the second its time zone.
        return tr("added site %s (time zone %s)", name, timeZone)
    }

    /// Makes the kiosk's login with a fresh random secret and returns its join file.
    public func addKiosk(name: String, site: String) throws(FleetFailure) -> JoinFile {
        // The join file hands the kiosk the CA this connection verified the server with:
        // without one, the kiosk could not verify the server either.
        guard connection.usesTLS, connection.option("sslmode") == "verify-full",
              let caPath = connection.option("sslrootcert"), !caPath.isEmpty,
              let caData = FileManager.default.contents(atPath: (caPath as NSString).expandingTildeInPath),
              let ca = String(data: caData, encoding: .utf8), ca.contains("-----BEGIN CERTIFICATE-----") else {
            throw FleetFailure(tr("add-kiosk needs a connection that verifies the server over TLS (sslmode=verify-full and sslrootcert=FILE): the join file carries that CA"))
        }
        let role = "kiosk_" + name
        let secret = Self.randomSecret()
        guard let verifier = connection.scramVerifier(password: secret, role: role) else {
            throw FleetFailure(tr("the fleet server refused: %s", "no SCRAM verifier"))
        }
        do {
            try connection.query("SELECT fleet.add_kiosk_v1($1, $2, $3)", [name, site, verifier])
        } catch where error.sqlState == "P0002" {
            // TRANSLATORS: %s is the site's name.
            throw FleetFailure(tr("there is no site named %s; add it with 'stresspunch fleet admin add-site'", site))
        } catch where error.sqlState == "23505" || error.sqlState == "42710" {
            // TRANSLATORS: %s is the kiosk's name.
            throw FleetFailure(tr("there is already a kiosk named %s", name))
        } catch {
            throw FleetFailure.from(error, caller: .admin, seconds: Int(Self.timeout))
        }
        let address = connection.address
        return JoinFile(host: address.host, port: address.port, database: address.database, kiosk: name, role: role, site: site,
                        secret: secret, certificateAuthority: ca)
    }

    public func revoke(name: String) throws(FleetFailure) -> String {
        do {
            try connection.query("SELECT fleet.revoke_kiosk_v1($1)", [name])
        } catch where error.sqlState == "P0002" {
            // TRANSLATORS: %s is the kiosk's name.
            throw FleetFailure(tr("there is no kiosk named %s", name))
        } catch {
            throw FleetFailure.from(error, caller: .admin, seconds: Int(Self.timeout))
        }
        // TRANSLATORS: %s is the kiosk's name.
        return tr("revoked kiosk %s: it can no longer log in (it keeps working on its own)", name)
    }

    /// Every kiosk, as text lines or one JSON array.
    public func status(json: Bool) throws(FleetFailure) -> String {
        let rows = try call("SELECT * FROM fleet.status_v1()")
        let kiosks = rows.rows.indices.map { KioskStatus(rows, $0) }
        if json {
            let objects = kiosks.map(\.json)
            guard let data = try? JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys]) else { return "[]" }
            return String(decoding: data, as: UTF8.self)
        }
        guard !kiosks.isEmpty else { return tr("no kiosks yet; add one with 'stresspunch fleet admin add-kiosk NAME --site SITE'") }
        return kiosks.map(\.line).joined(separator: "\n")
    }

    /// 32 random bytes as hex: the kiosk's password, which only the join file carries.
    static func randomSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}

/// One row of `fleet.status_v1()`.
struct KioskStatus {
    var kiosk: String, site: String, online: Bool, revoked: Bool
    var lastSeen: Double?, waiting: Int?, localPunches: Int?, serverPunches: Int, refused: Int

    init(_ rows: PostgresRows, _ index: Int) {
        kiosk = rows.value(index, "kiosk_name") ?? ""
        site = rows.value(index, "site_name") ?? ""
        online = rows.value(index, "online") == "t"
        revoked = rows.value(index, "revoked") == "t"
        lastSeen = rows.value(index, "last_seen").flatMap(Double.init)
        waiting = rows.value(index, "waiting").flatMap { Int($0) }
        localPunches = rows.value(index, "local_punches").flatMap { Int($0) }
        serverPunches = rows.value(index, "server_punches").flatMap { Int($0) } ?? 0
        refused = rows.value(index, "refused").flatMap { Int($0) } ?? 0
    }

    var json: [String: Any] {
        ["kiosk": kiosk, "site": site, "online": online, "revoked": revoked, "last_seen": lastSeen.map(FleetTime.iso) ?? NSNull(),
         "waiting": waiting ?? NSNull(), "local_punches": localPunches ?? NSNull(), "server_punches": serverPunches, "refused": refused]
    }

    var line: String {
        let state = revoked ? tr("revoked") : online ? tr("online") : tr("offline")
        let seen = lastSeen.map(FleetTime.local) ?? tr("never")
        let local = localPunches.map(String.init) ?? "?"
        let waitingText = waiting.map(String.init) ?? "?"
        // TRANSLATORS: one kiosk in `fleet admin status`: its name, site, state (online/offline/revoked), when last seen,
        // batches waiting at the kiosk, today's punches as the kiosk counted them and as the server did.
        var text = tr("%s · %s · %s · last seen %s · %s waiting · today %s at the kiosk, %d on the server",
                      kiosk, site, state, seen, waitingText, local, serverPunches)
        if let localPunches, localPunches != serverPunches {
            // TRANSLATORS: appended to a kiosk's status line when its count and the server's differ; %d is the difference.
            text += " · " + tr("differs by %d", localPunches - serverPunches)
        }
        return text
    }
}

enum FleetTime {
    /// "2026-12-07T14:05:00Z".
    static func iso(_ time: Double) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: Date(timeIntervalSince1970: time))
    }

    /// "2026-12-07 14:05" in the local time zone.
    static func local(_ time: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: time))
    }
}
