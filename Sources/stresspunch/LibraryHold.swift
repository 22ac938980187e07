// The library's lock, taken by the commands that replace the library under the app.

import AppShell
import Foundation
import Localization
import TargetStore

/// `library restore-backup` and `library import --replace` replace the library (its
/// file, or every row of it): under a running app, which keeps the library it opened,
/// every later punch of the app would be lost. They take the app's own lock for as
/// long as they run, so they refuse while an app holds it and no app starts meanwhile;
/// a lock file that is not one (a link, a folder, a FIFO) is refused, never skipped.
enum LibraryHold {
    /// Takes the lock (held until this process ends), or throws what to do. Nil where
    /// no lock file can be made (a read-only or full disk): the replacing itself then
    /// fails, and says why.
    @discardableResult
    static func take(_ dataDirectory: URL) throws(TargetStoreError) -> InstanceLock? {
        switch InstanceLock.acquire(dataDirectory: dataDirectory) {
        case .acquired(let lock):
            return lock
        case .held(let holder):
            // TRANSLATORS: %s is the running app's process ID.
            throw .fileSystem(tr("StressPunch is running on this library (process %s); quit it, then run this again", holder.processID))
        case .refused(let refusal):
            throw .fileSystem(refusal)
        case .unavailable:
            return nil
        }
    }
}
