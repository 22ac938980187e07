import Foundation
import TestSupport
import Testing

/// Writes that fail as a full or locked disk would, through an LD_PRELOAD shim
/// (Tests/Faults/faultshim.c, built here with the system C compiler).
enum FaultShim {
    /// The shim's path, built once per test run.
    static let library: String? = {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Faults/faultshim.c")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("stresspunch-faultshim-\(getpid()).so")
        let compiler = Process()
        compiler.executableURL = URL(fileURLWithPath: "/usr/bin/cc")
        compiler.arguments = ["-shared", "-fPIC", "-O2", "-o", output.path, source.path, "-ldl"]
        guard (try? compiler.run()) != nil else { return nil }
        compiler.waitUntilExit()
        return compiler.terminationStatus == 0 ? output.path : nil
    }()

    /// The environment that makes writes to the library's write-ahead log fail with
    /// `errno` (`times` times, or always).
    static func environment(errno code: Int32 = ENOSPC, times: Int? = nil) throws -> [String: String] {
        let shim = try #require(library, "the fault shim did not build")
        var environment = ["LD_PRELOAD": shim, "STRESSPUNCH_FAULT_PATH": "library.sqlite-wal", "STRESSPUNCH_FAULT_ERRNO": String(code)]
        if let times { environment["STRESSPUNCH_FAULT_TIMES"] = String(times) }
        return environment
    }
}

@Suite("Faults: a full disk never loses a punch silently, end to end")
struct FaultTests {
    static let punches = (0..<12).map { String(format: "%.2f key space", 0.1 + Double($0) * 0.08) }.joined(separator: "\n")

    @Test("any one write failing at start-up (EIO or ENOSPC, in the library or beside it) does not stop the app or a kiosk from starting",
          arguments: [EIO, ENOSPC])
    func oneFailedWriteAtStart(code: Int32) throws {
        let shim = try #require(FaultShim.library, "the fault shim did not build")
        for kiosk in [false, true] {
            let run = HeadlessRun()
            if kiosk {
                let set = try StressPunchProcess.run(["--data-dir", run.cli.dataDirectory, "kiosk", "set-pin"], standardInput: "2468\n")
                #expect(set.status == 0)
            } else {
                _ = try run.cli.list()
            }
            // The Nth write into the data folder fails, once: every N up to a run that
            // meets none (then every start-up write has been failed once).
            for after in 0..<30 {
                let environment = ["LD_PRELOAD": shim, "STRESSPUNCH_FAULT_PATH": run.cli.dataDirectory, "STRESSPUNCH_FAULT_ERRNO": String(code),
                                   "STRESSPUNCH_FAULT_AFTER": String(after), "STRESSPUNCH_FAULT_TIMES": "1"]
                let result = try run.run("0.10 key space\n0.30 quit", environment: environment, extra: kiosk ? ["--kiosk"] : [])
                #expect(HeadlessRun.punchesLanded(result) == 1,
                        "\(kiosk ? "kiosk" : "desktop"), write \(after + 1) failing (errno \(code)): \(result.standardError)")
                if HeadlessRun.punchesLanded(result) != 1 { break }
            }
        }
    }

    @Test("one write failing at start-up is tried again: the session saves its punches and exits 0, whichever write it was")
    func oneFailedWriteAtStartIsRetried() throws {
        let shim = try #require(FaultShim.library, "the fault shim did not build")
        let run = HeadlessRun()
        _ = try run.cli.list()
        var saved = try run.cli.list().map(\.punches).reduce(0, +)
        for after in 0..<30 {
            let environment = ["LD_PRELOAD": shim, "STRESSPUNCH_FAULT_PATH": run.cli.dataDirectory, "STRESSPUNCH_FAULT_ERRNO": String(ENOSPC),
                               "STRESSPUNCH_FAULT_AFTER": String(after), "STRESSPUNCH_FAULT_TIMES": "1"]
            let result = try run.run("0.10 key space\n0.30 quit", environment: environment)
            let now = try run.cli.list().map(\.punches).reduce(0, +)
            #expect(result.status == 0 && now == saved + 1, "write \(after + 1) failing once: exit \(result.status), \(result.standardError)")
            #expect(!result.standardError.contains("read-only"), "write \(after + 1): \(result.standardError)")
            if now != saved + 1 { break }
            saved = now
        }
    }

    @Test("a library that opened read-only because its disk was full saves every punch once the disk frees up, and exits 0")
    func readOnlyAtOpenThenFreed() throws {
        let shim = try #require(FaultShim.library, "the fault shim did not build")
        let run = HeadlessRun()
        _ = try run.cli.list()
        var saved = try run.cli.list().map(\.punches).reduce(0, +)
        var fellBack = 0
        // Enough failed writes that the open and both of its retries fail (the library
        // opens read-only), then the disk is "freed" while the session punches.
        for times in 3...14 {
            let environment = ["LD_PRELOAD": shim, "STRESSPUNCH_FAULT_PATH": run.cli.dataDirectory, "STRESSPUNCH_FAULT_ERRNO": String(ENOSPC),
                               "STRESSPUNCH_FAULT_TIMES": String(times)]
            let result = try run.run("\(Self.punches)\n6.00 quit", environment: environment)
            let now = try run.cli.list().map(\.punches).reduce(0, +)
            if result.standardError.contains("read-only") { fellBack += 1 }
            #expect(result.status == 0 && now == saved + 12, "\(times) writes failing: exit \(result.status), \(now - saved) saved, \(result.standardError)")
            saved = now
        }
        #expect(fellBack > 0, "no run opened read-only, so this proved nothing")
    }

    @Test("with the disk full the whole time, punches are kept, a toast says why, and quitting says so on stderr with exit 1")
    func diskFullAllAlong() throws {
        let run = HeadlessRun()
        _ = try run.cli.list()  // the library exists before the disk fills
        let before = try #require(try run.cli.list().first { $0.selected })
        let result = try run.run("""
            \(Self.punches)
            2.00 screenshot $DIR/full.png
            2.50 quit
            """, environment: try FaultShim.environment())
        #expect(result.status == 1, "\(result.standardOutput)")
        #expect(result.standardError.contains("12 punches could not be saved: the disk is full"), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(HeadlessRun.punchesLanded(result) == 12)
        #expect(try run.cli.list().first { $0.id == before.id }?.punches == before.punches)
    }

    @Test("when the disk frees up, the kept punches are saved: every one, exit 0")
    func diskFullThenFreed() throws {
        let run = HeadlessRun()
        let before = try #require(try run.cli.list().first { $0.selected })
        let result = try run.run("""
            \(Self.punches)
            6.00 quit
            """, environment: try FaultShim.environment(times: 6))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(HeadlessRun.punchesLanded(result) == 12)
        #expect(try run.cli.list().first { $0.id == before.id }?.punches == before.punches + 12)
    }

    @Test("with the library locked by another program for longer than the busy timeout, no punch is lost once it lets go")
    func lockedByAnotherProgram() throws {
        let run = HeadlessRun()
        let before = try #require(try run.cli.list().first { $0.selected })
        let database = run.cli.dataDirectory + "/library.sqlite"
        // Another program holds the write lock for 7 s: longer than SQLite's 5 s wait.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/bin/sh")
        holder.arguments = ["-c", "(echo 'BEGIN EXCLUSIVE;'; sleep 7; echo 'COMMIT;') | sqlite3 '\(database)'"]
        try holder.run()
        usleep(300_000)
        let result = try run.run("""
            \(Self.punches)
            3.00 quit
            """)
        holder.waitUntilExit()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(HeadlessRun.punchesLanded(result) == 12)
        #expect(try run.cli.list().first { $0.id == before.id }?.punches == before.punches + 12)
    }
}
