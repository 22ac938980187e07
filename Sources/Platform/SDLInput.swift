import CSDL2
import Glibc
import Input

/// Turns SDL's event queue into `InputEvent` values and keeps the open gamepads.
///
/// Positions are converted to framebuffer pixels (so HiDPI scaling is handled here,
/// once). Mouse events that SDL synthesizes from touch are dropped: a tap arrives
/// only as a finger, never twice.
public final class SDLInput {
    private var controllers: [Int32: OpaquePointer] = [:]
    private var pixelScale: (x: Float, y: Float) = (1, 1)
    private var drawableSize: (width: Int, height: Int) = (1, 1)

    /// Set when the window system may no longer show what was presented: the window
    /// was mapped, exposed, configured (maximized, resized, made fullscreen), restored
    /// or moved to another display. A compositor may drop a buffer presented before
    /// it mapped or configured the surface, and hands out new buffers on resize and
    /// restore (XWayland under cage showed nothing at all until the next damage), so
    /// the whole frame goes again. The shell clears it.
    public var windowNeedsWholeFrame = false

    /// Touch devices that sense pressure: seen reporting one strictly between 0 and 1.
    /// SDL reports 1 for every touch of a screen without pressure (X11, Wayland, most
    /// panels) and 1 for a full press of one with it, so a 1 is a full press only from
    /// a device known to sense pressure; from any other it means "no pressure".
    /// Scripted touches with a pressure come from a device known to from the start.
    private var pressureSensingTouches: Set<SDL_TouchID> = [SDLInput.scriptedPressureScreen]

    /// The touch device headless scripts' touches with a pressure come from. Negative:
    /// never a file descriptor, device number or pointer SDL names a real one by (-1 is
    /// SDL's own mouse-as-touch).
    public static let scriptedPressureScreen: SDL_TouchID = -2

    /// Wakes a resting loop on gamepad activity; nil without a window system. Made
    /// on first use, in `poll`, once SDL's video driver is known.
    private static let gamepadWake: GamepadWake? = drivesWithoutEvents ? nil : GamepadWake()

    public init() {}

    /// Tells the wake-up thread which device files the open pads read.
    private func watchOpenPads() {
        let paths = controllers.values.compactMap { controller in
            SDL_JoystickPath(SDL_GameControllerGetJoystick(controller)).map { String(cString: $0) }
        }
        Self.gamepadWake?.watchPads(Set(paths))
    }

    deinit {
        for controller in controllers.values { SDL_GameControllerClose(controller) }
    }

    /// Tells the translator how screen coordinates map to framebuffer pixels.
    public func updateGeometry(pixelScale: (x: Float, y: Float), drawableSize: (width: Int, height: Int)) {
        self.pixelScale = pixelScale
        self.drawableSize = drawableSize
    }

    /// How many gamepads are connected.
    public var gamepadCount: Int { controllers.count }

    /// How many game controllers SDL sees right now (before their events arrive).
    public static var attachedGamepadCount: Int {
        (0..<max(0, Int(SDL_NumJoysticks()))).filter { SDL_IsGameController(Int32($0)) == SDL_TRUE }.count
    }

    /// Appends every pending event to `events` (which keeps its capacity between
    /// frames, so polling allocates nothing in the steady state), each with when it
    /// happened on the frame clock, whose time is `now`. SDL stamps an event with its
    /// millisecond tick when it is queued; that age, taken from `now`, is its time.
    /// A headless script's events carry its own times instead (`scriptTimeEventType`),
    /// so a replay never reads the real clock.
    public func poll(into events: inout [TimedInputEvent], now: Double) {
        // Gamepads (real and virtual) are read here, not by SDL's pump (see GamepadWake).
        if SDL_WasInit(SDL_INIT_JOYSTICK) != 0 { SDL_JoystickUpdate() }
        _ = Self.gamepadWake
        let ticks = SDL_GetTicks()
        var scriptTime: Double?
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            if event.type == Self.scriptTimeEventType {
                scriptTime = event.user.data1.map { Double(bitPattern: UInt64(UInt(bitPattern: $0))) } ?? Double(event.user.code) / 1000
                isScripted = true
                continue
            }
            let time: Double
            if isScripted {
                time = min(now, scriptTime ?? now)
            } else {
                // Wrapping subtraction: SDL's tick count is 32 bits. Never before the
                // last poll (it came after it: the times stay in order, and a recording
                // replays it in the frame it came in), never later than now.
                let age = Double(ticks &- event.common.timestamp) / 1000
                time = min(now, max(previousPoll, now - age))
            }
            let first = translated.count
            translate(&event, into: &translated)
            for index in first..<translated.count { events.append(TimedInputEvent(translated[index], at: time)) }
        }
        translated.removeAll(keepingCapacity: true)
        previousPoll = max(previousPoll, now)
    }

    /// A user event a headless script puts before each line's input: `code` is the
    /// line's time in milliseconds, which the input after it happened at, and `data1`
    /// carries the same time's bits exactly (nil for time 0).
    public static let scriptTimeEventType: UInt32 = SDL_RegisterEvents(1)
    /// Scratch space for one event's translation (kept between polls).
    private var translated: [InputEvent] = []
    /// Set once a script's time has been seen: from then on no event reads real ticks.
    private var isScripted = false
    /// The frame time of the last poll: what comes now happened after it.
    private var previousPoll: Double = 0

    /// Asks gamepad `id` to rumble (strength 0...1) for `milliseconds`.
    @discardableResult
    public func rumble(gamepad id: Int32, strength: Float, milliseconds: Int) -> Bool {
        guard let controller = controllers[id] else { return false }
        let low = UInt16(max(0, min(1, strength)) * 65535)
        let high = UInt16(max(0, min(1, strength * 0.6)) * 65535)
        return SDL_GameControllerRumble(controller, low, high, UInt32(milliseconds)) == 0
    }

    private func translate(_ event: inout SDL_Event, into events: inout [InputEvent]) {
        if let wake = Self.gamepadWake, event.type == wake.eventType {
            // Only ended the wait: the update at the top of `poll` read what came.
            wake.taken()
            return
        }
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            events.append(.quitRequested)

        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            guard event.button.which != shim_SDL_TOUCH_MOUSEID() else { return }
            let x = Float(event.button.x) * pixelScale.x, y = Float(event.button.y) * pixelScale.y
            let button = Int(event.button.button)
            events.append(event.type == SDL_MOUSEBUTTONDOWN.rawValue
                ? .pointerDown(x: x, y: y, button: button) : .pointerUp(x: x, y: y, button: button))

        case SDL_MOUSEMOTION:
            guard event.motion.which != shim_SDL_TOUCH_MOUSEID() else { return }
            events.append(.pointerMoved(x: Float(event.motion.x) * pixelScale.x, y: Float(event.motion.y) * pixelScale.y))

        case SDL_MOUSEWHEEL:
            guard event.wheel.which != shim_SDL_TOUCH_MOUSEID() else { return }
            let flip: Float = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            events.append(.wheel(dx: event.wheel.preciseX * flip, dy: event.wheel.preciseY * flip))

        case SDL_FINGERDOWN, SDL_FINGERUP, SDL_FINGERMOTION:
            // Finger positions are normalized to the window; scale to framebuffer pixels.
            let x = event.tfinger.x * Float(drawableSize.width), y = event.tfinger.y * Float(drawableSize.height)
            let id = event.tfinger.fingerId
            // SDL says 1 for screens that sense no pressure (and 0 for some), so only a
            // device once seen between the two has a pressure (see pressureSensingTouches).
            let pressure = event.tfinger.pressure
            if pressure > 0 && pressure < 1 { pressureSensingTouches.insert(event.tfinger.touchId) }
            switch SDL_EventType(event.type) {
            case SDL_FINGERDOWN:
                let senses = pressureSensingTouches.contains(event.tfinger.touchId)
                events.append(.fingerDown(id: id, x: x, y: y, pressure: senses ? min(1, max(0, pressure)) : nil))
            case SDL_FINGERUP: events.append(.fingerUp(id: id, x: x, y: y))
            default: events.append(.fingerMoved(id: id, x: x, y: y))
            }

        case SDL_KEYDOWN, SDL_KEYUP:
            let key = Self.key(for: event.key.keysym.sym)
            let modifiers = Self.modifiers(UInt32(event.key.keysym.mod))
            if event.type == SDL_KEYDOWN.rawValue {
                events.append(.keyDown(key, modifiers: modifiers, isRepeat: event.key.repeat != 0))
            } else {
                events.append(.keyUp(key, modifiers: modifiers))
            }

        case SDL_TEXTINPUT:
            let text = withUnsafeBytes(of: event.text.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !text.isEmpty { events.append(.text(text)) }

        case SDL_TEXTEDITING:
            let text = withUnsafeBytes(of: event.edit.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            events.append(.textEditing(text, cursor: Int(event.edit.start)))

        case SDL_DROPFILE:
            if let file = event.drop.file {
                events.append(.fileDropped(path: String(cString: file)))
                SDL_free(file)
            }

        case SDL_AUDIODEVICEREMOVED:
            // SDL reports removal only for devices the app opened: ours.
            if event.adevice.iscapture == 0 { events.append(.audioDeviceLost) }

        case SDL_AUDIODEVICEADDED:
            if event.adevice.iscapture == 0 { events.append(.audioDeviceAdded) }

        case SDL_CONTROLLERDEVICEADDED:
            guard let controller = SDL_GameControllerOpen(event.cdevice.which) else { return }
            let id = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(controller))
            if controllers[id] != nil {
                SDL_GameControllerClose(controller)  // already open (SDL reports existing pads at start)
                return
            }
            controllers[id] = controller
            watchOpenPads()
            let name = SDL_GameControllerName(controller).map { String(cString: $0) } ?? "Gamepad"
            events.append(.gamepadAdded(id: id, name: name))

        case SDL_CONTROLLERDEVICEREMOVED:
            let id = event.cdevice.which
            if let controller = controllers.removeValue(forKey: id) {
                SDL_GameControllerClose(controller)
                watchOpenPads()
                events.append(.gamepadRemoved(id: id))
            }

        case SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP:
            guard let button = Self.button(SDL_GameControllerButton(Int32(event.cbutton.button))) else { return }
            events.append(.gamepadButton(id: event.cbutton.which, button: button,
                                         pressed: event.type == SDL_CONTROLLERBUTTONDOWN.rawValue))

        case SDL_CONTROLLERAXISMOTION:
            guard let axis = Self.axis(SDL_GameControllerAxis(Int32(event.caxis.axis))) else { return }
            let value = max(-1, Float(event.caxis.value) / 32767)
            events.append(.gamepadAxis(id: event.caxis.which, axis: axis, value: value))

        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED:
                windowNeedsWholeFrame = true
                events.append(.windowResized(width: Int(event.window.data1), height: Int(event.window.data2)))
            // Hidden (on another desktop, or unmapped by the window manager) is as good as minimized.
            case SDL_WINDOWEVENT_MINIMIZED, SDL_WINDOWEVENT_HIDDEN: events.append(.windowMinimized)
            case SDL_WINDOWEVENT_RESTORED:
                windowNeedsWholeFrame = true
                events.append(.windowRestored)
            case SDL_WINDOWEVENT_FOCUS_GAINED: events.append(.focusChanged(focused: true))
            case SDL_WINDOWEVENT_FOCUS_LOST: events.append(.focusChanged(focused: false))
            case SDL_WINDOWEVENT_CLOSE: events.append(.windowCloseRequested)
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_MAXIMIZED, SDL_WINDOWEVENT_RESIZED,
                 SDL_WINDOWEVENT_DISPLAY_CHANGED:
                windowNeedsWholeFrame = true
            default: break
            }

        default:
            break
        }
    }

    static func modifiers(_ mod: UInt32) -> KeyModifiers {
        var result: KeyModifiers = []
        if mod & UInt32(KMOD_SHIFT.rawValue) != 0 { result.insert(.shift) }
        if mod & UInt32(KMOD_CTRL.rawValue) != 0 { result.insert(.control) }
        if mod & UInt32(KMOD_ALT.rawValue) != 0 { result.insert(.alt) }
        return result
    }

    /// The key a script's name stands for, as a press of it would arrive ("Return",
    /// "a", "F1"): SDL's own name table and the same translation as real key events.
    public static func key(named name: String) -> Key? {
        let sym = SDL_GetKeyFromName(name)
        return sym == SDLK_UNKNOWN.rawValue ? nil : key(for: sym)
    }

    static func key(for sym: SDL_Keycode) -> Key {
        switch Int(sym) {
        case Int(SDLK_SPACE.rawValue): return .space
        case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue): return .enter
        case Int(SDLK_ESCAPE.rawValue): return .escape
        case Int(SDLK_TAB.rawValue): return .tab
        case Int(SDLK_BACKSPACE.rawValue): return .backspace
        case Int(SDLK_DELETE.rawValue): return .delete
        case Int(SDLK_LEFT.rawValue): return .left
        case Int(SDLK_RIGHT.rawValue): return .right
        case Int(SDLK_UP.rawValue): return .up
        case Int(SDLK_DOWN.rawValue): return .down
        case Int(SDLK_HOME.rawValue): return .home
        case Int(SDLK_END.rawValue): return .end
        case Int(SDLK_PAGEUP.rawValue): return .pageUp
        case Int(SDLK_PAGEDOWN.rawValue): return .pageDown
        case Int(SDLK_F1.rawValue): return .f1
        case Int(SDLK_F11.rawValue): return .f11
        case 0x30...0x39, 0x61...0x7A:
            return .character(Character(Unicode.Scalar(UInt8(sym))))
        case Int(SDLK_KP_1.rawValue)...Int(SDLK_KP_9.rawValue):
            // The numeric keypad's digits type digits too (a PIN on a kiosk's keypad).
            return .character(Character(Unicode.Scalar(UInt8(0x31 + Int(sym) - Int(SDLK_KP_1.rawValue)))))
        case Int(SDLK_KP_0.rawValue):
            return .character("0")
        default:
            let name = SDL_GetKeyName(sym).map { String(cString: $0) } ?? ""
            return .other(name)
        }
    }

    static func button(_ button: SDL_GameControllerButton) -> GamepadButton? {
        switch button {
        case SDL_CONTROLLER_BUTTON_A: return .a
        case SDL_CONTROLLER_BUTTON_B: return .b
        case SDL_CONTROLLER_BUTTON_X: return .x
        case SDL_CONTROLLER_BUTTON_Y: return .y
        case SDL_CONTROLLER_BUTTON_BACK: return .back
        case SDL_CONTROLLER_BUTTON_GUIDE: return .guide
        case SDL_CONTROLLER_BUTTON_START: return .start
        case SDL_CONTROLLER_BUTTON_LEFTSTICK: return .leftStick
        case SDL_CONTROLLER_BUTTON_RIGHTSTICK: return .rightStick
        case SDL_CONTROLLER_BUTTON_LEFTSHOULDER: return .leftShoulder
        case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER: return .rightShoulder
        case SDL_CONTROLLER_BUTTON_DPAD_UP: return .dpadUp
        case SDL_CONTROLLER_BUTTON_DPAD_DOWN: return .dpadDown
        case SDL_CONTROLLER_BUTTON_DPAD_LEFT: return .dpadLeft
        case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: return .dpadRight
        default: return nil
        }
    }

    static func axis(_ axis: SDL_GameControllerAxis) -> GamepadAxis? {
        switch axis {
        case SDL_CONTROLLER_AXIS_LEFTX: return .leftX
        case SDL_CONTROLLER_AXIS_LEFTY: return .leftY
        case SDL_CONTROLLER_AXIS_RIGHTX: return .rightX
        case SDL_CONTROLLER_AXIS_RIGHTY: return .rightY
        case SDL_CONTROLLER_AXIS_TRIGGERLEFT: return .leftTrigger
        case SDL_CONTROLLER_AXIS_TRIGGERRIGHT: return .rightTrigger
        default: return nil
        }
    }

    /// An event type of the app's own whose only job is to end `waitForEvent` early
    /// (the accessibility bridge's thread has a request); `poll` drops it.
    static let wakeEventType: UInt32 = SDL_RegisterEvents(1)

    /// Wakes a `waitForEvent` on the main thread; callable from any thread.
    public static func wakeLoop() {
        guard wakeEventType != UInt32.max else { return }
        var event = SDL_Event()
        event.type = wakeEventType
        SDL_PushEvent(&event)
    }

    /// Blocks until an event arrives or `milliseconds` pass (nil: until an event).
    public static func waitForEvent(milliseconds: Int?) {
        if drivesWithoutEvents {
            // SDL waits on these drivers by polling every millisecond; nothing can
            // arrive from them anyway but what the process pushes itself, so a wait
            // with no end sleeps a second at a time.
            usleep(UInt32(clamping: max(0, milliseconds ?? 1000) * 1000))
            return
        }
        if let milliseconds {
            SDL_WaitEventTimeout(nil, Int32(clamping: milliseconds))
        } else {
            SDL_WaitEvent(nil)
        }
    }

    /// The offscreen and dummy video drivers: no window system, so no input.
    static var drivesWithoutEvents: Bool {
        guard let name = SDL_GetCurrentVideoDriver() else { return false }
        let driver = String(cString: name)
        return driver == "offscreen" || driver == "dummy"
    }
}
