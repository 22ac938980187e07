import Foundation
import StressCore
import TargetStore

/// The library's refusals as the command line says them: what to type next, never the
/// window's wording ("type one", "remove one from the main screen") nor SQLite's own
/// text, which tells a user nothing.
extension TargetStoreError {
    var commandLine: String {
        switch self {
        case .favoriteLimitReached:
            return "you already have \(FavoriteRule.limit) favorites; take one off with 'stresspunch targets favorite ID off' "
                + "('stresspunch targets list' shows the IDs and the ★ favorites) and try again"
        case .targetNotFound(let id):
            return "there is no target with id \(id); 'stresspunch targets list' shows the IDs"
        case .invalid(.nameEmpty):
            return "a target needs a name: give one with --name NAME (not empty, not only spaces)"
        case .invalid(.nameTooLong(let length)):
            return "the name is \(length) characters long; give --name at most \(TargetValidation.maxNameLength) characters"
        case .invalid(.messageTooLong(let length)):
            return "the message is \(length) characters long; give --message at most \(TargetValidation.maxMessageLength) characters"
        case .database(let error):
            if error.isBusy {
                return "the library is busy in another StressPunch (the app or another command); try again in a moment"
            }
            if error.isDiskFull { return "the disk holding the library is full; free some space and try again" }
            if error.isReadOnly {
                return "the library cannot be written; check the data folder's permissions and free space, or choose another with --data-dir"
            }
            if error.isIOError { return "the disk holding the library reported an error; check the disk and try again" }
            return "the library could not be updated; try again, and if it keeps failing put a backup back with 'stresspunch library restore-backup'"
        default:
            return description
        }
    }
}
