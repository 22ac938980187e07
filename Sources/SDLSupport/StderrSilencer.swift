import Foundation
import Locking

/// C libraries print their own chatter straight to stderr (libpng's "libpng error:
/// ...", ALSA's "ALSA lib conf.c: ..." when there is no sound card), which would
/// break the one-line error contract and bury our own message saying what is
/// missing. So stderr points at /dev/null while such a call runs, one at a time.
public enum StderrSilencer {
    private static let lock = Locked(())

    public static func silenced<T>(_ body: () -> T) -> T {
        lock.withLock { _ in
            fflush(nil)
            let saved = dup(STDERR_FILENO)
            let null = open("/dev/null", O_WRONLY)
            guard saved >= 0, null >= 0 else {
                if saved >= 0 { close(saved) }
                if null >= 0 { close(null) }
                return body()
            }
            dup2(null, STDERR_FILENO)
            close(null)
            defer {
                fflush(nil)
                dup2(saved, STDERR_FILENO)
                close(saved)
            }
            return body()
        }
    }
}
