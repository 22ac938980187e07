// Input owns the plain values that describe what the user did: pointer, fingers,
// keys, text, dropped files, gamepads, window changes and what a screen reader asked. Platform makes them from
// SDL events; the UI and the app read them. No SDL type, no behaviour.

/// Keyboard modifiers held with a key.
public struct KeyModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1)
    public static let control = KeyModifiers(rawValue: 2)
    public static let alt = KeyModifiers(rawValue: 4)
}

/// The keys the app reacts to; everything else arrives as `.other`.
public enum Key: Sendable, Hashable {
    case space, enter, escape, tab, backspace, delete
    case left, right, up, down, home, end, pageUp, pageDown
    case f1, f11
    /// A letter (lowercase) or digit key, whatever the layout prints on it.
    case character(Character)
    case other(String)
}

/// A gamepad's buttons, named by position on an Xbox-style pad.
public enum GamepadButton: String, Sendable, Hashable, CaseIterable {
    case a, b, x, y, back, guide, start
    case leftStick = "leftstick", rightStick = "rightstick"
    case leftShoulder = "leftshoulder", rightShoulder = "rightshoulder"
    case dpadUp = "dpup", dpadDown = "dpdown", dpadLeft = "dpleft", dpadRight = "dpright"
}

public enum GamepadAxis: String, Sendable, Hashable, CaseIterable {
    case leftX = "leftx", leftY = "lefty", rightX = "rightx", rightY = "righty"
    case leftTrigger = "lefttrigger", rightTrigger = "righttrigger"
}

/// An event and when it happened, in the frame clock's seconds (the `time` a frame is
/// given): from SDL's timestamp for real input, the script's line for a headless run.
/// How hard a punch is comes from these times, so moves that reach one frame together
/// still keep the intervals they were made at.
public struct TimedInputEvent: Sendable, Equatable {
    public var event: InputEvent
    public var time: Double

    public init(_ event: InputEvent, at time: Double) {
        self.event = event
        self.time = time
    }
}

/// One thing that happened, in window pixels (the framebuffer's coordinates).
public enum InputEvent: Sendable, Equatable {
    case pointerDown(x: Float, y: Float, button: Int)
    case pointerUp(x: Float, y: Float, button: Int)
    case pointerMoved(x: Float, y: Float)
    case wheel(dx: Float, dy: Float)
    /// `pressure` 0...1 where the screen reports one (nil where it does not).
    case fingerDown(id: Int64, x: Float, y: Float, pressure: Float? = nil)
    case fingerUp(id: Int64, x: Float, y: Float)
    case fingerMoved(id: Int64, x: Float, y: Float)
    case keyDown(Key, modifiers: KeyModifiers, isRepeat: Bool)
    case keyUp(Key, modifiers: KeyModifiers)
    case text(String)
    /// IME composition in progress: the uncommitted text and the cursor in it.
    case textEditing(String, cursor: Int)
    case fileDropped(path: String)
    case gamepadAdded(id: Int32, name: String)
    case gamepadRemoved(id: Int32)
    case gamepadButton(id: Int32, button: GamepadButton, pressed: Bool)
    /// Sticks in -1...1 (right and down positive), triggers in 0...1.
    case gamepadAxis(id: Int32, axis: GamepadAxis, value: Float)
    case windowResized(width: Int, height: Int)
    case windowMinimized
    case windowRestored
    case focusChanged(focused: Bool)
    /// The window's close button, Alt+F4 from the window manager.
    case windowCloseRequested
    /// The system asks the app to end (a signal such as SIGTERM, logging out).
    case quitRequested
    /// The sound output device went away (unplugged) or a new one appeared.
    case audioDeviceLost
    case audioDeviceAdded
    /// An assistive technology (a screen reader, switch access) asked a widget to do
    /// something through the desktop's accessibility bus.
    case accessibilityRequest(AccessibilityRequest)
}

/// What an assistive technology asked of one widget, named by its id (a `WidgetID`'s
/// raw value).
public struct AccessibilityRequest: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        /// The widget's action: press a button, toggle a switch, punch the stage.
        case press
        /// Move the keyboard focus to it.
        case focus
        /// Replace a text field's whole text.
        case setText(String)
        /// Set a stepper's or slider's value.
        case setValue(Double)
    }

    public var widget: UInt64
    public var action: Action

    public init(widget: UInt64, action: Action) {
        self.widget = widget
        self.action = action
    }
}

extension InputEvent {
    /// Whether someone did this (a pointer, a finger, a key, a pad), rather than the
    /// window system or a device coming and going.
    public var isUserInput: Bool {
        switch self {
        case .pointerDown, .pointerUp, .pointerMoved, .wheel, .fingerDown, .fingerUp, .fingerMoved,
             .keyDown, .keyUp, .text, .textEditing, .fileDropped, .gamepadButton, .gamepadAxis, .accessibilityRequest:
            return true
        default:
            return false
        }
    }
}
