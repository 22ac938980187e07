// The kiosk's side of the fleet on the command line: joining with the file the admin
// printed, leaving, its status, and one round of sending what waits (`fleet sync
// --once`). The secret and the CA live in <data-dir>/fleet/ (0700, files 0600), which
// exports, backups and recordings never carry; the library holds only where the fleet is.

import Foundation
import Localization
import PostgresClient
import TargetStore

public struct FleetKiosk {
    /// The most any one call to the server may take, in seconds, the connect included:
    /// a server that hangs costs a round this long, never more.
    public static let timeout = 8.0
    /// Batches read from the outbox at a time, and how long one round may go on
    /// sending (a day offline can leave thousands; about 1,500 go a second on a LAN).
    static let batchesPerRead = 500
    static let roundBudget = 120.0

    let store: TargetStore
    let folder: URL

    public init(store: TargetStore, dataDirectory: URL) {
        self.store = store
        folder = dataDirectory.appendingPathComponent("fleet", isDirectory: true)
    }

    private var secretFile: URL { folder.appendingPathComponent("secret") }
    private var caFile: URL { folder.appendingPathComponent("ca.pem") }

    private func library<T>(_ body: () throws(TargetStoreError) -> T) throws(FleetFailure) -> T {
        do { return try body() } catch { throw FleetFailure(error.description) }
    }

    private func joinedLink() throws(FleetFailure) -> FleetLink {
        guard let link = try library({ () throws(TargetStoreError) in try store.fleetLink() }) else {
            throw FleetFailure(tr("this library has not joined a fleet; join one with 'stresspunch fleet join FILE'"))
        }
        return link
    }

    public func join(file: URL) throws(FleetFailure) -> String {
        guard let data = BoundedRead.contents(of: file, maxBytes: JoinFile.maxBytes), let join = JoinFile.parse(data) else {
            // TRANSLATORS: %s is the file given to `fleet join`.
            throw FleetFailure(tr("%s is not a join file made by 'stresspunch fleet admin add-kiosk'; ask the fleet admin for the file it printed", file.path))
        }
        if let link = try library({ () throws(TargetStoreError) in try store.fleetLink() }) {
            // TRANSLATORS: %s is the kiosk's name in the fleet.
            throw FleetFailure(tr("this library already joined a fleet as kiosk %s; run 'stresspunch fleet leave' first", link.kiosk))
        }
        // The secrets first, then the row that says the library joined: a crash between
        // leaves files a later join overwrites, never a link without its secret.
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            chmod(folder.path, 0o700)
            try Self.writePrivate(Data(join.secret.utf8), to: secretFile)
            try Self.writePrivate(Data(join.certificateAuthority.utf8), to: caFile)
        } catch {
            // TRANSLATORS: the first %s is the folder, the second the system's reason.
            throw FleetFailure(tr("cannot write the fleet's secret in %s (%s); check the data folder's permissions and free space", folder.path,
                                  error.localizedDescription))
        }
        let link = FleetLink(kiosk: join.kiosk, role: join.role, site: join.site, host: join.host, port: join.port, database: join.database)
        let joined = try library { () throws(TargetStoreError) in try store.joinFleet(link, at: Date().timeIntervalSince1970) }
        guard joined else { throw FleetFailure(tr("this library already joined a fleet as kiosk %s; run 'stresspunch fleet leave' first", join.kiosk)) }
        // TRANSLATORS: the first %s is the kiosk's name, the second its site.
        return tr("joined the fleet as kiosk %s of site %s; punches are queued for it from now on, and 'stresspunch fleet sync --once' sends them",
                  join.kiosk, join.site)
    }

    public func leave(discardingUnsent: Bool) throws(FleetFailure) -> String {
        _ = try joinedLink()
        guard let discarded = try library({ () throws(TargetStoreError) in try store.leaveFleet(discardingUnsent: discardingUnsent) }) else {
            let waiting = (try? store.outboxCounts().waiting) ?? 0
            // TRANSLATORS: %d is how many batches of punches wait to be sent.
            throw FleetFailure(trn("%d batch of punches still waits for the server; send it with 'stresspunch fleet sync --once', or leave with --discard-unsent",
                                   "%d batches of punches still wait for the server; send them with 'stresspunch fleet sync --once', or leave with --discard-unsent",
                                   waiting))
        }
        try? FileManager.default.removeItem(at: folder)
        if discarded > 0 {
            // TRANSLATORS: %d is how many waiting batches were thrown away.
            return trn("left the fleet; %d waiting batch was discarded", "left the fleet; %d waiting batches were discarded", discarded)
        }
        return tr("left the fleet")
    }

    public func status(json: Bool) throws(FleetFailure) -> String {
        let link = try library { () throws(TargetStoreError) in try store.fleetLink() }
        let counts = try library { () throws(TargetStoreError) in try store.outboxCounts() }
        if json {
            let object: [String: Any] = [
                "joined": link != nil, "kiosk": link?.kiosk ?? NSNull(), "site": link?.site ?? NSNull(),
                "server": link.map { "\($0.host):\($0.port)/\($0.database)" } ?? NSNull(),
                "waiting": counts.waiting, "rejected": counts.rejected,
                "oldest_waiting": counts.oldestWaiting.map(FleetTime.iso) ?? NSNull(),
                // Revisions come down from the centre in a later version; none is applied yet.
                "applied_revision": NSNull(),
                "last_sync": link?.lastSync.map(FleetTime.iso) ?? NSNull(), "last_problem": link?.lastProblem ?? NSNull(),
            ]
            guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
            return String(decoding: data, as: UTF8.self)
        }
        guard let link else { return tr("not joined to a fleet") }
        // TRANSLATORS: `fleet status`: the kiosk's name, its site, and the server's address.
        var lines = [tr("kiosk %s of site %s, server %s", link.kiosk, link.site, "\(link.host):\(link.port)/\(link.database)")]
        // TRANSLATORS: `fleet status`: batches of punches not yet sent.
        lines.append(trn("%d batch waiting", "%d batches waiting", counts.waiting))
        if counts.rejected > 0 {
            // TRANSLATORS: `fleet status`: batches the server refused (counted here only).
            lines.append(trn("%d batch refused by the server", "%d batches refused by the server", counts.rejected))
        }
        // TRANSLATORS: `fleet status`: when everything was last sent.
        lines.append(tr("last sync: %s", link.lastSync.map(FleetTime.local) ?? tr("never")))
        // TRANSLATORS: `fleet status`: why the last round with the server failed.
        if let problem = link.lastProblem { lines.append(tr("last problem: %s", problem)) }
        return lines.joined(separator: "\n")
    }

    /// One round: every waiting batch sent, each marked here once the server committed
    /// it, and the kiosk's own count reported. The line to print, or the failure.
    public func syncOnce() throws(FleetFailure) -> String {
        let link = try joinedLink()
        do {
            let line = try round(link)
            try? store.noteFleetRound(syncedAt: Date().timeIntervalSince1970, problem: nil)
            return line
        } catch {
            try? store.noteFleetRound(syncedAt: nil, problem: error.line)
            throw error
        }
    }

    private func round(_ link: FleetLink) throws(FleetFailure) -> String {
        guard let secret = try? String(contentsOf: secretFile, encoding: .utf8), FileManager.default.isReadableFile(atPath: caFile.path) else {
            // TRANSLATORS: %s is the folder that should hold the fleet's secret.
            throw FleetFailure(tr("the fleet's secret is missing from %s; join again with the join file ('stresspunch fleet leave', then 'fleet join FILE')", folder.path))
        }
        let seconds = Int(Self.timeout)
        let connection: PostgresConnection
        do {
            // Every keyword given, so nothing from the environment (PGSSLMODE, PGSERVICE)
            // can weaken the check of the server.
            connection = try PostgresConnection.connect([
                ("host", link.host), ("port", link.port), ("dbname", link.database), ("user", link.role),
                ("password", secret.trimmingCharacters(in: .whitespacesAndNewlines)),
                ("sslmode", "verify-full"), ("sslrootcert", caFile.path), ("sslcert", folder.appendingPathComponent("none").path),
                ("gssencmode", "disable"), ("application_name", "stresspunch kiosk"),
            ], expandDatabaseName: false, timeout: Self.timeout)
            try connection.query("SELECT * FROM fleet.hello_v1()")
        } catch {
            throw FleetFailure.from(error, caller: .kiosk, seconds: seconds)
        }
        defer { connection.close() }
        var sent = 0
        var refusals: [String] = []
        let started = Date()
        while Date().timeIntervalSince(started) < Self.roundBudget {
            let batches = try library { () throws(TargetStoreError) in try store.waitingBatches(limit: Self.batchesPerRead) }
            if batches.isEmpty { break }
            try send(batches, on: connection, sent: &sent, refusals: &refusals)
        }
        let counts = try library { () throws(TargetStoreError) in try store.outboxCounts() }
        let today = DayTotal.day(of: Date().timeIntervalSince1970)
        let punches = (try? store.dayTotals(from: today, through: today).first?.punches) ?? 0
        do {
            try connection.query("SELECT fleet.report_v1($1, $2, $3)", [today, String(punches), String(counts.waiting)])
        } catch {
            throw FleetFailure.from(error, caller: .kiosk, seconds: seconds)
        }
        if let first = refusals.first {
            // TRANSLATORS: %d is how many batches the server refused, %s its reason (in English) for the first.
            throw FleetFailure(trn("the fleet server refused %d batch (%s); its punches stay counted on this kiosk only, and it is not sent again",
                                   "the fleet server refused %d batches (%s); their punches stay counted on this kiosk only, and they are not sent again",
                                   refusals.count, first))
        }
        if counts.waiting > 0 {
            // TRANSLATORS: %d is how many batches still wait (more than one round sends).
            throw FleetFailure(trn("%d batch still waits; run 'stresspunch fleet sync --once' again", "%d batches still wait; run 'stresspunch fleet sync --once' again",
                                   counts.waiting))
        }
        // TRANSLATORS: %d is how many batches of punches were sent.
        return trn("sent %d batch; nothing waits", "sent %d batches; nothing waits", sent)
    }

    /// Pushes `batches` in order, filing each answer here once the server has given it.
    private func send(_ batches: [OutboxBatch], on connection: PostgresConnection, sent: inout Int, refusals: inout [String]) throws(FleetFailure) {
        let seconds = Int(Self.timeout)
        for batch in batches {
            let verdict: String
            do {
                verdict = try connection.query("SELECT fleet.push_batch_v1($1::uuid, $2::float8, $3::jsonb) AS verdict",
                                               [batch.batchID, String(batch.createdAt), batch.payload]).value(0, "verdict") ?? ""
            } catch {
                throw FleetFailure.from(error, caller: .kiosk, seconds: seconds)
            }
            // Marked only now the server has committed: a crash before this line resends
            // the batch, and the server answers 'duplicate'.
            let stored = verdict == "stored" || verdict == "duplicate"
            try library { () throws(TargetStoreError) in try store.settleBatch(batch.sequence, stored: stored, note: stored ? nil : verdict) }
            if stored { sent += 1 } else { refusals.append(verdict) }
        }
    }

    /// Writes `data` to a file only this user may read (0600 from the start).
    static func writePrivate(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".new")
        try? FileManager.default.removeItem(at: temporary)
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown)
        }
        chmod(temporary.path, 0o600)
        guard rename(temporary.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}

/// Reads a regular file of at most `maxBytes`; nil otherwise.
enum BoundedRead {
    static func contents(of url: URL, maxBytes: Int) -> Data? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let size = attributes[.size] as? NSNumber, size.intValue <= maxBytes else { return nil }
        return FileManager.default.contents(atPath: url.path)
    }
}
