import Foundation
import TestSupport
import Testing

/// Refusals that must say in a few words what happened and what to type next.
@Suite("Command-line refusals in one short line, end to end")
struct CommandLineRefusalTests {
    @Test("a command without its subcommand names the subcommands in one short line", arguments: [
        ("targets", ["list", "add", "edit", "delete", "favorite", "select", "wash", "restore-defaults"]),
        ("library", ["export", "import", "restore-backup"]),
        ("settings", ["list", "get", "set"]),
        ("kiosk", ["set-pin", "set-idle", "set-default", "reset-lockout"]),
    ])
    func bareCommandNamesItsSubcommands(command: String, subcommands: [String]) throws {
        let result = try CLI().run(command)
        CommandLineWordingTests.expectOneLine(result, status: 2)
        let line = result.standardError.trimmingCharacters(in: .newlines)
        #expect(line.contains("\(command) needs a subcommand: " + subcommands.joined(separator: ", ")), "\(line)")
        #expect(line.hasSuffix("(see stresspunch --help)"), "\(line)")
        #expect(line.count <= 140, "\(line.count) characters: \(line)")
    }

    @Test("targets add --favorite with four favorites says nothing was added, and how to add it")
    func addAsFifthFavoriteSaysNothingWasAdded() throws {
        let cli = CLI()
        let before = try cli.list()
        #expect(before.filter(\.favorite).count == 4)
        let picture = try cli.file("p.png", TestPNG.solid(width: 8, height: 8, rgba: (1, 2, 3, 255)))
        let result = try cli.run("targets", "add", "--name", "Fifth", "--image", picture, "--favorite")
        CommandLineWordingTests.expectOneLine(result, status: 1)
        #expect(result.standardError.contains("nothing was added"), "\(result.standardError)")
        #expect(result.standardError.contains("without --favorite") && result.standardError.contains("targets favorite ID off"),
                "\(result.standardError)")
        #expect(try cli.list() == before)
        #expect(cli.pictureFiles.isEmpty, "a refused add left a picture behind: \(cli.pictureFiles)")
    }
}
