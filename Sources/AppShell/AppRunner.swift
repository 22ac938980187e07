// AppShell owns the wiring of a running app: the platform objects (window, input,
// audio, fonts, assets) joined to the session through its frame contract, the
// real-time run loop paced to the display, recording a user's input, and the
// headless script format and runner. The command line and the benchmark both start
// apps through it. It holds no rules of its own.
//
// AppRunner owns the interactive app's real-time loop: frames at the display's pace
// while something moves, sleeping until input or the next wake-up at rest.

import Foundation
import LaunchOptions
import Locking
import Platform
import StressPunchApp

/// The interactive app: a window, real time, paced to the display's refresh rate
/// (frames are presented through the window surface, which has no vsync of its own).
public struct AppRunner {
    let options: AppOptions
    /// This library's lock, held for the whole process; the window's id goes into it.
    let instanceLock: InstanceLock?
    /// Set (to anything), the app prints `first-present-ms T` once its first frame is
    /// presented, T being CLOCK_MONOTONIC in milliseconds (the same clock in every
    /// process, so a parent that started it can subtract), and quits as if asked.
    public static let firstPresentVariable = "STRESSPUNCH_REPORT_FIRST_PRESENT"

    public init(options: AppOptions, instanceLock: InstanceLock? = nil) {
        self.options = options
        self.instanceLock = instanceLock
    }

    public func run() throws {
        let app = try RunningApp(options: options, headless: false)
        instanceLock?.record(window: app.window.x11WindowID)
        // The lock stays at its path while the app runs; what cannot be put right is
        // said on the terminal and on screen.
        let notices = app.outsideNotices
        instanceLock?.keepInPlace(dataDirectory: options.dataDirectory) { line in
            FileHandle.standardError.write(Data("stresspunch: \(line)\n".utf8))
            // Written for the terminal ("the library's lock file …"): a sentence on screen.
            let sentence = line.prefix(1).uppercased() + line.dropFirst() + "."
            notices.withLock { $0.append(FrameInput.Notice(sentence, isError: true, duration: 10)) }
            SDLInput.wakeLoop()
        }
        if let file = options.record {
            app.inputRecorder = try InputRecorder(url: file, width: app.canvas.width, height: app.canvas.height,
                                                  pixelScale: app.window.pixelScale, seed: app.randomSeed)
        }
        let start = Self.runLoop(app)
        app.inputRecorder?.finish(at: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        // Quitting with punches that could not be saved is not a clean exit.
        if let problem = app.shutdown() { throw RunError(problem) }
    }

    /// The real-time loop: frames at the display's pace while something moves; at
    /// rest, sleeps until input arrives or the session's next wake-up, however far
    /// off (nothing at all may be due: then only input wakes it). Runs until the app
    /// stops or the uptime `deadline` (nanoseconds; the bench's clock) passes, which
    /// a rest never sleeps past. Returns when it started (uptime nanoseconds).
    @discardableResult
    public static func runLoop(_ app: RunningApp, until deadline: UInt64? = nil) -> UInt64 {
        var frameBudget = 1.0 / Double(app.window.refreshRate)
        var last = DispatchTime.now().uptimeNanoseconds
        let start = last
        var running = true
        // The bench's startup_10k: say when the first frame was presented, and stop.
        let reportsFirstPresent = ProcessInfo.processInfo.environment[Self.firstPresentVariable] != nil
        let service = app.service
        while running && deadline.map({ DispatchTime.now().uptimeNanoseconds < $0 }) ?? true {
            let now = DispatchTime.now().uptimeNanoseconds
            let elapsed = Double(now - last) / 1e9
            last = now
            running = app.frame(frameTime: elapsed, time: Double(now - start) / 1e9)
            let clock = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if app.framesPresented > 0 { service.ready() }
            service.tick(now: clock)
            if reportsFirstPresent && app.framesPresented > 0 {
                var clock = timespec()
                clock_gettime(CLOCK_MONOTONIC, &clock)
                print("first-present-ms " + String(Double(clock.tv_sec) * 1000 + Double(clock.tv_nsec) / 1e6))
                fflush(nil)  // all streams: the line reaches a pipe now, not at exit
                running = false
            }
            let spent = Double(DispatchTime.now().uptimeNanoseconds - now) / 1e9
            // A watchdog ping is due even at rest.
            var nextWakeUp = app.nextWakeUp
            if let ping = service.secondsUntilPing(now: clock) { nextWakeUp = min(nextWakeUp, ping) }
            if app.window.isMinimized {
                // Nothing is drawn while minimized; wake for input, or for the session's
                // clocks at most four times a second.
                let sleep = max(nextWakeUp, 0.25)
                SDLInput.waitForEvent(milliseconds: sleep.isFinite ? Int(min(sleep * 1000, 3_600_000)) : nil)
                frameBudget = 1.0 / Double(app.window.refreshRate)
            } else if nextWakeUp > frameBudget {
                // Only clocks or a slow loop run: sleep until input arrives or the
                // session's next wake-up (a kiosk's attract loop: 30 frames a second),
                // or with nothing due, until input.
                var sleep = nextWakeUp - spent
                if let deadline { sleep = min(sleep, Double(deadline &- min(deadline, DispatchTime.now().uptimeNanoseconds)) / 1e9) }
                SDLInput.waitForEvent(milliseconds: sleep.isFinite ? Int(max(1, min(sleep * 1000, 3_600_000))) : nil)
            } else if spent < frameBudget {
                usleep(UInt32((frameBudget - spent) * 1e6))
            }
        }
        return start
    }
}
