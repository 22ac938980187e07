// Mirroring owns right-to-left layout. Screens lay themselves out left to right, as
// they always have; under Arabic or Hebrew (`mirrorsLayout`) the UI reads the pointer
// mirrored about the window's middle, and the finished frame is mirrored back: every
// box lands where a right-to-left reader expects it (the tool strip on the right, Back
// on the right pointing right, lists and the week flowing from the right) while the
// glyphs and pictures inside the boxes are drawn as they are, never reversed. One
// transform at the frame's two ends, so no screen carries a second, mirrored layout.
//
// Text fields are the exception: their caret, selection and scrolled text are placed
// by measuring the text, so a field is moved as a whole (translated) instead of
// mirrored inside, and reads its pointer the same way.

import Input
import Raster

extension UIContext {
    /// `rect` mirrored about the window's vertical middle.
    public func mirrored(_ rect: Rect) -> Rect {
        Rect(x: bounds.width - rect.maxX, y: rect.minY, width: rect.width, height: rect.height)
    }

    /// A point of the screen in the screens' own left-to-right coordinates (or back).
    func mirrored(_ point: Point) -> Point { Point(bounds.width - point.x, point.y) }

    /// The pointer's x as a text field inside `area` sees it: the field is moved, not
    /// mirrored, so within it the pointer keeps its left-to-right distance from the edge.
    func fieldPointerX(in area: Rect) -> Float {
        mirrorsLayout ? area.minX + area.maxX - pointer.x : pointer.x
    }

    /// This frame's input as the left-to-right screens read it: pointer and finger
    /// positions mirrored, a pad's left and right swapped (keys are not: a text field's
    /// arrows move its caret as the text runs, and focus swaps them itself).
    static func mirroredInput(_ input: [InputEvent], width: Int) -> [InputEvent] {
        let w = Float(width)
        return input.map { event in
            switch event {
            case let .pointerMoved(x, y): return .pointerMoved(x: w - x, y: y)
            case let .pointerDown(x, y, button): return .pointerDown(x: w - x, y: y, button: button)
            case let .pointerUp(x, y, button): return .pointerUp(x: w - x, y: y, button: button)
            case let .fingerDown(id, x, y, pressure): return .fingerDown(id: id, x: w - x, y: y, pressure: pressure)
            case let .fingerMoved(id, x, y): return .fingerMoved(id: id, x: w - x, y: y)
            case let .fingerUp(id, x, y): return .fingerUp(id: id, x: w - x, y: y)
            case let .gamepadButton(pad, .dpadLeft, pressed): return .gamepadButton(id: pad, button: .dpadRight, pressed: pressed)
            case let .gamepadButton(pad, .dpadRight, pressed): return .gamepadButton(id: pad, button: .dpadLeft, pressed: pressed)
            case let .gamepadAxis(pad, .leftX, value): return .gamepadAxis(id: pad, axis: .leftX, value: -value)
            default: return event
            }
        }
    }

    /// Starts a run of commands moved as a whole with `area` (a text field).
    func beginTranslatedBlock(_ area: Rect) -> TranslatedBlock {
        TranslatedBlock(area: area, overlay: drawingOverlay, start: drawingOverlay ? overlayCommands.count : baseCommands.count)
    }

    func endTranslatedBlock(_ block: TranslatedBlock) {
        guard mirrorsLayout else { return }
        var block = block
        block.end = block.overlay ? overlayCommands.count : baseCommands.count
        translatedBlocks.append(block)
    }

    /// Mirrors the finished frame's commands, its screen-reader boxes and the IME's box.
    func mirrorFinishedFrame() {
        var shifts = [Float?](repeating: nil, count: baseCommands.count)
        for block in translatedBlocks {
            let offset = block.overlay ? overlayCommandStart : 0
            let shift = mirrored(block.area).minX - block.area.minX
            for index in (block.start + offset)..<min(block.end + offset, shifts.count) { shifts[index] = shift }
        }
        for index in baseCommands.indices {
            baseCommands[index] = shifts[index].map { Self.moved(baseCommands[index], by: $0) } ?? mirroredCommand(baseCommands[index])
        }
        for index in accessibleNodes.indices { accessibleNodes[index].rect = mirrored(accessibleNodes[index].rect) }
        textInputRect = textInputRect.map(mirrored)
    }

    private func mirroredCommand(_ command: DrawCommand) -> DrawCommand {
        switch command {
        case let .rect(rect, color, radius): return .rect(mirrored(rect), color: color, cornerRadius: radius)
        case let .shadow(rect, radius, blur, offset, color):
            return .shadow(mirrored(rect), cornerRadius: radius, blur: blur, offset: Point(-offset.x, offset.y), color: color)
        case let .image(image, rect, radius, fit, opacity): return .image(image, mirrored(rect), cornerRadius: radius, fit: fit, opacity: opacity)
        case let .text(string, rect, font, color, alignment, maxLines):
            // A label that began at the left edge begins at the right one.
            let flipped: TextAlignment = alignment == .leading ? .trailing : alignment == .trailing ? .leading : alignment
            return .text(string, mirrored(rect), font: font, color: color, alignment: flipped, maxLines: maxLines)
        case let .pushClip(rect): return .pushClip(mirrored(rect))
        case .popClip: return .popClip
        case let .focusRing(rect, radius, color, width): return .focusRing(mirrored(rect), cornerRadius: radius, color: color, width: width)
        case let .stroke(rect, radius, color, width): return .stroke(mirrored(rect), cornerRadius: radius, color: color, width: width)
        }
    }

    private static func moved(_ command: DrawCommand, by dx: Float) -> DrawCommand {
        func move(_ rect: Rect) -> Rect { Rect(x: rect.minX + dx, y: rect.minY, width: rect.width, height: rect.height) }
        switch command {
        case let .rect(rect, color, radius): return .rect(move(rect), color: color, cornerRadius: radius)
        case let .shadow(rect, radius, blur, offset, color): return .shadow(move(rect), cornerRadius: radius, blur: blur, offset: offset, color: color)
        case let .image(image, rect, radius, fit, opacity): return .image(image, move(rect), cornerRadius: radius, fit: fit, opacity: opacity)
        case let .text(string, rect, font, color, alignment, maxLines):
            return .text(string, move(rect), font: font, color: color, alignment: alignment, maxLines: maxLines)
        case let .pushClip(rect): return .pushClip(move(rect))
        case .popClip: return .popClip
        case let .focusRing(rect, radius, color, width): return .focusRing(move(rect), cornerRadius: radius, color: color, width: width)
        case let .stroke(rect, radius, color, width): return .stroke(move(rect), cornerRadius: radius, color: color, width: width)
        }
    }
}

/// A run of a frame's commands moved as a whole with `area` when the layout mirrors.
struct TranslatedBlock {
    let area: Rect
    let overlay: Bool
    let start: Int
    var end = 0
}
