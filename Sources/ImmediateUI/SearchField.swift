// SearchField owns the search entry over a long list: a text field with a
// magnifier, a clear (×) button while it holds text, Ctrl+F or pad X to go to it
// (its text selected, to type over), and type-to-search: printable text typed on the page
// while no other text field has focus goes into it, so a user can just start
// typing a name.

import Input
import Localization
import Raster

extension UIContext {
    // MARK: [SECTION] Search field

    /// True when this frame brought printable text (or an input method's composition)
    /// that no widget has taken. Spaces alone do not count: Space still presses the
    /// focused card or button.
    public var hasUntakenText: Bool {
        for index in events.indices where !consumed[index] {
            switch events[index] {
            case .text(let typed) where typed.contains(where: { !$0.isWhitespace }): return true
            case .textEditing(let composing, _) where !composing.isEmpty: return true
            default: continue
            }
        }
        return false
    }

    /// A search field editing `text`. With `typeToSearch`, text typed while no other
    /// text field has focus focuses it and lands in it the same frame. Ctrl+F (or a
    /// gamepad's X, its search button: focusing a text field brings up the system's
    /// on-screen keyboard) focuses it with its text selected. The × clears it and keeps the focus there. Answers
    /// as a text field does (`.changed` on every edit, `.submitted` on Enter).
    @discardableResult
    public func searchField(
        _ label: String, text: inout String, placeholder: String, maxLength: Int = 200, typeToSearch: Bool = true,
        in rect: Rect
    ) -> UIResult {
        let fieldID = id(label)
        let anotherFieldEditing = editing.map { $0.id == focused && $0.id != fieldID } ?? false
        if !isInputBlocked && (takeKey(.character("f"), [.control]) || takePadButton(.x)) {
            // As in GTK: the whole text selected, so typing replaces it.
            let count = text.count
            editing = TextEditState(id: fieldID, cursor: count, anchor: 0, lastChange: time, knownText: text)
            focusNow(fieldID)
        } else if typeToSearch, !isInputBlocked, focused != fieldID, !anotherFieldEditing, hasUntakenText {
            focusNow(fieldID, visible: false)
        }
        let pad = theme.padding * scale
        let icon = min(rect.height * 0.42, 20 * scale)
        let clearSide = max(0, rect.height - 14 * scale)
        let showsClear = !text.isEmpty
        var result = textField(
            label, text: &text, placeholder: placeholder, maxLength: maxLength, in: rect,
            leadingInset: icon + 10 * scale, trailingInset: showsClear ? clearSide : 0, accessibleName: tr("Search"))
        drawMagnifier(in: Rect(x: rect.minX + pad, y: rect.center.y - icon / 2, width: icon, height: icon))
        guard showsClear else { return result }
        let clearRect = Rect(x: rect.maxX - 7 * scale - clearSide, y: rect.center.y - clearSide / 2,
                             width: clearSide, height: clearSide)
        // Not focusable, as in GTK's search entries: Escape clears from the keyboard.
        describe(WidgetID.of("clear", in: fieldID), role: .pushButton, name: tr("Clear search"), rect: clearRect, action: "press")
        let control = updateControl(WidgetID.of("clear", in: fieldID), clearRect, focusable: false, activatesOnKeys: false)
        if control.isHot || control.isActive {
            draw(.rect(clearRect, color: theme.cardHover, cornerRadius: clearSide / 2))
        }
        draw(.text("×", clearRect, font: font(theme.iconFontSize), color: control.isHot ? theme.text : theme.textMuted,
                   alignment: .center, maxLines: 1))
        if control.clicked {
            text = ""
            result.insert(.changed)
            focusNow(fieldID, visible: false)
        }
        return result
    }

    /// Takes this frame's first unused press of `key` with exactly `modifiers`.
    public func takeKey(_ key: Key, _ modifiers: KeyModifiers = []) -> Bool {
        for index in events.indices where !consumed[index] {
            if case .keyDown(key, modifiers, _) = events[index] {
                consumed[index] = true
                return true
            }
        }
        return false
    }

    /// Takes this frame's first unused press of gamepad button `button`.
    public func takePadButton(_ button: GamepadButton) -> Bool {
        for index in events.indices where !consumed[index] {
            if case .gamepadButton(_, button, true) = events[index] {
                consumed[index] = true
                return true
            }
        }
        return false
    }

    /// A magnifier: a ring and a short handle of overlapping dots (the renderer has no
    /// rotated strokes, and dots give the handle round ends).
    private func drawMagnifier(in box: Rect) {
        let line = max(1.5, box.width * 0.13)
        let lens = box.width * 0.68
        let ring = Rect(x: box.minX + line, y: box.minY + line, width: lens - 2 * line, height: lens - 2 * line)
        draw(.stroke(ring, cornerRadius: ring.width / 2, color: theme.textMuted, width: line))
        let start = box.minX + lens * 0.85, dot = line * 1.25
        var step: Float = 0
        while start + step + dot <= box.maxX + 0.5 {
            draw(.rect(Rect(x: start + step - dot / 2, y: box.minY + lens * 0.85 + step - dot / 2, width: dot, height: dot),
                       color: theme.textMuted, cornerRadius: dot / 2))
            step += dot * 0.4
        }
    }
}
