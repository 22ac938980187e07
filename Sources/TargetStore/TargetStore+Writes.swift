// Making a library writable: at open, and again later for one that fell back to
// reading because its disk was full or failing.

import Foundation
import SQLiteDatabase

extension TargetStore {
    /// Brings a writable connection's library up to date and puts right what a hand edit
    /// broke. Returns what was repaired, in words. Looked at in a read first: an open
    /// that changes nothing takes no write lock, so another program holding it (the
    /// CLI, a backup tool) does not stop us.
    static func prepareForWriting(_ connection: DatabaseConnection) throws -> [String] {
        try LibrarySchema.migrator.migrate(connection)
        let needsWrite = try connection.read { db in
            try db.scalarInt("PRAGMA application_id") != LibrarySchema.applicationID || Self.rulesAreBroken(db)
        }
        return needsWrite ? try connection.write { db in
            if try db.scalarInt("PRAGMA application_id") != LibrarySchema.applicationID {
                try db.execute("PRAGMA application_id = \(LibrarySchema.applicationID)")
            }
            return try Self.repairRules(db)
        } : []
    }

    /// For a library that opened read-only because its disk was full or failing: tries
    /// once, without waiting, to open it for writing again, and from then on every
    /// change goes through the new connection ("when a later write succeeds, saving
    /// resumes"). Does nothing for a library that writes already or lies on a read-only
    /// disk. Throws why writing still fails (a full disk, in the database's own error).
    public func regainWrites() throws(TargetStoreError) {
        guard let path = regainablePath, isReadOnly else { return }
        do {
            let connection = try DatabaseConnection(path: path) { db in try Self.vetOwnership(db, path: path) }
            _ = try Self.prepareForWriting(connection)
            access.withLock { access in
                // Another thread may have got there first; either connection will do.
                guard access.readOnly else { return }
                access = Access(connection: connection, readOnly: false, reason: nil)
            }
        } catch {
            throw Self.storeError(error)
        }
    }
}
