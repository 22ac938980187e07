import CSDL2
import Input
import Locking

/// Puts synthetic input into SDL's own event queue, for headless scripts: the app
/// then reads it through the same translation as real input. Gamepad input goes
/// through an SDL virtual joystick, so the real game-controller path runs too.
public final class SDLEventInjector {
    private var virtualPad: OpaquePointer?
    private var padDeviceIndex: Int32 = -1

    public init() {}

    deinit {
        if let virtualPad { SDL_JoystickClose(virtualPad) }
        if padDeviceIndex >= 0 { SDL_JoystickDetachVirtual(padDeviceIndex) }
    }

    public func mouseButton(x: Int, y: Int, pressed: Bool, windowID: UInt32) {
        mouseMove(x: x, y: y, windowID: windowID)
        var event = SDL_Event()
        event.type = pressed ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
        event.button.windowID = windowID
        event.button.which = 0
        event.button.button = UInt8(SDL_BUTTON_LEFT)
        event.button.state = UInt8(pressed ? SDL_PRESSED : SDL_RELEASED)
        event.button.clicks = 1
        event.button.x = Int32(x)
        event.button.y = Int32(y)
        SDL_PushEvent(&event)
    }

    /// A mouse wheel turn (positive `dy` scrolls up, positive `dx` right, as SDL reports it).
    public func wheel(dx: Float = 0, dy: Float, windowID: UInt32) {
        var event = SDL_Event()
        event.type = SDL_MOUSEWHEEL.rawValue
        event.wheel.windowID = windowID
        event.wheel.which = 0
        event.wheel.x = Int32(dx.rounded())
        event.wheel.preciseX = dx
        event.wheel.y = Int32(dy.rounded())
        event.wheel.preciseY = dy
        event.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
        SDL_PushEvent(&event)
    }

    public func mouseMove(x: Int, y: Int, windowID: UInt32) {
        var event = SDL_Event()
        event.type = SDL_MOUSEMOTION.rawValue
        event.motion.windowID = windowID
        event.motion.which = 0
        event.motion.x = Int32(x)
        event.motion.y = Int32(y)
        SDL_PushEvent(&event)
    }

    /// A finger event at window pixel (x, y) of a `width` x `height` window.
    /// `pressure`: what the screen senses on a press, 0...1, from a touch device that
    /// senses pressure (`SDLInput.scriptedPressureScreen`, so a full 1 reads as a full
    /// press); nil: a screen without pressure, which SDL reports as 1.
    public func finger(id: Int64, x: Int, y: Int, phase: FingerPhase, width: Int, height: Int, windowID: UInt32, pressure: Float? = nil) {
        var event = SDL_Event()
        switch phase {
        case .down: event.type = SDL_FINGERDOWN.rawValue
        case .up: event.type = SDL_FINGERUP.rawValue
        case .moved: event.type = SDL_FINGERMOTION.rawValue
        }
        event.tfinger.touchId = pressure == nil ? 1 : SDLInput.scriptedPressureScreen
        event.tfinger.fingerId = id
        event.tfinger.x = Float(x) / Float(max(1, width))
        event.tfinger.y = Float(y) / Float(max(1, height))
        event.tfinger.pressure = phase == .up ? 0 : pressure ?? 1
        event.tfinger.windowID = windowID
        SDL_PushEvent(&event)
    }

    public enum FingerPhase: Sendable { case down, up, moved }

    /// A key press or release by SDL key name ("Return", "Escape", "a", "F11").
    /// Returns false when SDL does not know the name.
    @discardableResult
    public func key(named name: String, modifiers: KeyModifiers, pressed: Bool, isRepeat: Bool = false, windowID: UInt32) -> Bool {
        let keycode = SDL_GetKeyFromName(name)
        guard keycode != SDLK_UNKNOWN.rawValue else { return false }
        var event = SDL_Event()
        event.type = pressed ? SDL_KEYDOWN.rawValue : SDL_KEYUP.rawValue
        event.key.windowID = windowID
        event.key.state = UInt8(pressed ? SDL_PRESSED : SDL_RELEASED)
        event.key.repeat = isRepeat ? 1 : 0
        event.key.keysym.sym = keycode
        event.key.keysym.scancode = SDL_GetScancodeFromKey(keycode)
        var mod: UInt32 = 0
        if modifiers.contains(.shift) { mod |= UInt32(KMOD_LSHIFT.rawValue) }
        if modifiers.contains(.control) { mod |= UInt32(KMOD_LCTRL.rawValue) }
        if modifiers.contains(.alt) { mod |= UInt32(KMOD_LALT.rawValue) }
        event.key.keysym.mod = UInt16(mod)
        SDL_PushEvent(&event)
        return true
    }

    /// Whether SDL knows a key name (for validating scripts before running them).
    public static func isKnownKey(_ name: String) -> Bool {
        SDL_GetKeyFromName(name) != SDLK_UNKNOWN.rawValue
    }

    /// Text input, split into SDL-sized pieces on character boundaries.
    public func text(_ text: String, windowID: UInt32) {
        var piece = ""
        for character in text {
            if piece.utf8.count + String(character).utf8.count > 31 {
                pushText(piece, windowID: windowID)
                piece = ""
            }
            piece.append(character)
        }
        if !piece.isEmpty { pushText(piece, windowID: windowID) }
    }

    private func pushText(_ text: String, windowID: UInt32) {
        var event = SDL_Event()
        event.type = SDL_TEXTINPUT.rawValue
        event.text.windowID = windowID
        withUnsafeMutableBytes(of: &event.text.text) { raw in
            let bytes = Array(text.utf8.prefix(raw.count - 1))
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
            raw[bytes.count] = 0
        }
        SDL_PushEvent(&event)
    }

    /// A file dropped on the window. SDL frees the path when the event is handled, so
    /// it is copied with SDL's allocator.
    public func drop(path: String, windowID: UInt32) {
        var event = SDL_Event()
        event.type = SDL_DROPFILE.rawValue
        event.drop.windowID = windowID
        event.drop.file = SDL_strdup(path)
        SDL_PushEvent(&event)
    }

    /// Says the input injected next happened at `seconds` on the script's clock (see
    /// `SDLInput.scriptTimeEventType`).
    public func markTime(_ seconds: Double) {
        var event = SDL_Event()
        event.type = SDLInput.scriptTimeEventType
        event.user.code = Int32(clamping: Int((seconds * 1000).rounded()))
        // And the exact time, bit for bit (a recording's times are not whole milliseconds).
        event.user.data1 = UnsafeMutableRawPointer(bitPattern: UInt(seconds.bitPattern))
        SDL_PushEvent(&event)
    }

    public func windowClose(windowID: UInt32) {
        var event = SDL_Event()
        event.type = SDL_WINDOWEVENT.rawValue
        event.window.windowID = windowID
        event.window.event = UInt8(SDL_WINDOWEVENT_CLOSE.rawValue)
        SDL_PushEvent(&event)
    }

    /// The audio output device going away (as SDL reports an unplugged device).
    public func audioDeviceRemoved() {
        var event = SDL_Event()
        event.type = SDL_AUDIODEVICEREMOVED.rawValue
        event.adevice.which = 2  // the first device opened with SDL_OpenAudioDevice
        event.adevice.iscapture = 0
        SDL_PushEvent(&event)
    }

    /// A new audio output device appearing.
    public func audioDeviceAdded() {
        var event = SDL_Event()
        event.type = SDL_AUDIODEVICEADDED.rawValue
        event.adevice.which = 0
        event.adevice.iscapture = 0
        SDL_PushEvent(&event)
    }

    public func quit() {
        var event = SDL_Event()
        event.type = SDL_QUIT.rawValue
        SDL_PushEvent(&event)
    }

    // MARK: Virtual gamepad

    /// Attaches the virtual gamepad (once); SDL then reports it as a connected game
    /// controller, exactly like a real one.
    public func attachGamepad() -> Bool {
        if virtualPad != nil { return true }
        var description = SDL_VirtualJoystickDesc()
        description.version = UInt16(SDL_VIRTUAL_JOYSTICK_DESC_VERSION)
        description.type = UInt16(SDL_JOYSTICK_TYPE_GAMECONTROLLER.rawValue)
        description.naxes = UInt16(SDL_CONTROLLER_AXIS_MAX.rawValue)
        description.nbuttons = UInt16(SDL_CONTROLLER_BUTTON_MAX.rawValue)
        description.Rumble = virtualPadRumble
        let index = "StressPunch script pad".withCString { name -> Int32 in
            description.name = name
            return SDL_JoystickAttachVirtualEx(&description)
        }
        guard index >= 0 else { return false }
        padDeviceIndex = index
        virtualPad = SDL_JoystickOpen(index)
        return virtualPad != nil
    }

    /// Unplugs the virtual gamepad; SDL reports it removed, like a real one pulled out.
    /// The virtual pad's instance id, as its events carry it (nil while none is plugged in).
    public var gamepadID: Int32? { virtualPad.map { SDL_JoystickInstanceID($0) } }

    public func detachGamepad() {
        guard let pad = virtualPad else { return }
        let instance = SDL_JoystickInstanceID(pad)
        SDL_JoystickClose(pad)
        virtualPad = nil
        // Device indexes shift as pads come and go: find ours by its instance id.
        for index in 0..<max(0, SDL_NumJoysticks()) where SDL_JoystickGetDeviceInstanceID(index) == instance {
            SDL_JoystickDetachVirtual(index)
            break
        }
        padDeviceIndex = -1
    }

    public func gamepadButton(_ button: GamepadButton, pressed: Bool) {
        guard attachGamepad(), let virtualPad else { return }
        SDL_JoystickSetVirtualButton(virtualPad, Int32(Self.sdlButton(button).rawValue), UInt8(pressed ? 1 : 0))
    }

    public func gamepadAxis(_ axis: GamepadAxis, value: Float) {
        guard attachGamepad(), let virtualPad else { return }
        // SDL's game controller layer reads a trigger from the whole joystick range
        // (-32768 is released, 32767 fully pulled), so 0...1 spans all of it.
        let raw = axis == .leftTrigger || axis == .rightTrigger ? value * 65535 - 32768 : value * 32767
        let scaled = Int16(max(-32768, min(32767, raw.rounded())))
        SDL_JoystickSetVirtualAxis(virtualPad, Int32(Self.sdlAxis(axis).rawValue), scaled)
    }

    /// How many rumble requests the virtual pad has received (tests check that a punch
    /// asks for rumble).
    public static var rumbleRequests: Int { RumbleCounter.shared.count }

    static func sdlButton(_ button: GamepadButton) -> SDL_GameControllerButton {
        switch button {
        case .a: return SDL_CONTROLLER_BUTTON_A
        case .b: return SDL_CONTROLLER_BUTTON_B
        case .x: return SDL_CONTROLLER_BUTTON_X
        case .y: return SDL_CONTROLLER_BUTTON_Y
        case .back: return SDL_CONTROLLER_BUTTON_BACK
        case .guide: return SDL_CONTROLLER_BUTTON_GUIDE
        case .start: return SDL_CONTROLLER_BUTTON_START
        case .leftStick: return SDL_CONTROLLER_BUTTON_LEFTSTICK
        case .rightStick: return SDL_CONTROLLER_BUTTON_RIGHTSTICK
        case .leftShoulder: return SDL_CONTROLLER_BUTTON_LEFTSHOULDER
        case .rightShoulder: return SDL_CONTROLLER_BUTTON_RIGHTSHOULDER
        case .dpadUp: return SDL_CONTROLLER_BUTTON_DPAD_UP
        case .dpadDown: return SDL_CONTROLLER_BUTTON_DPAD_DOWN
        case .dpadLeft: return SDL_CONTROLLER_BUTTON_DPAD_LEFT
        case .dpadRight: return SDL_CONTROLLER_BUTTON_DPAD_RIGHT
        }
    }

    static func sdlAxis(_ axis: GamepadAxis) -> SDL_GameControllerAxis {
        switch axis {
        case .leftX: return SDL_CONTROLLER_AXIS_LEFTX
        case .leftY: return SDL_CONTROLLER_AXIS_LEFTY
        case .rightX: return SDL_CONTROLLER_AXIS_RIGHTX
        case .rightY: return SDL_CONTROLLER_AXIS_RIGHTY
        case .leftTrigger: return SDL_CONTROLLER_AXIS_TRIGGERLEFT
        case .rightTrigger: return SDL_CONTROLLER_AXIS_TRIGGERRIGHT
        }
    }
}

/// Counts rumble requests reaching the virtual pad (called on SDL's thread).
final class RumbleCounter: Sendable {
    static let shared = RumbleCounter()
    private let value = Locked(0)

    var count: Int {
        value.withLock { $0 }
    }

    func increment() {
        value.withLock { $0 += 1 }
    }
}

private func virtualPadRumble(_ userData: UnsafeMutableRawPointer?, _ low: UInt16, _ high: UInt16) -> Int32 {
    if low > 0 || high > 0 { RumbleCounter.shared.increment() }
    return 0
}
