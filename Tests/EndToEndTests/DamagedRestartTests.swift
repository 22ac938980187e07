import Foundation
import TestSupport
import Testing

/// A JPEG with a damaged restart interval (hopper_bad_exif.jpg in Pillow's tests, and
/// what a bad copy of a camera's restart-marked file looks like) is a picture: libjpeg
/// leaves the damaged stretch behind at the next restart marker and decodes on. Only a
/// file that really ends early is refused as incomplete.
@Suite("A JPEG with a damaged restart interval")
struct DamagedRestartTests {
    /// Tests/Faults/restartjpeg.c, built with the system C compiler against libjpeg.
    static func makeDamagedJPEG(at path: String) throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Faults/restartjpeg.c")
        let tool = path + ".maker"
        let build = try ToolProcess.run("/usr/bin/cc", ["-O2", "-o", tool, source.path, "-ljpeg"])
        try #require(build.status == 0, "restartjpeg.c did not build: \(build.standardError)")
        let made = try ToolProcess.run(tool, [path])
        try #require(made.status == 0, "restartjpeg made no picture")
    }

    @Test("a JPEG whose restart interval lost bytes is added as a target; one cut short is still refused as incomplete")
    func damagedIntervalIsAPicture() throws {
        let cli = CLI()
        let damaged = cli.folder.file("restart.jpg").path
        try Self.makeDamagedJPEG(at: damaged)
        let added = try cli.run("targets", "add", "--name", "Restart", "--image", damaged)
        #expect(added.status == 0, "\(added.standardError)")
        let names = try cli.list().map(\.name)
        #expect(names.contains("Restart"))

        // The control: the same file cut in half ends early, and says so.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: damaged))
        let cut = cli.folder.file("cut.jpg")
        try bytes.prefix(bytes.count / 2).write(to: cut)
        let refused = try cli.run("targets", "add", "--name", "Cut", "--image", cut.path)
        #expect(refused.status == 1 && refused.standardError.contains("ends too early"), "\(refused.standardError)")
    }
}
