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
