// The join file `fleet admin add-kiosk` prints and `fleet join` reads: JSON with the
// server's address, the kiosk's login and secret, and the CA certificate the admin's
// own connection trusted (the kiosk verifies the server against it, verify-full).

import Foundation

public struct JoinFile: Sendable, Equatable {
    public static let format = "stresspunch-fleet-join"
    public static let version = 1
    /// A join file is a few kilobytes; anything past this is not one.
    static let maxBytes = 256 * 1024

    public var host: String
    public var port: String
    public var database: String
    public var kiosk: String
    public var role: String
    public var site: String
    public var secret: String
    /// PEM, one or more certificates.
    public var certificateAuthority: String

    public init(host: String, port: String, database: String, kiosk: String, role: String, site: String, secret: String,
                certificateAuthority: String) {
        (self.host, self.port, self.database, self.kiosk, self.role, self.site) = (host, port, database, kiosk, role, site)
        self.secret = secret
        self.certificateAuthority = certificateAuthority
    }

    /// The file's text: pretty JSON, keys sorted.
    public var text: String {
        let object: [String: Any] = [
            "format": Self.format, "version": Self.version, "host": host, "port": port, "database": database,
            "kiosk": kiosk, "role": role, "site": site, "secret": secret, "ca": certificateAuthority,
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Reads a join file's bytes; nil when they are not one (the caller says so in one line).
    public static func parse(_ data: Data) -> JoinFile? {
        guard data.count <= maxBytes, let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              object["format"] as? String == format, (object["version"] as? NSNumber)?.intValue == version else { return nil }
        func field(_ name: String) -> String? {
            guard let value = object[name] as? String, !value.isEmpty, value.count <= 64 * 1024 else { return nil }
            return value
        }
        guard let host = field("host"), let port = field("port"), let database = field("database"), let kiosk = field("kiosk"),
              let role = field("role"), let site = field("site"), let secret = field("secret"), let ca = field("ca") else { return nil }
        // Nothing in a conninfo value or a role may hide a control character or a second keyword.
        let plain = [host, port, database, kiosk, role, site, secret].allSatisfy { value in
            !value.unicodeScalars.contains { $0.properties.generalCategory == .control }
        }
        guard plain, UInt16(port) != nil, role == "kiosk_" + kiosk, FleetNames.isKioskName(kiosk),
              secret.utf8.count >= 32, ca.contains("-----BEGIN CERTIFICATE-----") else { return nil }
        return JoinFile(host: host, port: port, database: database, kiosk: kiosk, role: role, site: site, secret: secret,
                        certificateAuthority: ca)
    }
}

/// The names the fleet allows.
public enum FleetNames {
    /// A kiosk's name: 1 to 40 of a-z, 0-9, - and _, starting with a letter or digit
    /// (its login role is kiosk_NAME).
    public static func isKioskName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...40).contains(bytes.count) else { return false }
        return bytes.enumerated().allSatisfy { index, byte in
            (97...122).contains(byte) || (48...57).contains(byte) || (index > 0 && (byte == 45 || byte == 95))
        }
    }
}
