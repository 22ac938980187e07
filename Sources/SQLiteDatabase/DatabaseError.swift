import CSQLite

/// A failed SQLite call: the extended result code, SQLite's message and the SQL that
/// was running, so a log line or a bug report says exactly what went wrong.
public struct DatabaseError: Error, Sendable, CustomStringConvertible {
    /// The extended result code (e.g. SQLITE_CONSTRAINT_TRIGGER).
    public let extendedCode: Int32
    public let message: String
    public let sql: String?

    public init(extendedCode: Int32, message: String, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
    }

    /// The primary result code (e.g. SQLITE_CONSTRAINT), for matching.
    public var primaryCode: Int32 { extendedCode & 0xFF }

    public var isConstraintViolation: Bool { primaryCode == SQLITE_CONSTRAINT }
    /// A trigger's RAISE(ABORT) refused the change (SQLITE_CONSTRAINT_TRIGGER, which
    /// Swift cannot import: the C macro is SQLITE_CONSTRAINT | 7 << 8).
    public var isTriggerRefusal: Bool { extendedCode == SQLITE_CONSTRAINT | 7 << 8 }
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    /// The file is not a database, or is damaged.
    public var isDamagedFile: Bool { primaryCode == SQLITE_NOTADB || primaryCode == SQLITE_CORRUPT }
    public var isReadOnly: Bool { primaryCode == SQLITE_READONLY || primaryCode == SQLITE_CANTOPEN }
    public var isDiskFull: Bool { primaryCode == SQLITE_FULL }
    public var isIOError: Bool { primaryCode == SQLITE_IOERR }
    /// SQLITE_READONLY_DBMOVED (SQLITE_READONLY | 4 << 8, a C macro Swift cannot import):
    /// the file was replaced or removed under the connection, which now refuses writes.
    public static let movedCode: Int32 = SQLITE_READONLY | 4 << 8
    public var isMovedAway: Bool { extendedCode == Self.movedCode }

    public var description: String {
        var text = "SQLite error \(extendedCode): \(message)"
        if let sql { text += " (while running: \(sql))" }
        return text
    }
}
