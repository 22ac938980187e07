import Foundation
import TestSupport
import Testing

/// `library restore-backup` says what it replaces and with what, and asks first.
@Suite("Restoring a backup says what it replaces, and asks first, end to end")
struct RestoreConfirmationTests {
    /// "2026-12-07 09:14": how the command writes a time.
    static let time = #"\d{4}-\d\d-\d\d \d\d:\d\d"#

    /// Runs the command on a pseudo-terminal (util-linux `script`), `answer` typed at it;
    /// what the terminal showed (the question, the command's lines) comes back.
    static func runAtTerminal(_ cli: CLI, _ arguments: [String], answer: String) throws -> (status: Int32, output: String) {
        let command = ([StressPunchProcess.executableURL.path, "--data-dir", cli.dataDirectory] + arguments)
            .map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["--quiet", "--return", "--command", command, "/dev/null"]
        process.environment = ProcessInfo.processInfo.environment.merging(["LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""]) { $1 }
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // Waits in the terminal's input until the question reads it.
        input.fileHandleForWriting.write(Data((answer + "\n").utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("without a terminal and without --yes it refuses in one line naming both libraries; --yes restores and says what it replaced")
    func scriptNeedsYes() throws {
        let cli = CLI()
        // Ten targets now; the day's backup was made before the two were added: eight.
        try LibraryArchiveTests.makeLibrary(cli)
        let before = try cli.list()
        #expect(before.count == 10)
        let refused = try cli.run("library", "restore-backup")
        CommandLineWordingTests.expectOneLine(refused, status: 1)
        let backup = try #require(cli.folder.fileNames(in: "data/backups").first { $0.hasSuffix(".sqlite") })
        let words = "the library (10 targets) with the backup \(cli.dataDirectory)/backups/\(backup) (from "
        #expect(refused.standardError.contains("would replace " + words) && refused.standardError.contains(", 8 targets)"),
                "\(refused.standardError)")
        #expect(refused.standardError.contains("nothing was changed") && refused.standardError.contains("add --yes"), "\(refused.standardError)")
        #expect(refused.standardError.range(of: #"\(from "# + Self.time + #", 8 targets\)"#, options: .regularExpression) != nil,
                "the backup's time is not said: \(refused.standardError)")
        #expect(try cli.list() == before)
        #expect(!cli.folder.fileNames(in: "data").contains { $0.contains(".replaced-") })

        let restored = try cli.run("library", "restore-backup", "--yes")
        #expect(restored.status == 0, "\(restored.standardError)")
        #expect(restored.standardOutput.hasPrefix("replaced " + words) && restored.standardOutput.contains("kept as"),
                "\(restored.standardOutput)")
        #expect(try cli.list().count == 8)
    }

    @Test("at a terminal it asks first: no leaves the library as it was, yes restores")
    func terminalAsks() throws {
        let cli = CLI()
        try LibraryArchiveTests.makeLibrary(cli)
        let before = try cli.list()
        let declined = try Self.runAtTerminal(cli, ["library", "restore-backup"], answer: "n")
        #expect(declined.status == 1, "\(declined.output)")
        #expect(declined.output.contains("Replace the library (10 targets) with the backup ")
                && declined.output.contains("[y/N]") && declined.output.contains("the library was left as it was"),
                "\(declined.output)")
        #expect(try cli.list() == before)

        let accepted = try Self.runAtTerminal(cli, ["library", "restore-backup"], answer: "y")
        #expect(accepted.status == 0, "\(accepted.output)")
        #expect(accepted.output.contains("replaced the library (10 targets) with the backup "), "\(accepted.output)")
        #expect(try cli.list().count == 8)
    }

    @Test("putting a replaced library back shows the time it was set aside, readable, never a garbled piece of its name")
    func replacedLibraryHasAReadableTime() throws {
        let cli = CLI()
        try LibraryArchiveTests.makeLibrary(cli)
        #expect(try cli.run("library", "restore-backup", "--yes").status == 0)
        let kept = try #require(cli.folder.fileNames(in: "data").first { $0.hasPrefix("library.sqlite.replaced-") && !$0.hasSuffix("-wal") })
        let stamp = try #require(Int(kept.dropFirst("library.sqlite.replaced-".count).prefix { $0 != "-" }))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let when = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(stamp)))

        let back = try cli.run("library", "restore-backup", cli.dataDirectory + "/" + kept, "--yes")
        #expect(back.status == 0, "\(back.standardError)")
        #expect(back.standardOutput.contains("with the backup \(cli.dataDirectory)/\(kept) (from \(when), 10 targets)"),
                "\(back.standardOutput)")
        #expect(!back.standardOutput.contains("(sqlite.") && !back.standardOutput.contains("(.sqlite"), "\(back.standardOutput)")

        // A file named anyhow has no time in its name: none is made up.
        let copy = cli.folder.file("my copy.sqlite").path
        try FileManager.default.copyItem(atPath: cli.dataDirectory + "/backups/" + (cli.folder.fileNames(in: "data/backups").first ?? ""),
                                         toPath: copy)
        let other = try cli.run("library", "restore-backup", copy, "--yes")
        #expect(other.status == 0, "\(other.standardError)")
        #expect(other.standardOutput.contains("with the backup \(copy) (8 targets)"), "\(other.standardOutput)")
    }
}
