import Foundation
import Localization
import Locking
import TargetStore

/// One app at a time on a library. The running app holds a write lock on `app.lock`
/// in the data folder for as long as its process lives (the kernel lets go when the
/// process ends, however it ends: a window already closed while the process still
/// saves keeps the library taken), and writes its process id and X window there. A
/// second launch on the same library is told, and brings that window to the front
/// instead of opening the library twice; a command that replaces the library under the
/// app (`library restore-backup`, `library import --replace`) takes it too, so it
/// refuses while the app runs and no app starts while it works.
///
/// A POSIX record lock (`fcntl`), not `flock`: another process can ask who holds it
/// (`F_GETLK` names the process) without taking it even for a moment.
///
/// `app.lock` is only ever a regular file: it is opened without following a link and
/// without waiting (a FIFO's open waits for a writer that never comes), and anything
/// else found there (a link, a folder, a FIFO, a socket, a device) is refused in one
/// line, never taken as "no lock". A missing one is made, with O_EXCL.
public final class InstanceLock: Sendable {
    public static let fileName = "app.lock"

    /// The process holding the lock, and its window (an X11 window id) once it has one.
    public struct Holder: Equatable {
        public let processID: Int32
        public let window: UInt?
    }

    public enum Outcome {
        case acquired(InstanceLock)
        case held(Holder)
        /// `app.lock` is not a lock file (a link, a folder, a FIFO) or cannot be used:
        /// what to do, in one line. Never skipped: without the lock two apps could run
        /// on one library, and a restore could swap it under one of them.
        case refused(String)
        /// No lock file can be made because the disk is read-only or full: the library
        /// then opens read-only too, so nothing is saved that a second app could lose.
        case unavailable
    }

    /// Whether anybody holds the lock, as `holder` finds it.
    public enum Probe: Equatable {
        case free
        case held(Holder)
        /// `app.lock` is not a lock file, or cannot be read: what to do, in one line.
        case refused(String)
    }

    /// The lock file held (its descriptor) and the window written into it. Behind a
    /// lock: the watch (see `keepInPlace`) takes a new file when the old one is removed.
    struct Held {
        var descriptor: Int32
        var window: UInt?
    }

    let held: Locked<Held>

    private init(descriptor: Int32) {
        held = Locked(Held(descriptor: descriptor))
    }

    // Never closed while it is the one at the path: closing any descriptor of the file
    // would drop a POSIX lock, and the lock is to last until the process has finished.

    /// Takes the library's lock, or says who has it. A missing lock file (and data
    /// folder) is made; anything else in its place is refused, never taken as "no lock".
    public static func acquire(dataDirectory: URL) -> Outcome {
        // The first launch makes the folder (0700: see TargetStore) so the lock is there
        // before the library is.
        let folderError = makeFolder(dataDirectory.path)
        if folderError != 0 {
            if isUnwritable(folderError) { return .unavailable }
            // TRANSLATORS: the data folder, and the system's reason ("not a directory").
            return .refused(tr("cannot create the data folder %s (%s); choose another with --data-dir",
                               dataDirectory.path, FileErrorText.reason(folderError)))
        }
        let path = dataDirectory.appendingPathComponent(fileName).path
        // Again only when something changed under us: the file made or removed by
        // another launch between looking and opening, or a holder that just quit.
        for _ in 0..<5 {
            let descriptor: Int32
            switch openLockFile(path, creating: true) {
            case .file(let opened): descriptor = opened
            case .refused(let refusal): return .refused(refusal)
            case .missing: continue
            case .failed(let code): return isUnwritable(code) ? .unavailable : .refused(cannotUse(path, code))
            }
            var lock = Self.wholeFile(F_WRLCK)
            // Two launches at once: one wins; the other may find the file locked but not
            // yet written, so it reads again a moment later.
            if fcntl(descriptor, F_SETLK, &lock) == 0 {
                let taken = InstanceLock(descriptor: descriptor)
                taken.record(window: nil)
                return .acquired(taken)
            }
            let code = errno
            close(descriptor)
            guard code == EAGAIN || code == EACCES else { return .refused(cannotUse(path, code)) }
            switch holder(dataDirectory: dataDirectory) {
            case .held(let holder): return .held(holder)
            case .refused(let refusal): return .refused(refusal)
            case .free: continue
            }
        }
        return .refused(cannotUse(path, EAGAIN))
    }

    /// Who holds the lock on the library in `dataDirectory`: nobody (`.free`, also when
    /// there is no lock file yet), a process, or `.refused` when `app.lock` is not a
    /// lock file (a command that swaps the library must not go ahead then).
    public static func holder(dataDirectory: URL) -> Probe {
        let path = dataDirectory.appendingPathComponent(fileName).path
        let descriptor: Int32
        switch openLockFile(path, creating: false) {
        case .file(let opened): descriptor = opened
        case .refused(let refusal): return .refused(refusal)
        case .missing: return .free
        case .failed(let code): return .refused(cannotUse(path, code))
        }
        defer { close(descriptor) }
        var probe = Self.wholeFile(F_WRLCK)
        guard fcntl(descriptor, F_GETLK, &probe) == 0, probe.l_type != Int16(F_UNLCK) else { return .free }
        var window: UInt?
        for _ in 0..<5 {
            window = Self.window(in: descriptor)
            if window != nil { break }
            usleep(100_000)  // the app writes its window once it has opened it
        }
        return .held(Holder(processID: probe.l_pid, window: window))
    }

    enum Opened {
        case file(Int32)
        case refused(String)
        /// Nothing there (or it went or came while it was being opened).
        case missing
        case failed(Int32)
    }

    /// Opens `path` as the lock file: never through a link, never waiting, and only a
    /// regular file. What is there is looked at before it is opened (opening a device
    /// can do things) and the opened file again (it may have been swapped between).
    /// `creating`: opened to be locked, and made when missing (O_EXCL, so the new file
    /// is ours whatever appears there meanwhile).
    static func openLockFile(_ path: String, creating: Bool) -> Opened {
        let flags = O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK
        var info = stat()
        let descriptor: Int32
        if lstat(path, &info) == 0 {
            if let refusal = refusal(for: info, path: path) { return .refused(refusal) }
            descriptor = open(path, (creating ? O_RDWR : O_RDONLY) | flags)
            // Removed between looking and opening: as if it had not been there.
            if descriptor < 0 && errno == ENOENT { return .missing }
        } else if errno == ENOENT {
            guard creating else { return .missing }
            descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | flags, 0o600)
            // Made by another launch meanwhile (or something else put there): look again.
            if descriptor < 0 && errno == EEXIST { return .missing }
        } else {
            return .failed(errno)
        }
        guard descriptor >= 0 else {
            let code = errno
            // Swapped for a link or a folder between looking and opening.
            if lstat(path, &info) == 0, let refusal = refusal(for: info, path: path) { return .refused(refusal) }
            return .failed(code)
        }
        if fstat(descriptor, &info) != 0 {
            let failure = errno
            close(descriptor)
            return .failed(failure)
        }
        if let refusal = refusal(for: info, path: path) {
            close(descriptor)
            return .refused(refusal)
        }
        return .file(descriptor)
    }

    /// Why what `info` describes cannot be the lock file, or nil when it can.
    static func refusal(for info: stat, path: String) -> String? {
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return nil
        case S_IFLNK:
            // TRANSLATORS: %s is the lock file's path (…/app.lock), found to be a symbolic link.
            return tr("%s is a symbolic link, not the library's lock file; remove it and try again", path)
        case S_IFDIR:
            // TRANSLATORS: %s is the lock file's path (…/app.lock), found to be a folder.
            return tr("%s is a folder, not the library's lock file; move it elsewhere and try again", path)
        default:
            // TRANSLATORS: %s is the lock file's path (…/app.lock), found to be a FIFO, a socket or a device.
            return tr("%s is not a regular file, so it cannot be the library's lock file; remove it and try again", path)
        }
    }

    /// The refusal for a lock file that cannot be opened or locked: its path, why.
    static func cannotUse(_ path: String, _ code: Int32) -> String {
        // TRANSLATORS: %1$s is the lock file's path (…/app.lock), %2$s the system's reason ("permission denied").
        tr("cannot use the library's lock file %1$s (%2$s); check the data folder's permissions, or choose another with --data-dir",
           path, FileErrorText.reason(code))
    }

    /// A disk that takes no new file: read-only, full, or over its quota.
    private static func isUnwritable(_ code: Int32) -> Bool {
        code == EROFS || code == ENOSPC || code == EDQUOT
    }

    /// Makes `path` and any missing folder above it (0700). Returns 0, or the errno.
    private static func makeFolder(_ path: String) -> Int32 {
        if mkdir(path, 0o700) == 0 || errno == EEXIST { return 0 }
        guard errno == ENOENT else { return errno }
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty, parent != path else { return ENOENT }
        let code = makeFolder(parent)
        guard code == 0 else { return code }
        return mkdir(path, 0o700) == 0 || errno == EEXIST ? 0 : errno
    }

    /// Writes this process's id and its window (nil until it has one) into the file.
    public func record(window: UInt?) {
        held.withLock { held in
            held.window = window
            Self.write(held)
        }
    }

    /// Writes the process id and window of `held` into its file.
    static func write(_ held: Held) {
        let text = "\(getpid())\n" + (held.window.map { "\($0)\n" } ?? "")
        ftruncate(held.descriptor, 0)
        _ = text.withCString { pwrite(held.descriptor, $0, strlen($0), 0) }
    }

    /// The window id on the file's second line.
    private static func window(in descriptor: Int32) -> UInt? {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let lines = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: "\n")
        return lines.count > 1 ? UInt(lines[1]) : nil
    }

    static func wholeFile(_ type: Int32) -> flock {
        var lock = flock()
        lock.l_type = Int16(type)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = 0
        lock.l_len = 0
        return lock
    }
}
