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

    @Test("the kiosk unit passes systemd-analyze verify")
    func kioskUnitVerifies() throws {
        let unit = Checkout.root.appendingPathComponent("packaging/kiosk/stresspunch-kiosk.service")
        let result = try ToolProcess.run("/usr/bin/systemd-analyze", ["verify", unit.path])
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        let text = try String(contentsOf: unit, encoding: .utf8)
        #expect(text.contains("Type=notify") && text.contains("WatchdogSec=") && text.contains("Restart=always"))
    }
}
