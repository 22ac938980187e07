import Input
import Platform

/// A recording's lines as the input events the recorded session saw, handed to the
/// session's frame without SDL's event queue in between: the recorder wrote each
/// event's values exactly (positions between pixels, a stick's value, the time), so
/// this is the inverse of `InputRecorder.line(for:)`. Hand-written scripts go through
/// SDL instead, so they test the platform's translation as users' input reaches it.
enum StraightInput {
    /// The events of `command`, or nil for what is not input to the session: the
    /// window's size and a pad's plugging are the platform's (the runner changes the
    /// window or the virtual pad itself), screenshots and the like are the runner's.
    /// `pad`: the virtual pad's id, for its buttons and sticks; `finger`: the id a
    /// `touch` line's tap gets. Label lines are resolved to positions before this.
    static func events(for command: ScriptCommand, pad: Int32?, finger: Int64) -> [InputEvent]? {
        switch command {
        case .click(let x, let y):
            let x = Float(x), y = Float(y)
            return [.pointerMoved(x: x, y: y), .pointerDown(x: x, y: y, button: 1), .pointerUp(x: x, y: y, button: 1)]
        case .touch(let x, let y):
            let x = Float(x), y = Float(y)
            return [.fingerDown(id: finger, x: x, y: y), .fingerUp(id: finger, x: x, y: y)]
        case .down(let x, let y): return [.pointerDown(x: x, y: y, button: 1)]
        case .up(let x, let y): return [.pointerUp(x: x, y: y, button: 1)]
        case .move(let x, let y): return [.pointerMoved(x: x, y: y)]
        case .wheel(let dx, let dy): return [.wheel(dx: dx, dy: dy)]
        case .touchDown(let id, let x, let y, let pressure): return [.fingerDown(id: id, x: x, y: y, pressure: pressure)]
        case .touchUp(let id, let x, let y): return [.fingerUp(id: id, x: x, y: y)]
        case .touchMove(let id, let x, let y): return [.fingerMoved(id: id, x: x, y: y)]
        case .keyDown(let name, let modifiers, let isRepeat):
            return SDLInput.key(named: name).map { [.keyDown($0, modifiers: modifiers, isRepeat: isRepeat)] } ?? []
        case .keyUp(let name, let modifiers):
            return SDLInput.key(named: name).map { [.keyUp($0, modifiers: modifiers)] } ?? []
        case .key(let name, let modifiers):
            guard let key = SDLInput.key(named: name) else { return [] }
            return [.keyDown(key, modifiers: modifiers, isRepeat: false), .keyUp(key, modifiers: modifiers)]
        case .text(let text): return [.text(text)]
        case .drop(let path): return [.fileDropped(path: path)]
        case .close: return [.windowCloseRequested]
        case .audioLost: return [.audioDeviceLost]
        case .audioBack: return [.audioDeviceAdded]
        case .pad(let button):
            // Released a frame later by the runner, as the virtual pad's press is.
            return pad.map { [.gamepadButton(id: $0, button: button, pressed: true)] } ?? []
        case .padAxis(let axis, let value):
            return pad.map { [.gamepadAxis(id: $0, axis: axis, value: value)] } ?? []
        case .clickLabel, .touchLabel, .screenshot, .texts, .padUnplug, .padPlug, .resize, .frame, .seed, .quit:
            return nil
        }
    }
}
