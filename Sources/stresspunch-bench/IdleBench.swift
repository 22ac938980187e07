import AppShell
import Foundation
import Kiosk
import LaunchOptions
import Locking
import Platform
import StressCore
import StressPunchApp
import TargetStore

/// What the real app costs at rest, and a frame after a punch, on SDL's offscreen
/// video driver.
///
/// idle_cpu_main, idle_cpu_manage, attract_cpu: the interactive app (a real clock,
/// the real loop of `AppRunner`) in a child process of its own, so nothing of the
/// other benches runs beside it. It is brought to the screen named, left to settle,
/// then for 10 s of wall time the CPU time the whole process used (every thread,
/// getrusage) is measured: `ours_ms` is CPU milliseconds per wall second (10 is 1 %
/// of a core).
///
/// idle_wakeups_main, idle_wakeups_manage: the same two screens at rest, counting how
/// often the process's threads (every one: the loop, SDL's, the audio thread's)
/// gave up the CPU of their own accord in those 10 s (voluntary context switches, from
/// /proc/self/task): `ours_per_s` is wake-ups per second. The audio device closes after
/// 10 s without a sound, so the settle there is longer.
///
/// punch_frame_1080p: the app at 1920x1080 on a simulated clock; a punch, then the
/// mean time of a whole frame (input, UI, drawing on all cores, presenting) over the
/// 0.5 s after it, drawn only where it changed. Its anchor `full_frame` is the same
/// frames with every frame drawn whole, in rounds taking turns with ours.
enum IdleBench {
    static let childFlag = "--idle-child"
    static let scenarios = ["idle_cpu_main", "idle_cpu_manage", "attract_cpu", "idle_wakeups_main", "idle_wakeups_manage"]
    static let measuredSeconds = 10.0

    /// Runs `scenario` in a child process and returns its CPU ms per wall second.
    static func measure(_ scenario: String) throws -> Double {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stresspunch-idle-\(getpid())-\(scenario)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        try prepareLibrary(at: data, targets: scenario.hasSuffix("_manage") ? 1000 : 0, kiosk: scenario == "attract_cpu")
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = [childFlag, scenario, data.path]
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "offscreen"
        environment["SDL_AUDIODRIVER"] = "dummy"
        child.environment = environment
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        try child.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        guard child.terminationStatus == 0,
              let figure = Double(String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw AnchorError.sdl("the \(scenario) child failed (status \(child.terminationStatus))") }
        return figure
    }

    /// A library with `targets` more targets (each on a built-in picture), the first
    /// launch's hint already seen, and for a kiosk the shortest idle reset.
    static func prepareLibrary(at data: URL, targets: Int, kiosk: Bool) throws {
        let store = try TargetStore(dataDirectory: data)
        var settings: [StoredSetting: String] = [AppSession.firstHintKey: "shown"]
        if kiosk { settings[KioskPreferences.idleSecondsKey] = "10" }
        try store.setSettings(settings)
        guard targets > 0 else { return }
        let assets = ["alarm-clock", "printer", "inbox", "meeting", "loading-wheel", "coffee-pot", "wifi-router", "deadline"]
        try store.connection.write { db in
            for index in 0..<targets {
                try db.execute(
                    "INSERT INTO target (name, message, asset_name, sort_order, created_at) VALUES (?, ?, ?, ?, 0)",
                    [.text("Target \(index + 1)"), .text("Message number \(index + 1), punch it."),
                     .text(assets[index % assets.count]), .integer(Int64(100 + index))])
            }
        }
    }

    /// The child: the app on the screen `scenario` names, then the measurement,
    /// printed as one number. Exits.
    static func runChild(scenario: String, data: String) -> Never {
        do {
            var options = AppOptions(dataDirectory: URL(fileURLWithPath: data), size: WindowSize(width: 1280, height: 720))
            options.kiosk = scenario == "attract_cpu"
            let app = try RunningApp(options: options, headless: false)
            let injector = SDLEventInjector()
            if scenario.hasSuffix("_manage") {
                injector.key(named: "L", modifiers: [.control], pressed: true, windowID: app.window.id)
                injector.key(named: "L", modifiers: [.control], pressed: false, windowID: app.window.id)
            }
            // Settle: the screen opens, pictures decode, what fades in has faded in; a
            // kiosk goes idle and starts its attract loop.
            let wakeups = scenario.hasPrefix("idle_wakeups")
            let settleSeconds = options.kiosk ? 12.0 : wakeups ? SDLAudio.restSeconds + 2 : 3.0
            AppRunner.runLoop(app, until: DispatchTime.now().uptimeNanoseconds + UInt64(settleSeconds * 1e9))
            if options.kiosk && !app.session.isOnlyAttracting {
                FileHandle.standardError.write(Data("the kiosk did not start its attract loop\n".utf8))
                exit(1)
            }
            if wakeups {
                // Counted by a thread of the bench's own while the loop rests past the
                // window: the loop's wake at its deadline is the bench's, not the app's,
                // and the counting thread leaves itself out (its one sleep is ours too).
                let counted = Locked<(switches: Int, wall: Double)?>(nil)
                let counter = Thread {
                    // This thread's id: /proc/thread-self links to PID/task/TID.
                    let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"))
                        .flatMap { $0.split(separator: "/").last.flatMap { Int($0) } }
                    let before = voluntarySwitches(excluding: own)
                    let start = DispatchTime.now().uptimeNanoseconds
                    usleep(UInt32(measuredSeconds * 1e6))
                    let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                    let switches = voluntarySwitches(excluding: own) - before
                    counted.withLock { $0 = (switches, wall) }
                }
                counter.start()
                AppRunner.runLoop(app, until: DispatchTime.now().uptimeNanoseconds + UInt64((measuredSeconds + 1) * 1e9))
                guard let result = counted.withLock({ $0 }) else {
                    FileHandle.standardError.write(Data("the wake-up count did not finish\n".utf8))
                    exit(1)
                }
                print(String(format: "%.3f", Double(result.switches) / result.wall))
            } else {
                let before = cpuMilliseconds()
                let start = DispatchTime.now().uptimeNanoseconds
                AppRunner.runLoop(app, until: start + UInt64(measuredSeconds * 1e9))
                let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                print(String(format: "%.3f", (cpuMilliseconds() - before) / wall))
            }
            fflush(nil)
            app.shutdown()
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(1)
        }
    }

    /// Voluntary context switches of every thread of this process so far, but the
    /// thread `excluding` (a thread id).
    static func voluntarySwitches(excluding: Int? = nil) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.reduce(0) { total, task in
            if let excluding, Int(task) == excluding { return total }
            guard let status = try? String(contentsOfFile: "/proc/self/task/\(task)/status", encoding: .utf8) else { return total }
            let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
            return total + (line.flatMap { Int($0.split(separator: "\t").last ?? "") } ?? 0)
        }
    }

    /// User and system CPU time of the whole process so far, in milliseconds.
    static func cpuMilliseconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000
    }
}

/// punch_frame_1080p (see `IdleBench`).
enum PunchFrameBench {
    /// Medians over `rounds` of each side's mean frame time in the 0.5 s after a punch.
    static func measure(rounds: Int) throws -> (ours: Double, full: Double) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stresspunch-punchframe-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        setenv("SDL_AUDIODRIVER", "dummy", 1)
        let data = folder.appendingPathComponent("data")
        try IdleBench.prepareLibrary(at: data, targets: 0, kiosk: false)
        let app = try RunningApp(options: AppOptions(dataDirectory: data, size: WindowSize(width: 1920, height: 1080)), headless: true)
        defer { app.shutdown() }
        let injector = SDLEventInjector()
        var time = 0.0
        func frame() -> Double {
            let start = nowMilliseconds()
            _ = app.frame(frameTime: 1.0 / 60, time: time)
            time += 1.0 / 60
            return nowMilliseconds() - start
        }
        for _ in 0..<30 { _ = frame() }
        let center = app.session.controller.pictureRect.center
        var ours: [Double] = [], full: [Double] = []
        for round in 0..<(rounds * 2) {
            // Everything of the last punch has ended: a frame at rest to start from.
            for _ in 0..<60 { _ = frame() }
            app.fullRedraws = round % 2 == 1
            // A little off centre each time, so the marks spread as a user's would.
            let x = Int(center.x) + (round % 5 - 2) * 24, y = Int(center.y) + (round % 3 - 1) * 24
            injector.mouseButton(x: x, y: y, pressed: true, windowID: app.window.id)
            injector.mouseButton(x: x, y: y, pressed: false, windowID: app.window.id)
            var total = 0.0
            for _ in 0..<30 { total += frame() }
            if app.fullRedraws { full.append(total / 30) } else { ours.append(total / 30) }
            app.fullRedraws = false
        }
        return (median(ours), median(full))
    }
}

/// Runs and prints the benches of this file that the options ask for.
func runIdleBenches() {
    func line(_ name: String, _ milliseconds: Double, unit: String = "ours_ms", anchor: (String, Double)?, goal: String, met: Bool) {
        if options.json {
            var fields = ["\"bench\": \"\(name)\"", "\"\(unit)\": \(format(milliseconds))"]
            if let anchor {
                fields += ["\"anchor\": \"\(anchor.0)\"", "\"anchor_ms\": \(format(anchor.1))", "\"ratio\": \(format(milliseconds / anchor.1))"]
            }
            print("{" + fields.joined(separator: ", ") + "}")
        } else {
            print(pad(name, 26) + pad(format(milliseconds), 10) + pad(anchor?.0 ?? "-", 24) + pad(anchor.map { format($0.1) } ?? "-", 11)
                + pad(anchor.map { format(milliseconds / $0.1) } ?? "-", 8) + pad(goal, 16) + (met ? "yes" : "no"))
        }
        fflush(nil)
    }
    do {
        for scenario in IdleBench.scenarios where wanted(scenario) {
            let figure = try IdleBench.measure(scenario)
            if scenario.hasPrefix("idle_wakeups") {
                line(scenario, figure, unit: "ours_per_s", anchor: nil, goal: "<= 1 /s", met: figure <= 1)
            } else {
                let goal = scenario == "attract_cpu" ? 50.0 : 10.0
                line(scenario, figure, anchor: nil, goal: "<= \(Int(goal)) ms/s", met: figure <= goal)
            }
        }
        if wanted("punch_frame_1080p") {
            let result = try PunchFrameBench.measure(rounds: max(5, options.frames / 4))
            line("punch_frame_1080p", result.ours, anchor: ("full_frame", result.full), goal: "ratio <= 0.6",
                 met: result.ours / result.full <= 0.6)
        }
    } catch {
        FileHandle.standardError.write(Data("stresspunch-bench: \(error)\n".utf8))
        exit(1)
    }
}
