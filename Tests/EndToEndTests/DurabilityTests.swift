import Foundation
import TestSupport
import Testing

/// What the command line acknowledges is on disk: commits are synced (synchronous =
/// FULL) and a new file's folder is synced after its rename. Shown by failing exactly
/// that sync with the fault shim: the command must then fail, not say it is done.
@Suite("Durability: acknowledged writes survive power loss, end to end")
struct DurabilityTests {
    static func environment(path: String, after: Int) throws -> [String: String] {
        let shim = try #require(FaultShim.library, "the fault shim did not build")
        return ["LD_PRELOAD": shim, "STRESSPUNCH_FAULT_PATH": path, "STRESSPUNCH_FAULT_CALLS": "fsync,fdatasync",
                "STRESSPUNCH_FAULT_AFTER": String(after), "STRESSPUNCH_FAULT_ERRNO": String(EIO)]
    }

    @Test("a change is acknowledged only once its commit is synced: when that sync fails, the command fails")
    func commitIsSynced() throws {
        let cli = CLI()
        _ = try cli.list()
        // The log's first sync is its header's; the second is the commit's (NORMAL made none).
        let result = try StressPunchProcess.run(["--data-dir", cli.dataDirectory, "targets", "select", "3"],
                                                environment: try Self.environment(path: "library.sqlite-wal", after: 1))
        #expect(result.status == 1, "the change was acknowledged unsynced: \(result.standardOutput)")
        #expect(result.standardError.hasPrefix("stresspunch: ") && result.standardError.split(separator: "\n").count == 1,
                "\(result.standardError)")
    }

    @Test("a new picture's folder is synced after its rename: when that sync fails, the add fails and leaves no target")
    func pictureFolderIsSynced() throws {
        let cli = CLI()
        let before = try cli.list()
        let picture = try cli.file("p.png", TestPNG.solid(width: 8, height: 8, rgba: (1, 2, 3, 255)))
        // The picture file's own sync passes; the folder's, after the rename, fails.
        let result = try StressPunchProcess.run(["--data-dir", cli.dataDirectory, "targets", "add", "--name", "Synced", "--image", picture],
                                                environment: try Self.environment(path: "/data/images", after: 1))
        #expect(result.status == 1, "\(result.standardOutput)")
        #expect(result.standardError.contains("images") && result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        #expect(try cli.list() == before)
    }
}
