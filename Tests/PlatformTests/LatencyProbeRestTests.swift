import Foundation
import Platform
import TestSupport
import Testing

/// The bench's punch_to_audio_after_rest needs a latency probe that neither keeps
/// the device from resting nor loses the stream when it opens again.
@Suite("A latency probe and the audio device's rest")
struct LatencyProbeRestTests {
    /// A WAV of `seconds` of a loud square wave, 16-bit stereo at 48 kHz.
    static func beep(seconds: Double) -> Data {
        let frames = Int(48_000 * seconds)
        var data = Data()
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); append(UInt32(36 + frames * 4)); data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8)); append(UInt32(16)); append(UInt16(1)); append(UInt16(2))
        append(UInt32(48_000)); append(UInt32(48_000 * 4)); append(UInt16(4)); append(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); append(UInt32(frames * 4))
        for frame in 0..<frames {
            let sample: Int16 = (frame / 50) % 2 == 0 ? 12_000 : -12_000
            append(sample); append(sample)
        }
        return data
    }

    @Test("with a probe installed the device still closes at rest, and the probe hears the first sound after it opens again")
    func probeFollowsTheRest() throws {
        setenv("SDL_AUDIODRIVER", "dummy", 1)
        let folder = TemporaryDirectory("probe-rest")
        let url = folder.file("beep.wav")
        try Self.beep(seconds: 0.2).write(to: url)
        let audio = SDLAudio()
        defer { audio.close() }
        try #require(audio.isAvailable, "no dummy audio device: \(audio.unavailableReason ?? "")")
        #expect(audio.load("beep", from: url))
        let probe = try #require(audio.installLatencyProbe())

        // Nothing plays: after the rest the device closes, probe or not.
        Thread.sleep(forTimeInterval: SDLAudio.restSeconds + 0.3)
        audio.restIfIdle()
        #expect(audio.isResting, "the probe kept the device open")
        #expect(audio.rests == 1)

        // Input opens it again; the probe watches the new stream.
        audio.wake()
        #expect(audio.isAvailable && audio.wakes == 1)
        probe.arm()
        audio.play("beep")
        let deadline = Date().addingTimeInterval(2)
        while probe.heardTime == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        #expect(probe.heardTime != nil, "the probe heard nothing after the device opened again")
    }
}
