// One connection to a PostgreSQL server through libpq's asynchronous calls, each with
// a deadline of our own: a server that hangs while its kernel still answers (a stopped
// process, a stalled disk) trips none of TCP's timeouts and none of the server's, so
// only a deadline here keeps a caller from waiting forever.

import CPostgres
import Foundation

/// Why a call to the server did not give an answer. `detail` is libpq's or the
/// server's own text on one line, for logs and tests; callers say their own words.
public struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// No server answered at that address (refused, no route, unknown host).
        case unreachable
        /// The server did not answer within the deadline.
        case timedOut
        /// TLS could not be set up as asked: the certificate did not verify against
        /// the trusted CA, did not name the host, or the server offers no TLS.
        case tlsRefused
        /// The server refused the login: a wrong secret, a role that may not log in.
        case loginRefused
        /// The login worked but the role lacks the privilege (SQLSTATE 42501).
        case permission
        /// Anything else the server said, with its SQLSTATE.
        case server
    }

    public let kind: Kind
    public let sqlState: String?
    public let detail: String

    public init(kind: Kind, sqlState: String? = nil, detail: String) {
        self.kind = kind
        self.sqlState = sqlState
        self.detail = detail.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    public var description: String { detail }
}

/// What a query returned: its columns and rows, every value as text (libpq's text
/// format) or nil for NULL.
public struct PostgresRows: Sendable {
    public let columns: [String]
    public let rows: [[String?]]

    /// The value of `column` in row `index`; nil for NULL or no such column.
    public func value(_ index: Int, _ column: String) -> String? {
        guard rows.indices.contains(index), let position = columns.firstIndex(of: column) else { return nil }
        return rows[index][position]
    }
}

/// A connection; not for sharing between threads. Every call gives up at its deadline,
/// cancels what runs on the server and closes the connection.
public final class PostgresConnection {
    private var handle: OpaquePointer?
    /// How long one call (a query, or the whole connect) may take, in seconds.
    public let timeout: Double

    private init(handle: OpaquePointer, timeout: Double) {
        self.handle = handle
        self.timeout = timeout
    }

    deinit { close() }

    /// libpq's messages in English whatever the user's language, so they can be told
    /// apart here (the user reads our own, translated, words). libpq binds its message
    /// catalog from PGLOCALEDIR on first use; a folder that does not exist leaves them
    /// untranslated.
    private static let englishMessages: Void = { setenv("PGLOCALEDIR", "/nonexistent/stresspunch-libpq-english", 1) }()

    /// Connects with libpq's keywords and values, in order (a later keyword wins). When
    /// `expandDatabaseName`, the `dbname` value may itself be a conninfo string or a
    /// `postgresql://` URI, as `psql` takes one; what is not given comes from libpq's
    /// environment (PGHOST, PGUSER, PGSERVICE...).
    public static func connect(_ parameters: [(String, String)], expandDatabaseName: Bool, timeout: Double) throws(PostgresError) -> PostgresConnection {
        _ = englishMessages
        let deadline = Clock.now + timeout
        let keywords = parameters.map { strdup($0.0) }
        let values = parameters.map { strdup($0.1) }
        defer { (keywords + values).forEach { free($0) } }
        var keywordPointers = keywords.map { UnsafePointer<CChar>($0) } + [nil]
        var valuePointers = values.map { UnsafePointer<CChar>($0) } + [nil]
        guard let handle = PQconnectStartParams(&keywordPointers, &valuePointers, expandDatabaseName ? 1 : 0) else {
            throw PostgresError(kind: .unreachable, detail: "out of memory")
        }
        let connection = PostgresConnection(handle: handle, timeout: timeout)
        guard PQstatus(handle) != CONNECTION_BAD else { throw connection.connectFailure() }
        var polling = PGRES_POLLING_WRITING
        while true {
            switch polling {
            case PGRES_POLLING_OK:
                // Our own deadline on every wait: a nonblocking connection never blocks inside libpq.
                PQsetnonblocking(handle, 1)
                return connection
            case PGRES_POLLING_FAILED:
                throw connection.connectFailure()
            default:
                // The socket can change while libpq tries the next address: read it each time.
                let ready = Self.wait(PQsocket(handle), forWriting: polling == PGRES_POLLING_WRITING, until: deadline)
                guard ready else {
                    connection.close()
                    throw PostgresError(kind: .timedOut, detail: "no answer to the connection within \(Int(timeout)) s")
                }
                polling = PQconnectPoll(handle)
            }
        }
    }

    /// Runs `sql` with `parameters` ($1, $2... as text; nil is NULL) and returns the
    /// rows of its last result.
    @discardableResult
    public func query(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> PostgresRows {
        guard let handle else { throw PostgresError(kind: .unreachable, detail: "the connection is closed") }
        let copies = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        var pointers = copies.map { $0.map { UnsafePointer<CChar>($0) } }
        let sent = pointers.withUnsafeMutableBufferPointer { buffer in
            PQsendQueryParams(handle, sql, Int32(buffer.count), nil, buffer.baseAddress, nil, nil, 0)
        }
        guard sent == 1 else { throw lostConnection() }
        return try finish(handle)
    }

    /// Runs a script of several statements with no parameters (the schema).
    public func script(_ sql: String) throws(PostgresError) {
        guard let handle else { throw PostgresError(kind: .unreachable, detail: "the connection is closed") }
        guard PQsendQuery(handle, sql) == 1 else { throw lostConnection() }
        _ = try finish(handle)
    }

    /// Sends what was queued and collects the results, all within the deadline.
    private func finish(_ handle: OpaquePointer) throws(PostgresError) -> PostgresRows {
        let deadline = Clock.now + timeout
        while true {
            let flushed = PQflush(handle)
            if flushed == 0 { break }
            if flushed < 0 { throw lostConnection() }
            guard Self.wait(PQsocket(handle), forWriting: true, until: deadline) else { throw abandon() }
            if PQconsumeInput(handle) == 0 { throw lostConnection() }
        }
        var answer: PostgresRows?
        var failure: PostgresError?
        while true {
            while PQisBusy(handle) == 1 {
                guard Self.wait(PQsocket(handle), forWriting: false, until: deadline) else { throw abandon() }
                if PQconsumeInput(handle) == 0 { throw lostConnection() }
            }
            guard let result = PQgetResult(handle) else { break }
            defer { PQclear(result) }
            switch PQresultStatus(result) {
            case PGRES_TUPLES_OK, PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
                answer = Self.rows(of: result)
            default:
                if failure == nil { failure = Self.serverError(result) }
            }
        }
        if let failure { throw failure }
        if PQstatus(handle) == CONNECTION_BAD { throw lostConnection() }
        return answer ?? PostgresRows(columns: [], rows: [])
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it
    /// throws (a lost connection rolls back on the server by itself).
    public func transaction<T>(_ body: (PostgresConnection) throws(PostgresError) -> T) throws(PostgresError) -> T {
        try query("BEGIN")
        do {
            let value = try body(self)
            try query("COMMIT")
            return value
        } catch {
            _ = try? query("ROLLBACK")
            throw error
        }
    }

    /// The host, port and database this connection reached (as libpq resolved them).
    public var address: (host: String, port: String, database: String) {
        guard let handle else { return ("", "", "") }
        return (PQhost(handle).map { String(cString: $0) } ?? "", PQport(handle).map { String(cString: $0) } ?? "",
                PQdb(handle).map { String(cString: $0) } ?? "")
    }

    /// Whether the connection runs over TLS.
    public var usesTLS: Bool { handle.map { PQsslInUse($0) == 1 } ?? false }

    /// A connection option as libpq holds it ("sslrootcert", "sslmode"...), nil when unset.
    public func option(_ keyword: String) -> String? {
        guard let handle, let options = PQconninfo(handle) else { return nil }
        defer { PQconninfoFree(options) }
        var index = 0
        while let name = options[index].keyword {
            if String(cString: name) == keyword { return options[index].val.map { String(cString: $0) } }
            index += 1
        }
        return nil
    }

    /// The SCRAM verifier of `password` for `role`, made here so the secret itself never
    /// reaches the server (nor its logs).
    public func scramVerifier(password: String, role: String) -> String? {
        guard let handle, let verifier = PQencryptPasswordConn(handle, password, role, "scram-sha-256") else { return nil }
        defer { PQfreemem(verifier) }
        return String(cString: verifier)
    }

    /// Closes the connection (a no-op once closed).
    public func close() {
        if let handle { PQfinish(handle) }
        handle = nil
    }

    // MARK: - Failures

    /// The deadline passed: the statement is cancelled on the server and the
    /// connection dropped. libpq 15's cancel waits for the server to close its socket
    /// with no timeout, so it runs on a thread of its own: a stopped server keeps that
    /// thread, never the caller.
    private func abandon() -> PostgresError {
        if let handle, let cancel = PQgetCancel(handle) {
            let request = CancelRequest(cancel)
            Thread.detachNewThread {
                var buffer = [CChar](repeating: 0, count: 256)
                _ = PQcancel(request.cancel, &buffer, Int32(buffer.count))
                PQfreeCancel(request.cancel)
            }
        }
        close()
        return PostgresError(kind: .timedOut, detail: "no answer within \(Int(timeout)) s")
    }

    private func lostConnection() -> PostgresError {
        let text = handle.flatMap { PQerrorMessage($0) }.map { String(cString: $0) } ?? ""
        close()
        return PostgresError(kind: .unreachable, detail: text.isEmpty ? "the connection was lost" : text)
    }

    private func connectFailure() -> PostgresError {
        let text = handle.flatMap { PQerrorMessage($0) }.map { String(cString: $0) } ?? ""
        close()
        return PostgresError(kind: Self.classify(connectMessage: text), detail: text)
    }

    /// What kind of refusal libpq's (English) message names.
    static func classify(connectMessage text: String) -> PostgresError.Kind {
        let lower = text.lowercased()
        let tls = ["certificate verify failed", "server certificate for", "does not match host name", "root certificate",
                   "server does not support ssl", "ssl error", "sslmode"]
        let login = ["password authentication failed", "not permitted to log in", "no pg_hba.conf entry", "authentication failed",
                     "too many connections for role", "no password supplied"]
        if tls.contains(where: lower.contains) { return .tlsRefused }
        if login.contains(where: lower.contains) { return .loginRefused }
        return .unreachable
    }

    private static func serverError(_ result: OpaquePointer) -> PostgresError {
        let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
        let message = PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
            ?? PQresultErrorMessage(result).map { String(cString: $0) } ?? ""
        return PostgresError(kind: state == "42501" ? .permission : .server, sqlState: state, detail: message)
    }

    private static func rows(of result: OpaquePointer) -> PostgresRows {
        let columnCount = Int(PQnfields(result)), rowCount = Int(PQntuples(result))
        let columns = (0..<columnCount).map { PQfname(result, Int32($0)).map { String(cString: $0) } ?? "" }
        let rows = (0..<rowCount).map { row in
            (0..<columnCount).map { column -> String? in
                guard PQgetisnull(result, Int32(row), Int32(column)) == 0, let value = PQgetvalue(result, Int32(row), Int32(column)) else { return nil }
                return String(cString: value)
            }
        }
        return PostgresRows(columns: columns, rows: rows)
    }

    /// Waits until the socket is ready (true) or the deadline passes (false). A closed
    /// or failed socket counts as ready: libpq then reports what happened.
    private static func wait(_ socket: Int32, forWriting: Bool, until deadline: Double) -> Bool {
        guard socket >= 0 else { return true }
        var descriptor = pollfd(fd: socket, events: Int16(forWriting ? POLLOUT : POLLIN), revents: 0)
        while true {
            let left = deadline - Clock.now
            if left <= 0 { return false }
            let answered = poll(&descriptor, 1, Int32(min(left * 1000 + 1, 60_000)))
            if answered > 0 { return true }
            if answered < 0 && errno != EINTR { return true }
        }
    }
}

/// libpq's cancel handle, handed to the thread that sends the cancel; nothing else
/// touches it after.
private final class CancelRequest: @unchecked Sendable {
    let cancel: OpaquePointer
    init(_ cancel: OpaquePointer) { self.cancel = cancel }
}

/// Seconds on a clock that only goes forward (deadlines must not move with the wall clock).
enum Clock {
    static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
