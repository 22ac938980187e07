// TextField owns single-line text editing: typing, Backspace/Delete and cursor moves
// by grapheme clusters (an emoji or "e" + combining accent is one step), Shift
// selection, Ctrl+A/C/X/V through the platform's Clipboard, IME composition shown
// underlined, a placeholder, a maximum length in characters, and commit on Enter or
// on leaving the field (`.deactivatedAfterEdit`). Only the focused field has state.

import Input
import Raster

/// The focused field's editing state. Positions count Characters (grapheme clusters).
struct TextEditState {
    var id: WidgetID
    var cursor: Int
    var anchor: Int
    var scrollX: Float = 0
    var edited = false
    var lastChange: Double = 0
    /// The current press has placed the caret; further frames of it extend the selection.
    var pressPlaced = false
    /// The text as this field last left it. Another text (the app filled the field in,
    /// say a name taken from a dropped file's) puts the caret at its end, so what is
    /// typed next follows it instead of landing in front.
    var knownText: String

    var selection: Range<Int> { min(cursor, anchor)..<max(cursor, anchor) }
    var hasSelection: Bool { cursor != anchor }
}

extension String {
    /// The index `offset` characters in, clamped to the ends.
    func index(atCharacter offset: Int) -> String.Index {
        index(startIndex, offsetBy: max(0, offset), limitedBy: endIndex) ?? endIndex
    }

}

extension UIContext {
    // MARK: [SECTION] Text field

    /// A one-line text field editing `text` in place. Answers `.changed` on every edit,
    /// `.submitted` on Enter, and `.deactivatedAfterEdit` when an edited field takes
    /// Enter or loses focus: save then. `maxLength` counts characters.
    /// `accessibleName` is what a screen reader calls it (the label drawn above it).
    @discardableResult
    public func textField(
        _ label: String, text: inout String, placeholder: String = "", maxLength: Int = .max, accessibleName: String? = nil,
        in rect: Rect? = nil
    ) -> UIResult {
        textField(label, text: &text, placeholder: placeholder, maxLength: maxLength, in: rect, leadingInset: 0, trailingInset: 0,
                  accessibleName: accessibleName)
    }

    /// A text field whose text keeps `leadingInset` and `trailingInset` pixels clear
    /// inside its border (for a search field's icon and clear button).
    func textField(
        _ label: String, text: inout String, placeholder: String, maxLength: Int, in rect: Rect?,
        leadingInset: Float, trailingInset: Float, accessibleName: String?
    ) -> UIResult {
        let widgetID = id(label)
        let area = widgetRect(rect, preferredWidth: 240 * scale, preferredHeight: theme.controlHeight * scale)
        let control = updateControl(widgetID, area, activatesOnKeys: false)
        var result: UIResult = []
        if let asked = takeAccessibleText(for: widgetID) {
            // Set whole through EditableText: as if typed, and committed at once.
            let cleaned = String(asked.map { $0.isNewline ? " " : $0 }.prefix(maxLength))
            if cleaned != text {
                text = cleaned
                result.formUnion([.changed, .deactivatedAfterEdit])
            }
        }
        let fieldFont = font(theme.fontSize)
        let pad = theme.padding * scale
        let textArea = Rect(x: area.minX + pad + leadingInset, y: area.minY,
                            width: max(0, area.width - 2 * pad - leadingInset - trailingInset), height: area.height)

        // Leaving the field commits an edit.
        if !control.isFocused, let state = editing, state.id == widgetID {
            if state.edited { result.insert(.deactivatedAfterEdit) }
            editing = nil
        }
        if control.isFocused {
            textInputRect = area
            editingSeen = true
            if editing?.id != widgetID {
                let end = text.count
                editing = TextEditState(id: widgetID, cursor: end, anchor: end, lastChange: time, knownText: text)
            }
            if var state = editing {
                if state.knownText != text {
                    state.cursor = text.count
                    state.anchor = state.cursor
                }
                if active == widgetID {
                    // The press puts the caret under the pointer; dragging on selects.
                    placeCursor(&state, text: text, font: fieldFont, textArea: textArea, keepAnchor: state.pressPlaced)
                    state.pressPlaced = true
                } else {
                    state.pressPlaced = false
                }
                result.formUnion(edit(&text, state: &state, maxLength: maxLength))
                if result.contains(.submitted), state.edited {
                    result.insert(.deactivatedAfterEdit)
                    state.edited = false
                }
                state.knownText = text
                editing = state
            }
        }
        isItemDeactivatedAfterEdit = result.contains(.deactivatedAfterEdit)
        describe(widgetID, role: .entry, name: accessibleName ?? placeholder, rect: area, states: [.focusable, .editable],
                 description: accessibleName == nil ? "" : placeholder, action: nil, text: text,
                 caret: editing?.id == widgetID ? editing?.cursor ?? text.count : text.count)
        drawTextField(area, textArea: textArea, text: text, placeholder: placeholder, font: fieldFont, control: control)
        return result
    }

    /// Applies this frame's text, composition and editing keys, in the order they came.
    private func edit(_ text: inout String, state: inout TextEditState, maxLength: Int) -> UIResult {
        var result: UIResult = []
        func replaceSelection(with inserted: String) {
            let selection = state.selection
            let room = max(0, maxLength - (text.count - selection.count))
            var piece = inserted
            if piece.count > room { piece = String(piece.prefix(room)) }
            guard !piece.isEmpty || !selection.isEmpty else { return }
            let prefix = String(text[..<text.index(atCharacter: selection.lowerBound)]) + piece
            let newText = prefix + String(text[text.index(atCharacter: selection.upperBound)...])
            // Counted on the result: a combining accent merges into the character before it.
            state.cursor = prefix.count
            state.anchor = state.cursor
            text = newText
            state.edited = true
            state.lastChange = time
            result.insert(.changed)
        }
        for index in events.indices where !consumed[index] {
            switch events[index] {
            case let .text(typed):
                consumed[index] = true
                replaceSelection(with: String(typed.map { $0.isNewline ? " " : $0 }))
            case let .keyDown(key, modifiers, _):
                let shift = modifiers.contains(.shift), control = modifiers.contains(.control)
                let count = text.count
                state.cursor = min(state.cursor, count)
                state.anchor = min(state.anchor, count)
                var handled = true
                switch key {
                case .backspace:
                    if !composition.isEmpty { break }
                    if !state.hasSelection && state.cursor > 0 { state.anchor = state.cursor - 1 }
                    if state.hasSelection { replaceSelection(with: "") }
                case .delete:
                    if !composition.isEmpty { break }
                    if !state.hasSelection && state.cursor < count { state.anchor = state.cursor + 1 }
                    if state.hasSelection { replaceSelection(with: "") }
                case .left:
                    if state.hasSelection && !shift {
                        state.cursor = state.selection.lowerBound
                    } else {
                        state.cursor = max(0, state.cursor - 1)
                    }
                    if !shift { state.anchor = state.cursor }
                case .right:
                    if state.hasSelection && !shift {
                        state.cursor = state.selection.upperBound
                    } else {
                        state.cursor = min(count, state.cursor + 1)
                    }
                    if !shift { state.anchor = state.cursor }
                // Ctrl+Home / Ctrl+End are left to the list beside a search field.
                case .home where !control:
                    state.cursor = 0
                    if !shift { state.anchor = 0 }
                case .end where !control:
                    state.cursor = count
                    if !shift { state.anchor = count }
                case .enter:
                    result.insert(.submitted)
                case .space:
                    break  // the text event carries the space; keep Space from activating anything
                case .character("a") where control:
                    state.anchor = 0
                    state.cursor = count
                case .character("c") where control:
                    if state.hasSelection { clipboard?.text = selectedText(text, state) }
                case .character("x") where control:
                    if state.hasSelection {
                        clipboard?.text = selectedText(text, state)
                        replaceSelection(with: "")
                    }
                case .character("v") where control:
                    if let pasted = clipboard?.text {
                        replaceSelection(with: String(pasted.map { $0.isNewline ? " " : $0 }))
                    }
                default:
                    handled = false
                }
                if handled {
                    consumed[index] = true
                    state.lastChange = time
                }
            default:
                continue
            }
        }
        return result
    }

    private func selectedText(_ text: String, _ state: TextEditState) -> String {
        let range = state.selection
        return String(text[text.index(atCharacter: range.lowerBound)..<text.index(atCharacter: range.upperBound)])
    }

    /// Moves the caret to the pointer (a press puts it there; dragging selects): the
    /// logical offset whose caret is drawn nearest, so it works in right-to-left text.
    private func placeCursor(_ state: inout TextEditState, text: String, font: FontDescription, textArea: Rect, keepAnchor: Bool) {
        let layout = TextLayout(source: glyphs, font: font)
        let target = fieldPointerX(in: textArea) - textArea.minX + state.scrollX - rightToLeftInset(text, font: font, textArea: textArea)
        let offset = layout.characterOffset(in: text, nearestX: target)
        state.cursor = offset
        if !keepAnchor { state.anchor = offset }
    }

    /// How far a right-to-left text that fits is moved right so it ends at the field's
    /// right edge, its caret still inside (0 for left-to-right text and for text wider
    /// than the field, which scrolls).
    private func rightToLeftInset(_ text: String, font: FontDescription, textArea: Rect) -> Float {
        guard let run = glyphs.shapedRun(for: text[...], font: font), run.isRightToLeft else { return 0 }
        return max(0, textArea.width - 2 * scale - Float(run.width))
    }

    private func drawTextField(
        _ area: Rect, textArea: Rect, text: String, placeholder: String, font: FontDescription, control: ControlState
    ) {
        let radius = theme.cornerRadius * scale
        let border = 2 * scale
        draw(.rect(area, color: control.isFocused ? theme.accent : theme.controlOutline ?? theme.card, cornerRadius: radius))
        draw(.rect(area.insetBy(border), color: theme.fieldBackground, cornerRadius: max(0, radius - border)))
        let layout = TextLayout(source: glyphs, font: font)
        // What is placed by measuring the text moves as one under a mirrored layout.
        let block = beginTranslatedBlock(textArea)
        defer { endTranslatedBlock(block) }
        // A right-to-left placeholder (the app in Arabic) starts at the right edge, as text does.
        let placeholderAlignment: TextAlignment =
            glyphs.shapedRun(for: placeholder[...], font: font)?.isRightToLeft == true ? .trailing : .leading

        guard control.isFocused, var state = editing else {
            if text.isEmpty {
                drawFitted(placeholder, in: textArea, font: font, color: theme.textMuted, alignment: placeholderAlignment)
            } else {
                // A right-to-left text starts at the field's right edge, as in a GNOME entry.
                let alignment: TextAlignment = glyphs.shapedRun(for: text[...], font: font)?.isRightToLeft == true ? .trailing : .leading
                draw(.text(text, textArea, font: font, color: theme.text, alignment: alignment, maxLines: 1))
            }
            return
        }
        // The composition shows inside the text at the caret, underlined, until committed.
        let cursorIndex = text.index(atCharacter: state.cursor)
        let display = composition.isEmpty ? text : String(text[..<cursorIndex]) + composition + String(text[cursorIndex...])
        let caretOffset = state.cursor + (composition.isEmpty ? 0 : min(compositionCursor, composition.count))
        // Offsets are logical; a caret is drawn where that character sits on screen.
        func x(at characters: Int) -> Float { Float(layout.caretX(in: display, atCharacter: characters)) }
        let caretX = x(at: caretOffset)
        let totalWidth = Float(layout.width(of: display))
        if caretX - state.scrollX > textArea.width - 1 { state.scrollX = caretX - textArea.width + 1 }
        if caretX < state.scrollX { state.scrollX = caretX }
        state.scrollX = max(0, min(state.scrollX, max(0, totalWidth + 1 - textArea.width)))
        editing = state
        let originX = textArea.minX - state.scrollX + rightToLeftInset(display, font: font, textArea: textArea)

        pushClip(textArea)
        if state.hasSelection && composition.isEmpty {
            // In mixed-direction text one logical selection can be several pieces on screen.
            layout.forEachSelectionSpan(in: display, characters: state.selection) { left, right in
                let highlight = Rect(
                    x: originX + Float(left), y: area.minY + area.height * 0.2, width: Float(right - left),
                    height: area.height * 0.6)
                draw(.rect(highlight, color: theme.selection, cornerRadius: 0))
            }
        }
        if display.isEmpty {
            drawFitted(placeholder, in: textArea, font: font, color: theme.textMuted, alignment: placeholderAlignment)
        } else {
            // Wide enough never to be cut with "…": the clip does the cutting.
            let box = Rect(x: originX, y: textArea.minY, width: totalWidth + 2, height: textArea.height)
            draw(.text(display, box, font: font, color: theme.text, alignment: .leading, maxLines: 1))
        }
        let metrics = glyphs.lineMetrics(for: font)
        let textTop = area.minY + (area.height - Float(metrics.ascent + metrics.descent)) / 2
        let baseline = textTop + Float(metrics.ascent)
        if !composition.isEmpty {
            let composed = state.cursor..<(state.cursor + composition.count)
            layout.forEachSelectionSpan(in: display, characters: composed) { left, right in
                draw(.rect(Rect(x: originX + Float(left), y: baseline + 2 * scale, width: Float(right - left), height: max(1, 2 * scale)),
                           color: theme.text, cornerRadius: 0))
            }
        }
        // The caret blinks, but stays solid for a moment after each change.
        let sinceChange = time - state.lastChange
        let phase = sinceChange.truncatingRemainder(dividingBy: 1.0)
        // The next blink: when the solid moment ends, else when the caret turns on or off.
        needsFrame(in: sinceChange < 0.5 ? 0.5 - sinceChange : phase < 0.6 ? 0.6 - phase : 1 - phase)
        if sinceChange < 0.5 || phase < 0.6 {
            let caret = Rect(x: originX + caretX, y: textTop, width: max(1, 2 * scale), height: Float(metrics.ascent + metrics.descent))
            draw(.rect(caret, color: theme.accent, cornerRadius: 0))
        }
        popClip()
    }
}
