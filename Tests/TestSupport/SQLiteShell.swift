import Foundation

/// Queries a database file through the `sqlite3` shell, as an outside program would,
/// so the end-to-end tests can look at a library without linking SQLite.
public enum SQLiteShell {
    /// What `sql` prints on `database`, trimmed.
    public static func query(_ database: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database, sql]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
