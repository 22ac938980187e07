import Foundation
import TestSupport
import Testing

/// SIGKILL at random moments, over CLI writes and over the running app: after every
/// kill the library is intact, every change that was acknowledged is there, the rules
/// hold, and no picture file is left that a row does not name (beyond the fresh ones
/// the next open sweeps away).
@Suite("Crash suite: SIGKILL at random moments, end to end", .serialized)
struct CrashTests {
    static let rounds = Int(ProcessInfo.processInfo.environment["STRESSPUNCH_CRASH_ROUNDS"] ?? "") ?? 24

    /// Starts the built executable and kills it after `delay` seconds (if still running).
    static func runAndKill(_ arguments: [String], after delay: Double) throws -> (status: Int32, output: String, killed: Bool) {
        let process = Process()
        process.executableURL = StressPunchProcess.executableURL
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["SDL_AUDIODRIVER": "dummy"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(delay)
        while process.isRunning && Date() < deadline { usleep(2_000) }
        let killed = process.isRunning
        if killed { kill(process.processIdentifier, SIGKILL) }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text, killed)
    }

    static func checkLibrary(_ cli: CLI, acknowledged: Set<String>, round: Int) throws {
        let database = cli.dataDirectory + "/library.sqlite"
        // Killed before it made the library: nothing there yet, nothing acknowledged.
        guard FileManager.default.fileExists(atPath: database) else {
            #expect(acknowledged.isEmpty, "round \(round): the library vanished")
            return
        }
        #expect(try SQLiteShell.query(database, "PRAGMA integrity_check") == "ok", "round \(round)")
        // Killed before the first migration committed: an empty file the next open fills.
        guard try SQLiteShell.query(database, "SELECT count(*) FROM sqlite_master WHERE name = 'target'") == "1" else {
            #expect(acknowledged.isEmpty, "round \(round): the targets table vanished")
            return
        }
        #expect((Int(try SQLiteShell.query(database, "SELECT count(*) FROM target WHERE is_favorite = 1")) ?? 9) <= 4)
        #expect((Int(try SQLiteShell.query(database, "SELECT count(*) FROM target WHERE is_selected = 1")) ?? 9) <= 1)
        let names = Set(try SQLiteShell.query(database, "SELECT name FROM target").split(separator: "\n").map(String.init))
        #expect(acknowledged.isSubset(of: names), "round \(round): lost \(acknowledged.subtracting(names))")
        let named = Set(try SQLiteShell.query(database, "SELECT image_file FROM target WHERE image_file IS NOT NULL")
            .split(separator: "\n").map(String.init))
        let files = Set(cli.pictureFiles)
        #expect(named.isSubset(of: files), "round \(round): rows without a picture: \(named.subtracting(files))")
        // What a kill left between the file and its row is at most a few fresh files.
        #expect(files.subtracting(named).count <= round + 1, "round \(round): stray files \(files.subtracting(named))")
    }

    @Test("killing `targets add` at random moments never loses an acknowledged target or leaves a row without its picture")
    func killCLIWrites() throws {
        let cli = CLI()
        let picture = try cli.file("p.png", TestPNG.solid(width: 300, height: 200, rgba: (200, 100, 50, 255)))
        var random = UIMonkeyTests.Random(state: 0xC0FFEE)
        var acknowledged: Set<String> = []
        for round in 0..<Self.rounds {
            let name = "Crash \(round)"
            // The first add is left to finish; the rest die anywhere in their ~0.1 s.
            let delay = round == 0 ? 30 : Double(random.int(0...160)) / 1000
            let result = try Self.runAndKill(["--data-dir", cli.dataDirectory, "targets", "add", "--name", name, "--image", picture], after: delay)
            if !result.killed && result.status == 0 && result.output.contains("added target") { acknowledged.insert(name) }
            try Self.checkLibrary(cli, acknowledged: acknowledged, round: round)
        }
        #expect(!acknowledged.isEmpty, "no add ever finished: the kills came too early to test anything")
    }

    @Test("killing the running app while it punches, deletes and saves leaves the library intact and its rules held")
    func killRunningApp() throws {
        let run = HeadlessRun()
        let picture = try run.cli.file("p.png", TestPNG.solid(width: 64, height: 64, rgba: (20, 100, 250, 255)))
        var random = UIMonkeyTests.Random(state: 0xDEAD)
        let script = run.folder.file("busy.txt")
        var lines: [String] = []
        for index in 0..<200 {
            let t = 0.05 + Double(index) * 0.05
            switch index % 10 {
            case 3: lines.append(String(format: "%.2f drop %@", t, picture))
            case 4: lines.append(String(format: "%.2f key Return", t))
            case 6: lines.append(String(format: "%.2f key Ctrl+L", t))
            // Fixed points, not labels: whatever shows there gets the click, and a
            // busy script must not stop early when the first row is gone.
            case 7: lines.append(String(format: "%.2f click 1177 168", t))
            case 8: lines.append(String(format: "%.2f click 772 406", t))
            case 9: lines.append(String(format: "%.2f key Escape", t))
            default: lines.append(String(format: "%.2f key space", t))
            }
        }
        lines.append("10.5 quit")
        try Data(lines.joined(separator: "\n").utf8).write(to: script)
        for round in 0..<(Self.rounds / 2) {
            let delay = 0.15 + Double(random.int(0...300)) / 1000
            _ = try Self.runAndKill(["--headless", "--script", script.path, "--data-dir", run.cli.dataDirectory], after: delay)
            try Self.checkLibrary(run.cli, acknowledged: [], round: round)
        }
    }

    @Test("an I/O error at the Nth write, sync or rename of an add, for every N, loses nothing acknowledged and breaks no rule", arguments: [EIO, ENOSPC])
    func ioErrorAtEveryStep(code: Int32) throws {
        let cli = CLI()
        let picture = try cli.file("p.png", TestPNG.solid(width: 120, height: 80, rgba: (90, 160, 40, 255)))
        _ = try cli.list()
        let shim = try #require(FaultShim.library, "the fault shim did not build")
        var acknowledged: Set<String> = []
        var failures = 0
        for step in 0..<40 {
            let name = "Step \(step)"
            let result = try StressPunchProcess.run(
                ["--data-dir", cli.dataDirectory, "targets", "add", "--name", name, "--image", picture],
                environment: ["LD_PRELOAD": shim, "STRESSPUNCH_FAULT_PATH": cli.dataDirectory, "STRESSPUNCH_FAULT_AFTER": String(step),
                              "STRESSPUNCH_FAULT_ERRNO": String(code), "STRESSPUNCH_FAULT_TIMES": "1"])
            if result.status == 0 {
                acknowledged.insert(name)
            } else {
                failures += 1
                #expect(result.status == 1 && result.standardError.split(separator: "\n").count == 1, "step \(step): \(result.standardError)")
            }
            try Self.checkLibrary(cli, acknowledged: acknowledged, round: step)
        }
        // Some steps hit a write that mattered, and once past them every add went through.
        #expect(failures > 0 && !acknowledged.isEmpty, "\(failures) failures, \(acknowledged.count) acknowledged")
    }
}
