import CSDL2
import Glibc
import Locking

/// Wakes the event loop the moment a gamepad is touched or plugged in, so the loop
/// can sleep at rest without SDL's periodic poll.
///
/// SDL 2 reads gamepads by polling their device files from its event pump, and to
/// notice them at all while the app sleeps in `SDL_WaitEvent` it wakes every 3 s
/// (`PERIODIC_POLL_INTERVAL_MS`): a third of a wake-up a second at rest, and a press of
/// a button on a resting app answered up to 3 s late. Instead SDL's automatic update is
/// off (`SDL_HINT_AUTO_UPDATE_JOYSTICKS`, set by `SDLRuntime`), `SDLInput.poll` updates
/// the gamepads itself, and this thread sleeps in poll(2) on what can bring gamepad
/// input: `/dev/input` (a device appearing or being given to the user) and every open
/// pad's own event device, opened a second time (evdev gives each reader its own copy,
/// so SDL's reads are untouched). Anything there pushes one event into SDL's queue,
/// which ends the loop's wait; the update that follows reads the real input.
public final class GamepadWake: @unchecked Sendable {
    // @unchecked: the descriptors are set once; what the threads share is in `shared`.
    /// The SDL event type pushed to wake the loop (0 when `wake` is given instead).
    public let eventType: UInt32
    private let control: Int32
    private let controlInput: Int32
    private let devices: Int32
    private let wake: (@Sendable () -> Void)?
    /// What the loop and the thread share: the pads' device files to watch, and
    /// whether a wake is pending, not yet taken (a stick held off-centre then wakes the
    /// loop once per frame, not once per sample).
    private let shared = Locked((padPaths: Set<String>(), pending: false))

    /// Watches `directory` (where device files appear) and, from `watchPads`, the
    /// pads' device files. `wake`: what to do on activity (tests); by default an SDL
    /// event of `eventType` is pushed. Nil where there is nothing to watch (no such
    /// folder, no inotify): then no device gamepads can exist, and virtual ones are
    /// updated with every frame anyway.
    public init?(directory: String = "/dev/input", wake: (@Sendable () -> Void)? = nil) {
        let type: UInt32 = wake == nil ? SDL_RegisterEvents(1) : 0
        guard type != UInt32.max else { return nil }
        let devices = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard devices >= 0 else { return nil }
        // The control pipe tells the thread the list of pads changed.
        var pipeEnds: [Int32] = [-1, -1]
        guard inotify_add_watch(devices, directory, UInt32(IN_CREATE | IN_ATTRIB | IN_DELETE)) >= 0,
              pipe(&pipeEnds) == 0
        else {
            close(devices)
            return nil
        }
        for end in pipeEnds {
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        eventType = type
        self.devices = devices
        control = pipeEnds[0]
        controlInput = pipeEnds[1]
        self.wake = wake
        var thread = pthread_t()
        // The thread keeps the watcher: it lives as long as the process.
        let started = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<GamepadWake>.fromOpaque(context).takeUnretainedValue().watch()
            return nil
        }, Unmanaged.passRetained(self).toOpaque())
        if started == 0 { pthread_detach(thread) }
    }

    /// Watches `paths` (the open pads' event devices) from now on.
    public func watchPads(_ paths: Set<String>) {
        let changed = shared.withLock { state in
            defer { state.padPaths = paths }
            return state.padPaths != paths
        }
        if changed { signalControl() }
    }

    /// The loop took the wake event: the next activity wakes it again.
    public func taken() {
        shared.withLock { $0.pending = false }
    }

    private func signalControl() {
        var one: UInt8 = 1
        _ = write(controlInput, &one, 1)
    }

    /// The thread: opens the pads it is told of, sleeps until one of them, /dev/input
    /// or the control descriptor has something, drains it and wakes the loop.
    private func watch() {
        var open: [String: Int32] = [:]
        var scratch = [UInt8](repeating: 0, count: 4096)
        // After /dev/input changes, one more wake half a second later: udev may still
        // be setting the new device up when the first one is answered.
        var followUp = false
        while true {
            let wanted = shared.withLock { $0.padPaths }
            for (path, descriptor) in open where !wanted.contains(path) {
                close(descriptor)
                open[path] = nil
            }
            for path in wanted where open[path] == nil {
                let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
                if descriptor >= 0 { open[path] = descriptor }
            }
            let pads = Array(open)
            var watched = [pollfd(fd: control, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: devices, events: Int16(POLLIN), revents: 0)]
            watched += pads.map { pollfd(fd: $0.value, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&watched, nfds_t(watched.count), followUp ? 500 : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if ready == 0 {
                followUp = false
                wakeLoop()
                continue
            }
            var activity = false
            for index in watched.indices where watched[index].revents != 0 {
                if watched[index].revents & Int16(POLLIN) != 0 {
                    while read(watched[index].fd, &scratch, scratch.count) > 0 {}
                } else if index >= 2 {
                    // Unplugged (POLLERR / POLLHUP): not polled again until the loop,
                    // told by SDL, drops it from the list or a new device appears.
                    let path = pads[index - 2].key
                    close(watched[index].fd)
                    open[path] = nil
                    shared.withLock { _ = $0.padPaths.remove(path) }
                }
                if index == 1 { followUp = true }
                if index >= 1 { activity = true }
            }
            if activity { wakeLoop() }
        }
    }

    private func wakeLoop() {
        let push = shared.withLock { state in
            defer { state.pending = true }
            return !state.pending
        }
        guard push else { return }
        if let wake {
            wake()
            return
        }
        var event = SDL_Event()
        event.type = eventType
        if SDL_PushEvent(&event) != 1 { taken() }
    }
}
