import Foundation
import TestSupport
import Testing

/// What the command line says and refuses, end to end: errors name what to type next,
/// tables line up in a terminal, stray arguments are refused, the PIN stays home.
@Suite("Command-line wording, parsing and the PIN in archives, end to end")
struct CommandLineWordingTests {
    static func expectOneLine(_ result: ProcessResult, status: Int32, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == status, "status \(result.status): \(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardError.hasPrefix("stresspunch: ") && result.standardError.split(separator: "\n").count == 1,
                "\(result.standardError)", sourceLocation: sourceLocation)
        for windowWords in ["Type one", "main screen", "SQLite error", "VACUUM", "NSCocoaErrorDomain", "(while running"] {
            #expect(!result.standardError.contains(windowWords), "\(result.standardError)", sourceLocation: sourceLocation)
        }
    }

    @Test("every CLI error says what to do on the command line: an empty name, a fifth favorite, an export to a missing folder")
    func errorsSpeakCommandLine() throws {
        let cli = CLI()
        let picture = try cli.file("p.png", TestPNG.solid(width: 8, height: 8, rgba: (1, 2, 3, 255)))
        let empty = try cli.run("targets", "add", "--name", "", "--image", picture)
        Self.expectOneLine(empty, status: 1)
        #expect(empty.standardError.contains("--name"), "\(empty.standardError)")

        let other = try #require(try cli.list().first { !$0.favorite })
        let fifth = try cli.run("targets", "favorite", String(other.id), "on")
        Self.expectOneLine(fifth, status: 1)
        #expect(fifth.standardError.contains("4 favorites") && fifth.standardError.contains("targets favorite ID off"), "\(fifth.standardError)")

        let missing = try cli.run("library", "export", cli.folder.file("no/such/folder/out.spar").path)
        Self.expectOneLine(missing, status: 1)
        #expect(missing.standardError.contains("no/such/folder") && missing.standardError.contains("mkdir"), "\(missing.standardError)")

        let unknown = try cli.run("targets", "delete", "9999")
        Self.expectOneLine(unknown, status: 1)
        #expect(unknown.standardError.contains("targets list"), "\(unknown.standardError)")
    }

    @Test("targets list pads by display width: CJK, emoji and combining names keep the message column straight")
    func listColumnsLineUp() throws {
        let cli = CLI()
        let picture = try cli.file("p.png", TestPNG.solid(width: 8, height: 8, rgba: (1, 2, 3, 255)))
        for name in ["東京タワー", "🥊 Boxing", "Cafe\u{301} noir", "Plain"] {
            #expect(try cli.run("targets", "add", "--name", name, "--message", "MSG", "--image", picture).status == 0)
        }
        let table = try cli.run("targets", "list")
        #expect(table.status == 0)
        let rows = table.standardOutput.split(separator: "\n").filter { $0.hasSuffix("MSG") }
        #expect(rows.count == 4)
        let columns = Set(rows.map { row in Self.displayColumn(of: "MSG", in: String(row)) })
        #expect(columns.count == 1, "the message column starts at columns \(columns):\n\(table.standardOutput)")
    }

    /// The terminal column where `marker` starts (CJK and emoji two columns, marks none).
    static func displayColumn(of marker: String, in line: String) -> Int {
        guard let range = line.range(of: marker, options: .backwards) else { return -1 }
        return line[..<range.lowerBound].reduce(0) { width, character in
            let scalar = character.unicodeScalars.first?.value ?? 0
            let wide = (0x3000...0x9FFF).contains(scalar) || (0x1F300...0x1FAFF).contains(scalar) || (0xFF00...0xFF60).contains(scalar)
            return width + (wide ? 2 : 1)
        }
    }

    @Test("--help and --version refuse anything after them with exit 2; targets usage lines name --data-dir")
    func strayArgumentsRefused() throws {
        for arguments in [["--help", "extra"], ["--version", "--bogus"], ["-h", "list"], ["targets", "list", "--version"]] {
            let result = try StressPunchProcess.run(arguments)
            Self.expectOneLine(result, status: 2)
            #expect(result.standardOutput.isEmpty, "\(arguments): \(result.standardOutput)")
        }
        #expect(try StressPunchProcess.run(["--help"]).status == 0)
        let usage = try StressPunchProcess.run(["targets", "frobnicate"])
        #expect(usage.status == 2 && usage.standardError.contains("targets list [--json] [--data-dir DIR]"), "\(usage.standardError)")
        let help = try StressPunchProcess.run(["--help"]).standardOutput
        for line in help.split(separator: "\n") where line.contains("stresspunch targets ") {
            #expect(line.contains("[--data-dir DIR]"), "\(line)")
        }
    }

    @Test("an export leaves the operator PIN's hash out unless --with-pin; importing it keeps the library's own PIN")
    func exportLeavesThePINOut() throws {
        let kiosk = CLI()
        #expect(try StressPunchProcess.run(["--data-dir", kiosk.dataDirectory, "kiosk", "set-pin"], standardInput: "246813\n").status == 0)
        let plain = kiosk.folder.file("plain.spar").path, withPIN = kiosk.folder.file("with-pin.spar").path
        #expect(try kiosk.run("library", "export", plain).status == 0)
        #expect(try kiosk.run("library", "export", withPIN, "--with-pin").status == 0)
        #expect(try SQLiteShell.query(plain, "SELECT count(*) FROM app_setting WHERE key LIKE 'kiosk.pin.%'") == "0")
        #expect(try SQLiteShell.query(withPIN, "SELECT count(*) FROM app_setting WHERE key = 'kiosk.pin.hash'") == "1")
        let hash = try SQLiteShell.query(kiosk.dataDirectory + "/library.sqlite", "SELECT value FROM app_setting WHERE key = 'kiosk.pin.hash'")
        let prefix = String(hash.prefix(24))
        #expect(!(try Data(contentsOf: URL(fileURLWithPath: plain))).contains(Data(prefix.utf8)), "the hash is still in the file's bytes")

        // A fleet kiosk with a PIN of its own keeps it through an import --replace of the plain archive.
        let fleet = CLI()
        #expect(try StressPunchProcess.run(["--data-dir", fleet.dataDirectory, "kiosk", "set-pin"], standardInput: "97531864\n").status == 0)
        let own = try SQLiteShell.query(fleet.dataDirectory + "/library.sqlite", "SELECT value FROM app_setting WHERE key = 'kiosk.pin.hash'")
        #expect(try fleet.run("library", "import", plain, "--replace").status == 0)
        #expect(try SQLiteShell.query(fleet.dataDirectory + "/library.sqlite", "SELECT value FROM app_setting WHERE key = 'kiosk.pin.hash'") == own)
    }

    @Test("set-pin suggests six or more digits, still takes four, and hashes at about half a second's cost")
    func pinStrength() throws {
        let cli = CLI()
        let short = try StressPunchProcess.run(["--data-dir", cli.dataDirectory, "kiosk", "set-pin"], standardInput: "4321\n")
        #expect(short.status == 0, "\(short.standardError)")
        #expect(short.standardError.contains("6 or more digits"), "\(short.standardError)")
        let long = try StressPunchProcess.run(["--data-dir", cli.dataDirectory, "kiosk", "set-pin"], standardInput: "43218765\n")
        #expect(long.status == 0 && long.standardError.isEmpty, "\(long.standardError)")
        let help = try StressPunchProcess.run(["--help"]).standardOutput
        #expect(help.contains("6 to 12 digits"))
        let hash = try SQLiteShell.query(cli.dataDirectory + "/library.sqlite", "SELECT value FROM app_setting WHERE key = 'kiosk.pin.hash'")
        // $argon2id$v=19$m=131072,t=4,p=1$...: 128 MiB, 4 passes (the old 64 MiB, 2 passes took 0.13 s).
        let parameters = try #require(hash.split(separator: "$").first { $0.hasPrefix("m=") })
        let values = Dictionary(uniqueKeysWithValues: parameters.split(separator: ",").compactMap { pair -> (String, Int)? in
            let parts = pair.split(separator: "=")
            return parts.count == 2 ? (String(parts[0]), Int(parts[1]) ?? 0) : nil
        })
        #expect((values["m"] ?? 0) * (values["t"] ?? 0) >= 131_072 * 4, "\(hash.prefix(40))")
    }

    @Test("a data folder that cannot be made is refused in plain words, never Foundation's NSCocoaErrorDomain text")
    func noFoundationText() throws {
        let cli = CLI()
        let file = try cli.file("plain-file", Array("x".utf8))
        let result = try StressPunchProcess.run(["--data-dir", file + "/data", "targets", "list"])
        Self.expectOneLine(result, status: 1)
        #expect(result.standardError.contains("--data-dir") && result.standardError.contains("not a directory"), "\(result.standardError)")
    }

    @Test("targets add --image DIR prints file names with control characters escaped: a name cannot forge a line")
    func folderNamesEscaped() throws {
        let cli = CLI()
        let folder = cli.folder.file("pictures")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(TestPNG.solid(width: 8, height: 8, rgba: (1, 2, 3, 255))).write(to: folder.appendingPathComponent("good.png"))
        try Data("not a picture".utf8).write(to: folder.appendingPathComponent("bad\nstresspunch: forged line.png"))
        let result = try cli.run("targets", "add", "--image", folder.path)
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("bad\\nstresspunch: forged line.png"), "\(result.standardError)")
    }
}
