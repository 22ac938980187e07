import Foundation
import Input
import Localization

/// Writes what a user did in the real window as a headless script (`--record FILE`):
/// every translated input event, in the script format, timed from the start. Replayed
/// with `--headless --script FILE` on a copy of the library as it was when the
/// recording began, it gives the same library state, so a bug a user met can be met
/// again. Lines are written as they come (off the frame path), so a crash still
/// leaves the recording up to its last frame.
public final class InputRecorder {
    private let handle: FileHandle
    private let queue = DispatchQueue(label: "stresspunch.recording", qos: .utility)
    private var pending = ""
    /// The script's one virtual pad stands for the first pad; later ones are left out.
    private var gamepadID: Int32?
    private var gamepadUnplugged = false
    private let pixelScale: (x: Float, y: Float)
    /// The PIN pad is open and its first hidden input was said: one comment stands for
    /// all of it, so the recording tells neither the PIN's length nor its keys' timing.
    private var hidingPINInput = false

    /// Creates (or empties) `url` and writes the script's header: what made it, and
    /// the window's size in pixels as its first line, so the replay lays out the same.
    public init(url: URL, width: Int, height: Int, pixelScale: (x: Float, y: Float), seed: UInt64? = nil) throws(RunError) {
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: url)
        else {
            // TRANSLATORS: %s is the path of the file the input was to be recorded in (--record).
            throw RunError(tr("cannot write the recording %s: check that its folder exists and can be written to", url.path))
        }
        self.handle = handle
        self.pixelScale = pixelScale
        pending = "# StressPunch recording. Replay: stresspunch --headless --script THIS-FILE --data-dir A-COPY-OF-THE-LIBRARY\n"
        if let seed { pending += "0 seed \(seed)\n" }
        if let size = Self.resizeLine(width: width, height: height) { pending += "0.000 " + size + "\n" }
        flush()
    }

    /// Adds this frame's events, each at its own time (seconds since start). While `secret` (a
    /// kiosk's PIN pad is open) what could enter a PIN (keys, text, presses, touches,
    /// a pad's buttons and sticks) is written as a comment that says so, never as the
    /// event: a recording must not hold the operator's PIN, nor replay into it. One
    /// comment, at the pad's first input, for as long as the pad stays open.
    public func record(_ events: [TimedInputEvent], secret: Bool = false) {
        if !secret { hidingPINInput = false }
        guard !events.isEmpty else { return }
        for timed in events {
            // The shortest text that reads back as the same Double: a replay is exact.
            let event = timed.event, stamp = "\(timed.time) "
            if secret && Self.couldEnterPIN(event) {
                if !hidingPINInput { pending += "# " + stamp + Self.secretPlaceholder + "\n" }
                hidingPINInput = true
            } else if let line = line(for: event) {
                pending += stamp + line + "\n"
            }
        }
        flush()
    }

    /// Marks the end of a frame the session ran at `time`, `elapsed` after the one
    /// before: a replay runs the same frames, each with the events written before it.
    public func recordFrame(time: Double, elapsed: Double) {
        pending += "\(time) frame \(elapsed)\n"
        flush()
    }

    /// Adds `events` all at `time`.
    public func record(_ events: [InputEvent], at time: Double, secret: Bool = false) {
        record(events.map { TimedInputEvent($0, at: time) }, secret: secret)
    }

    /// What a recording says in place of PIN pad input.
    static let secretPlaceholder = "(PIN pad input, not recorded)"

    static func couldEnterPIN(_ event: InputEvent) -> Bool {
        switch event {
        case .keyDown, .keyUp, .text, .textEditing, .pointerDown, .pointerUp, .pointerMoved, .wheel,
             .fingerDown, .fingerUp, .fingerMoved, .gamepadButton, .gamepadAxis:
            return true
        default:
            return false
        }
    }

    /// Ends the script where the session ended, and waits until everything is written.
    public func finish(at time: Double) {
        pending += String(format: "%.3f quit\n", time)
        flush()
        queue.sync {}
        try? handle.close()
    }

    private func flush() {
        guard !pending.isEmpty else { return }
        let data = Data(pending.utf8)
        pending = ""
        let handle = self.handle
        queue.async { try? handle.write(contentsOf: data) }
    }

    /// The script line for one event, or nil for what a script does not replay (the
    /// window losing focus, an input method's composition, buttons other than the
    /// left one, a second gamepad, a screen reader's requests).
    func line(for event: InputEvent) -> String? {
        // As the session saw them, between pixels too: the replay hands them back unchanged.
        func point(_ x: Float, _ y: Float) -> String { Self.number(x) + " " + Self.number(y) }
        switch event {
        case .pointerDown(let x, let y, 1): return "down " + point(x, y)
        case .pointerUp(let x, let y, 1): return "up " + point(x, y)
        case .pointerDown, .pointerUp: return nil
        case .pointerMoved(let x, let y): return "move " + point(x, y)
        case .wheel(let dx, let dy): return "wheel \(Self.number(dx)) \(Self.number(dy))"
        case .fingerDown(let id, let x, let y, let pressure):
            return "touchdown \(id) " + point(x, y) + (pressure.map { " " + Self.number($0) } ?? "")
        case .fingerUp(let id, let x, let y): return "touchup \(id) " + point(x, y)
        case .fingerMoved(let id, let x, let y): return "touchmove \(id) " + point(x, y)
        case .keyDown(let key, let modifiers, let isRepeat):
            // Press and release on lines of their own: how long a key was held matters
            // (Space punches harder held longer), and so do its auto-repeats.
            guard let name = Self.keyName(key) else { return nil }
            return "keydown " + Self.modifierPrefix(modifiers) + name + (isRepeat ? " repeat" : "")
        case .keyUp(let key, let modifiers):
            guard let name = Self.keyName(key) else { return nil }
            return "keyup " + Self.modifierPrefix(modifiers) + name
        case .textEditing, .windowMinimized, .windowRestored, .focusChanged:
            return nil
        case .accessibilityRequest:
            // Widget ids from a screen reader: a script has no line for them (yet).
            return nil
        case .text(let text): return "text " + Self.quoted(text)
        case .fileDropped(let path): return "drop " + Self.quoted(path)
        case .gamepadAdded(let id, _):
            if gamepadID == nil {
                // The replay plugs its pad in at the start when the script uses one.
                gamepadID = id
                return nil
            }
            guard id == gamepadID || gamepadUnplugged else { return nil }
            gamepadID = id
            gamepadUnplugged = false
            return "padplug"
        case .gamepadRemoved(let id):
            guard id == gamepadID else { return nil }
            gamepadUnplugged = true
            return "padunplug"
        case .gamepadButton(let id, let button, let pressed):
            // A script's pad line presses and releases (the release comes a frame later).
            guard pressed, id == gamepadID ?? id else { return nil }
            gamepadID = id
            return "pad " + button.rawValue
        case .gamepadAxis(let id, let axis, let value):
            guard id == gamepadID ?? id else { return nil }
            gamepadID = id
            return "padaxis \(axis.rawValue) \(Self.number(value))"
        case .windowResized(let width, let height):
            return Self.resizeLine(width: Int((Float(width) * pixelScale.x).rounded()), height: Int((Float(height) * pixelScale.y).rounded()))
        case .windowCloseRequested: return "close"
        case .quitRequested: return "quit"
        case .audioDeviceLost: return "audiolost"
        case .audioDeviceAdded: return "audioback"
        }
    }

    static func modifierPrefix(_ modifiers: KeyModifiers) -> String {
        var prefix = ""
        if modifiers.contains(.control) { prefix += "Ctrl+" }
        if modifiers.contains(.shift) { prefix += "Shift+" }
        if modifiers.contains(.alt) { prefix += "Alt+" }
        return prefix
    }

    /// A `resize` line when the size is one a script may ask for.
    static func resizeLine(width: Int, height: Int) -> String? {
        guard (320...8192).contains(width), (240...8192).contains(height) else { return nil }
        return "resize \(width) \(height)"
    }

    /// The name SDL gives a key, as the script's `key` lines use them.
    static func keyName(_ key: Key) -> String? {
        switch key {
        case .space: return "Space"
        case .enter: return "Return"
        case .escape: return "Escape"
        case .tab: return "Tab"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .left: return "Left"
        case .right: return "Right"
        case .up: return "Up"
        case .down: return "Down"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PageUp"
        case .pageDown: return "PageDown"
        case .f1: return "F1"
        case .f11: return "F11"
        case .character(let character): return character == "+" ? "+" : String(character)
        case .other(let name): return name.isEmpty || name.contains(" ") ? nil : name
        }
    }

    /// A number as short as it can be written and still be read back the same.
    static func number(_ value: Float) -> String {
        let text = "\(value)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// A string in the script's double quotes, with `"` and `\` escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for character in text {
            if character == "\"" || character == "\\" { out.append("\\") }
            if character == "\n" || character == "\r" { out.append(" "); continue }
            out.append(character)
        }
        return out + "\""
    }
}
