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
        // Page blocks and a dialog's are recorded in the order they closed: walk them in list order.
        translatedBlocks.sort { blockRange($0).lowerBound < blockRange($1).lowerBound }
        var block = 0
        for index in baseCommands.indices {
            // A text field's commands (a block, in drawing order) move with it instead.
            while block < translatedBlocks.count, blockRange(translatedBlocks[block]).upperBound <= index { block += 1 }
            if block < translatedBlocks.count, blockRange(translatedBlocks[block]).contains(index) {
                let area = translatedBlocks[block].area
                let shift = mirrored(area).minX - area.minX
                baseCommands[index] = Self.placed(baseCommands[index], mirror: false) { $0.offsetBy(dx: shift, dy: 0) }
            } else {
                baseCommands[index] = Self.placed(baseCommands[index], mirror: true, mirrored)
            }
        }
        for index in accessibleNodes.indices { accessibleNodes[index].rect = mirrored(accessibleNodes[index].rect) }
        textInputRect = textInputRect.map(mirrored)
    }

    /// Where a block's commands are in the finished list (overlays come after the page).
    private func blockRange(_ block: TranslatedBlock) -> Range<Int> {
        let offset = block.overlay ? overlayCommandStart : 0
        return (block.start + offset)..<(block.end + offset)
    }

    /// `command` with its box placed by `place`; `mirror` also turns a leading label
    /// trailing and a shadow's offset around, as a mirror does (a moved block keeps them).
    private static func placed(_ command: DrawCommand, mirror: Bool, _ place: (Rect) -> Rect) -> DrawCommand {
        switch command {
        case let .rect(rect, color, radius): return .rect(place(rect), color: color, cornerRadius: radius)
        case let .shadow(rect, radius, blur, offset, color):
            return .shadow(place(rect), cornerRadius: radius, blur: blur, offset: mirror ? Point(-offset.x, offset.y) : offset, color: color)
        case let .image(image, rect, radius, fit, opacity): return .image(image, place(rect), cornerRadius: radius, fit: fit, opacity: opacity)
        case let .text(string, rect, font, color, alignment, maxLines):
            // A label that began at the left edge begins at the right one.
            let flipped: TextAlignment = !mirror ? alignment : alignment == .leading ? .trailing : alignment == .trailing ? .leading : alignment
            return .text(string, place(rect), font: font, color: color, alignment: flipped, maxLines: maxLines)
        case let .pushClip(rect): return .pushClip(place(rect))
        case .popClip: return .popClip
        case let .focusRing(rect, radius, color, width): return .focusRing(place(rect), cornerRadius: radius, color: color, width: width)
        case let .stroke(rect, radius, color, width): return .stroke(place(rect), cornerRadius: radius, color: color, width: width)
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
