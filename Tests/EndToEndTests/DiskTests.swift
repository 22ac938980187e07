import Foundation
import TestSupport
import Testing

/// A small tmpfs of our own, to make a disk read-only or full for real. Needs the
/// right to mount (root in CI); where it is missing the tests say so and do not run.
final class ScratchDisk {
    let folder: URL

    /// Whether this machine lets the tests mount a tmpfs.
    static let canMount: Bool = {
        guard let disk = try? ScratchDisk(kilobytes: 64) else { return false }
        _ = disk
        return true
    }()

    init(kilobytes: Int) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("stresspunch-disk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard Self.mount(["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0755", "tmpfs", folder.path]) else {
            try? FileManager.default.removeItem(at: folder)
            throw CocoaError(.featureUnsupported)
        }
    }

    deinit {
        _ = Self.mount(["-l", folder.path], tool: "/usr/bin/umount")
        try? FileManager.default.removeItem(at: folder)
    }

    /// Remounts the disk read-only.
    func makeReadOnly() -> Bool { Self.mount(["-o", "remount,ro", folder.path]) }

    /// Fills the disk to the last block.
    func fill() {
        let filler = folder.appendingPathComponent("filler")
        FileManager.default.createFile(atPath: filler.path, contents: nil)
        guard let handle = try? FileHandle(forWritingTo: filler) else { return }
        let block = Data(count: 4096)
        while (try? handle.write(contentsOf: block)) != nil {}
        try? handle.close()
    }

    @discardableResult
    static func mount(_ arguments: [String], tool: String = "/usr/bin/mount") -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

@Suite("A read-only or full disk, end to end", .serialized, .enabled(if: ScratchDisk.canMount, "needs the right to mount a tmpfs"))
struct DiskTests {
    @Test("a library on a read-only disk lists, runs with a notice, and refuses changes in one line; nothing is written")
    func readOnlyLibrary() throws {
        let disk = try ScratchDisk(kilobytes: 4096)
        let data = disk.folder.appendingPathComponent("data").path
        #expect(try StressPunchProcess.run(["--data-dir", data, "targets", "list"]).status == 0)
        let database = data + "/library.sqlite"
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        #expect(disk.makeReadOnly())

        let list = try StressPunchProcess.run(["--data-dir", data, "targets", "list", "--json"])
        #expect(list.status == 0, "\(list.standardError)")
        #expect(list.standardOutput.contains("Monday Alarm"))

        let add = try StressPunchProcess.run(["--data-dir", data, "targets", "select", "3"])
        #expect(add.status == 1)
        #expect(add.standardError.split(separator: "\n").count == 1, "\(add.standardError)")
        #expect(add.standardError.contains("cannot be written") || add.standardError.contains("read-only"), "\(add.standardError)")

        let script = FileManager.default.temporaryDirectory.appendingPathComponent("ro-\(UUID().uuidString).txt")
        try Data("0.10 key space\n0.30 quit\n".utf8).write(to: script)
        let app = try StressPunchProcess.run(["--headless", "--script", script.path, "--data-dir", data])
        #expect(app.standardError.contains("read-only disk"), "\(app.standardError)")
        #expect(app.standardOutput.contains("1 punches landed"), "\(app.standardOutput)")
        // The punch could not be kept, and the app said so.
        #expect(app.status == 1 && app.standardError.contains("1 punch could not be saved"), "\(app.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
    }

    @Test("the app on a disk already full starts read-only and says why, instead of refusing to start")
    func appStartsOnFullDisk() throws {
        let disk = try ScratchDisk(kilobytes: 1024)
        let data = disk.folder.appendingPathComponent("data").path
        #expect(try StressPunchProcess.run(["--data-dir", data, "targets", "list"]).status == 0)
        disk.fill()
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("full-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: script) }
        try Data("0.10 key space\n0.30 quit\n".utf8).write(to: script)
        let app = try StressPunchProcess.run(["--headless", "--script", script.path, "--data-dir", data])
        #expect(app.standardOutput.contains("1 punches landed"), "the app did not start: \(app.standardError)")
        #expect(app.standardError.contains("is full, so the library opened read-only"), "\(app.standardError)")
    }

    @Test("a kiosk on a disk already full comes up read-only and says why, instead of not starting at all")
    func kioskStartsOnFullDisk() throws {
        let disk = try ScratchDisk(kilobytes: 1024)
        let data = disk.folder.appendingPathComponent("data").path
        let set = try StressPunchProcess.run(["--data-dir", data, "kiosk", "set-pin"], standardInput: "2468\n")
        #expect(set.status == 0, "\(set.standardError)")
        disk.fill()
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-full-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: script) }
        try Data("0.10 key space\n0.30 quit\n".utf8).write(to: script)
        let app = try StressPunchProcess.run(["--headless", "--script", script.path, "--data-dir", data, "--kiosk"])
        #expect(app.standardOutput.contains("1 punches landed"), "the kiosk did not start: \(app.standardError)")
        #expect(app.standardError.contains("is full, so the library opened read-only"), "\(app.standardError)")
    }

    @Test("a disk already full at start says so in words about space")
    func fullAtStart() throws {
        let disk = try ScratchDisk(kilobytes: 1024)
        let data = disk.folder.appendingPathComponent("data").path
        #expect(try StressPunchProcess.run(["--data-dir", data, "targets", "list"]).status == 0)
        disk.fill()
        let picture = disk.folder.appendingPathComponent("nothing.png")
        let add = try StressPunchProcess.run(["--data-dir", data, "targets", "add", "--name", "Full", "--image", picture.path])
        #expect(add.status == 1)
        let favorite = try StressPunchProcess.run(["--data-dir", data, "targets", "favorite", "5", "on"])
        #expect(favorite.status == 1)
        #expect(favorite.standardError.contains("full"), "\(favorite.standardError)")
        #expect(!favorite.standardError.contains("disk I/O error"), "\(favorite.standardError)")
    }
}
