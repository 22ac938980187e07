import Foundation
import TestSupport
import Testing

@Suite("The fleet against a real PostgreSQL 15")
struct FleetTests {
    @Test("installing the schema twice changes nothing the second time")
    func installTwiceIsANoOp() throws {
        let fleet = try TestFleet()
        let before = try fleet.scalar("""
            SELECT (SELECT count(*) FROM pg_proc WHERE pronamespace = 'fleet'::regnamespace) || '/' ||
                   (SELECT count(*) FROM pg_class WHERE relnamespace = 'fleet'::regnamespace) || '/' ||
                   (SELECT string_agg(name || '@' || tz, ',') FROM fleet.site)
            """)
        let again = try fleet.admin("install")
        #expect(again.status == 0)
        #expect(again.standardOutput.contains("already at version 1; nothing changed"), "\(again.standardOutput)")
        let after = try fleet.scalar("""
            SELECT (SELECT count(*) FROM pg_proc WHERE pronamespace = 'fleet'::regnamespace) || '/' ||
                   (SELECT count(*) FROM pg_class WHERE relnamespace = 'fleet'::regnamespace) || '/' ||
                   (SELECT string_agg(name || '@' || tz, ',') FROM fleet.site)
            """)
        #expect(before == after)
        #expect(before.hasSuffix("\(fleet.site)@Europe/Berlin"))
    }

    @Test("punches on a joined kiosk reach the server once: its totals equal the kiosk's, and a resent batch counts once")
    func punchesReachTheServerOnce() throws {
        let fleet = try TestFleet()
        let kiosk = try fleet.kiosk()
        try kiosk.punch(12)
        let local = try kiosk.localDays()
        #expect(local.values.reduce(0, +) >= 12, "\(local)")
        #expect(kiosk.waiting > 0)

        let sync = try kiosk.sync()
        #expect(sync.status == 0, "\(sync.standardError)")
        #expect(sync.standardOutput.contains("nothing waits"))
        #expect(try fleet.serverDays(kiosk) == local)
        #expect(kiosk.waiting == 0)

        // Every batch sent again, as after a crash between the server's commit and the
        // local mark: the server answers 'duplicate' and counts nothing twice.
        let batches = try SQLiteShell.query(kiosk.library, "SELECT count(*) FROM fleet_outbox WHERE state = 'stored'")
        #expect((Int(batches) ?? 0) > 0)
        _ = try SQLiteShell.query(kiosk.library, "UPDATE fleet_outbox SET state = 'pending'")
        #expect(kiosk.waiting == Int(batches))
        let resend = try kiosk.sync()
        #expect(resend.status == 0, "\(resend.standardError)")
        #expect(try fleet.serverDays(kiosk) == local)
        #expect(try fleet.scalar("SELECT count(*) FROM fleet.batch WHERE kiosk = '\(kiosk.role)'") == batches)

        // The admin sees the kiosk's own count beside the server's, and nothing waiting.
        let status = try fleet.admin("status", "--json")
        #expect(status.status == 0, "\(status.standardError)")
        let rows = (try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8))) as? [[String: Any]] ?? []
        let row = try #require(rows.first { $0["kiosk"] as? String == kiosk.name })
        #expect(row["site"] as? String == fleet.site)
        #expect(row["online"] as? Bool == true)
        #expect(row["waiting"] as? Int == 0)
        #expect(row["last_seen"] is String)
        #expect(row["local_punches"] as? Int == row["server_punches"] as? Int)
    }

    @Test("a known batch id with another payload is refused, recorded with its reason, and not sent again")
    func aChangedPayloadIsRefused() throws {
        let fleet = try TestFleet()
        let kiosk = try fleet.kiosk()
        try kiosk.punch(3)
        #expect(try kiosk.sync().status == 0)
        let before = try fleet.serverDays(kiosk)
        // The same id, its punches changed (a restored or tampered library).
        _ = try SQLiteShell.query(kiosk.library, """
            UPDATE fleet_outbox SET state = 'pending', payload = replace(payload, '"punches":', '"punches":1') WHERE seq = (SELECT min(seq) FROM fleet_outbox)
            """)
        let refused = try kiosk.sync()
        #expect(refused.status == 1)
        #expect(lines(refused.standardError).count == 1)
        #expect(refused.standardError.contains("refused 1 batch (conflict)"), "\(refused.standardError)")
        #expect(try fleet.serverDays(kiosk) == before)
        #expect(try fleet.scalar("SELECT count(*) FROM fleet.refused_push WHERE kiosk = '\(kiosk.role)' AND reason LIKE 'conflict:%'") == "1")
        let status = try kiosk.status()
        #expect(status["rejected"] as? Int == 1)
        #expect(status["waiting"] as? Int == 0)
        // Not tried again: the next round has nothing to send.
        let next = try kiosk.sync()
        #expect(next.status == 0, "\(next.standardError)")
        #expect(try fleet.scalar("SELECT count(*) FROM fleet.refused_push WHERE kiosk = '\(kiosk.role)'") == "1")
    }

    @Test("a kiosk's own login can read and change no table and call no admin function")
    func aKioskLoginIsRefusedEverythingElse() throws {
        let fleet = try TestFleet()
        let kiosk = try fleet.kiosk()
        let forbidden = [
            "SELECT * FROM fleet.day_total",
            "SELECT * FROM fleet.kiosk",
            "INSERT INTO fleet.day_total VALUES ('\(kiosk.role)', current_date, 1000, 999)",
            "UPDATE fleet.kiosk SET site_id = site_id",
            "DELETE FROM fleet.batch",
            "SELECT fleet.add_site_v1('Mine', 'UTC')",
            "SELECT * FROM fleet.status_v1()",
            "SELECT fleet.revoke_kiosk_v1('\(kiosk.name)')",
            "SELECT fleet.add_kiosk_v1('evil', '\(fleet.site)', 'SCRAM-SHA-256$4096:x')",
            "SELECT fleet.batch_problem(0, '{}', now())",
        ]
        for statement in forbidden {
            let result = try fleet.server.psql(database: fleet.database, user: kiosk.role, password: kiosk.secret,
                                               ["SELECT session_user", statement])
            // Logged in (the first statement answered with the kiosk's role), then refused.
            #expect(result.standardOutput.contains(kiosk.role), "\(statement): \(result.standardError)")
            #expect(result.status != 0, "\(statement) was allowed")
            #expect(result.standardError.contains("permission denied"), "\(statement): \(result.standardError)")
        }
        // What it may call checks what it is given: a strength past 999, a billion
        // punches in a second, a time a year ahead are each rejected and recorded.
        let now = Date().timeIntervalSince1970
        let hostile = [
            ("strength outside 0-999",
             #"{"v":1,"first":\#(now),"last":\#(now),"days":{"\#(Self.day(now))":{"punches":1,"strongest":10}},"targets":[],"hits":[{"at":\#(now),"strength":5000,"target":"x"}]}"#),
            ("more than 30 punches a second",
             #"{"v":1,"first":\#(now),"last":\#(now + 1),"days":{"\#(Self.day(now))":{"punches":1000000000,"strongest":10}},"targets":[],"hits":[]}"#),
            ("times outside", #"{"v":1,"first":\#(now + 3e7),"last":\#(now + 3e7),"days":{},"targets":[],"hits":[]}"#),
        ]
        for (reason, payload) in hostile {
            let result = try fleet.server.psql(database: fleet.database, user: kiosk.role, password: kiosk.secret,
                                               ["SELECT fleet.push_batch_v1(gen_random_uuid(), \(now), '\(payload)')"])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.hasPrefix("rejected:"), "\(reason): \(result.standardOutput)")
            #expect(result.standardOutput.contains(reason), "\(reason): \(result.standardOutput)")
        }
        #expect(try fleet.scalar("SELECT count(*) FROM fleet.batch WHERE kiosk = '\(kiosk.role)' AND verdict = 'rejected'") == "3")
        #expect(try fleet.scalar("SELECT count(*) FROM fleet.day_total WHERE kiosk = '\(kiosk.role)'") == "0")
    }

    @Test("a revoked kiosk's sync fails in one line and its punches stay waiting")
    func aRevokedKioskKeepsItsPunches() throws {
        let fleet = try TestFleet()
        let kiosk = try fleet.kiosk()
        try kiosk.punch(4)
        let waiting = kiosk.waiting
        #expect(waiting > 0)
        let revoked = try fleet.admin("revoke", kiosk.name)
        #expect(revoked.status == 0, "\(revoked.standardError)")
        let sync = try kiosk.sync()
        #expect(sync.status == 1)
        #expect(lines(sync.standardError).count == 1)
        #expect(sync.standardError.contains("revoked"), "\(sync.standardError)")
        #expect(kiosk.waiting == waiting)
        #expect(try fleet.serverDays(kiosk).isEmpty)
        let status = try fleet.admin("status", "--json")
        let rows = (try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8))) as? [[String: Any]] ?? []
        #expect(rows.first { $0["kiosk"] as? String == kiosk.name }?["revoked"] as? Bool == true)
    }

    @Test("a server that verifies against another CA is refused, and nothing is sent")
    func aWrongCertificateAuthorityIsRefused() throws {
        let fleet = try TestFleet()
        let kiosk = try fleet.kiosk()
        try kiosk.punch(2)
        let waiting = kiosk.waiting
        // The kiosk's stored CA swapped for one that signed nothing of the server's.
        let ca = kiosk.folder.appendingPathComponent("data/fleet/ca.pem")
        try Data(contentsOf: fleet.server.otherCAFile).write(to: ca)
        let sync = try kiosk.sync()
        #expect(sync.status == 1)
        #expect(lines(sync.standardError).count == 1)
        #expect(sync.standardError.contains("certificate was not accepted"), "\(sync.standardError)")
        #expect(kiosk.waiting == waiting)
        // The admin's side the same.
        let admin = try fleet.admin("status", ca: fleet.server.otherCAFile)
        #expect(admin.status == 1)
        #expect(admin.standardError.contains("certificate was not accepted"), "\(admin.standardError)")
    }

    @Test("join keeps the secret private, refuses a bad file in one line, and leave refuses while batches wait")
    func joinAndLeave() throws {
        let fleet = try TestFleet()
        let kiosk = try fleet.kiosk()
        let secrets = kiosk.folder.appendingPathComponent("data/fleet")
        #expect(try FileManager.default.attributesOfItem(atPath: secrets.path)[.posixPermissions] as? Int == 0o700)
        for file in ["secret", "ca.pem"] {
            #expect(try FileManager.default.attributesOfItem(atPath: secrets.appendingPathComponent(file).path)[.posixPermissions] as? Int == 0o600)
        }
        let status = try kiosk.status()
        #expect(status["joined"] as? Bool == true)
        #expect(status["kiosk"] as? String == kiosk.name)
        #expect(status["site"] as? String == fleet.site)
        #expect(status.keys.contains("applied_revision") && status.keys.contains("last_sync"))

        let other = TemporaryDirectory("fleet-bad")
        let bad = other.file("bad.join")
        try Data("{\"format\": \"something else\"}".utf8).write(to: bad)
        let refused = try StressPunchProcess.run(["--data-dir", other.file("data").path, "fleet", "join", bad.path])
        #expect(refused.status == 1)
        #expect(lines(refused.standardError).count == 1)
        #expect(refused.standardError.contains("is not a join file"))

        // An export carries neither the fleet's tables nor its secret.
        try kiosk.punch(2)
        let archive = kiosk.folder.appendingPathComponent("library.spar").path
        #expect(try kiosk.run("library", "export", archive).status == 0)
        #expect(try SQLiteShell.query(archive, "SELECT count(*) FROM sqlite_master WHERE name LIKE 'fleet%'") == "0")

        let leave = try kiosk.run("fleet", "leave")
        #expect(leave.status == 1)
        #expect(leave.standardError.contains("--discard-unsent"))
        let discard = try kiosk.run("fleet", "leave", "--discard-unsent")
        #expect(discard.status == 0, "\(discard.standardError)")
        #expect(!FileManager.default.fileExists(atPath: secrets.path))
        #expect(try kiosk.status()["joined"] as? Bool == false)
    }

    @Test("a server stopped with SIGSTOP costs one sync round its deadline, then the punches go")
    func aHungServerCostsOneDeadline() throws {
        let server = try PostgresServer()
        defer { server.stop() }
        let fleet = try TestFleet(server: server)
        let kiosk = try fleet.kiosk()
        try kiosk.punch(3)
        server.signalAll(SIGSTOP)
        let start = Date()
        let sync = try kiosk.sync()
        let elapsed = Date().timeIntervalSince(start)
        server.signalAll(SIGCONT)
        #expect(sync.status == 1)
        #expect(lines(sync.standardError).count == 1)
        #expect(sync.standardError.contains("did not answer within 8 seconds"), "\(sync.standardError)")
        #expect(elapsed < 14, "sync took \(elapsed) s")
        #expect(kiosk.waiting > 0)
        let again = try kiosk.sync()
        #expect(again.status == 0, "\(again.standardError)")
        #expect(try fleet.serverDays(kiosk) == kiosk.localDays())
        // And a server that is gone is said so, in one line.
        server.stop()
        let down = try kiosk.sync()
        #expect(down.status == 1)
        #expect(lines(down.standardError).count == 1)
        #expect(down.standardError.contains("cannot reach the fleet server"), "\(down.standardError)")
    }

    @Test("both status commands read as lines, and an admin command not built yet says so")
    func statusLines() throws {
        let fleet = try TestFleet()
        let empty = try fleet.admin("status")
        #expect(empty.status == 0, "\(empty.standardError)")
        #expect(empty.standardOutput.contains("no kiosks yet"))
        let kiosk = try fleet.kiosk()
        try kiosk.punch(2)
        let sync = try kiosk.sync()
        #expect(sync.status == 0, "\(sync.standardError)")
        let admin = try fleet.admin("status")
        let line = try #require(lines(admin.standardOutput).first { $0.hasPrefix(kiosk.name) }, "\(admin.standardOutput)")
        #expect(line.contains(fleet.site) && line.contains("online") && line.contains("0 waiting"), "\(line)")
        #expect(!line.contains("differs"), "\(line)")
        let local = try kiosk.run("fleet", "status")
        #expect(local.standardOutput.contains("kiosk \(kiosk.name) of site \(fleet.site)"), "\(local.standardOutput)")
        #expect(local.standardOutput.contains("0 batches waiting"), "\(local.standardOutput)")
        let later = try StressPunchProcess.run(["fleet", "admin", "publish", "library.spar", "--site", fleet.site])
        #expect(later.status == 2)
        #expect(later.standardError.contains("fleet admin publish is not in this version yet"), "\(later.standardError)")
    }

    static func day(_ time: Double) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date(timeIntervalSince1970: time))
    }
}
