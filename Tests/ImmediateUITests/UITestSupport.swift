import ImmediateUI
import Input
import Raster
import RenderTestSupport
import TestSupport
import Testing

/// Runs UI frames at 60 Hz with a fake font and an in-memory clipboard.
final class UIHarness {
    let glyphs: any GlyphSource
    let clipboard = InMemoryClipboard()
    let ui: UIContext
    let width: Int
    let height: Int
    var time: Double = 0

    init(width: Int = 1280, height: Int = 720, glyphs: any GlyphSource = BoxGlyphSource()) {
        self.glyphs = glyphs
        self.width = width
        self.height = height
        ui = UIContext(glyphs: glyphs, clipboard: clipboard)
    }

    /// One frame: feeds `events`, builds with `build`, advances the clock by `dt`.
    @discardableResult
    func frame(_ events: [InputEvent] = [], dt: Double = 1.0 / 60, _ build: (UIContext) -> Void = { _ in }) -> [DrawCommand] {
        ui.begin(input: events, width: width, height: height, time: time)
        build(ui)
        let commands = ui.end()
        time += dt
        return commands
    }
}

/// Mouse button 1 down and up at (x, y), in one frame.
func click(_ x: Float, _ y: Float) -> [InputEvent] {
    [.pointerMoved(x: x, y: y), .pointerDown(x: x, y: y, button: 1), .pointerUp(x: x, y: y, button: 1)]
}

func key(_ key: Key, _ modifiers: KeyModifiers = []) -> [InputEvent] {
    [.keyDown(key, modifiers: modifiers, isRepeat: false), .keyUp(key, modifiers: modifiers)]
}

func pad(_ button: GamepadButton) -> [InputEvent] {
    [.gamepadButton(id: 0, button: button, pressed: true), .gamepadButton(id: 0, button: button, pressed: false)]
}

extension DrawCommand {
    /// The string of a text command.
    var string: String? {
        if case let .text(string, _, _, _, _, _) = self { return string }
        return nil
    }

    var textRect: Rect? {
        if case let .text(_, rect, _, _, _, _) = self { return rect }
        return nil
    }
}
