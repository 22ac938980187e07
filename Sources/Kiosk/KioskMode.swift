import Foundation
import Input
import OperatorLock
import StressCore

/// Everything a kiosk adds to a session: the operator lock, the operator's
/// preferences, the idle reset with its attract loop, the hidden operator corner, the
/// gamepad chord that opens the PIN pad, and whether the mouse cursor shows.
final class KioskMode {
    /// Seconds the operator corner must be held.
    static let holdSeconds = 2.0
    /// The cursor hides this long after the mouse last moved.
    static let cursorHideSeconds = 3.0

    let gate: KioskGate
    var preferences: KioskPreferences
    var idle: IdleReset
    /// The folder the picture picker may show, and nothing outside it.
    let pictureRoot: URL
    /// Selected when the kiosk started: the reset target when the operator chose none.
    var launchSelectionID: Int64?

    /// The press held on the operator corner (a finger id, or nil for the mouse).
    private(set) var hold: (finger: Int64?, start: Double)?
    private var heldButtons: [Int32: Set<GamepadButton>] = [:]
    private(set) var cursorVisible = false
    private var lastMouseTime = -Double.infinity

    /// An idle reset came while a save was running: when it lands, the default target
    /// is selected again (the save selects what it added).
    var reselectDefaultAfterSave = false

    /// While an operator's unsaved form waits for "Still there?": when the idle reset
    /// happens unless someone touches the screen first.
    var stillThereDeadline: Double?
    static let stillThereSeconds = 30.0

    /// Counted for the headless summary and tests.
    private(set) var idleResets = 0
    private(set) var attractSteps = 0

    init(gate: KioskGate, preferences: KioskPreferences, pictureRoot: URL) {
        self.gate = gate
        self.preferences = preferences
        self.pictureRoot = pictureRoot
        idle = IdleReset(limit: Double(preferences.idleSeconds))
    }

    /// Whether an event is someone using the kiosk (restarts the idle countdown). A
    /// resting stick's drift, a pad plugged in and window changes are not.
    static func isActivity(_ event: InputEvent) -> Bool {
        switch event {
        case .gamepadAxis(_, _, let value): return abs(value) > 0.35
        case .gamepadAdded, .gamepadRemoved, .windowResized, .windowMinimized, .windowRestored, .focusChanged,
             .quitRequested, .audioDeviceLost, .audioDeviceAdded:
            return false
        case .gamepadButton(_, _, let pressed): return pressed
        default: return true
        }
    }

    /// Whether `event` asks to quit, and if so whether it is a key's auto-repeat: nil
    /// when it does not ask. Ctrl+Q (with Shift or not), Alt+F4 without a window
    /// manager to take it, the window's close button, and Escape where it would quit.
    /// A signal (`quitRequested`) is not a visitor's: it still stops the kiosk.
    static func quitKey(_ event: InputEvent, escapeQuits: Bool) -> Bool? {
        switch event {
        case .windowCloseRequested:
            return false
        case .keyDown(.character("q"), let modifiers, let isRepeat) where modifiers.contains(.control):
            return isRepeat
        case .keyDown(.other("F4"), let modifiers, let isRepeat) where modifiers.contains(.alt):
            return isRepeat
        case .keyDown(.escape, _, let isRepeat) where escapeQuits:
            return isRepeat
        default:
            return nil
        }
    }

    /// The mouse shows the cursor; a finger hides it.
    func noteCursor(_ event: InputEvent, time: Double) {
        switch event {
        case .pointerMoved, .pointerDown, .pointerUp, .wheel:
            cursorVisible = true
            lastMouseTime = time
        case .fingerDown, .fingerMoved:
            cursorVisible = false
        default:
            break
        }
    }

    /// Tracks gamepad buttons; true when Back and Start are held together (the chord
    /// that opens the PIN pad from a gamepad).
    func noteButton(gamepad: Int32, button: GamepadButton, pressed: Bool) -> Bool {
        var held = heldButtons[gamepad] ?? []
        if pressed { held.insert(button) } else { held.remove(button) }
        heldButtons[gamepad] = held
        return pressed && (button == .back || button == .start) && held.isSuperset(of: [.back, .start])
    }

    func forgetGamepad(_ id: Int32) { heldButtons[id] = nil }

    func beginHold(finger: Int64?, time: Double) { hold = (finger, time) }

    /// Ends the hold when its finger (or the mouse button) lets go.
    func endHold(finger: Int64?) {
        if hold?.finger == finger { hold = nil }
    }

    func cancelHold() { hold = nil }

    /// How far the hold has come (0...1), nil when nothing is held.
    func holdProgress(time: Double) -> Float? {
        hold.map { Float(min(1, (time - $0.start) / Self.holdSeconds)) }
    }

    /// One fixed step: the cursor's timeout.
    func stepCursor(time: Double) {
        if cursorVisible && time - lastMouseTime > Self.cursorHideSeconds { cursorVisible = false }
    }

    /// The target an idle reset returns to: the operator's choice, else the one
    /// selected at launch, if it still exists.
    func defaultTargetID(in targets: [StressTarget]) -> Int64? {
        if let chosen = preferences.defaultTargetID, targets.contains(where: { $0.id == chosen }) { return chosen }
        if let launch = launchSelectionID, targets.contains(where: { $0.id == launch }) { return launch }
        return nil
    }

    func countReset() { idleResets += 1 }
    func countAttractStep() { attractSteps += 1 }

    /// The attract loop's order: the favorites, led by the default target when it is
    /// not one of them.
    static func attractOrder(favorites: [Int64], defaultID: Int64?) -> [Int64] {
        guard let defaultID, !favorites.contains(defaultID) else { return favorites }
        return [defaultID] + favorites
    }
}
