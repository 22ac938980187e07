import CSDL2
import Foundation
import Glibc
import Locking

/// SIGTERM, SIGINT and SIGHUP as a request to quit, at rest or not.
///
/// SDL's own handlers only set a flag that its next event pump reads; a signal the
/// kernel hands to any other thread (the band renderer's, the audio thread, the
/// screen-reader bridge's) leaves the main thread asleep in its wait, so at rest one
/// SIGTERM did nothing until the pointer moved. Here the handler writes a byte to a
/// pipe (the self-pipe trick: `write` is safe in a signal handler, whichever thread
/// runs it), and a thread of its own reads the pipe, records the request and pushes
/// SDL_QUIT, which ends the main thread's wait at once. The loop saves and exits as
/// for Ctrl+Q.
public enum QuitSignals {
    /// The signals a service manager, a terminal or a logging-out desktop sends.
    static let handled: [Int32] = [SIGTERM, SIGINT, SIGHUP]
    private static let state = Locked((installed: false, received: false))

    /// Installs the handlers and starts the thread that turns them into SDL_QUIT.
    /// Call before SDL starts (SDL then keeps its hands off these signals); again
    /// does nothing.
    public static func install() {
        let first = state.withLock { current -> Bool in
            defer { current.installed = true }
            return !current.installed
        }
        guard first else { return }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // The writing end never blocks: a handler must not, and one byte waiting is as
        // good as many.
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        quitSignalPipe = fds[1]
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        for signal in handled {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = quitSignalHandler
            sigemptyset(&action.sa_mask)
            // Interrupted system calls elsewhere (a read, a poll) carry on as before.
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
        // A parent may have started us with these signals blocked (a test runner's
        // thread, some launchers): unblocked here, before any thread of ours exists,
        // so every thread inherits them unblocked.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in handled { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        let reader = fds[0]
        let watcher = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(reader, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                guard count == 1 else { return }
                state.withLock { $0.received = true }
                // Before SDL's events exist, `received` alone carries the request.
                guard SDL_WasInit(SDL_INIT_EVENTS) != 0 else { continue }
                var event = SDL_Event()
                event.type = SDL_QUIT.rawValue
                SDL_PushEvent(&event)
            }
        }
        watcher.name = "quit-signals"
        watcher.start()
    }

    /// True once a quit signal has arrived.
    public static var received: Bool { state.withLock { $0.received } }
}

/// The pipe's writing end, set once before any handler is installed.
nonisolated(unsafe) private var quitSignalPipe: Int32 = -1

/// Only async-signal-safe calls: `write`, and errno put back as it was.
private func quitSignalHandler(_ signal: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(quitSignalPipe, &byte, 1)
    errno = saved
}
