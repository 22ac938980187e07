import Foundation
import TestSupport
import Testing

/// What a recording writes so its replay is exact: the session's random seed, and each
/// frame it ran with its time and the time since the frame before.
@Suite("Exact replay: recorded frames and the recorded seed")
struct ReplayTests {
    let sound = ["SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": "/dev/null"]

    func soundsPlayed(_ result: ProcessResult) -> String? {
        result.standardOutput.split(separator: "\n").first { $0.hasPrefix("headless: sounds played:") }.map(String.init)
    }

    @Test("a seed line makes the replay choose as the recorded session did (here, which punch sound)")
    func seedIsTaken() throws {
        let punch = "0.50 click 640 380\n0.60 quit\n"
        let plain = try HeadlessRun().run(punch, environment: sound)
        let seeded = try HeadlessRun().run("0 seed 2\n" + punch, environment: sound)
        let again = try HeadlessRun().run("0 seed 2\n" + punch, environment: sound)
        #expect(plain.status == 0 && seeded.status == 0, "\(plain.standardError) \(seeded.standardError)")
        #expect(HeadlessRun.punchesLanded(seeded) == 1)
        #expect(soundsPlayed(seeded) == soundsPlayed(again))
        #expect(soundsPlayed(seeded) != soundsPlayed(plain), "seed 2 chose as the default seed does: \(soundsPlayed(seeded) ?? "")")
    }

    @Test("frame lines are the frames run, with their times and the input written above each; 60 a second after the last")
    func recordedFramesAreRun() throws {
        let run = HeadlessRun()
        let script = """
            0 frame 0
            0.011 frame 0.011
            0.05 click 640 380
            0.05 frame 0.039
            0.057 frame 0.007
            0.081 frame 0.024
            0.12 screenshot $DIR/shot.png
            0.12 frame 0.039
            0.2 quit
            """
        let result = try run.run(script)
        #expect(result.status == 0, "\(result.standardError)")
        // Six recorded frames, then 0.137, 0.153, 0.170, 0.187 and 0.203 s.
        #expect(result.standardOutput.contains("headless: 11 frames, 0.20 s simulated, 1 punches landed"), "\(result.standardOutput)")
        #expect(FileManager.default.fileExists(atPath: run.folder.file("shot.png").path))
        let again = try HeadlessRun().run(script.replacingOccurrences(of: "$DIR", with: run.folder.url.path + "/again"))
        #expect(again.status == 0)
        let first = try Data(contentsOf: run.folder.file("shot.png"))
        let second = try Data(contentsOf: run.folder.url.appendingPathComponent("again/shot.png"))
        #expect(first == second, "the same recorded frames drew another picture")
    }

    @Test("a seed after time 0, or a frame without its elapsed time, stops the run naming its line", arguments: [
        ("0.5 seed 3\n1 quit\n", "line 1", "time 0"),
        ("0 frame\n1 quit\n", "line 1", "seconds since the frame before"),
        ("0 seed -1\n1 quit\n", "line 1", "whole number"),
    ])
    func malformedReplayLines(script: String, line: String, words: String) throws {
        let result = try HeadlessRun().run(script)
        #expect(result.status != 0)
        #expect(result.standardError.contains(line) && result.standardError.contains(words), "\(result.standardError)")
    }

    /// A punch at `x` 0.15 s on, as a screenshot: written as a recording (a frame
    /// line makes it one) or as a hand-written script.
    func punchShot(x: String, recorded: Bool) throws -> (picture: Data, output: String) {
        let run = HeadlessRun()
        let script = (recorded ? "0 frame 0\n" : "") + """
            0.5 move \(x) 380
            0.5 down \(x) 380
            0.55 up \(x) 380
            0.65 screenshot $DIR/shot.png
            0.7 quit
            """
        let result = try run.run(script)
        #expect(result.status == 0, "\(result.standardError)")
        return (try Data(contentsOf: run.folder.file("shot.png")), result.standardOutput)
    }

    @Test("a recording's input goes straight into the session's frames, a hand-written script's through SDL's event queue")
    func recordingsBypassSDL() throws {
        let recorded = try punchShot(x: "640", recorded: true)
        #expect(recorded.output.contains("headless: input fed straight to the session's frames (a recording): 3 events, 0 through SDL"),
                "\(recorded.output)")
        #expect(recorded.output.contains("1 punches landed"))
        let written = try punchShot(x: "640", recorded: false)
        #expect(written.output.contains("headless: input through SDL's event queue: 3 script lines"), "\(written.output)")
        #expect(written.output.contains("1 punches landed"))
    }

    @Test("a recorded position between pixels reaches the session as written; SDL's whole-pixel events round it (the control)")
    func positionsBetweenPixels() throws {
        let whole = try punchShot(x: "640", recorded: true), between = try punchShot(x: "640.4", recorded: true)
        #expect(whole.picture != between.picture, "the punch 0.4 px to the right drew the same picture: the position was rounded")
        let wholeSDL = try punchShot(x: "640", recorded: false), betweenSDL = try punchShot(x: "640.4", recorded: false)
        #expect(wholeSDL.picture == betweenSDL.picture, "through SDL a position is whole pixels")
        #expect(whole.picture == wholeSDL.picture, "straight and through SDL, the same whole-pixel punch drew another picture")
    }
}
