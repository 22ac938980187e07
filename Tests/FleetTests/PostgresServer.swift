import Foundation
import TestSupport

/// A real PostgreSQL 15 server for the tests, started from Debian's binaries: `initdb`
/// into a fresh folder as an unprivileged user (PostgreSQL refuses root, and CI runs
/// as root), on a free loopback port, with a socket folder of its own, TLS from a CA
/// made here with openssl (the server's certificate names localhost and 127.0.0.1), and
/// a pg_hba.conf that takes kiosks only over TLS with SCRAM. Durability is off (fsync):
/// a test server need not survive a power cut, and starts in about a second.
/// Stopped with `pg_ctl -m immediate`, then SIGKILL, when the test process ends.
final class PostgresServer: @unchecked Sendable {
    static let binaries = "/usr/lib/postgresql/15/bin"
    /// The system user servers run as when the tests run as root.
    static let serviceUser = "stresspunch-pgtest"

    /// One server for the whole suite, started on first use.
    static let shared: Result<PostgresServer, ServerError> = Result { () throws(ServerError) in try PostgresServer() }

    struct ServerError: Error, CustomStringConvertible {
        let description: String
    }

    let folder: URL
    private(set) var port = 0
    let password: String
    /// The CA the server's certificate is signed with, and one that signed nothing here.
    let caFile: URL
    let otherCAFile: URL
    let postmasterPID: pid_t
    private let runAs: [String]

    init() throws(ServerError) {
        let base = URL(fileURLWithPath: "/tmp/stresspunch-pg-\(UUID().uuidString.prefix(8))", isDirectory: true)
        folder = base
        password = UUID().uuidString
        do {
            try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ServerError(description: "cannot make \(base.path): \(error)")
        }
        runAs = try Self.unprivilegedPrefix()
        let tls = base.appendingPathComponent("tls")
        caFile = tls.appendingPathComponent("ca.pem")
        otherCAFile = tls.appendingPathComponent("other-ca.pem")
        try Self.makeCertificates(in: tls)
        try Self.giveToServiceUser(base)
        try Self.write(password, to: base.appendingPathComponent("pwfile"))
        let data = base.appendingPathComponent("data").path
        let prefix = runAs
        try Self.check(Self.run(prefix + ["\(Self.binaries)/initdb", "-D", data, "-U", "postgres", "--pwfile=\(base.path)/pwfile", "-A", "scram-sha-256",
                               "-E", "UTF8", "--locale=C", "-N"], in: base), "initdb")
        try Self.write("""
            local   all  all                          scram-sha-256
            hostssl all  +stresspunch_kiosk 127.0.0.1/32 scram-sha-256
            hostssl all  all                127.0.0.1/32 scram-sha-256
            host    all  all                0.0.0.0/0    reject
            """, to: URL(fileURLWithPath: data + "/pg_hba.conf"), append: false)
        var started: pid_t?
        var lastFailure = ""
        // A port found free can be taken before the server binds it: try a few.
        for _ in 0..<5 {
            let candidate = Self.freePort()
            try Self.write("""

                port = \(candidate)
                listen_addresses = '127.0.0.1'
                unix_socket_directories = '\(base.path)'
                ssl = on
                ssl_cert_file = '\(tls.path)/server.crt'
                ssl_key_file = '\(tls.path)/server.key'
                ssl_min_protocol_version = 'TLSv1.3'
                fsync = off
                synchronous_commit = off
                full_page_writes = off
                shared_buffers = 16MB
                max_connections = 60
                log_min_messages = warning
                """, to: URL(fileURLWithPath: data + "/postgresql.auto.conf"), append: true)
            let status = Self.runDetached(prefix + ["\(Self.binaries)/pg_ctl", "-D", data, "-l", base.path + "/server.log", "-w", "-t", "60", "start"],
                                          in: base, output: base.appendingPathComponent("pg_ctl.out"))
            if status == 0, let pid = Self.postmasterPID(data) {
                started = pid
                port = candidate
                break
            }
            lastFailure = ((try? String(contentsOf: base.appendingPathComponent("pg_ctl.out"), encoding: .utf8)) ?? "")
                + ((try? String(contentsOf: base.appendingPathComponent("server.log"), encoding: .utf8)) ?? "")
        }
        guard let started else { throw ServerError(description: "the server did not start: \(lastFailure)") }
        postmasterPID = started
        Self.registerForExit(self)
    }

    private let stopped = NSLock()
    private var isStopped = false

    /// Stops the server now: immediate shutdown, then SIGKILL for anything left.
    func stop() {
        stopped.lock()
        defer { stopped.unlock() }
        guard !isStopped else { return }
        isStopped = true
        signalAll(SIGCONT)
        _ = Self.runDetached(runAs + ["\(Self.binaries)/pg_ctl", "-D", folder.path + "/data", "-m", "immediate", "-w", "-t", "10", "stop"],
                             in: folder, output: URL(fileURLWithPath: "/dev/null"))
        signalAll(SIGKILL)
        try? FileManager.default.removeItem(at: folder)
    }

    /// Sends `signal` to the postmaster and every process it started (read from /proc).
    func signalAll(_ signal: Int32) {
        let children = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { name -> pid_t? in
            guard let pid = pid_t(name), let status = try? String(contentsOfFile: "/proc/\(name)/status", encoding: .utf8),
                  let line = status.split(separator: "\n").first(where: { $0.hasPrefix("PPid:") }),
                  pid_t(line.dropFirst(5).trimmingCharacters(in: .whitespaces)) == postmasterPID else { return nil }
            return pid
        }
        kill(postmasterPID, signal)
        children.forEach { kill($0, signal) }
    }

    /// A conninfo for `user` on `database` over TLS, verifying the server against `ca`.
    func conninfo(database: String, user: String = "postgres", password: String? = nil, ca: URL? = nil) -> String {
        "host=localhost port=\(port) dbname=\(database) user=\(user) password=\(password ?? self.password) sslmode=verify-full sslrootcert=\((ca ?? caFile).path) connect_timeout=10"
    }

    /// A fresh database (each test its own, on the shared server).
    func makeDatabase() throws -> String {
        let name = "t_" + UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: "")
        let result = try psql(database: "postgres", ["CREATE DATABASE \(name)"])
        guard result.status == 0 else { throw ServerError(description: "CREATE DATABASE failed: \(result.standardError)") }
        return name
    }

    /// Runs statements with psql (stopping at the first error): tuples only, unaligned.
    func psql(database: String, user: String = "postgres", password: String? = nil, _ statements: [String]) throws -> ProcessResult {
        var arguments = [conninfo(database: database, user: user, password: password), "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1"]
        for statement in statements { arguments += ["-c", statement] }
        return try ToolProcess.run("\(Self.binaries)/psql", arguments, removing: ["PGHOST", "PGPORT", "PGUSER", "PGSERVICE", "PGSSLMODE"])
    }

    // MARK: - Setting up

    private static func run(_ command: [String], in folder: URL) -> ProcessResult? {
        guard let program = command.first else { return nil }
        return try? ToolProcess.run(program, Array(command.dropFirst()), in: folder)
    }

    /// Runs pg_ctl with its output in a file, not a pipe (the server it starts keeps
    /// inherited descriptors open, so a pipe would never reach its end), through
    /// posix_spawn and waitpid: Foundation's Process was seen never to reap pg_ctl.
    private static func runDetached(_ command: [String], in folder: URL, output: URL) -> Int32? {
        guard let program = command.first else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // In the server's own folder: the service user may not enter the caller's.
        let wrapped = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", folder.path] + command
        let arguments = wrapped.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var pid = pid_t()
        guard !program.isEmpty, posix_spawn(&pid, "/bin/sh", &actions, nil, arguments, environ) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    }

    private static func check(_ result: ProcessResult?, _ what: String) throws(ServerError) {
        guard let result, result.status == 0 else {
            throw ServerError(description: "\(what) failed: \(result?.standardError ?? "did not run") \(result?.standardOutput ?? "")")
        }
    }

    /// setpriv to the service user when running as root (made once with useradd), else nothing.
    private static func unprivilegedPrefix() throws(ServerError) -> [String] {
        guard geteuid() == 0 else { return [] }
        if getpwnam(serviceUser) == nil {
            _ = try? ToolProcess.run("/usr/sbin/useradd", ["--system", "--no-create-home", "--home-dir", "/nonexistent",
                                                           "--shell", "/usr/sbin/nologin", serviceUser])
        }
        guard let entry = getpwnam(serviceUser) else { throw ServerError(description: "cannot create the user \(serviceUser)") }
        return ["/usr/bin/setpriv", "--reuid=\(entry.pointee.pw_uid)", "--regid=\(entry.pointee.pw_gid)", "--clear-groups", "--"]
    }

    private static func giveToServiceUser(_ folder: URL) throws(ServerError) {
        guard geteuid() == 0, let entry = getpwnam(serviceUser) else { return }
        let owner = "\(entry.pointee.pw_uid):\(entry.pointee.pw_gid)"
        guard (try? ToolProcess.run("/bin/chown", ["-R", owner, folder.path]))?.status == 0 else {
            throw ServerError(description: "cannot give \(folder.path) to \(serviceUser)")
        }
    }

    /// A CA, a server certificate it signs for localhost and 127.0.0.1, and a second CA.
    private static func makeCertificates(in folder: URL) throws(ServerError) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.path
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        let steps: [[String]] = [
            ["req", "-x509"] + ec + ["-keyout", "\(path)/ca.key", "-out", "\(path)/ca.pem", "-days", "3", "-subj", "/CN=StressPunch test CA"],
            ["req", "-x509"] + ec + ["-keyout", "\(path)/other-ca.key", "-out", "\(path)/other-ca.pem", "-days", "3", "-subj", "/CN=Another CA"],
            ["req"] + ec + ["-keyout", "\(path)/server.key", "-out", "\(path)/server.csr", "-subj", "/CN=localhost"],
            ["x509", "-req", "-in", "\(path)/server.csr", "-CA", "\(path)/ca.pem", "-CAkey", "\(path)/ca.key", "-CAcreateserial",
             "-out", "\(path)/server.crt", "-days", "3", "-extfile", "\(path)/san.ext"],
        ]
        do {
            try Data("subjectAltName=DNS:localhost,IP:127.0.0.1\n".utf8).write(to: folder.appendingPathComponent("san.ext"))
        } catch {
            throw ServerError(description: "cannot write san.ext")
        }
        for step in steps {
            guard let result = try? ToolProcess.run("/usr/bin/openssl", step), result.status == 0 else {
                throw ServerError(description: "openssl \(step.prefix(2).joined(separator: " ")) failed")
            }
        }
        chmod("\(path)/server.key", 0o600)
    }

    private static func write(_ text: String, to url: URL, append: Bool = false) throws(ServerError) {
        do {
            if append, let handle = try? FileHandle(forWritingTo: url) {
                handle.seekToEndOfFile()
                handle.write(Data(text.utf8))
                try handle.close()
            } else {
                try Data(text.utf8).write(to: url)
            }
        } catch {
            throw ServerError(description: "cannot write \(url.path): \(error)")
        }
        if geteuid() == 0, let entry = getpwnam(serviceUser) { chown(url.path, entry.pointee.pw_uid, entry.pointee.pw_gid) }
    }

    private static func postmasterPID(_ data: String) -> pid_t? {
        guard let text = try? String(contentsOfFile: data + "/postmaster.pid", encoding: .utf8),
              let line = text.split(separator: "\n").first else { return nil }
        return pid_t(line.trimmingCharacters(in: .whitespaces))
    }

    /// A loopback port nobody listens on now.
    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    // MARK: - Stopping at exit

    nonisolated(unsafe) private static var running: [PostgresServer] = []
    private static let runningLock = NSLock()

    private static func registerForExit(_ server: PostgresServer) {
        runningLock.lock()
        defer { runningLock.unlock() }
        if running.isEmpty {
            atexit {
                PostgresServer.runningLock.lock()
                let servers = PostgresServer.running
                PostgresServer.running = []
                PostgresServer.runningLock.unlock()
                servers.forEach { $0.stop() }
            }
        }
        running.append(server)
    }
}
