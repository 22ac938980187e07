import Foundation
import TestSupport
import Testing

/// One target as `targets list --json` prints it.
struct ListedTarget: Decodable, Equatable {
    let id: Int
    let name: String
    let message: String
    let favorite: Bool
    let selected: Bool
    let builtin: Bool
    let punches: Int
    let image: String
}

/// A data folder and the built executable, used as a user would from a shell.
struct CLI {
    let folder = TemporaryDirectory("cli")

    var dataDirectory: String { folder.url.appendingPathComponent("data").path }

    @discardableResult
    func run(_ arguments: String...) throws -> ProcessResult {
        try StressPunchProcess.run(["--data-dir", dataDirectory] + arguments)
    }

    func list() throws -> [ListedTarget] {
        let result = try run("targets", "list", "--json")
        #expect(result.status == 0, "list failed: \(result.standardError)")
        return try JSONDecoder().decode([ListedTarget].self, from: Data(result.standardOutput.utf8))
    }

    var pictureFiles: [String] { folder.fileNames(in: "data/images") }

    /// Writes a file into the test folder and returns its path.
    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = folder.file(name)
        try Data(bytes).write(to: url)
        return url.path
    }
}

@Suite("stresspunch targets, end to end")
struct TargetsCommandTests {
    @Test("a new data folder lists the eight built-ins as JSON with every contract field")
    func listsBuiltins() throws {
        let cli = CLI()
        let targets = try cli.list()
        #expect(targets.count == 8)
        #expect(targets.allSatisfy { $0.builtin && $0.punches == 0 && !$0.image.isEmpty && !$0.image.hasPrefix("/") })
        #expect(targets.filter(\.selected).map(\.id) == [targets[0].id])
        #expect(targets.filter(\.favorite).count == 4)
    }

    @Test("the human list is a table with a header and one line per target")
    func humanTable() throws {
        let result = try CLI().run("targets", "list")
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 9)
        #expect(lines[0].contains("NAME") && lines[0].contains("PUNCHES"))
        #expect(lines[1].contains("Monday Alarm"))
    }

    @Test("add, edit, favorite, select and delete work on a real database and picture files")
    func fullLifecycle() throws {
        let cli = CLI()
        let red = try cli.file("red.png", TestPNG.solid(width: 64, height: 48, rgba: (220, 30, 30, 255)))
        let blue = try cli.file("blue.png", TestPNG.solid(width: 32, height: 32, rgba: (30, 30, 220, 255)))

        let added = try cli.run("targets", "add", "--name", "Büro 🥊", "--message", "Too many meetings", "--image", red)
        #expect(added.status == 0, "\(added.standardError)")
        var mine = try #require(try cli.list().last)
        #expect(mine.name == "Büro 🥊" && mine.message == "Too many meetings" && !mine.builtin)
        #expect(mine.image.hasPrefix(cli.dataDirectory + "/images/"))
        #expect(FileManager.default.fileExists(atPath: mine.image))

        #expect(try cli.run("targets", "edit", String(mine.id), "--name", "Office", "--image", blue).status == 0)
        mine = try #require(try cli.list().last)
        #expect(mine.name == "Office" && mine.message == "Too many meetings")
        #expect(cli.pictureFiles == [URL(fileURLWithPath: mine.image).lastPathComponent])

        let firstFavorite = try #require(try cli.list().first { $0.favorite })
        #expect(try cli.run("targets", "favorite", String(firstFavorite.id), "off").status == 0)
        #expect(try cli.run("targets", "favorite", String(mine.id), "on").status == 0)
        #expect(try cli.run("targets", "select", String(mine.id)).status == 0)
        mine = try #require(try cli.list().last)
        #expect(mine.favorite && mine.selected)

        #expect(try cli.run("targets", "delete", String(mine.id)).status == 0)
        let after = try cli.list()
        #expect(!after.contains { $0.id == mine.id })
        #expect(after.filter(\.selected).count == 1)
        #expect(cli.pictureFiles.isEmpty)
    }

    @Test("a fifth favorite is refused with exit 1 and a reason")
    func fifthFavoriteRefused() throws {
        let cli = CLI()
        let other = try #require(try cli.list().first { !$0.favorite })
        let result = try cli.run("targets", "favorite", String(other.id), "on")
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("stresspunch: "))
        #expect(result.standardError.contains("4 favorites"))
        #expect(try cli.list().filter(\.favorite).count == 4)
    }

    @Test("restore-defaults brings back deleted built-ins and keeps the user's targets")
    func restoreDefaults() throws {
        let cli = CLI()
        let picture = try cli.file("p.png", TestPNG.solid(width: 8, height: 8, rgba: (1, 2, 3, 255)))
        #expect(try cli.run("targets", "add", "--name", "Mine", "--image", picture).status == 0)
        let before = try cli.list()
        #expect(try cli.run("targets", "delete", String(before[0].id)).status == 0)
        #expect(try cli.run("targets", "delete", String(before[3].id)).status == 0)
        let restored = try cli.run("targets", "restore-defaults")
        #expect(restored.status == 0)
        #expect(restored.standardOutput.contains("restored 2"))
        let after = try cli.list()
        #expect(after.map(\.name) == before.map(\.name))
        #expect(try cli.run("targets", "restore-defaults").standardOutput.contains("already"))
        #expect(try cli.list().count == 9)
    }

    @Test("selection is remembered between runs")
    func selectionRemembered() throws {
        let cli = CLI()
        let third = try cli.list()[2]
        #expect(try cli.run("targets", "select", String(third.id)).status == 0)
        #expect(try cli.list().first { $0.selected }?.id == third.id)
    }

    @Test("bad pictures are refused with a clear error and leave no row and no file", arguments: [
        ("notes.txt", "not a picture"),
        ("empty.png", "empty"),
        ("cut.png", "incomplete"),
        ("bomb.png", "100 megapixels"),
        ("garbage.png", "could not be decoded"),
    ])
    func badPicturesRefused(fileName: String, expectedWords: String) throws {
        let cli = CLI()
        let good = TestPNG.solid(width: 64, height: 64, rgba: (9, 9, 9, 255))
        let bytes: [UInt8] = switch fileName {
        case "notes.txt": Array("Remember to buy milk.\n".utf8)
        case "empty.png": []
        case "cut.png": Array(good.prefix(good.count / 2))
        case "garbage.png": good.enumerated().map { index, byte in (41..<(good.count - 20)).contains(index) ? byte ^ 0x5A : byte }
        default: TestPNG.claimingSize(width: 30_000, height: 30_000)
        }
        let path = try cli.file(fileName, bytes)
        let before = try cli.list()
        let result = try cli.run("targets", "add", "--name", "Bad", "--image", path)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("stresspunch: "))
        #expect(result.standardError.contains(expectedWords), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(try cli.list() == before)
        #expect(cli.pictureFiles.isEmpty)
    }

    // A bare `targets` names its subcommands instead (CommandLineRefusalTests).
    static let usageMistakes: [[String]] = [
        ["targets", "frobnicate"],
        ["targets", "add", "--name", "x"],
        ["targets", "delete", "abc"],
        ["targets", "favorite", "1", "maybe"],
        ["targets", "edit", "1"],
        ["targets", "list", "--yaml"],
        ["--size", "huge"],
        ["--bogus"],
    ]

    @Test("usage errors exit 2 with one line naming the usage", arguments: usageMistakes)
    func usageErrors(arguments: [String]) throws {
        let result = try StressPunchProcess.run(["--data-dir", CLI().dataDirectory] + arguments)
        #expect(result.status == 2, "\(arguments): \(result.standardError)")
        #expect(result.standardError.hasPrefix("stresspunch: "))
        #expect(result.standardError.contains("usage: stresspunch"))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    static let runtimeFailures: [[String]] = [
        ["targets", "delete", "999"],
        ["targets", "select", "999"],
        ["targets", "edit", "999", "--name", "Nobody"],
        ["targets", "add", "--name", "x", "--image", "/nonexistent/picture.png"],
    ]

    @Test("runtime errors exit 1 with one line that says what to do", arguments: runtimeFailures)
    func runtimeErrors(arguments: [String]) throws {
        let result = try StressPunchProcess.run(["--data-dir", CLI().dataDirectory] + arguments)
        #expect(result.status == 1, "\(arguments): \(result.standardError)")
        #expect(result.standardError.hasPrefix("stresspunch: "))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test("--help and --version print to standard output and exit 0")
    func helpAndVersion() throws {
        let help = try StressPunchProcess.run(["--help"])
        #expect(help.status == 0 && help.standardOutput.contains("stresspunch targets add"))
        let version = try StressPunchProcess.run(["--version"])
        #expect(version.status == 0 && version.standardOutput.hasPrefix("stresspunch "))
    }

    @Test("without --data-dir the library lives in $XDG_DATA_HOME/StressPunch")
    func xdgDataHome() throws {
        let folder = TemporaryDirectory("xdg")
        let result = try StressPunchProcess.run(["targets", "list"], environment: ["XDG_DATA_HOME": folder.url.path])
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("StressPunch/library.sqlite").path))
    }

    @Test("a data folder holding a damaged library is refused and left as it was")
    func damagedLibrary() throws {
        let cli = CLI()
        try FileManager.default.createDirectory(atPath: cli.dataDirectory, withIntermediateDirectories: true)
        let file = cli.dataDirectory + "/library.sqlite"
        try Data(repeating: 7, count: 2048).write(to: URL(fileURLWithPath: file))
        let result = try cli.run("targets", "list")
        #expect(result.status == 1)
        #expect(result.standardError.contains("Move it aside"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data(repeating: 7, count: 2048))
    }
}

@Suite("stresspunch kiosk set-pin, set-idle, set-default, end to end")
struct SetPINCommandTests {
    @Test("set-pin reads the PIN from standard input and stores only a hash of it")
    func readsStdin() throws {
        let cli = CLI()
        let result = try StressPunchProcess.run(["--data-dir", cli.dataDirectory, "kiosk", "set-pin"], standardInput: "4711\n")
        #expect(result.status == 0, "\(result.standardError)")
        let database = cli.dataDirectory + "/library.sqlite"
        let stored = try SQLiteShell.query(database, "SELECT value FROM app_setting WHERE key = 'kiosk.pin.hash'")
        #expect(stored.hasPrefix("$argon2id$"))
        #expect(!stored.contains("4711"))
        let raw = try Data(contentsOf: URL(fileURLWithPath: database))
        #expect(raw.range(of: Data("4711".utf8)) == nil)
    }

    @Test("a PIN on the command line is refused as a usage error, and bad PINs with a reason")
    func refusals() throws {
        let cli = CLI()
        let argument = try StressPunchProcess.run(["--data-dir", cli.dataDirectory, "kiosk", "set-pin", "1234"])
        #expect(argument.status == 2)
        #expect(argument.standardError.contains("standard input"))
        let short = try StressPunchProcess.run(["--data-dir", cli.dataDirectory, "kiosk", "set-pin"], standardInput: "12\n")
        #expect(short.status == 1)
        #expect(short.standardError.contains("4 to 12 digits"))
        let none = try StressPunchProcess.run(["--data-dir", cli.dataDirectory, "kiosk", "set-pin"], standardInput: "")
        #expect(none.status == 1)
    }

    @Test("kiosk set-idle and set-default save the kiosk's settings, refusing bad values with a reason")
    func kioskSettings() throws {
        let cli = CLI()
        let idle = try cli.run("kiosk", "set-idle", "90")
        #expect(idle.status == 0)
        #expect(idle.standardOutput.contains("90 s"))
        let database = cli.dataDirectory + "/library.sqlite"
        #expect(try SQLiteShell.query(database, "SELECT value FROM app_setting WHERE key = 'kiosk.idleSeconds'") == "90")
        let tooShort = try cli.run("kiosk", "set-idle", "5")
        #expect(tooShort.status == 2)
        #expect(tooShort.standardError.contains("10 to 3600"))

        let printer = try #require(try cli.list().first { $0.name == "The Printer" })
        let chosen = try cli.run("kiosk", "set-default", String(printer.id))
        #expect(chosen.status == 0)
        #expect(chosen.standardOutput.contains("The Printer"))
        #expect(try SQLiteShell.query(database, "SELECT value FROM app_setting WHERE key = 'kiosk.defaultTarget'") == String(printer.id))
        let unknown = try cli.run("kiosk", "set-default", "999")
        #expect(unknown.status == 1)
        #expect(unknown.standardError.contains("targets list"))
        #expect(try cli.run("kiosk", "unlock").status == 2)
    }

    @Test("kiosk options out of place are usage errors")
    func kioskOptionUsage() throws {
        let cli = CLI()
        let pictures = try cli.run("--kiosk-pictures", "/tmp")
        #expect(pictures.status == 2)
        #expect(pictures.standardError.contains("only works with --kiosk"))
        #expect(try cli.run("--display", "0").status == 2)
        #expect(try cli.run("--display").status == 2)
    }
}
