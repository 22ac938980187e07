import Foundation
import TestSupport
import Testing

/// Faults and hostile input through the built executable: refused fast, in one line,
/// with nothing changed.
@Suite("Hostile input and foreign files, end to end")
struct HostileInputTests {
    @Test("a path with a newline or an escape code still gets a one-line error, with the control characters escaped")
    func controlCharactersEscaped() throws {
        let cli = CLI()
        let result = try cli.run("targets", "add", "--name", "x", "--image", "/no/such\nfile\u{1B}[31m.png")
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        #expect(lines.count == 1, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("stresspunch: "))
        #expect(result.standardError.contains("such\\nfile\\u{1B}[31m.png"), "\(result.standardError)")
        #expect(!result.standardError.contains("\u{1B}"))
    }

    @Test("kiosk set-pin with the PIN on the command line is refused without repeating the PIN")
    func pinNotEchoed() throws {
        let cli = CLI()
        let result = try cli.run("kiosk", "set-pin", "1357")
        #expect(result.status == 2)
        #expect(result.standardError.contains("standard input"))
        #expect(!result.standardError.contains("1357"), "\(result.standardError)")
    }

    @Test("a FIFO named like a picture is refused at once, by the CLI and by a drop, instead of blocking")
    func fifoRefused() throws {
        let run = HeadlessRun()
        let fifo = run.folder.file("pipe.png").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let started = Date()
        let added = try run.cli.run("targets", "add", "--name", "Pipe", "--image", fifo)
        #expect(added.status == 1)
        #expect(added.standardError.contains("not a regular file"), "\(added.standardError)")
        let before = try run.cli.list().count
        let dropped = try run.run("""
            0.10 drop \(fifo)
            0.20 key Return
            0.40 quit
            """)
        #expect(dropped.status == 0)
        #expect(try run.cli.list().count == before)
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test("another program's SQLite database in the data folder is refused by every command and left unchanged")
    func foreignDatabase() throws {
        let cli = CLI()
        try FileManager.default.createDirectory(atPath: cli.dataDirectory, withIntermediateDirectories: true)
        let file = cli.dataDirectory + "/library.sqlite"
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [file, "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine');"]
        try sqlite.run()
        sqlite.waitUntilExit()
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        for arguments in [["targets", "list", "--json"], ["targets", "restore-defaults"], ["kiosk", "set-idle", "60"]] {
            let result = try StressPunchProcess.run(["--data-dir", cli.dataDirectory] + arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.standardError.contains("another program's SQLite database"), "\(result.standardError)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        #expect(!FileManager.default.fileExists(atPath: file + "-wal"))
    }

    @Test("every fuzzer's corpus, and every crash once found and saved there, replays without a crash", arguments: ["picture", "script", "library", "command-line"])
    func fuzzCorporaReplay(name: String) throws {
        let binary = StressPunchProcess.executableURL.deletingLastPathComponent().appendingPathComponent("fuzz-\(name)")
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/corpus/\(name)")
        let process = Process()
        process.executableURL = binary
        process.arguments = [corpus.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        let count = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
        #expect(text.hasPrefix("replayed ") && count > 0, "\(text)")
    }
}
