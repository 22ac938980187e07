import Foundation
import Glibc
import Localization

/// Tells systemd how the app is doing, by the sd_notify datagram protocol, when it
/// runs as a `Type=notify` service (`NOTIFY_SOCKET` set): READY=1 once the first frame
/// is on screen, WATCHDOG=1 at half the unit's `WatchdogSec=` while the loop runs (a
/// hung loop stops pinging and systemd restarts the kiosk), STOPPING=1 on the way
/// out. Without `NOTIFY_SOCKET` it does nothing and asks for no wake-ups.
///
/// The protocol is one datagram of `KEY=VALUE` lines to the socket named by the
/// variable (a leading `@` names an abstract socket); libsystemd's `sd_notify` sends
/// the same, and writing it here keeps a library off the link line for 30 lines.
///
/// Talking to systemd never blocks: the socket is non-blocking, so a queue nobody
/// reads (a manager that hung, a socket some other program bound) drops the message
/// instead of freezing the loop in `sendto`, and that is said once on stderr.
public final class ServiceNotifier {
    private let address: sockaddr_un?
    private let addressLength: socklen_t
    private let socketFD: Int32
    /// Seconds between watchdog pings: half of `WATCHDOG_USEC`, nil without one.
    public let pingInterval: Double?
    private var lastPing = -Double.infinity
    private var readySent = false
    private var saidDropped = false

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        var target = sockaddr_un()
        target.sun_family = sa_family_t(AF_UNIX)
        let path = environment["NOTIFY_SOCKET"] ?? ""
        var bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: target.sun_path)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        if !bytes.isEmpty, bytes.count < capacity, bytes.first == UInt8(ascii: "/") || abstract {
            withUnsafeMutableBytes(of: &target.sun_path) { raw in
                for (index, byte) in bytes.enumerated() { raw[index] = byte }
            }
            address = target
            addressLength = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1))
            socketFD = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        } else {
            address = nil
            addressLength = 0
            socketFD = -1
        }
        // The watchdog is ours only if systemd meant this process (WATCHDOG_PID, when set).
        let forUs = environment["WATCHDOG_PID"].map { Int32($0) == getpid() } ?? true
        if address != nil, forUs, let text = environment["WATCHDOG_USEC"], let micros = Double(text), micros > 0 {
            pingInterval = micros / 1e6 / 2
        } else {
            pingInterval = nil
        }
    }

    deinit {
        if socketFD >= 0 { close(socketFD) }
    }

    public var isActive: Bool { address != nil && socketFD >= 0 }

    /// The first frame is on screen: READY=1 (once).
    public func ready() {
        guard !readySent else { return }
        readySent = true
        send("READY=1\nSTATUS=Punching\n")
    }

    /// Called from the loop with its clock (seconds): pings when one is due.
    public func tick(now: Double) {
        guard let interval = pingInterval, now - lastPing >= interval * 0.9 else { return }
        lastPing = now
        send("WATCHDOG=1\n")
    }

    /// Seconds until the next ping is due, for the loop's sleep; nil without a watchdog.
    public func secondsUntilPing(now: Double) -> Double? {
        guard let interval = pingInterval else { return nil }
        return max(0.001, lastPing + interval - now)
    }

    public func stopping() {
        send("STOPPING=1\n")
    }

    private func send(_ message: String) {
        guard var target = address, socketFD >= 0 else { return }
        let bytes = Array(message.utf8)
        let sent = withUnsafePointer(to: &target) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                sendto(socketFD, bytes, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT), socketAddress, addressLength)
            }
        }
        // A full queue: this message is dropped (the next ping may get through).
        if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK, !saidDropped {
            saidDropped = true
            // TRANSLATORS: on the terminal, said once when the app runs as a systemd service; keep NOTIFY_SOCKET as it is.
            let note = tr("systemd is not reading its notify socket (NOTIFY_SOCKET), so messages to it are dropped; check that systemd, or whatever set NOTIFY_SOCKET, is running")
            FileHandle.standardError.write(Data("stresspunch: \(note)\n".utf8))
        }
    }
}
