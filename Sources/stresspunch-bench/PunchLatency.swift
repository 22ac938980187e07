import AppShell
import Foundation
import LaunchOptions
import Platform

/// Punch latency through the real app, in-process, on SDL's offscreen video driver
/// and disk audio driver (which plays at real-time pace): a click is pushed into
/// SDL's queue, then the frame that handles it is drawn at 1920x1080 on all cores
/// and presented (punch_to_present), and the audio thread timestamps the first
/// audible sample that follows (punch_to_audio). Punches are 400 ms apart so each
/// sound has ended before the next is armed.
struct PunchLatency {
    let presentMilliseconds: Double
    let audioMilliseconds: Double
    /// The mixer's buffer, for the audio goal (one buffer + 2 ms).
    let bufferMilliseconds: Double

    static func measure(punches: Int) throws -> PunchLatency {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stresspunch-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        setenv("SDL_AUDIODRIVER", "disk", 1)
        setenv("SDL_DISKAUDIOFILE", folder.appendingPathComponent("audio.raw").path, 1)

        var options = AppOptions(dataDirectory: folder.appendingPathComponent("data"), size: WindowSize(width: 1920, height: 1080))
        options.mute = false
        let app = try RunningApp(options: options, headless: true, lockstepAudio: false)
        defer { app.shutdown() }
        guard let probe = app.audio.installLatencyProbe() else {
            throw AnchorError.sdl("no audio device for the latency bench")
        }
        let injector = SDLEventInjector()
        var time = 0.0
        func idle(_ frames: Int) {
            for _ in 0..<frames {
                _ = app.frame(frameTime: 1.0 / 60, time: time)
                time += 1.0 / 60
                usleep(16_000)
            }
        }
        idle(10)  // first frames: the picture decodes, caches warm up
        let target = app.session.controller.pictureRect.center
        var present: [Double] = [], audio: [Double] = []
        for _ in 0..<punches {
            idle(24)
            probe.arm()
            let pushed = AudioLatencyProbe.now()
            injector.mouseButton(x: Int(target.x), y: Int(target.y), pressed: true, windowID: app.window.id)
            injector.mouseButton(x: Int(target.x), y: Int(target.y), pressed: false, windowID: app.window.id)
            _ = app.frame(frameTime: 1.0 / 60, time: time)
            time += 1.0 / 60
            present.append(AudioLatencyProbe.now() - pushed)
            let deadline = pushed + 250
            while probe.heardTime == nil && AudioLatencyProbe.now() < deadline { usleep(200) }
            if let heard = probe.heardTime { audio.append(heard - pushed) }
        }
        guard !audio.isEmpty else { throw AnchorError.sdl("no punch was heard through the disk audio driver") }
        return PunchLatency(
            presentMilliseconds: median(present), audioMilliseconds: median(audio),
            bufferMilliseconds: app.audio.bufferDuration * 1000)
    }
}
