import AppShell
import Testing

@Suite("systemd's notify protocol")
struct ServiceNotifierTests {
    @Test("without NOTIFY_SOCKET nothing is sent and no watchdog wake-up is asked for")
    func silentWithoutSystemd() {
        let notifier = ServiceNotifier(environment: [:])
        #expect(!notifier.isActive && notifier.pingInterval == nil && notifier.secondsUntilPing(now: 5) == nil)
    }

    @Test("the watchdog is pinged at half its period, and only when it is meant for this process")
    func watchdogPeriod() {
        let notifier = ServiceNotifier(environment: ["NOTIFY_SOCKET": "/run/stresspunch-test-none", "WATCHDOG_USEC": "30000000"])
        #expect(notifier.isActive && notifier.pingInterval == 15)
        let other = ServiceNotifier(environment: ["NOTIFY_SOCKET": "/run/stresspunch-test-none", "WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"])
        #expect(other.pingInterval == nil, "a watchdog meant for another process is not ours")
        let unusable = ServiceNotifier(environment: ["NOTIFY_SOCKET": "relative/path", "WATCHDOG_USEC": "30000000"])
        #expect(!unusable.isActive && unusable.pingInterval == nil)
    }
}
