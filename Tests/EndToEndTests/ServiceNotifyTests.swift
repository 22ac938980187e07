import Foundation
import TestSupport
import Testing

/// A datagram socket standing in for systemd's notify socket.
final class NotifySocket {
    let folder = TemporaryDirectory("notify")
    let path: String
    private let fd: Int32

    init() throws {
        path = folder.file("notify").path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw VirtualDisplayError(message: "cannot bind the notify socket") }
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    /// Fills the socket's queue as a systemd that stopped reading would leave it: sends
    /// from another socket until the kernel refuses one more. Returns how many went in.
    @discardableResult
    func fillQueue() -> Int {
        let sender = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        defer { close(sender) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let message = Array("WATCHDOG=1\n".utf8)
        var sent = 0
        while sent < 100_000 {
            let result = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(sender, message, message.count, Int32(MSG_NOSIGNAL), $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            guard result > 0 else { break }
            sent += 1
        }
        return sent
    }

    /// Every message that arrives within `seconds`.
    func messages(for seconds: Double) -> [String] {
        var received: [String] = []
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count > 0 { received.append(String(decoding: buffer[0..<count], as: UTF8.self)) }
        }
        return received
    }
}

@Suite("systemd's notify socket, end to end")
struct ServiceNotifyTests {
    @Test("a notify socket nobody reads never holds the app up: it quits at once, saves its punches and says so once")
    func unreadSocketNeverBlocks() throws {
        let listener = try NotifySocket()
        #expect(listener.fillQueue() > 0, "the queue took nothing")
        let run = HeadlessRun()
        let started = Date()
        // Under `timeout`: a send that blocks on the full queue would never return.
        let result = try run.run("""
            0.20 click 640 380
            0.40 quit
            """, environment: ["NOTIFY_SOCKET": listener.path, "WATCHDOG_USEC": "20000"],
            wrapper: ["/usr/bin/timeout", "-s", "KILL", "20"])
        #expect(result.status == 0, "\(result.status): \(result.standardError)")
        #expect(Date().timeIntervalSince(started) < 10, "the run took \(Date().timeIntervalSince(started)) s")
        #expect(try run.cli.list().first { $0.selected }?.punches == 1, "the punch was not saved")
        let notes = result.standardError.split(separator: "\n").filter { $0.contains("NOTIFY_SOCKET") }
        #expect(notes.count == 1, "said once: \(result.standardError)")
    }
}

extension RealWindowTests {
    @Test("as a systemd notify service: READY after the first frame, watchdog pings at half the period even at rest, STOPPING on the way out")
    func notifiesSystemd() throws {
        let listener = try NotifySocket()
        let display = try VirtualDisplay()
        let cli = CLI()
        let app = try display.launch(["--data-dir", cli.dataDirectory, "--size", "800x600", "--mute"],
                                     environment: ["NOTIFY_SOCKET": listener.path, "WATCHDOG_USEC": "1000000"])
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        // The app rests after its first frame; the watchdog must still be pinged.
        let first = listener.messages(for: 6)
        #expect(first.contains { $0.contains("READY=1") }, "\(first)")
        let pings = first.filter { $0.contains("WATCHDOG=1") }.count
        #expect(pings >= 8 && pings <= 16, "\(pings) pings in 6 s at a 0.5 s interval")
        try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "ctrl+q"])
        let last = listener.messages(for: 3)
        #expect(last.contains { $0.contains("STOPPING=1") }, "\(last)")
        #expect(!app.isRunning && app.terminationStatus == 0)
    }

    @Test("with a 20 ms watchdog and a notify socket nobody reads, the window still punches, quits within 2 s and saves")
    func unreadSocketWithWatchdog() throws {
        let listener = try NotifySocket()
        listener.fillQueue()
        let display = try VirtualDisplay()
        let cli = CLI()
        let errors = cli.folder.file("stderr.txt").path
        let app = try display.launch(["--data-dir", cli.dataDirectory, "--size", "800x600", "--mute"], standardError: errors,
                                     environment: ["NOTIFY_SOCKET": listener.path, "WATCHDOG_USEC": "20000"])
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        // Pings every 10 ms against a full queue: a blocking send hangs the loop here.
        usleep(500_000)
        let geometry = try display.tool("/usr/bin/xdotool", ["getwindowgeometry", "--shell", windowID])
        func value(_ key: String) -> Int {
            geometry.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) } ?? 0
        }
        try display.tool("/usr/bin/xdotool", ["mousemove", String(value("X") + value("WIDTH") / 2),
                                               String(value("Y") + value("HEIGHT") / 2 + 20), "click", "1"])
        usleep(300_000)
        try display.tool("/usr/bin/xdotool", ["key", "--window", windowID, "ctrl+q"])
        let asked = Date()
        while app.isRunning && Date().timeIntervalSince(asked) < 2 { usleep(20_000) }
        #expect(!app.isRunning, "still running 2 s after Ctrl+Q")
        if app.isRunning { kill(app.processIdentifier, SIGKILL) }
        app.waitUntilExit()
        #expect(app.terminationStatus == 0)
        #expect(try cli.list().first { $0.selected }?.punches == 1, "the punch was not saved")
        let said = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(said.split(separator: "\n").filter { $0.contains("NOTIFY_SOCKET") }.count == 1, "said once: \(said)")
    }

    @Test("the kiosk unit passes systemd-analyze verify")
    func kioskUnitVerifies() throws {
        let unit = Checkout.root.appendingPathComponent("packaging/kiosk/stresspunch-kiosk.service")
        let result = try ToolProcess.run("/usr/bin/systemd-analyze", ["verify", unit.path])
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        let text = try String(contentsOf: unit, encoding: .utf8)
        #expect(text.contains("Type=notify") && text.contains("WatchdogSec=") && text.contains("Restart=always"))
    }
}
