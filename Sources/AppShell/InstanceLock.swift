import Foundation

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
        /// No lock file can be made (a read-only disk): the app runs without one.
        case unavailable
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
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return .unavailable }
        var lock = Self.wholeFile(F_WRLCK)
        // Two launches at once: one wins; the other may find the file locked but not
        // yet written, so it reads again a moment later.
        if fcntl(descriptor, F_SETLK, &lock) == 0 {
            let taken = InstanceLock(descriptor: descriptor)
            taken.record(window: nil)
            return .acquired(taken)
        }
        close(descriptor)
        return holder(dataDirectory: dataDirectory).map(Outcome.held) ?? .unavailable
    }

    /// Who holds the lock on the library in `dataDirectory`, or nil when nobody does.
    public static func holder(dataDirectory: URL) -> Holder? {
        let path = dataDirectory.appendingPathComponent(fileName).path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var probe = Self.wholeFile(F_WRLCK)
        guard fcntl(descriptor, F_GETLK, &probe) == 0, probe.l_type != Int16(F_UNLCK) else { return nil }
        var window: UInt?
        for _ in 0..<5 {
            window = Self.window(in: descriptor)
            if window != nil { break }
            usleep(100_000)  // the app writes its window once it has opened it
        }
        return Holder(processID: probe.l_pid, window: window)
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
