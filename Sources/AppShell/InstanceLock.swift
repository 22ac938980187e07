import Foundation
import Localization

/// One app at a time on a library. The running app holds a write lock on `app.lock`
/// in the data folder for as long as its process lives (the kernel lets go when the
/// process ends, however it ends: a window already closed while the process still
/// saves keeps the library taken), and writes its process id and X window there. A
/// second launch on the same library is told, and brings that window to the front
/// instead of opening the library twice; a command that swaps the library file under
/// the app (`library restore-backup`) refuses while it is held.
///
/// A POSIX record lock (`fcntl`), not `flock`: another process can ask who holds it
/// (`F_GETLK` names the process) without taking it even for a moment.
///
/// `app.lock` is only ever a regular file: it is opened without following a link and
/// without waiting (a FIFO's open waits for a writer that never comes), and anything
/// else found there (a FIFO, a socket, a device, a folder) is refused in one line.
public final class InstanceLock {
    public static let fileName = "app.lock"

    /// The process holding the lock, and its window (an X11 window id) once it has one.
    public struct Holder: Equatable {
        public let processID: Int32
        public let window: UInt?
    }

    public enum Outcome {
        case acquired(InstanceLock)
        case held(Holder)
        /// `app.lock` is something else than the lock file: what to do, in one line.
        case refused(String)
        /// No lock file can be made (a read-only disk): the app runs without one.
        case unavailable
    }

    /// Whether anybody holds the lock, as `holder` finds it.
    public enum Probe: Equatable {
        case free
        case held(Holder)
        /// `app.lock` is something else than the lock file: what to do, in one line.
        case refused(String)
    }

    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    // Never closed: closing any descriptor of the file would drop a POSIX lock, and the
    // lock is to last until the process has finished.

    /// Takes the library's lock, or says who has it.
    public static func acquire(dataDirectory: URL) -> Outcome {
        // The first launch makes the folder (0700: see TargetStore) so the lock is there
        // before the library is.
        mkdir(dataDirectory.path, 0o700)
        let path = dataDirectory.appendingPathComponent(fileName).path
        let descriptor: Int32
        switch openLockFile(path, flags: O_RDWR | O_CREAT) {
        case .file(let opened): descriptor = opened
        case .refused(let refusal): return .refused(refusal)
        case .failed: return .unavailable
        }
        var lock = Self.wholeFile(F_WRLCK)
        // Two launches at once: one wins; the other may find the file locked but not
        // yet written, so it reads again a moment later.
        if fcntl(descriptor, F_SETLK, &lock) == 0 {
            let taken = InstanceLock(descriptor: descriptor)
            taken.record(window: nil)
            return .acquired(taken)
        }
        close(descriptor)
        switch holder(dataDirectory: dataDirectory) {
        case .held(let holder): return .held(holder)
        case .refused(let refusal): return .refused(refusal)
        case .free: return .unavailable
        }
    }

    /// Who holds the lock on the library in `dataDirectory`: nobody (`.free`, also when
    /// there is no lock file yet), a process, or `.refused` when `app.lock` is not a
    /// lock file (a command that swaps the library must not go ahead then).
    public static func holder(dataDirectory: URL) -> Probe {
        let path = dataDirectory.appendingPathComponent(fileName).path
        let descriptor: Int32
        switch openLockFile(path, flags: O_RDONLY) {
        case .file(let opened): descriptor = opened
        case .refused(let refusal): return .refused(refusal)
        case .failed: return .free
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

    private enum Opened {
        case file(Int32)
        case refused(String)
        case failed(Int32)
    }

    /// Opens `path` as the lock file: never through a link, never waiting, and only a
    /// regular file. What is there is looked at before it is opened (opening a device
    /// can do things) and the opened file again (it may have been swapped between).
    private static func openLockFile(_ path: String, flags: Int32) -> Opened {
        var info = stat()
        if lstat(path, &info) == 0, let refusal = refusal(for: info, path: path) { return .refused(refusal) }
        let descriptor = open(path, flags | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else { return .failed(errno) }
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
    private static func refusal(for info: stat, path: String) -> String? {
        switch info.st_mode & S_IFMT {
        case S_IFREG, S_IFLNK:
            return nil
        default:
            // TRANSLATORS: %s is the lock file's path (…/app.lock), found to be a FIFO, a socket or a device.
            return tr("%s is not a regular file, so it cannot be the library's lock file; remove it and try again", path)
        }
    }

    /// Writes this process's id and its window (nil until it has one) into the file.
    public func record(window: UInt?) {
        let text = "\(getpid())\n" + (window.map { "\($0)\n" } ?? "")
        ftruncate(descriptor, 0)
        _ = text.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    /// The window id on the file's second line.
    private static func window(in descriptor: Int32) -> UInt? {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let lines = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: "\n")
        return lines.count > 1 ? UInt(lines[1]) : nil
    }

    private static func wholeFile(_ type: Int32) -> flock {
        var lock = flock()
        lock.l_type = Int16(type)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = 0
        lock.l_len = 0
        return lock
    }
}
