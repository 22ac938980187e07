import AppShell
import CSDL2
import Foundation
import LaunchOptions
import Locking
import Platform
import TargetStore

/// punch_to_present_x11 and punch_to_audio_after_rest: the interactive app in a real
/// X window, clicked through the X server.
///
/// The bench starts an X server of its own (Xvfb, 1920x1080) and runs the app in a
/// child process of itself: a real SDL window on it (the x11 driver), the real loop
/// (`AppRunner.runLoop`: at rest it sleeps in SDL until input), the real background
/// saves and picture decoding, sound through SDL's disk driver (which plays at real-
/// time pace). A second thread of the child, on a connection of its own to the X
/// server, moves the pointer and clicks with the XTest extension, as a mouse would.
///
/// punch_to_present_x11: the clock is read just before the button press is sent to
/// the server, and again when the app has presented (XShmPutImage and XSync returned)
/// the first frame in which that punch landed. Punches 1.5 s apart, so each finds the
/// loop asleep as a user's first punch does.
///
/// punch_to_sound_pulse: as punch_to_present_x11, but sound goes through a real
/// PulseAudio server of the bench's own (a null sink), and the figure is from the press
/// to the moment the punch's first sample reaches the sink's monitor (see PulseSink):
/// the app's buffer, the server's scheduling and its resampler all count, as for a
/// person at a desktop.
///
/// punch_to_audio_after_rest: the app is left alone for `restSeconds` (40 by
/// default; the audio device closes after 10 s without sound), then the pointer moves
/// toward the target for 200 ms, a motion event every 10 ms (its first one opens the
/// device again), then clicks; the figure is from the press to the first audible
/// sample of the punch's sound (the audio thread's timestamp: when its buffer was
/// handed to the device plus the sample's place in it).
enum X11Latency {
    static let childFlag = "--x11-latency-child"
    static let size = (width: 1920, height: 1080)
    /// The rest before each punch_to_audio_after_rest click, and how many: set
    /// `STRESSPUNCH_BENCH_REST_SECONDS` (and `_ROUNDS`) for a quick run.
    static let restSeconds = ProcessInfo.processInfo.environment["STRESSPUNCH_BENCH_REST_SECONDS"].flatMap(Double.init) ?? 40
    static let restRounds = ProcessInfo.processInfo.environment["STRESSPUNCH_BENCH_REST_ROUNDS"].flatMap(Int.init) ?? 3

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    struct Figures {
        var milliseconds: [Double]
        /// Times the audio device closed at rest and opened again in the child.
        var rests: Int
        var wakes: Int
    }

    // MARK: The parent

    static func measure(scenario: String, rounds: Int) throws -> Figures {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") else {
            throw Failure(description: "no Xvfb; install the xvfb package (.ci/install-deps --test)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stresspunch-x11-\(getpid())-\(scenario)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        try IdleBench.prepareLibrary(at: data, targets: 0, kiosk: false)

        // punch_to_sound_pulse plays through a real PulseAudio server; the others
        // through SDL's disk driver, which plays at real-time pace.
        let pulse = scenario == "punch_to_sound_pulse" ? try PulseSink(folder: folder.appendingPathComponent("pulse")) : nil
        defer { pulse?.stop() }
        let (server, display) = try startServer()
        defer {
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = [childFlag, scenario, data.path, String(rounds)]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["SDL_VIDEODRIVER"] = "x11"
        environment["SDL_AUDIODRIVER"] = "disk"
        environment["SDL_DISKAUDIOFILE"] = folder.appendingPathComponent("audio.raw").path
        if let pulse { environment.merge(pulse.clientEnvironment) { $1 } }
        child.environment = environment
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        try child.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        let words = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard child.terminationStatus == 0, words.count >= 3, let rests = Int(words[0]), let wakes = Int(words[1]) else {
            throw Failure(description: "the \(scenario) child failed (status \(child.terminationStatus)): "
                + String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let figures = words.dropFirst(2).compactMap { Double($0) }
        guard !figures.isEmpty else { throw Failure(description: "the \(scenario) child measured nothing") }
        return Figures(milliseconds: figures, rests: rests, wakes: wakes)
    }

    /// Xvfb on a display number it picks itself (-displayfd), once it accepts connections.
    static func startServer() throws -> (Process, String) {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        server.arguments = ["-displayfd", "1", "-screen", "0", "\(size.width)x\(size.height)x24", "-nolisten", "tcp"]
        let announced = Pipe()
        server.standardOutput = announced
        server.standardError = FileHandle.nullDevice
        try server.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = announced.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
            throw Failure(description: "Xvfb did not start (it said \"\(text)\")")
        }
        return (server, ":\(number)")
    }

    // MARK: The child

    /// What the driving thread and the main thread share.
    struct Shared {
        /// Punches landed, as of the last frame presented, and when it was presented.
        var landed = 0
        var presentedAt = 0.0
        var done = false
    }

    static func runChild(scenario: String, data: String, rounds: Int) -> Never {
        do {
            let options = AppOptions(dataDirectory: URL(fileURLWithPath: data), size: WindowSize(width: size.width, height: size.height))
            let app = try RunningApp(options: options, headless: false)
            guard let probe = app.audio.installLatencyProbe() else { throw Failure(description: "no audio device") }
            // What the sound server's sink renders, heard from its monitor.
            let monitor = scenario == "punch_to_sound_pulse" ? try SinkMonitor(environment: [:]) : nil
            let shared = Locked(Shared())
            app.presented = { [unowned app] in
                let landed = app.session.controller.punchesLanded
                let now = nowMilliseconds()
                shared.withLock { state in
                    if landed != state.landed {
                        state.landed = landed
                        state.presentedAt = now
                    }
                }
            }
            // Where the target is on the X screen (the window's corner plus the picture's centre).
            AppRunner.runLoop(app, until: DispatchTime.now().uptimeNanoseconds + 2_000_000_000)
            let corner = app.window.windowedPlacement
            let center = app.session.controller.pictureRect.center
            let target = (x: corner.x + Int(center.x), y: corner.y + Int(center.y))
            guard let pointer = XTestPointer() else { throw Failure(description: "no XTest extension on the X server") }
            let results = Locked<[Double]>([])
            let driver = Thread {
                defer {
                    shared.withLock { $0.done = true }
                    SDLEventInjector().quit()
                }
                if let monitor {
                    for round in 0..<rounds {
                        pointer.move(x: target.x + (round % 5 - 2) * 20, y: target.y + (round % 3 - 1) * 20)
                        usleep(1_500_000)
                        monitor.arm()
                        let pressed = nowMilliseconds()
                        pointer.click()
                        let deadline = pressed + 1000
                        while monitor.heardAt == nil && nowMilliseconds() < deadline { usleep(200) }
                        if let heard = monitor.heardAt { results.withLock { $0.append(heard - pressed) } }
                    }
                    monitor.stop()
                } else if scenario == "punch_to_present_x11" {
                    for round in 0..<rounds {
                        pointer.move(x: target.x + (round % 5 - 2) * 20, y: target.y + (round % 3 - 1) * 20)
                        usleep(1_500_000)
                        let before = shared.withLock { $0.landed }
                        let pressed = nowMilliseconds()
                        pointer.click()
                        let deadline = pressed + 1000
                        while nowMilliseconds() < deadline {
                            let state = shared.withLock { $0 }
                            if state.landed > before {
                                results.withLock { $0.append(state.presentedAt - pressed) }
                                break
                            }
                            usleep(100)
                        }
                    }
                } else {
                    for _ in 0..<rounds {
                        usleep(UInt32(restSeconds * 1_000_000))
                        // The pointer comes from the screen's corner to the target in 200 ms.
                        let start = nowMilliseconds()
                        for step in 0...20 {
                            let t = Double(step) / 20
                            pointer.move(x: Int(Double(target.x) * (0.7 + 0.3 * t)), y: Int(Double(target.y) * (0.7 + 0.3 * t)))
                            let next = start + Double(step + 1) * 10
                            let wait = next - nowMilliseconds()
                            if wait > 0 { usleep(UInt32(wait * 1000)) }
                        }
                        probe.arm()
                        let pressed = nowMilliseconds()
                        pointer.click()
                        let deadline = pressed + 1000
                        while probe.heardTime == nil && nowMilliseconds() < deadline { usleep(200) }
                        if let heard = probe.heardTime { results.withLock { $0.append(heard - pressed) } }
                    }
                }
            }
            driver.start()
            // The real loop until the driver is done (it sends a quit), with a bound.
            let bound = scenario != "punch_to_audio_after_rest" ? Double(rounds) * 2 + 10 : Double(rounds) * (restSeconds + 2) + 10
            AppRunner.runLoop(app, until: DispatchTime.now().uptimeNanoseconds + UInt64(bound * 1e9))
            while !shared.withLock({ $0.done }) { usleep(10_000) }
            let figures = results.withLock { $0 }
            print("\(app.audio.rests) \(app.audio.wakes) " + figures.map { String(format: "%.3f", $0) }.joined(separator: " "))
            fflush(nil)
            app.shutdown()
            exit(0)
        } catch {
            print("\(error)")
            fflush(nil)
            exit(1)
        }
    }
}

/// The XTest extension on a connection of its own, loaded at run time (libXtst is
/// there wherever xdotool is; no headers needed): fake pointer motion and clicks go
/// through the X server as a real mouse's do.
final class XTestPointer: @unchecked Sendable {
    // @unchecked: used by one thread (the driver) after init.
    private typealias OpenDisplay = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    private typealias Flush = @convention(c) (OpaquePointer?) -> Int32
    private typealias FakeMotion = @convention(c) (OpaquePointer?, Int32, Int32, Int32, UInt) -> Int32
    private typealias FakeButton = @convention(c) (OpaquePointer?, UInt32, Int32, UInt) -> Int32

    private let display: OpaquePointer
    private let flush: Flush
    private let fakeMotion: FakeMotion
    private let fakeButton: FakeButton

    init?() {
        guard let x11 = dlopen("libX11.so.6", RTLD_NOW), let xtst = dlopen("libXtst.so.6", RTLD_NOW),
              let open = dlsym(x11, "XOpenDisplay"), let flush = dlsym(x11, "XFlush"),
              let motion = dlsym(xtst, "XTestFakeMotionEvent"), let button = dlsym(xtst, "XTestFakeButtonEvent"),
              let display = unsafeBitCast(open, to: OpenDisplay.self)(nil)
        else { return nil }
        self.display = display
        self.flush = unsafeBitCast(flush, to: Flush.self)
        fakeMotion = unsafeBitCast(motion, to: FakeMotion.self)
        fakeButton = unsafeBitCast(button, to: FakeButton.self)
    }

    func move(x: Int, y: Int) {
        _ = fakeMotion(display, -1, Int32(x), Int32(y), 0)
        _ = flush(display)
    }

    /// Button 1 down and up, sent together.
    func click() {
        _ = fakeButton(display, 1, 1, 0)
        _ = fakeButton(display, 1, 0, 0)
        _ = flush(display)
    }
}
