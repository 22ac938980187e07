import CSQLite
import Foundation

/// A value bound to or read from an SQL statement.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// The bounds on reading a database file from outside.
public struct UntrustedLimits: Sendable {
    public var seconds: Double
    public var maxValueBytes: Int32

    public init(seconds: Double, maxValueBytes: Int32) {
        self.seconds = seconds
        self.maxValueBytes = maxValueBytes
    }
}

/// One result row, read by column name.
public struct Row: Sendable {
    fileprivate let columns: [String: Int]
    fileprivate let values: [SQLValue]

    public subscript(_ column: String) -> SQLValue {
        guard let index = columns[column] else { return .null }
        return values[index]
    }

    /// The value of the column at `index` in the SELECT (NULL past the last): for
    /// reading many rows, where a name lookup a column a row adds up.
    public subscript(at index: Int) -> SQLValue {
        index >= 0 && index < values.count ? values[index] : .null
    }

    public func int(_ column: String) -> Int64? {
        if case .integer(let value) = self[column] { return value }
        return nil
    }

    public func text(_ column: String) -> String? {
        if case .text(let value) = self[column] { return value }
        return nil
    }

    /// A REAL (or an INTEGER read as one).
    public func double(_ column: String) -> Double? {
        switch self[column] {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: return nil
        }
    }
}

/// One SQLite connection with closure-scoped access: `read { db in }` and
/// `write { db in }`, where a write is one transaction that commits when the closure
/// returns and rolls back when it throws. Calls are serialized by a lock, so the
/// connection may be shared between threads.
public final class DatabaseConnection: @unchecked Sendable {
    // @unchecked: the handle is only touched while `lock` is held.
    private let handle: OpaquePointer
    private let lock = NSRecursiveLock()
    public let path: String
    /// When an untrusted file's statements are stopped (seconds since 1970), read by
    /// the progress handler; unused otherwise.
    private let deadline = UnsafeMutablePointer<Double>.allocate(capacity: 1)
    private var budget = Double.infinity
    /// The file opened (device and inode), for a writable file database: a write first
    /// checks the path still names it. Another program that replaced or removed the
    /// file (a restore under a running app) would otherwise have every later write go
    /// into the unlinked old file and its WAL, and be lost without a word.
    private var openedFile: (device: UInt64, inode: UInt64)?

    /// Opens (creating if needed) the database at `path`; ":memory:" gives a private
    /// in-memory database. File databases use WAL so a reader never waits for a writer.
    /// `vet` runs first, before anything is written (not even the switch to WAL), so a
    /// file that is not ours can be refused exactly as it was. `readOnly` opens a file
    /// on a read-only disk: as immutable (no locks, no WAL index to create), so it can
    /// be listed where nothing can be written.
    /// `untrusted`: a file from outside (an archive), opened to be read with its schema
    /// distrusted (defensive mode, no views, no triggers, no schema functions), each
    /// value at most `maxValueBytes`, and every statement stopped once `seconds` have
    /// passed since the open.
    public init(path: String, readOnly: Bool = false, untrusted: UntrustedLimits? = nil,
                vet: ((Database) throws -> Void)? = nil) throws {
        var opened: OpaquePointer?
        let flags = readOnly
            ? SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
            : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let name = readOnly ? Self.immutableURI(path) : path
        let code = sqlite3_open_v2(name, &opened, flags, nil)
        guard let opened else {
            throw DatabaseError(extendedCode: code, message: "cannot allocate a connection")
        }
        guard code == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(opened))
            sqlite3_close_v2(opened)
            throw DatabaseError(extendedCode: code, message: message)
        }
        self.handle = opened
        self.path = path
        deadline.initialize(to: .infinity)
        sqlite3_extended_result_codes(opened, 1)
        if let untrusted {
            let code = shim_sqlite3_distrust_schema(opened)
            // Thrown with every property set, so deinit closes the handle (closing it here too would free it twice).
            guard code == SQLITE_OK else {
                throw DatabaseError(extendedCode: code, message: "cannot open the file with its schema distrusted")
            }
            sqlite3_limit(opened, SQLITE_LIMIT_LENGTH, untrusted.maxValueBytes)
            budget = untrusted.seconds
            restartClock()
            // Every 10,000 steps of any statement: past the deadline, it is interrupted.
            sqlite3_progress_handler(opened, 10_000, { context in
                guard let context else { return 0 }
                return Date().timeIntervalSince1970 > context.assumingMemoryBound(to: Double.self).pointee ? 1 : 0
            }, UnsafeMutableRawPointer(deadline))
        }
        // Another process (the CLI while the app runs) may hold the write lock briefly.
        sqlite3_busy_timeout(opened, 5_000)
        let database = Database(handle: opened)
        // A throw from here on runs deinit, which closes the handle.
        try vet?(database)
        try database.execute("PRAGMA foreign_keys = ON")
        if path != ":memory:" && !readOnly {
            // Reading the journal mode is also the first real read of the file, so a
            // file that is not a database fails here, at open, with a clear code.
            _ = try database.query("PRAGMA journal_mode = WAL")
            // FULL: a commit is on disk when it returns (NORMAL under WAL leaves the
            // last commits to the next checkpoint, so power lost after an acknowledged
            // punch could take it back).
            try database.execute("PRAGMA synchronous = FULL")
            openedFile = Self.identity(of: path)
        }
    }

    /// The device and inode `path` names now, or nil when nothing is there.
    private static func identity(of path: String) -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    /// Throws SQLITE_READONLY_DBMOVED when the file this connection opened is no longer
    /// the one at its path (SQLite checks this itself only for a rollback journal, not
    /// under WAL, where the attack saw writes go into a deleted WAL file).
    private func checkStillAtPath() throws(DatabaseError) {
        guard let openedFile else { return }
        let now = Self.identity(of: path)
        guard let now, now.device == openedFile.device, now.inode == openedFile.inode else {
            throw DatabaseError(extendedCode: DatabaseError.movedCode,
                                message: "the database file was replaced or removed by another program since it was opened")
        }
    }

    /// An untrusted file's statements get their whole time budget again from now (one
    /// budget per step of reading it, not for a whole import that decodes pictures
    /// between its statements).
    public func restartClock() {
        lock.lock()
        defer { lock.unlock() }
        deadline.pointee = Date().timeIntervalSince1970 + budget
    }

    deinit {
        sqlite3_close_v2(handle)
        deadline.deallocate()
    }

    /// `file:` URI for `path` opened immutable, with the characters URIs reserve escaped.
    static func immutableURI(_ path: String) -> String {
        var escaped = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x21, 0x7F...:
                escaped += String(format: "%%%02X", byte)
            default:
                escaped.unicodeScalars.append(UnicodeScalar(byte))
            }
        }
        return "file:" + escaped + "?immutable=1"
    }

    /// Runs `body` outside any transaction: for VACUUM INTO, which may not run in one.
    public func outsideTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(Database(handle: handle))
    }

    /// Runs `body` in one read transaction: it sees one state of the database
    /// throughout, and takes no write lock (so it works on a read-only library and
    /// never waits for a writer). Inside a write it simply runs there.
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        let database = Database(handle: handle)
        guard sqlite3_get_autocommit(handle) != 0 else { return try body(database) }
        try database.execute("BEGIN DEFERRED")
        do {
            let result = try body(database)
            try database.execute("COMMIT")
            return result
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` in one transaction: it commits if `body` returns and rolls back if it
    /// throws. A write inside a write becomes a savepoint of the outer transaction.
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        let database = Database(handle: handle)
        let nested = sqlite3_get_autocommit(handle) == 0
        if !nested { try checkStillAtPath() }
        // IMMEDIATE takes the write lock up front, so two writers queue on the busy
        // timeout instead of failing halfway with SQLITE_BUSY.
        try database.execute(nested ? "SAVEPOINT nested_write" : "BEGIN IMMEDIATE")
        do {
            let result = try body(database)
            try database.execute(nested ? "RELEASE nested_write" : "COMMIT")
            return result
        } catch {
            if nested {
                try? database.execute("ROLLBACK TO nested_write")
                try? database.execute("RELEASE nested_write")
            } else {
                try? database.execute("ROLLBACK")
            }
            throw error
        }
    }
}

/// The connection as seen inside `read` or `write`. Only valid within that closure.
public struct Database {
    fileprivate let handle: OpaquePointer

    /// Runs statements that return no rows: without arguments, every statement in
    /// `sql` (a migration's several, separated by semicolons); with arguments, the
    /// first one only (SQLite prepares one statement at a time).
    public func execute(_ sql: String, _ arguments: [SQLValue] = []) throws(DatabaseError) {
        if arguments.isEmpty {
            var errorMessage: UnsafeMutablePointer<CChar>?
            let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
            if code != SQLITE_OK {
                let message = errorMessage.map { String(cString: $0) } ?? lastMessage
                sqlite3_free(errorMessage)
                throw DatabaseError(extendedCode: sqlite3_extended_errcode(handle), message: message, sql: sql)
            }
            return
        }
        _ = try query(sql, arguments)
    }

    /// Runs one statement and returns all its rows.
    public func query(_ sql: String, _ arguments: [SQLValue] = []) throws(DatabaseError) -> [Row] {
        var statement: OpaquePointer?
        var code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw error(sql: sql) }
        defer { sqlite3_finalize(statement) }

        for (offset, value) in arguments.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .null: code = sqlite3_bind_null(statement, index)
            case .integer(let number): code = sqlite3_bind_int64(statement, index, number)
            case .real(let number): code = sqlite3_bind_double(statement, index, number)
            case .text(let text): code = sqlite3_bind_text(statement, index, text, -1, shim_sqlite3_transient())
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { raw in
                    sqlite3_bind_blob(statement, index, raw.baseAddress, Int32(raw.count), shim_sqlite3_transient())
                }
            }
            guard code == SQLITE_OK else { throw error(sql: sql) }
        }

        let columnCount = sqlite3_column_count(statement)
        var columns: [String: Int] = [:]
        for column in 0..<columnCount {
            if let name = sqlite3_column_name(statement, column) {
                columns[String(cString: name)] = Int(column)
            }
        }

        var rows: [Row] = []
        while true {
            code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw error(sql: sql) }
            var values: [SQLValue] = []
            values.reserveCapacity(Int(columnCount))
            for column in 0..<columnCount {
                values.append(value(of: statement, column: column))
            }
            rows.append(Row(columns: columns, values: values))
        }
        return rows
    }

    /// Runs one statement without arguments and hands each row to `body` as it is
    /// stepped, its columns read in place: no row is copied, so reading every target
    /// at launch makes only the targets.
    public func forEachRow(_ sql: String, _ body: (RowCursor) throws -> Void) throws {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else { throw error(sql: sql) }
        defer { sqlite3_finalize(statement) }
        let cursor = RowCursor(statement: statement)
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw error(sql: sql) }
            try body(cursor)
        }
    }

    /// The first column of the first row as an integer, or nil when there is none.
    public func scalarInt(_ sql: String, _ arguments: [SQLValue] = []) throws(DatabaseError) -> Int64? {
        let rows = try query(sql, arguments)
        guard let first = rows.first, let value = first.values.first else { return nil }
        if case .integer(let number) = value { return number }
        return nil
    }

    /// The bytes of one BLOB, read straight from the table (sqlite3_blob_open, not a
    /// query): its size is known before a byte is read, and one over `maxBytes` is
    /// refused with nil for the bytes and its size. Only real tables have BLOBs to open.
    public func blob(table: String, column: String, rowid: Int64, maxBytes: Int) throws(DatabaseError) -> (bytes: [UInt8]?, size: Int) {
        var blob: OpaquePointer?
        guard sqlite3_blob_open(handle, "main", table, column, rowid, 0, &blob) == SQLITE_OK, let blob else {
            if let blob { sqlite3_blob_close(blob) }
            throw error(sql: "sqlite3_blob_open \(table).\(column)")
        }
        defer { sqlite3_blob_close(blob) }
        let size = Int(sqlite3_blob_bytes(blob))
        guard size <= maxBytes else { return (nil, size) }
        var bytes = [UInt8](repeating: 0, count: size)
        guard size > 0 else { return (bytes, 0) }
        let code = bytes.withUnsafeMutableBytes { sqlite3_blob_read(blob, $0.baseAddress, Int32(size), 0) }
        guard code == SQLITE_OK else { throw DatabaseError(extendedCode: code, message: lastMessage, sql: "sqlite3_blob_read") }
        return (bytes, size)
    }

    /// The rowid of the last row inserted on this connection.
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// How many rows the last statement changed.
    public var changedRowCount: Int { Int(sqlite3_changes(handle)) }

    private var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }

    private func error(sql: String) -> DatabaseError {
        DatabaseError(extendedCode: sqlite3_extended_errcode(handle), message: lastMessage, sql: sql)
    }

    private func value(of statement: OpaquePointer, column: Int32) -> SQLValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(statement, column) else { return .text("") }
            return .text(String(cString: text))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default:
            return .null
        }
    }
}

/// The row a statement is on, inside `Database.forEachRow`; columns by their place in
/// the SELECT, each typed as SQLite stored it (a NULL or another type reads as nil).
public struct RowCursor {
    fileprivate let statement: OpaquePointer

    /// How many bytes the value takes (a text's UTF-8), without copying it.
    public func byteCount(_ column: Int32) -> Int { Int(sqlite3_column_bytes(statement, column)) }

    public func int(_ column: Int32) -> Int64? {
        sqlite3_column_type(statement, column) == SQLITE_INTEGER ? sqlite3_column_int64(statement, column) : nil
    }

    public func text(_ column: Int32) -> String? {
        guard sqlite3_column_type(statement, column) == SQLITE_TEXT, let text = sqlite3_column_text(statement, column) else { return nil }
        return String(cString: text)
    }

    /// A REAL (or an INTEGER read as one).
    public func double(_ column: Int32) -> Double? {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_FLOAT, SQLITE_INTEGER: return sqlite3_column_double(statement, column)
        default: return nil
        }
    }
}
