import Foundation
import TestSupport
import Testing

/// Something other than the library's lock file where `app.lock` belongs.
enum OddLockFile: String, CustomStringConvertible, CaseIterable {
    case fifo, socket, symlink, danglingSymlink, folder

    var description: String { rawValue }

    /// The words the refusal names it by.
    var words: String {
        switch self {
        case .fifo, .socket: return "is not a regular file"
        case .symlink, .danglingSymlink: return "is a symbolic link"
        case .folder: return "is a folder"
        }
    }

    /// Puts one at `path` (the data folder is made first).
    func make(at path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        switch self {
        case .fifo:
            guard mkfifo(path, 0o600) == 0 else { throw VirtualDisplayError(message: "mkfifo \(path) failed") }
        case .socket:
            let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (index, byte) in path.utf8.enumerated() where index < raw.count - 1 { raw[index] = byte }
            }
            let bound = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard bound == 0 else { throw VirtualDisplayError(message: "bind \(path) failed") }
        case .symlink:
            // To a file of its own, which a lock taken through the link would lock.
            let elsewhere = (path as NSString).deletingLastPathComponent + "/../elsewhere.lock"
            FileManager.default.createFile(atPath: elsewhere, contents: nil)
            guard Glibc.symlink(elsewhere, path) == 0 else { throw VirtualDisplayError(message: "symlink \(path) failed") }
        case .danglingSymlink:
            guard Glibc.symlink("/nonexistent/stresspunch.lock", path) == 0 else { throw VirtualDisplayError(message: "symlink \(path) failed") }
        case .folder:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
    }

    /// Takes it away again, whatever it is.
    static func remove(at path: String) {
        if unlink(path) != 0 { rmdir(path) }
    }
}

/// The library's lock file is only ever a regular file of its own: anything else
/// there is refused in one line, never waited on and never taken as "no lock".
@Suite("The lock file, end to end")
struct LockFileTests {
    static func lockPath(_ cli: CLI) -> String { cli.dataDirectory + "/app.lock" }

    @Test("restore-backup refuses in one line, without waiting on it, when app.lock is not the lock file; the library stays",
          arguments: OddLockFile.allCases)
    func restoreRefusesOddLockFile(kind: OddLockFile) throws {
        let cli = CLI()
        try LibraryArchiveTests.makeLibrary(cli)
        let before = try cli.list()
        try kind.make(at: Self.lockPath(cli))
        // Under `timeout`: an open that waits for a FIFO's writer never returns.
        let refused = try StressPunchProcess.run(["--data-dir", cli.dataDirectory, "library", "restore-backup", "--yes"],
                                                 wrapper: ["/usr/bin/timeout", "-s", "KILL", "10"])
        #expect(refused.status == 1, "\(refused.status): \(refused.standardOutput) \(refused.standardError)")
        #expect(refused.standardError.hasPrefix("stresspunch: ") && refused.standardError.split(separator: "\n").count == 1,
                "\(refused.standardError)")
        #expect(refused.standardError.contains(Self.lockPath(cli)) && refused.standardError.contains(kind.words),
                "\(refused.standardError)")
        #expect(try cli.list() == before, "the library was replaced")
        #expect(!cli.folder.fileNames(in: "data").contains { $0.hasPrefix("library.sqlite.replaced-") })
        // With the lock file put right, the same restore goes ahead: the refusal was the lock's.
        OddLockFile.remove(at: Self.lockPath(cli))
        let restored = try cli.run("library", "restore-backup", "--yes")
        #expect(restored.status == 0, "\(restored.standardError)")
        #expect(try cli.list() != before, "the restore did nothing, so the refusal proved nothing")
    }

    @Test("import --replace refuses in one line when app.lock is not the lock file; the library stays",
          arguments: [OddLockFile.symlink, .folder, .fifo])
    func importReplaceRefusesOddLockFile(kind: OddLockFile) throws {
        let source = CLI()
        try LibraryArchiveTests.makeLibrary(source)
        let archive = source.folder.file("library.spar").path
        #expect(try source.run("library", "export", archive).status == 0)
        let cli = CLI()
        let before = try cli.list()
        try kind.make(at: Self.lockPath(cli))
        let refused = try StressPunchProcess.run(["--data-dir", cli.dataDirectory, "library", "import", archive, "--replace"],
                                                 wrapper: ["/usr/bin/timeout", "-s", "KILL", "10"])
        #expect(refused.status == 1 && refused.standardError.split(separator: "\n").count == 1, "\(refused.status): \(refused.standardError)")
        #expect(refused.standardError.contains(Self.lockPath(cli)) && refused.standardError.contains(kind.words), "\(refused.standardError)")
        #expect(try cli.list() == before, "the library was replaced")
        OddLockFile.remove(at: Self.lockPath(cli))
        #expect(try cli.run("library", "import", archive, "--replace").status == 0)
        #expect(try cli.list() != before, "the import did nothing, so the refusal proved nothing")
    }
}

extension RealWindowTests {
    @Test("while the app runs, import --replace and restore-backup refuse and change nothing; once it quits both go ahead")
    func replacingRefusedWhileRunning() throws {
        let source = CLI()
        try LibraryArchiveTests.makeLibrary(source)
        let archive = source.folder.file("library.spar").path
        #expect(try source.run("library", "export", archive).status == 0)
        let display = try VirtualDisplay()
        let cli = CLI()
        let before = try cli.list()
        let app = try display.launch(["--data-dir", cli.dataDirectory, "--mute"])
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        let imported = try cli.run("library", "import", archive, "--replace")
        #expect(imported.status == 1 && imported.standardError.contains("StressPunch is running on this library (process \(app.processIdentifier))"),
                "\(imported.standardError)")
        let restored = try cli.run("library", "restore-backup", "--yes")
        #expect(restored.status == 1 && restored.standardError.contains("StressPunch is running on this library"), "\(restored.standardError)")
        #expect(try cli.list() == before, "the library was replaced under the running app")
        try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "ctrl+q"])
        for _ in 0..<200 where app.isRunning { usleep(50_000) }
        #expect(!app.isRunning && app.terminationStatus == 0)
        #expect(try cli.run("library", "import", archive, "--replace").status == 0)
        #expect(try cli.list() != before)
    }

    @Test("app.lock removed or renamed while the app runs is put back at once: a restore still refuses, a second launch is still told")
    func lockFileRemovedWhileRunning() throws {
        let display = try VirtualDisplay()
        let cli = CLI()
        let lock = LockFileTests.lockPath(cli)
        let app = try display.launch(["--data-dir", cli.dataDirectory, "--mute"])
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        let environment = ["DISPLAY": display.display, "SDL_AUDIODRIVER": "dummy"]
        for removal in ["unlink", "rename"] {
            if removal == "unlink" {
                #expect(unlink(lock) == 0)
            } else {
                #expect(rename(lock, lock + ".old") == 0)
            }
            // Put back within a second (the watch wakes on the folder's change, not on a timer).
            var info = stat()
            for _ in 0..<100 where lstat(lock, &info) != 0 { usleep(10_000) }
            #expect(lstat(lock, &info) == 0 && info.st_mode & S_IFMT == S_IFREG, "\(removal): the lock file was not put back")
            let restored = try cli.run("library", "restore-backup", "--yes")
            #expect(restored.status == 1 && restored.standardError.contains("StressPunch is running on this library (process \(app.processIdentifier))"),
                    "\(removal): \(restored.standardError)")
            let second = try StressPunchProcess.run(["--data-dir", cli.dataDirectory, "--mute"], environment: environment,
                                                    wrapper: ["/usr/bin/timeout", "-s", "KILL", "10"])
            #expect(second.standardError.contains("already running on this library (process \(app.processIdentifier))"),
                    "\(removal): \(second.standardError)")
        }
        try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "ctrl+q"])
        for _ in 0..<200 where app.isRunning { usleep(50_000) }
        #expect(!app.isRunning && app.terminationStatus == 0)
    }

    @Test("an app on a data folder whose parent folders do not exist yet still holds the library: a second launch is told")
    func lockMadeWithItsFolders() throws {
        let display = try VirtualDisplay()
        let folder = TemporaryDirectory("nested")
        let data = folder.file("not/there/yet/data").path
        let app = try display.launch(["--data-dir", data, "--mute"])
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        var info = stat()
        #expect(lstat(data + "/app.lock", &info) == 0 && info.st_mode & S_IFMT == S_IFREG, "no lock file was made")
        let environment = ["DISPLAY": display.display, "SDL_AUDIODRIVER": "dummy"]
        let second = try StressPunchProcess.run(["--data-dir", data, "--mute"], environment: environment,
                                                wrapper: ["/usr/bin/timeout", "-s", "KILL", "10"])
        #expect(second.standardError.contains("already running on this library (process \(app.processIdentifier))"), "\(second.standardError)")
        let restored = try StressPunchProcess.run(["--data-dir", data, "library", "restore-backup", "--yes"])
        #expect(restored.status == 1 && restored.standardError.contains("StressPunch is running on this library"), "\(restored.standardError)")
        try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "ctrl+q"])
        for _ in 0..<200 where app.isRunning { usleep(50_000) }
        #expect(!app.isRunning && app.terminationStatus == 0)
    }

    @Test("the app refuses in one line to start on a library whose app.lock is not the lock file, and starts once it is",
          arguments: OddLockFile.allCases)
    func appRefusesOddLockFile(kind: OddLockFile) throws {
        let display = try VirtualDisplay()
        let cli = CLI()
        let lock = LockFileTests.lockPath(cli)
        try kind.make(at: lock)
        // Under `timeout`: an app that ran anyway would run on.
        let environment = ["DISPLAY": display.display, "SDL_AUDIODRIVER": "dummy"]
        let refused = try StressPunchProcess.run(["--data-dir", cli.dataDirectory, "--mute"], environment: environment,
                                                 wrapper: ["/usr/bin/timeout", "-s", "KILL", "10"])
        #expect(refused.status == 1, "\(refused.status): \(refused.standardError)")
        #expect(refused.standardError.split(separator: "\n").count == 1, "one line: \(refused.standardError)")
        #expect(refused.standardError.contains(lock) && refused.standardError.contains(kind.words), "\(refused.standardError)")
        // The same launch with the lock file put right opens its window.
        OddLockFile.remove(at: lock)
        let app = try display.launch(["--data-dir", cli.dataDirectory, "--mute"])
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "ctrl+q"])
        for _ in 0..<200 where app.isRunning { usleep(50_000) }
        #expect(!app.isRunning && app.terminationStatus == 0)
    }
}
