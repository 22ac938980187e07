import Foundation
import Locking

/// punch_to_sound_pulse's sound server: PulseAudio of the bench's own, a null sink
/// called `punches` on a socket in a folder of its own, so the app plays through a real
/// server (its client library, its scheduling, its resampler) and the bench hears what
/// the sink renders from the sink's monitor.
final class PulseSink {
    let folder: URL
    private let server: pid_t
    var socket: String { folder.appendingPathComponent("native").path }

    /// What a client of this server needs (and no server of its own).
    var clientEnvironment: [String: String] {
        ["PULSE_SERVER": "unix:\(socket)", "PULSE_CLIENTCONFIG": folder.appendingPathComponent("client.conf").path,
         "SDL_AUDIODRIVER": "pulseaudio"]
    }

    init(folder: URL) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pulseaudio"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/parec") else {
            throw X11Latency.Failure(description: "no PulseAudio; install the pulseaudio and pulseaudio-utils packages (.ci/install-deps --test)")
        }
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("autospawn = no\n".utf8).write(to: folder.appendingPathComponent("client.conf"))
        let runtime = folder.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
        // Spawned and reaped without Foundation's Process: its child watcher blocked
        // in wait4 on this server when another child of the bench exited.
        server = try spawn("/usr/bin/pulseaudio", [
            "--daemonize=no", "--exit-idle-time=-1", "-n", "--disable-shm=yes",
            "--load=module-null-sink sink_name=punches",
            "--load=module-native-protocol-unix socket=\(folder.appendingPathComponent("native").path) auth-anonymous=1",
        ], environment: ["HOME": folder.path, "XDG_RUNTIME_DIR": runtime.path, "PATH": "/usr/bin:/bin"])
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: socket) { usleep(50_000) }
        guard FileManager.default.fileExists(atPath: socket) else {
            stop()
            throw X11Latency.Failure(description: "PulseAudio did not start")
        }
        usleep(200_000)
    }

    func stop() {
        kill(server, SIGKILL)
        var status: Int32 = 0
        while waitpid(server, &status, 0) < 0 && errno == EINTR {}
    }
}

/// Listens to the null sink's monitor (through `parec` with a 1 ms fragment, so what
/// the sink renders reaches the bench within about a millisecond) and notes when the
/// first sound after `arm()` arrives: the time of the read that brought it, less the
/// samples that came after it in that read.
final class SinkMonitor: @unchecked Sendable {
    // @unchecked: `state` is behind its lock; the rest is set in init.
    static let rate = 48_000.0
    private let recorder: pid_t
    private let state = Locked((armed: false, heardAt: Double?.none))

    init(environment: [String: String]) throws {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { throw X11Latency.Failure(description: "no pipe for parec") }
        // No other child keeps either end (dup2 gives parec its output without the flag).
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        recorder = try spawn("/usr/bin/parec", ["-d", "punches.monitor", "--latency-msec=1", "--format=s16le", "--rate=48000",
                                                "--channels=1", "--raw"],
                             environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, standardOutput: pipeEnds[1])
        close(pipeEnds[1])
        let handle = pipeEnds[0]
        let state = self.state
        let reader = Thread {
            var buffer = [Int16](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(handle, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return }
                let arrived = nowMilliseconds()
                let samples = count / 2
                state.withLock { current in
                    guard current.armed, current.heardAt == nil,
                          let first = buffer[0..<samples].firstIndex(where: { abs(Int($0)) > 64 }) else { return }
                    current.heardAt = arrived - Double(samples - first) / Self.rate * 1000
                }
            }
        }
        reader.start()
    }

    /// Listens for the next sound from now on.
    func arm() { state.withLock { $0 = (true, nil) } }

    /// When the first sound since `arm()` reached the monitor (nowMilliseconds' clock).
    var heardAt: Double? { state.withLock { $0.heardAt } }

    func stop() {
        kill(recorder, SIGKILL)
        var status: Int32 = 0
        while waitpid(recorder, &status, 0) < 0 && errno == EINTR {}
    }
}

/// Starts `path` with `arguments` and only `environment`, its output to `standardOutput`
/// (or nowhere) and its errors nowhere; the caller reaps it.
func spawn(_ path: String, _ arguments: [String], environment: [String: String], standardOutput: Int32? = nil) throws -> pid_t {
    let words: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    let settings: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        words.forEach { free($0) }
        settings.forEach { free($0) }
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if let standardOutput {
        posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
    } else {
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var pid = pid_t()
    let result = posix_spawn(&pid, path, &actions, nil, words, settings)
    guard result == 0 else { throw X11Latency.Failure(description: "cannot start \(path): error \(result)") }
    return pid
}
