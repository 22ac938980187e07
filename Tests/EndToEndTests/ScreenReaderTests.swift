import Foundation
import TestSupport
import Testing

/// The real app on a real accessibility bus, read by a real screen reader's client:
/// a session bus of its own (dbus-run-session), at-spi-bus-launcher, an Xvfb display,
/// and ScreenReader/probe.py speaking pyatspi, the library Orca is built on. Run with
/// the real-window tests.
@Suite("Read by a screen reader's client over AT-SPI", .serialized)
struct ScreenReaderTests {
    static let probe = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ScreenReader/probe.py")

    /// What one run printed: the probe's lines and the shell's measurements.
    struct Run {
        let status: Int32?
        let lines: [String]
        func line(_ name: String) -> String? { lines.first { $0.hasPrefix("ok \(name)") || $0.hasPrefix("FAIL \(name)") } }
        var failures: [String] { lines.filter { $0.hasPrefix("FAIL") } }
        /// The app's threads' voluntary wake-ups a second, measured at rest after the probe.
        var restWakeUps: Double? {
            lines.first { $0.hasPrefix("rest-switches ") }.flatMap { Double($0.dropFirst("rest-switches ".count)) }.map { $0 / 3 }
        }
    }

    /// Starts the bus, the launcher (asking it for accessibility when `enable`, as the
    /// desktop's setting or Orca does), the app with `extra`, then the probe in `mode`,
    /// and last counts the app's wake-ups over three seconds at rest.
    func run(_ mode: String, enable: Bool, extra: [String] = [], cli: CLI = CLI()) throws -> Run {
        let display = try VirtualDisplay()
        if extra.contains("--kiosk") {
            // A kiosk starts only with an operator PIN.
            let pin = try StressPunchProcess.run(["--data-dir", cli.dataDirectory, "kiosk", "set-pin"], standardInput: "246813\n")
            #expect(pin.status == 0)
        }
        let output = cli.folder.file("probe.txt")
        let setEnabled = "gdbus call --session --dest org.a11y.Bus --object-path /org/a11y/bus "
            + "--method org.freedesktop.DBus.Properties.Set org.a11y.Status IsEnabled '<true>' >/dev/null 2>&1"
        let script = """
            /usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
            launcher=$!
            for i in $(seq 50); do
                gdbus call --session --dest org.a11y.Bus --object-path /org/a11y/bus --method org.a11y.Bus.GetAddress \
                    >/dev/null 2>&1 && break
                sleep 0.1
            done
            \(enable ? setEnabled : "true")
            '\(StressPunchProcess.executableURL.path)' --data-dir '\(cli.dataDirectory)' --size 1280x720 \
                \(extra.map { "'\($0)'" }.joined(separator: " ")) >/dev/null 2>&1 &
            app=$!
            /usr/bin/python3 '\(Self.probe.path)' \(mode) > '\(output.path)' 2>&1
            status=$?
            switches() { cat /proc/$app/task/*/status 2>/dev/null | awk '/^voluntary_ctxt_switches/ { s += $2 } END { print s }'; }
            # Toasts fade and the last screen settles first; then three seconds at rest.
            sleep 5; before=$(switches); sleep 3; after=$(switches)
            echo "rest-switches $((after - before))" >> '\(output.path)'
            # The launcher stops its accessibility bus on SIGTERM; SIGKILL would leave it running.
            kill -9 $app 2>/dev/null; kill $launcher 2>/dev/null; sleep 0.5; kill -9 $launcher 2>/dev/null
            exit $status
            """
        let scriptFile = cli.folder.file("run.sh")
        try Data(script.utf8).write(to: scriptFile)
        // No sound device at all (an audio driver SDL does not have): the wake-ups counted
        // at rest are the app's and the bridge's, not a dummy device's clock, whose
        // stream stays open ten seconds after the last sound (SoundServerTests covers that).
        let environment = [
            "DISPLAY": display.display, "SDL_AUDIODRIVER": "none", "PATH": "/usr/bin:/bin", "HOME": cli.folder.url.path,
            "XDG_RUNTIME_DIR": cli.folder.url.path, "NO_AT_BRIDGE": "0",
        ]
        let status = shell("timeout -s KILL 120 dbus-run-session -- /bin/sh '\(scriptFile.path)'", environment: environment)
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return Run(status: status, lines: text.split(separator: "\n").map(String.init))
    }

    @Test("pyatspi finds the app, its buttons by name, focus moving on Tab, Manage pressed, the search field typed into, a toast, every screen")
    func desktopTree() throws {
        let run = try run("desktop", enable: true)
        #expect(run.failures.isEmpty, "\(run.failures)\n\(run.lines.joined(separator: "\n"))")
        for check in ["found", "punch-screen-buttons", "focus-event-on-tab", "press-manage", "manage-opened",
                      "typed-through-editable-text", "search-filters", "toast-read-out", "screen Settings", "screen Stats"] {
            #expect(run.line(check)?.hasPrefix("ok") == true, "\(check): \(run.line(check) ?? "not reached")\n\(run.lines.joined(separator: "\n"))")
        }
        #expect(run.status == 0)
        // Listened to, the app still sleeps at rest (the bridge's thread waits on the bus).
        let wakeUps = try #require(run.restWakeUps)
        #expect(wakeUps <= 1.5, "the app's threads wake \(wakeUps) times a second at rest with a screen reader")
    }

    @Test("400 presses flooding in are queued: each lands as a punch or the app says it was not made; huge text is cut first; Rush is exposed")
    func floodedPressesLandOrAreRefused() throws {
        let cli = CLI()
        let run = try run("flood", enable: true, cli: cli)
        #expect(run.failures.isEmpty, "\(run.lines.joined(separator: "\n"))")
        // 400 presses sent at once: each landed as a punch, or the app said it was not made.
        let refused = try #require(run.lines.first { $0.hasPrefix("flood-refused ") }.flatMap { Int($0.dropFirst(14)) },
                                   "\(run.lines.joined(separator: "\n"))")
        let punches = try cli.list().map(\.punches).reduce(0, +)
        #expect(refused > 0 && punches >= 256, "\(punches) punches landed, \(refused) said refused")
        #expect(punches + refused == 400, "\(punches) punches landed and \(refused) were said refused, of 400")
    }

    @Test("a kiosk exposes only what a visitor may use")
    func kioskTree() throws {
        let run = try run("kiosk", enable: true, extra: ["--kiosk"])
        #expect(run.failures.isEmpty && run.line("found")?.hasPrefix("ok") == true, "\(run.lines.joined(separator: "\n"))")
    }

    @Test("with no assistive technology asking, the app registers nothing and sleeps at rest")
    func silentUnasked() throws {
        let run = try run("absent", enable: false)
        // The control is the test above: the same probe finds the app once accessibility is asked for.
        #expect(run.line("absent")?.hasPrefix("ok") == true, "\(run.lines.joined(separator: "\n"))")
        let wakeUps = try #require(run.restWakeUps)
        #expect(wakeUps <= 1.5, "the app's threads wake \(wakeUps) times a second at rest")
    }
}
