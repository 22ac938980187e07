import Foundation

/// Why the schema could not be brought up to date.
public enum MigrationError: Error, Sendable, CustomStringConvertible {
    /// The database records migrations this build does not know: it was written by a
    /// newer StressPunch, and touching it could lose data.
    case unknownMigrations([String])

    public var description: String {
        switch self {
        case .unknownMigrations(let identifiers):
            return "the library was written by a newer version of StressPunch (it has migrations "
                + identifiers.joined(separator: ", ") + "); update StressPunch to open it"
        }
    }
}

/// Applies named migrations in order, each in its own transaction, and records each
/// one in `schema_migration` so it runs once per database.
public struct DatabaseMigrator: Sendable {
    public typealias Migration = @Sendable (Database) throws -> Void

    private var migrations: [(identifier: String, migrate: Migration)] = []

    public init() {}

    /// Adds a migration. Identifiers are permanent: never rename or reorder them.
    public mutating func register(_ identifier: String, _ migrate: @escaping Migration) {
        migrations.append((identifier, migrate))
    }

    /// The identifiers already applied to this database, in the order applied.
    /// Read in a read transaction: an up-to-date library is opened without taking the
    /// write lock (a read-only one too).
    public func appliedIdentifiers(in connection: DatabaseConnection) throws -> [String] {
        try connection.read { db in
            let ledger = try db.scalarInt("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migration'") ?? 0
            guard ledger > 0 else { return [] }
            return try db.query("SELECT identifier FROM schema_migration ORDER BY rowid").compactMap { $0.text("identifier") }
        }
    }

    /// Whether every registered migration has been applied.
    public func isUpToDate(_ connection: DatabaseConnection) throws -> Bool {
        Set(try appliedIdentifiers(in: connection)).isSuperset(of: migrations.map(\.identifier))
    }

    /// Applies every migration not yet applied.
    public func migrate(_ connection: DatabaseConnection) throws {
        let applied = try appliedIdentifiers(in: connection)
        let known = Set(migrations.map(\.identifier))
        let unknown = applied.filter { !known.contains($0) }
        if !unknown.isEmpty { throw MigrationError.unknownMigrations(unknown) }

        for migration in migrations where !applied.contains(migration.identifier) {
            try connection.write { db in
                try createLedger(db)
                try migration.migrate(db)
                try db.execute(
                    "INSERT INTO schema_migration (identifier, applied_at) VALUES (?, ?)",
                    [.text(migration.identifier), .real(Date().timeIntervalSince1970)])
            }
        }
    }

    private func createLedger(_ db: Database) throws {
        try db.execute("""
            CREATE TABLE IF NOT EXISTS schema_migration (
                identifier TEXT PRIMARY KEY NOT NULL,
                applied_at REAL NOT NULL
            )
            """)
    }
}
