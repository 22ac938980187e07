import ImmediateUI
import Input
import Raster
import TestSupport
import Testing

/// A deterministic glyph source: every character is a box `size / 2` pixels wide;
/// "🥊" is a red colour square. (The same fake as RasterTests' TextLayoutTests.)
final class BoxGlyphSource: GlyphSource {
    private var cache: [Int: [Unicode.Scalar: Glyph]] = [:]

    func lineMetrics(for font: FontDescription) -> LineMetrics {
        LineMetrics(ascent: font.size * 4 / 5, descent: font.size / 5, lineHeight: font.size * 6 / 5)
    }

    func glyph(for scalar: Unicode.Scalar, font: FontDescription) -> Glyph? {
        if let glyph = cache[font.size]?[scalar] { return glyph }
        let advance = font.size / 2, ascent = font.size * 4 / 5
        let glyph: Glyph
        if scalar == " " {
            glyph = Glyph(blankWithAdvance: advance)
        } else if scalar == "🥊" {
            let side = advance - 2
            glyph = Glyph(
                colorPixels: [UInt32](repeating: 0xFFFF_0000, count: side * side), width: side, height: side,
                bearingX: 1, bearingY: side, advance: advance)
        } else {
            let width = advance - 2
            var mask = [UInt8](repeating: 255, count: width * ascent)
            for row in 0..<ascent { mask[row * width + width - 1] = 128 }
            glyph = Glyph(alphaMask: mask, width: width, height: ascent, bearingX: 1, bearingY: ascent, advance: advance)
        }
        cache[font.size, default: [:]][scalar] = glyph
        return glyph
    }
}

/// Runs UI frames at 60 Hz with a fake font and an in-memory clipboard.
final class UIHarness {
    let glyphs = BoxGlyphSource()
    let clipboard = InMemoryClipboard()
    let ui: UIContext
    let width: Int
    let height: Int
    var time: Double = 0

    init(width: Int = 1280, height: Int = 720) {
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

extension Canvas {
    var rgba: [UInt8] { RasterImage(copying: self).rgbaBytes() }
}

/// Fails the current test when `canvas` does not match its snapshot.
func expectGolden(
    _ canvas: Canvas, _ name: String, tolerance: Int = 2, sourceLocation: SourceLocation = #_sourceLocation,
    file: String = #filePath
) {
    if let mismatch = GoldenImage.compare(
        rgba: canvas.rgba, width: canvas.width, height: canvas.height, name: name, channelTolerance: tolerance,
        testFile: file) {
        Issue.record(Comment(rawValue: mismatch.description), sourceLocation: sourceLocation)
    }
}
