import Foundation
import TestSupport
import Testing

/// The hostile corpus (made by Tests/Hostile/make-corpus.py) through every way in:
/// the CLI, a drop on the window, and the picture picker.
@Suite("Hostile picture corpus, end to end", .serialized)
struct HostileCorpusTests {
    /// The corpus, made once per test run.
    static let corpus: URL? = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stresspunch-hostile-\(getpid())/Pictures")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Hostile/make-corpus.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, folder.path]
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? folder : nil
    }()

    static func files(_ prefix: String) throws -> [URL] {
        let folder = try #require(corpus, "the hostile corpus could not be made")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix(prefix) }.sorted { $0.path < $1.path }
    }

    /// Runs `targets add` under GNU time: the result, and the CPU seconds and peak
    /// memory (KB) it took.
    static func timedAdd(_ cli: CLI, _ file: URL) throws -> (result: ProcessResult, cpu: Double, kilobytes: Int) {
        let report = cli.folder.file("time-\(UUID().uuidString).txt")
        let result = try StressPunchProcess.run(["--data-dir", cli.dataDirectory, "targets", "add", "--name", "Hostile", "--image", file.path],
                                                environment: [:], wrapper: ["/usr/bin/time", "-o", report.path, "-f", "%U %S %M"])
        // The last line: GNU time writes "Command exited with non-zero status 1" before it.
        let lastLine = (try String(contentsOf: report, encoding: .utf8)).split(separator: "\n").last ?? ""
        let numbers = lastLine.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        return (result, (numbers.first ?? 99) + (numbers.dropFirst().first ?? 99), Int(numbers.last ?? 999_999))
    }

    /// The peak memory (KB) of the same build opening the library and listing it: what
    /// any command costs before it looks at a file (about 47 MB; more under
    /// AddressSanitizer's shadow memory, and with each library the binary links).
    static func baselineKilobytes(_ cli: CLI) throws -> Int {
        let report = cli.folder.file("time-baseline.txt")
        _ = try StressPunchProcess.run(["--data-dir", cli.dataDirectory, "targets", "list"],
                                       environment: [:], wrapper: ["/usr/bin/time", "-o", report.path, "-f", "%M"])
        let lastLine = (try String(contentsOf: report, encoding: .utf8)).split(separator: "\n").last ?? ""
        return Int(lastLine.trimmingCharacters(in: .whitespaces)) ?? 0
    }

    @Test("every hostile file is refused by the CLI in one line, in well under a second of CPU and 20 MB beyond opening the library, leaving nothing behind")
    func cliRefusesHostileFiles() throws {
        let cli = CLI()
        let before = try cli.list()
        let baseline = try Self.baselineKilobytes(cli)
        #expect(baseline > 10 * 1024, "the baseline was not measured: \(baseline) KB")
        let hostile = try Self.files("refuse-")
        #expect(hostile.count >= 15)
        for file in hostile {
            let (result, cpu, kilobytes) = try Self.timedAdd(cli, file)
            let name = file.lastPathComponent
            #expect(result.status == 1, "\(name): \(result.standardOutput)")
            #expect(result.standardError.hasPrefix("stresspunch: ") && result.standardError.split(separator: "\n").count == 1,
                    "\(name): \(result.standardError)")
            #expect(cpu < 1, "\(name) took \(cpu) s of CPU")
            // A decoder that believed a header's size would take hundreds of MB.
            #expect(kilobytes < baseline + 20 * 1024, "\(name) took \(kilobytes) KB, opening the library \(baseline) KB")
        }
        #expect(try cli.list() == before)
        #expect(cli.pictureFiles.isEmpty)
    }

    @Test("every odd but valid file is accepted or refused with a reason, and what is accepted has its picture")
    func cliTakesOddValidFiles() throws {
        let cli = CLI()
        for file in try Self.files("valid-") {
            let (result, _, _) = try Self.timedAdd(cli, file)
            let name = file.lastPathComponent
            #expect(result.status == 0 || (result.status == 1 && result.standardError.split(separator: "\n").count == 1),
                    "\(name): \(result.status) \(result.standardError)")
        }
        let added = try cli.list().filter { !$0.builtin }
        #expect(added.count >= 7, "\(added.count) of the valid files were accepted")
        for target in added { #expect(FileManager.default.fileExists(atPath: target.image)) }
        #expect(cli.pictureFiles.count == added.count)
    }

    @Test("every odd but valid file Pillow and ImageMagick open is added by the CLI, stood upright where its text says")
    func cliAddsWhatReferenceDecodersOpen() throws {
        let cli = CLI()
        let files = try Self.files("accept-")
        #expect(files.count >= 12)
        for file in files {
            let name = file.lastPathComponent
            let result = try cli.run("targets", "add", "--name", name, "--image", file.path)
            #expect(result.status == 0, "\(name): \(result.standardError)")
        }
        let added = try cli.list().filter { !$0.builtin }
        #expect(added.count == files.count)
        for target in added where target.name.contains("-orientation-6") {
            // 40x20 in the file, turned a quarter: 20x40 stored.
            let size = try ToolProcess.run("/usr/bin/identify", ["-format", "%w %h", target.image])
            #expect(size.standardOutput == "20 40", "\(target.name) is stored \(size.standardOutput)")
        }
    }

    @Test("dropped on the window, and shown in the picker, hostile files are refused without a hang, a crash or a row")
    func dropAndPicker() throws {
        let run = HeadlessRun()
        let before = try run.cli.list().count
        var lines: [String] = []
        var time = 0.1
        for file in try Self.files("refuse-") {
            lines.append(String(format: "%.2f drop \"%@\"", time, file.path))
            lines.append(String(format: "%.2f key Return", time + 0.05))
            time += 0.1
        }
        // Then the picker over the same folder: every tile tries its thumbnail.
        lines.append(String(format: "%.2f key Escape", time))
        lines.append(String(format: "%.2f key Escape", time + 0.05))
        lines.append(String(format: "%.2f key Ctrl+N", time + 0.1))
        lines.append(String(format: "%.2f click \"Choose picture…\"", time + 0.2))
        lines.append(String(format: "%.2f screenshot $DIR/picker.png", time + 1.0))
        lines.append(String(format: "%.2f wheel 0 -10", time + 1.1))
        lines.append(String(format: "%.2f quit", time + 1.5))
        let home = try #require(Self.corpus).deletingLastPathComponent()
        let started = Date()
        let result = try run.run(lines.joined(separator: "\n"), environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/.config"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(Date().timeIntervalSince(started) < 60)
        #expect(try run.cli.list().count == before)
        #expect(run.cli.pictureFiles.isEmpty)
        #expect(FileManager.default.fileExists(atPath: run.folder.file("picker.png").path))
    }
}
