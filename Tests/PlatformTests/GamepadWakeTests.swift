import Foundation
import Locking
import Platform
import Testing

/// GamepadWake on a folder and a FIFO of our own, standing in for /dev/input and a
/// pad's event device (this machine has neither, and no pad).
@Suite("Waking a resting loop for gamepads")
struct GamepadWakeTests {
    /// Waits up to `timeout` seconds for `count` to reach `target`.
    static func wait(for target: Int, _ count: Locked<Int>, timeout: Double = 2) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if count.withLock({ $0 }) >= target { return true }
            usleep(5_000)
        }
        return count.withLock { $0 } >= target
    }

    @Test("input on a watched pad's device wakes the loop at once, once until it is taken; a device appearing wakes it now and again half a second later")
    func wakesOnPadInputAndNewDevices() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gamepad-wake-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pad = folder.appendingPathComponent("event7").path
        #expect(mkfifo(pad, 0o600) == 0)
        let wakes = Locked(0)
        let watcher = try #require(GamepadWake(directory: folder.path) { wakes.withLock { $0 += 1 } })
        // Creating the FIFO came before the watcher: nothing has happened yet.
        usleep(100_000)
        #expect(wakes.withLock { $0 } == 0, "woke with nothing to say")
        watcher.watchPads([pad])
        // The pad's writer: the kernel's side of an event device.
        let writer = open(pad, O_WRONLY)
        #expect(writer >= 0)
        defer { close(writer) }
        usleep(100_000)
        var press: [UInt8] = Array(repeating: 1, count: 24)
        #expect(write(writer, &press, press.count) == press.count)
        #expect(Self.wait(for: 1, wakes), "a button press on a resting app did not wake it")
        // Not taken yet: more input does not pile up wake-ups.
        #expect(write(writer, &press, press.count) == press.count)
        usleep(100_000)
        #expect(wakes.withLock { $0 } == 1)
        watcher.taken()
        #expect(write(writer, &press, press.count) == press.count)
        #expect(Self.wait(for: 2, wakes), "once taken, the next press did not wake the loop")
        watcher.taken()
        // A pad plugged in: its device file appears.
        FileManager.default.createFile(atPath: folder.appendingPathComponent("event8").path, contents: nil)
        #expect(Self.wait(for: 3, wakes), "a new device did not wake the loop")
        watcher.taken()
        #expect(Self.wait(for: 4, wakes, timeout: 1.5), "no second wake once the new device had settled")
        watcher.taken()
        // And then it rests.
        usleep(800_000)
        #expect(wakes.withLock { $0 } == 4, "it kept waking with nothing new")
    }

    @Test("without the folder there is nothing to watch, and no watcher")
    func nothingToWatch() {
        #expect(GamepadWake(directory: "/nonexistent-input-folder") { } == nil)
    }
}
