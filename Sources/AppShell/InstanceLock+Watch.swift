// Keeping the running app's lock at its path: a lock file removed or swapped while the
// app runs would let a second app (or a restore) take the library under it.

import Foundation
import Localization

extension InstanceLock {
    /// Watches the data folder (inotify: a thread blocked in `read`, so no wake-ups at
    /// rest) and puts the lock back whenever `app.lock` is removed, renamed or replaced:
    /// a new file is made and locked, or a plain file found there is locked. What cannot
    /// be put right (another process took the new file first, a link or a folder was put
    /// there) is said once to `report`, in one line; the library's own check on writing
    /// (see `DatabaseConnection`) then keeps a replaced library from taking punches.
    /// Returns false when the folder cannot be watched (said by the caller, if at all).
    @discardableResult
    public func keepInPlace(dataDirectory: URL, report: @escaping @Sendable (String) -> Void) -> Bool {
        let watch = inotify_init1(Int32(IN_CLOEXEC))
        guard watch >= 0 else { return false }
        let events = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF)
        guard inotify_add_watch(watch, dataDirectory.path, events) >= 0 else {
            close(watch)
            return false
        }
        let path = dataDirectory.appendingPathComponent(Self.fileName).path
        // Whatever happened between taking the lock and watching.
        if let problem = reassert(path: path) { report(problem) }
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            var lastReport: String?
            while true {
                let count = buffer.withUnsafeMutableBytes { read(watch, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return }
                let (touchesLock, folderGone) = Self.scan(buffer, count: count)
                if folderGone {
                    // TRANSLATORS: %s is the data folder, moved or removed while the app ran.
                    report(tr("the data folder %s was moved or removed while StressPunch ran; quit and start again to save punches", dataDirectory.path))
                    return
                }
                guard touchesLock else { continue }
                let problem = reassert(path: path)
                // Said once per change of state, not for each event of a flood.
                if let problem, problem != lastReport { report(problem) }
                lastReport = problem
            }
        }
        thread.name = "stresspunch.lock-watch"
        thread.start()
        return true
    }

    /// Whether any inotify event in `buffer` names the lock file, and whether the
    /// watched folder itself went.
    private static func scan(_ buffer: [UInt8], count: Int) -> (touchesLock: Bool, folderGone: Bool) {
        var offset = 0
        var touchesLock = false
        var folderGone = false
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let (mask, length) = buffer.withUnsafeBytes { raw in
                let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                return (event.mask, Int(event.len))
            }
            if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 { folderGone = true }
            let nameStart = offset + header, nameEnd = min(count, nameStart + length)
            if nameEnd > nameStart {
                let name = buffer[nameStart..<nameEnd].prefix { $0 != 0 }
                if name.elementsEqual(fileName.utf8) { touchesLock = true }
            }
            offset = nameStart + length
        }
        return (touchesLock, folderGone)
    }

    /// Makes sure the file at `path` is the one this process holds locked: nothing to do
    /// when it is; a missing one is made and locked; a plain file nobody holds is locked.
    /// Returns what could not be put right, in one line, or nil.
    func reassert(path: String) -> String? {
        held.withLock { held in
            for _ in 0..<5 {
                var ours = stat(), there = stat()
                if fstat(held.descriptor, &ours) == 0, lstat(path, &there) == 0,
                   there.st_dev == ours.st_dev, there.st_ino == ours.st_ino, there.st_mode & S_IFMT == S_IFREG {
                    return nil
                }
                let descriptor: Int32
                switch Self.openLockFile(path, creating: true) {
                case .file(let opened): descriptor = opened
                case .refused(let refusal):
                    // TRANSLATORS: %s says what is at the lock file's path instead ("…/app.lock is a folder, …").
                    return tr("the library's lock file was replaced while StressPunch ran: %s", refusal)
                case .missing: continue
                case .failed(let code): return Self.cannotUse(path, code)
                }
                var opened = stat()
                if fstat(descriptor, &opened) == 0, opened.st_dev == ours.st_dev, opened.st_ino == ours.st_ino {
                    // Ours after all (it moved back meanwhile): closing this descriptor
                    // would drop the lock, so it is kept open instead.
                    continue
                }
                var lock = Self.wholeFile(F_WRLCK)
                if fcntl(descriptor, F_SETLK, &lock) == 0 {
                    // The old file is gone from the path: its descriptor can go (its
                    // lock only guarded a file nobody can open by this name any more).
                    close(held.descriptor)
                    held.descriptor = descriptor
                    Self.write(held)
                    return nil
                }
                var probe = Self.wholeFile(F_WRLCK)
                let holder = fcntl(descriptor, F_GETLK, &probe) == 0 && probe.l_type != Int16(F_UNLCK) ? probe.l_pid : 0
                close(descriptor)
                // TRANSLATORS: %s is the other process's ID. Said when the lock file was removed and another app took a new one.
                return tr("another program (process %s) took this library while its lock file was missing; quit it, or quit this window and start again", holder)
            }
            return Self.cannotUse(path, EAGAIN)
        }
    }
}
