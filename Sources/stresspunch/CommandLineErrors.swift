import Foundation
import Localization
import StressCore
import TargetStore

/// The library's refusals as the command line says them: what to type next, never the
/// window's wording ("type one", "remove one from the main screen") nor SQLite's own
/// text, which tells a user nothing.
extension TargetStoreError {
    var commandLine: String {
        switch self {
        case .favoriteLimitReached:
            // TRANSLATORS: %d is the most favorites there can be (4).
            return trn("you already have %d favorite; take one off with 'stresspunch targets favorite ID off' ('stresspunch targets list' shows the IDs and the ★ favorites) and try again",
                       "you already have %d favorites; take one off with 'stresspunch targets favorite ID off' ('stresspunch targets list' shows the IDs and the ★ favorites) and try again",
                       FavoriteRule.limit)
        case .targetNotFound(let id):
            // TRANSLATORS: %s is the target ID given.
            return tr("there is no target with id %s; 'stresspunch targets list' shows the IDs", id)
        case .invalid(.nameEmpty):
            return tr("a target needs a name: give one with --name NAME (not empty, not only spaces)")
        case .invalid(.nameTooLong(let length)):
            // TRANSLATORS: the first %d is the name's length in characters, the second the most it may have (60).
            return trn("the name is %d character long; give --name at most %d characters", "the name is %d characters long; give --name at most %d characters",
                       length, TargetValidation.maxNameLength)
        case .invalid(.messageTooLong(let length)):
            // TRANSLATORS: the first %d is the message's length in characters, the second the most it may have (200).
            return trn("the message is %d character long; give --message at most %d characters", "the message is %d characters long; give --message at most %d characters",
                       length, TargetValidation.maxMessageLength)
        case .database(let error):
            if error.isBusy {
                return tr("the library is busy in another StressPunch (the app or another command); try again in a moment")
            }
            if error.isDiskFull { return tr("the disk holding the library is full; free some space and try again") }
            if error.isReadOnly {
                return tr("the library cannot be written; check the data folder's permissions and free space, or choose another with --data-dir")
            }
            if error.isIOError { return tr("the disk holding the library reported an error; check the disk and try again") }
            return tr("the library could not be updated; try again, and if it keeps failing put a backup back with 'stresspunch library restore-backup'")
        default:
            return description
        }
    }
}
