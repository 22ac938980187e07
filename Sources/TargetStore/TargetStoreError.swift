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
            return "there is no target with id \(id). List the targets to see their ids."
        case .invalid(let reason):
            return reason.description
        case .picture(let reason):
            return reason.description
        case .damagedDatabase(let path, let detail):
            return "the library at \(path) is damaged or not a StressPunch library (\(detail)). "
                + "Move it aside to start a fresh library; nothing was changed."
        case .damagedDatabaseWithBackup(let path, let detail, let backup, let day):
            return "the library at \(path) is damaged (\(detail)); nothing was changed. The newest good backup is \(backup) "
                + "(from \(day)): restore it with 'stresspunch library restore-backup'"
        case .newerDatabase(let path, let detail):
            return "\(path): \(detail)"
        case .foreignDatabase(let path):
            return "\(path) is another program's SQLite database, not a StressPunch library; it was not changed. "
                + "Choose another folder with --data-dir"
        case .database(let error):
            if error.isBusy {
                return "the library is busy in another StressPunch window; try again in a moment (\(error.message))"
            }
            if error.isDiskFull {
                return "the disk holding the library is full; free some space and try again"
            }
            if error.isReadOnly {
                return "the library cannot be written (\(error.message)); check the data folder's permissions and free space"
            }
            return "the library could not be updated: \(error.message)"
        case .fileSystem(let message):
            return message
        case .cannotCrop(let id, let name):
            return "target \(id) (\(name)) shows built-in art, which always shows whole; give it a photo with --image to crop it"
        }
    }
}
