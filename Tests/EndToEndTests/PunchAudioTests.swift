import Foundation
import TestSupport
import Testing

@Suite("Punch sound through SDL's disk audio driver")
struct PunchAudioTests {
    /// Interleaved 16-bit stereo frames at 48 kHz, as the disk driver writes them.
    func frames(_ url: URL) throws -> [Int16] {
        let data = try Data(contentsOf: url)
        return data.withUnsafeBytes { raw in Array(raw.bindMemory(to: Int16.self)) }
    }

    @Test("a punch is heard within one audio buffer after its frame, and there is silence before it")
    func punchIsHeardPromptly() throws {
        let run = HeadlessRun()
        let capture = run.folder.file("audio.raw")
        let result = try run.run("""
            0.50 click 640 380
            0.90 quit
            """, environment: ["SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": capture.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(HeadlessRun.punchesLanded(result) == 1)

        let samples = try frames(capture)
        let punchFrame = Int(0.50 * 48_000)
        let bufferFrames = 256
        let firstSound = stride(from: 0, to: samples.count / 2, by: 1).first { index in
            abs(Int(samples[index * 2])) > 64 || abs(Int(samples[index * 2 + 1])) > 64
        }
        let heard = try #require(firstSound, "no sound at all in \(samples.count / 2) frames")
        #expect(heard >= punchFrame, "sound before the punch")
        // One buffer plus 2 ms.
        #expect(heard - punchFrame <= bufferFrames + 96, "heard \(heard - punchFrame) frames late")
        let loudest = samples[(heard * 2)..<min(samples.count, heard * 2 + 48_000)].map { abs(Int($0)) }.max() ?? 0
        #expect(loudest > 8_000)
    }

    @Test("a busy machine does not move a sound: four runs of one script under load capture the same samples")
    func sameSamplesOnABusyMachine() throws {
        // Under load the audio thread runs ahead while the device opens paused, and
        // SDL's disk driver wrote those silent buffers too (and free-running ones after
        // the end): a sound came a buffer or two late in one run of twelve, and half
        // the captures differed in length. Spinners and a lower priority make that
        // likely here; the capture must not see any of it.
        let spinners = try (0..<3).map { _ in
            let spinner = Process()
            // Below the rest of the suite (nice 9), above the app (nice 19): they crowd
            // the app ten to one, and barely touch the tests running beside this one.
            spinner.executableURL = URL(fileURLWithPath: "/usr/bin/nice")
            spinner.arguments = ["-n", "9", "/bin/sh", "-c", "while :; do :; done"]
            // Not the runner's pipes (swift test would wait for them to close), and
            // killed outright: the runner's ignored SIGTERM is inherited.
            spinner.standardOutput = FileHandle.nullDevice
            spinner.standardError = FileHandle.nullDevice
            try spinner.run()
            return spinner
        }
        defer {
            for spinner in spinners {
                kill(spinner.processIdentifier, SIGKILL)
                spinner.waitUntilExit()
            }
        }
        var captures: [Data] = []
        for _ in 0..<4 {
            let run = HeadlessRun()
            let capture = run.folder.file("audio.raw")
            let result = try run.run("0.50 click 640 380\n0.90 quit\n",
                                     environment: ["SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": capture.path],
                                     wrapper: ["/usr/bin/nice", "-n", "19"])
            #expect(result.status == 0, "\(result.standardError)")
            captures.append(try Data(contentsOf: capture))
        }
        // Whole buffers up to the last frame's end (0.90 s + 1/60 s), and no further.
        #expect((43_200...44_288).contains(captures[0].count / 4), "\(captures[0].count / 4) frames captured")
        #expect(captures.allSatisfy { $0 == captures[0] }, "captures of \(captures.map(\.count)) bytes differ")
    }

    @Test("--mute keeps the punch silent")
    func mutedIsSilent() throws {
        let run = HeadlessRun()
        let capture = run.folder.file("audio.raw")
        let result = try run.run("0.30 click 640 380\n0.60 quit\n",
                                 environment: ["SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": capture.path], extra: ["--mute"])
        #expect(result.status == 0)
        #expect(HeadlessRun.punchesLanded(result) == 1)
        #expect(try frames(capture).allSatisfy { abs(Int($0)) <= 64 })
    }
}

@Suite("Sound on a device with another rate and channel count")
struct DeviceFormatAudioTests {
    /// First and last audible frame of an interleaved 16-bit capture of `channels`.
    func audible(_ url: URL, channels: Int) throws -> (first: Int, last: Int)? {
        let data = try Data(contentsOf: url)
        let samples = data.withUnsafeBytes { raw in Array(raw.bindMemory(to: Int16.self)) }
        let frames = samples.count / channels
        let loud = { (frame: Int) in (0..<channels).contains { abs(Int(samples[frame * channels + $0])) > 64 } }
        guard let first = (0..<frames).first(where: loud), let last = (0..<frames).reversed().first(where: loud) else { return nil }
        return (first, last)
    }

    @Test("at 44.1 kHz and six channels a punch starts on time and lasts as long as at 48 kHz stereo (pitch and length follow the device)")
    func followsTheDevice() throws {
        let script = "0.50 click 640 380\n1.60 quit\n"
        var seconds: [Double] = []
        for (rate, channels) in [(48_000, 2), (44_100, 6)] {
            let run = HeadlessRun()
            let capture = run.folder.file("audio.raw")
            let result = try run.run(script, environment: [
                "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": capture.path,
                "SDL_AUDIO_FREQUENCY": String(rate), "SDL_AUDIO_CHANNELS": String(channels),
            ])
            #expect(result.status == 0, "\(result.standardError)")
            let span = try #require(try audible(capture, channels: channels), "silent at \(rate) Hz, \(channels) channels")
            let punchFrame = Int(0.50 * Double(rate))
            #expect(span.first >= punchFrame && span.first - punchFrame <= 256 + 96,
                    "at \(rate) Hz, \(channels) channels heard \(span.first - punchFrame) frames after the punch")
            seconds.append(Double(span.last - span.first) / Double(rate))
        }
        #expect(seconds[0] > 0.05)
        #expect(abs(seconds[1] - seconds[0]) / seconds[0] < 0.03, "the punch lasts \(seconds) s: the pitch did not follow the device")
    }
}
