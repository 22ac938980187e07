import Localization
import Pictures
import SQLiteDatabase
import StressCore

/// Why a library operation failed, in words a user can act on.
public enum TargetStoreError: Error, Sendable, CustomStringConvertible {
    case favoriteLimitReached
    case targetNotFound(id: Int64)
    case invalid(TargetValidationError)
    case picture(PictureImportError)
    case damagedDatabase(path: String, detail: String)
    /// Damaged, and a good backup exists: the message names it and the command.
    case damagedDatabaseWithBackup(path: String, detail: String, backup: String, day: String)
    case newerDatabase(path: String, detail: String)
    /// Another program's SQLite database, left exactly as it was.
    case foreignDatabase(path: String)
    case database(DatabaseError)
    case fileSystem(String)
    /// A crop asked of built-in art, which always shows whole.
    case cannotCrop(id: Int64, name: String)

    public var description: String {
        switch self {
        case .favoriteLimitReached:
            return FavoriteRule.refusalReason
        case .targetNotFound(let id):
            // TRANSLATORS: %s is the target's ID.
            return tr("there is no target with id %s. List the targets to see their ids.", id)
        case .invalid(let reason):
            return reason.description
        case .picture(let reason):
            return reason.description
        case .damagedDatabase(let path, let detail):
            // TRANSLATORS: the library file, and SQLite's reason (in English).
            return tr("the library at %s is damaged or not a StressPunch library (%s). Move it aside to start a fresh library; nothing was changed.",
                      path, detail)
        case .damagedDatabaseWithBackup(let path, let detail, let backup, let day):
            // TRANSLATORS: the library file, SQLite's reason (in English), the backup file and its day (2026-12-01).
            return tr("the library at %s is damaged (%s); nothing was changed. The newest good backup is %s (from %s): restore it with 'stresspunch library restore-backup'",
                      path, detail, backup, day)
        case .newerDatabase(let path, let detail):
            // TRANSLATORS: a file, then what is wrong with it.
            return tr("%s: %s", path, detail)
        case .foreignDatabase(let path):
            // TRANSLATORS: %s is the file found where the library should be.
            return tr("%s is another program's SQLite database, not a StressPunch library; it was not changed. Choose another folder with --data-dir", path)
        case .database(let error):
            if error.isBusy {
                // TRANSLATORS: %s is SQLite's reason (in English).
                return tr("the library is busy in another StressPunch window; try again in a moment (%s)", error.message)
            }
            if error.isDiskFull {
                return tr("the disk holding the library is full; free some space and try again")
            }
            if error.isReadOnly {
                // TRANSLATORS: %s is SQLite's reason (in English).
                return tr("the library cannot be written (%s); check the data folder's permissions and free space", error.message)
            }
            // TRANSLATORS: %s is SQLite's reason (in English).
            return tr("the library could not be updated: %s", error.message)
        case .fileSystem(let message):
            return message
        case .cannotCrop(let id, let name):
            // TRANSLATORS: the target's ID and name.
            return tr("target %s (%s) shows built-in art, which always shows whole; give it a photo with --image to crop it", id, name)
        }
    }
}
