import Foundation
import TestSupport
import Testing

/// One fleet on the shared test server: its own database with the schema installed,
/// one site, and kiosks each with a data folder of its own, all driven through the
/// real executable.
struct TestFleet {
    let server: PostgresServer
    let database: String
    let folder = TemporaryDirectory("fleet")
    let site: String

    /// A fleet on the suite's shared server.
    init() throws {
        try self.init(server: PostgresServer.shared.get())
    }

    init(server: PostgresServer) throws {
        self.server = server
        database = try server.makeDatabase()
        site = "Hall " + String(UUID().uuidString.prefix(4))
        let install = try admin("install")
        #expect(install.status == 0, "install failed: \(install.standardError)")
        let added = try admin("add-site", site, "--tz", "Europe/Berlin")
        #expect(added.status == 0, "add-site failed: \(added.standardError)")
    }

    /// `stresspunch fleet admin ARGS --server <the superuser over verified TLS>`.
    func admin(_ arguments: String..., ca: URL? = nil) throws -> ProcessResult {
        try StressPunchProcess.run(["fleet", "admin"] + arguments + ["--server", server.conninfo(database: database, ca: ca)])
    }

    /// A new kiosk: its login made by add-kiosk, and a data folder joined with the file it printed.
    func kiosk(_ label: String = "k") throws -> Kiosk {
        let name = label + "-" + UUID().uuidString.prefix(8).lowercased()
        let added = try admin("add-kiosk", name, "--site", site)
        #expect(added.status == 0, "add-kiosk failed: \(added.standardError)")
        let kiosk = Kiosk(name: name, folder: folder.url.appendingPathComponent(name), joinText: added.standardOutput)
        let file = kiosk.folder.appendingPathComponent("kiosk.join")
        try FileManager.default.createDirectory(at: kiosk.folder, withIntermediateDirectories: true)
        try Data(added.standardOutput.utf8).write(to: file)
        let joined = try kiosk.run("fleet", "join", file.path)
        #expect(joined.status == 0, "join failed: \(joined.standardError)")
        return kiosk
    }

    /// The server's punches for `kiosk` per day, as "YYYY-MM-DD": punches.
    func serverDays(_ kiosk: Kiosk) throws -> [String: Int] {
        let result = try server.psql(database: database, ["SELECT day, punches FROM fleet.day_total WHERE kiosk = 'kiosk_\(kiosk.name)' ORDER BY day"])
        #expect(result.status == 0, "\(result.standardError)")
        var days: [String: Int] = [:]
        for line in result.standardOutput.split(separator: "\n") {
            let parts = line.split(separator: "|")
            if parts.count == 2, let punches = Int(parts[1]) { days[String(parts[0])] = punches }
        }
        return days
    }

    /// One value from the server, as the superuser.
    func scalar(_ sql: String) throws -> String {
        let result = try server.psql(database: database, [sql])
        #expect(result.status == 0, "\(sql): \(result.standardError)")
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A kiosk: a data folder joined to the fleet.
struct Kiosk {
    let name: String
    let folder: URL
    let joinText: String

    var dataDirectory: String { folder.appendingPathComponent("data").path }
    var library: String { dataDirectory + "/library.sqlite" }

    var join: [String: Any] { ((try? JSONSerialization.jsonObject(with: Data(joinText.utf8))) as? [String: Any]) ?? [:] }
    var role: String { join["role"] as? String ?? "" }
    var secret: String { join["secret"] as? String ?? "" }

    @discardableResult
    func run(_ arguments: String...) throws -> ProcessResult {
        try StressPunchProcess.run(["--data-dir", dataDirectory] + arguments)
    }

    /// Punches the selected target `count` times in a headless run of the real app.
    func punch(_ count: Int) throws {
        var lines = (0..<count).map { String(format: "%.2f click 640 360", 0.5 + Double($0) * 0.3) }
        lines.append(String(format: "%.2f quit", 1.5 + Double(count) * 0.3))
        let script = folder.appendingPathComponent("punch-\(UUID().uuidString).txt")
        try Data(lines.joined(separator: "\n").utf8).write(to: script)
        let result = try StressPunchProcess.run(["--headless", "--script", script.path, "--data-dir", dataDirectory])
        #expect(result.status == 0, "headless run failed: \(result.standardError)")
    }

    /// The kiosk's own punches per day (`stats --json`).
    func localDays() throws -> [String: Int] {
        let result = try run("stats", "--json", "--days", "3")
        let days = (try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))) as? [[String: Any]] ?? []
        var byDay: [String: Int] = [:]
        for day in days {
            if let date = day["date"] as? String, let punches = day["punches"] as? Int, punches > 0 { byDay[date] = punches }
        }
        return byDay
    }

    /// `fleet status --json` as an object.
    func status() throws -> [String: Any] {
        let result = try run("fleet", "status", "--json")
        return (try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))) as? [String: Any] ?? [:]
    }

    var waiting: Int { ((try? status())?["waiting"] as? Int) ?? -1 }

    func sync() throws -> ProcessResult { try run("fleet", "sync", "--once") }
}

/// Lines of text, without empty ones.
func lines(_ text: String) -> [Substring] {
    text.split(separator: "\n", omittingEmptySubsequences: true)
}
