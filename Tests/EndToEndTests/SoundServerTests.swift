import Foundation
import TestSupport
import Testing

/// A PulseAudio server of our own: a null sink that suspends after a second without a
/// stream (module-suspend-on-idle), on a socket in a temporary folder.
final class SoundServer {
    let folder = TemporaryDirectory("pulse")
    private let server: pid_t
    var socket: String { folder.file("native").path }
    /// What a client of this server needs: its socket, and no server of its own.
    var clientEnvironment: [String: String] {
        ["PULSE_SERVER": "unix:\(socket)", "PULSE_CLIENTCONFIG": folder.file("client.conf").path, "HOME": folder.url.path,
         "PATH": "/usr/bin:/bin"]
    }

    init() throws {
        // Clients must never start a server of their own (pactl does when it finds
        // none yet, and that server would hold pactl's output open).
        try Data("autospawn = no\n".utf8).write(to: folder.file("client.conf"))
        let runtime = folder.file("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
        // Started and reaped without Foundation's Process, as `shell` explains; its
        // output goes nowhere (the shell's redirections), its input is empty.
        let arguments = [
            "--daemonize=no", "--exit-idle-time=-1", "-n", "--disable-shm=yes",
            "--load='module-null-sink sink_name=punches'",
            "--load='module-native-protocol-unix socket=\(folder.file("native").path) auth-anonymous=1'",
            "--load='module-suspend-on-idle timeout=1'",
        ]
        let command = "exec /usr/bin/pulseaudio \(arguments.joined(separator: " ")) > /dev/null 2>&1 < /dev/null"
        server = try spawnShell(command, environment: ["HOME": folder.url.path, "XDG_RUNTIME_DIR": runtime.path, "PATH": "/usr/bin:/bin"])
        for _ in 0..<100 where sinkState() == nil { usleep(50_000) }
    }

    deinit {
        kill(server, SIGKILL)
        var status: Int32 = 0
        while waitpid(server, &status, 0) < 0 && errno == EINTR {}
    }

    /// The null sink's state as `pactl` reports it (RUNNING, IDLE, SUSPENDED), nil
    /// while the server does not answer.
    func sinkState() -> String? {
        // Through a file, not a pipe, and with a time limit: a pipe pactl leaves to
        // something it started would never reach its end.
        let answer = folder.file("sinks.txt")
        let command = "timeout 5 pactl list sinks short > '\(answer.path)' 2>/dev/null < /dev/null"
        guard shell(command, environment: clientEnvironment) == 0,
              let text = try? String(contentsOf: answer, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.contains("punches") }
            .flatMap { $0.split(separator: "\t").last.map(String.init) }
    }

    /// Waits up to `timeout` seconds for the sink to be in `state`.
    func waitFor(_ state: String, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if sinkState() == state { return true }
            usleep(100_000)
        } while Date() < deadline
        return false
    }
}

/// Runs `/bin/sh -c command` with only `environment` and waits for it with waitpid,
/// returning its exit status (nil if it could not run or was killed). Not Foundation's
/// Process: run many times beside the app and a sound server, it once left the shell
/// a zombie it never reaped, and the test waited forever.
func shell(_ command: String, environment: [String: String]) -> Int32? {
    guard let pid = try? spawnShell(command, environment: environment) else { return nil }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
        if errno != EINTR { return nil }
    }
    // Exited normally: the exit code; killed by a signal: nil.
    return status & 0x7f == 0 ? (status >> 8) & 0xff : nil
}

/// Starts `/bin/sh -c command` with only `environment`; the caller reaps it.
func spawnShell(_ command: String, environment: [String: String]) throws -> pid_t {
    let words = ["/bin/sh", "-c", command], settings = environment.map { "\($0.key)=\($0.value)" }
    let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    let variables: [UnsafeMutablePointer<CChar>?] = settings.map { strdup($0) } + [nil]
    defer {
        arguments.forEach { free($0) }
        variables.forEach { free($0) }
    }
    var pid = pid_t()
    let result = posix_spawn(&pid, "/bin/sh", nil, nil, arguments, variables)
    guard result == 0 else { throw VirtualDisplayError(message: "cannot start /bin/sh: error \(result)") }
    return pid
}

/// Voluntary context switches of every thread of process `pid` so far.
func voluntarySwitches(of pid: Int32) -> Int {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.reduce(0) { total, task in
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8) else { return total }
        let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
        return total + (line.flatMap { Int($0.split(separator: "\t").last ?? "") } ?? 0)
    }
}

/// A real window (Xvfb) on a real sound server: run with the real-window tests.
@Suite("At rest on a real sound server", .serialized)
struct SoundServerTests {
    @Test("at rest the stream closes so the sink suspends, the app barely wakes, and moving the pointer opens it again")
    func sinkSuspendsAtRest() throws {
        let sound = try SoundServer()
        #expect(sound.sinkState() != nil, "the sound server did not start")
        let display = try VirtualDisplay()
        let cli = CLI()
        let app = try display.launch(["--data-dir", cli.dataDirectory, "--size", "1000x600"],
                                     environment: sound.clientEnvironment.merging(["SDL_AUDIODRIVER": "pulseaudio"]) { $1 })
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        #expect(sound.waitFor("RUNNING", timeout: 5), "the app never opened a stream")
        // Ten seconds without a sound close it; the server suspends the sink a second later.
        #expect(sound.waitFor("SUSPENDED", timeout: 20), "the sink never suspends while the app is open")
        // At rest the loop sleeps until input (gamepads wake it through GamepadWake, not
        // SDL's 3 s poll); what is left is libdispatch's once-a-second pool monitor,
        // which nothing turns off. Over 10 s that is 10 wake-ups, 11 at a window's edges;
        // the build before GamepadWake made 13–14.
        let before = voluntarySwitches(of: app.processIdentifier)
        usleep(10_000_000)
        let perSecond = Double(voluntarySwitches(of: app.processIdentifier) - before) / 10
        #expect(perSecond <= 1.15, "the app's threads wake \(perSecond) times a second at rest")
        // Someone moves the mouse: the stream is back before a punch can land.
        try display.tool("/usr/bin/xdotool", ["mousemove", "--window", windowID, "300", "300"])
        #expect(sound.waitFor("RUNNING", timeout: 2), "moving the pointer does not open the stream again")
        try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "ctrl+q"])
        for _ in 0..<200 where app.isRunning { usleep(50_000) }
        #expect(!app.isRunning && app.terminationStatus == 0)
    }
}

/// Runs of digital silence inside sounds, in interleaved 16-bit PCM: what a client's
/// underrun leaves in a sound server's output (the server plays nothing for the buffer
/// the client did not fill in time).
struct SilenceGaps {
    /// A run at least this long inside a sound is a gap (0.5 ms at 48 kHz).
    static let shortestGap = 24
    /// Silence this long ends a sound (50 ms at 48 kHz): punches are further apart.
    static let betweenSounds = 2_400

    var sounds = 0
    /// Where each gap starts (frames into the recording) and how many frames it lasts.
    var gaps: [(start: Int, frames: Int)] = []

    init(samples: [Int16], channels: Int) {
        let frames = samples.count / channels
        var soundStart: Int?, silentSince: Int?
        func silent(_ frame: Int) -> Bool { (0..<channels).allSatisfy { samples[frame * channels + $0] == 0 } }
        for frame in 0..<frames {
            if silent(frame) {
                if silentSince == nil { silentSince = frame }
                if let since = silentSince, soundStart != nil, frame - since >= Self.betweenSounds {
                    soundStart = nil
                }
            } else {
                if soundStart == nil {
                    soundStart = frame
                    sounds += 1
                } else if let since = silentSince, frame - since >= Self.shortestGap {
                    gaps.append((since, frame - since))
                }
                silentSince = nil
            }
        }
    }

    /// A raw s16le recording.
    static func read(_ path: String) throws -> [Int16] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return data.withUnsafeBytes { raw in (0..<(raw.count / 2)).map { Int16(littleEndian: raw.load(fromByteOffset: $0 * 2, as: Int16.self)) } }
    }
}

/// Punch sounds through a real PulseAudio server, recorded from its sink's monitor.
@Suite("Punch sounds on a real sound server", .serialized)
struct SoundServerDropoutTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Records the sink's monitor (48 kHz stereo) into `file` while `body` runs. Ended
    /// with SIGKILL: a child of a test thread may have SIGTERM blocked (what it wrote
    /// so far is in the file).
    static func recording(_ sound: SoundServer, into file: String, _ body: () throws -> Void) throws -> [Int16] {
        let parec = try spawnShell(
            "exec parec --latency-msec=10 -d punches.monitor --format=s16le --rate=48000 --channels=2 --raw > '\(file)' 2>/dev/null < /dev/null",
            environment: sound.clientEnvironment)
        usleep(500_000)
        defer {
            kill(parec, SIGKILL)
            var status: Int32 = 0
            while waitpid(parec, &status, 0) < 0 && errno == EINTR {}
        }
        try body()
        usleep(800_000)
        kill(parec, SIGKILL)
        var status: Int32 = 0
        while waitpid(parec, &status, 0) < 0 && errno == EINTR {}
        return try SilenceGaps.read(file)
    }

    @Test("six punches recorded from the sink's monitor hold no gap of silence inside a sound; paplay of the same sound, the control, holds none")
    func punchesHaveNoDropouts() throws {
        let sound = try SoundServer()
        #expect(sound.sinkState() != nil, "the sound server did not start")
        let display = try VirtualDisplay()
        let cli = CLI()
        let app = try display.launch(["--data-dir", cli.dataDirectory, "--size", "1024x640"],
                                     environment: sound.clientEnvironment.merging(["SDL_AUDIODRIVER": "pulseaudio"]) { $1 })
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        let geometry = try RealWindowTests.geometry(display, windowID)
        #expect(sound.waitFor("RUNNING", timeout: 5), "the app never opened a stream")
        usleep(1_000_000)
        let punches = try Self.recording(sound, into: cli.folder.file("punches.raw").path) {
            for index in 0..<6 {
                try display.tool("/usr/bin/xdotool", ["mousemove", String(geometry.x + 480 + index * 10), String(geometry.y + 300), "click", "1"])
                usleep(600_000)
            }
        }
        let heard = SilenceGaps(samples: punches, channels: 2)
        #expect(heard.sounds == 6, "the monitor heard \(heard.sounds) sounds for six punches")
        #expect(heard.gaps.isEmpty, "gaps inside punch sounds (start frame, frames at 48 kHz): \(heard.gaps)")
        #expect(try cli.list().map(\.punches).reduce(0, +) == 6)
        try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "ctrl+q"])
        for _ in 0..<100 where app.isRunning { usleep(50_000) }

        // The control: the same sound played by PulseAudio's own client.
        let file = Self.root.appendingPathComponent("Assets/Sounds/punch-1.wav").path
        let played = try Self.recording(sound, into: cli.folder.file("control.raw").path) {
            for _ in 0..<3 {
                _ = shell("timeout 10 paplay '\(file)' < /dev/null > /dev/null 2>&1", environment: sound.clientEnvironment)
                usleep(300_000)
            }
        }
        let control = SilenceGaps(samples: played, channels: 2)
        #expect(control.sounds == 3, "paplay played three times; the monitor heard \(control.sounds) sounds")
        #expect(control.gaps.isEmpty, "gaps inside paplay's sounds: \(control.gaps)")

        // The check can fail: two milliseconds of silence planted inside the control's
        // first sound are found, and only they.
        var planted = played
        if let onset = played.indices.first(where: { played[$0] != 0 }) {
            let start = (onset / 2 + 2_400) * 2
            for index in start..<min(planted.count, start + 96 * 2) { planted[index] = 0 }
        }
        let found = SilenceGaps(samples: planted, channels: 2)
        #expect(found.gaps.count == 1 && found.gaps.first?.frames ?? 0 >= 96, "the planted gap was not found: \(found.gaps)")
    }
}
