// Overlays owns what sits above a screen: the modal confirm dialog (which blocks
// input to everything beneath it and cancels on Escape / pad B) and toasts (errors
// and notices that fade out on their own). Both draw into the overlay layer, which
// `end()` puts after the screen's commands whatever order they were built in.

import Localization
import Raster

public enum ConfirmResult: Sendable, Hashable {
    /// Still open: call it again next frame.
    case pending
    case confirmed
    case cancelled
}

public enum ToastKind: Sendable, Hashable {
    case notice
    case error
}

struct Toast {
    var message: String
    var kind: ToastKind
    var start: Double
    var duration: Double
}

extension UIContext {
    // MARK: [SECTION] Modal confirm dialog

    /// A modal dialog asking to confirm `title`. Call it every frame while it should
    /// show; until it answers, everything else takes no input (its widgets answer
    /// `isBlocked`). Enter answers with the focused button: focus starts on Cancel when
    /// the action is destructive, on the confirm button otherwise. Escape or pad B
    /// cancels, or confirms with `escapeConfirms` ("Discard changes?": a second Escape
    /// discards).
    public func confirmDialog(
        _ label: String, title: String, message: String, confirmLabel: String, cancelLabel: String = tr("Cancel"),
        destructive: Bool = true, escapeConfirms: Bool = false
    ) -> ConfirmResult {
        let scope = beginModal(label, title: title, description: message, role: .alert)
        defer { endModal(scope) }

        let pad = 24 * scale, gap = 16 * scale
        let titleFont = font(theme.titleFontSize, .bold), bodyFont = font(theme.fontSize)
        let width = min(560 * scale, bounds.width - 2 * pad)
        let textWidth = width - 2 * pad
        let bodyLayout = TextLayout(source: glyphs, font: bodyFont)
        let bodyLineHeight = Float(bodyLayout.metrics.lineHeight)
        let messageLines = message.isEmpty ? 0 : bodyLayout.lineCount(of: message, width: Int(textWidth), maxLines: 6)
        // A long name in the title ("Delete “…”?") wraps rather than losing its end:
        // which target is meant is the one thing the dialog must say whole.
        let titleLines = max(1, TextLayout(source: glyphs, font: titleFont).lineCount(of: title, width: Int(textWidth), maxLines: 3))
        let titleHeight = Float(glyphs.lineMetrics(for: titleFont).lineHeight) * Float(titleLines)
        let buttonHeight = theme.controlHeight * scale
        let height = pad + titleHeight + (messageLines > 0 ? gap + Float(messageLines) * bodyLineHeight : 0)
            + gap * 1.5 + buttonHeight + pad
        let card = Rect(x: bounds.center.x - width / 2, y: bounds.center.y - height / 2, width: width, height: height)

        draw(.rect(bounds, color: theme.scrim, cornerRadius: 0))
        draw(.shadow(card, cornerRadius: theme.cornerRadius * scale * 1.5, blur: 24 * scale, offset: Point(0, 8 * scale),
                     color: theme.shadow))
        draw(.rect(card, color: theme.background, cornerRadius: theme.cornerRadius * scale * 1.5))
        var y = card.minY + pad
        draw(.text(title, Rect(x: card.minX + pad, y: y, width: textWidth, height: titleHeight), font: titleFont,
                   color: theme.text, alignment: .leading, maxLines: titleLines))
        y += titleHeight
        if messageLines > 0 {
            y += gap
            let box = Rect(x: card.minX + pad, y: y, width: textWidth, height: Float(messageLines) * bodyLineHeight)
            draw(.text(message, box, font: bodyFont, color: theme.textMuted, alignment: .leading, maxLines: messageLines))
        }

        let buttonWidth = (textWidth - gap) / 2
        let buttonY = card.maxY - pad - buttonHeight
        let cancelRect = Rect(x: card.minX + pad, y: buttonY, width: buttonWidth, height: buttonHeight)
        let confirmRect = Rect(x: cancelRect.maxX + gap, y: buttonY, width: buttonWidth, height: buttonHeight)
        let cancelled = button(cancelLabel, style: .secondary, id: "cancel", in: cancelRect).clicked
        let confirmed = button(confirmLabel, style: destructive ? .destructive : .primary, id: "confirm", in: confirmRect).clicked

        let cancelID = id("cancel"), confirmID = id("confirm")
        if focused != cancelID && focused != confirmID && pendingFocus != confirmID && pendingFocus != cancelID {
            pendingFocus = destructive ? cancelID : confirmID
        }
        // The button Enter presses is marked however the dialog was opened: opened with
        // the mouse it has no focus ring, and a destructive dialog's Cancel looked like
        // any other button beside a red Delete that looked like the default.
        let enterPresses = pendingFocus == cancelID || pendingFocus == confirmID ? pendingFocus : focused
        if enterPresses == cancelID || enterPresses == confirmID {
            markDefault(enterPresses == cancelID ? cancelRect : confirmRect)
        }
        var answer = ConfirmResult.pending
        if takeBack() {
            answer = escapeConfirms ? .confirmed : .cancelled
        } else if confirmed {
            answer = .confirmed
        } else if cancelled {
            answer = .cancelled
        }
        if answer != .pending { closeModal() }
        return answer
    }

    /// An accent edge round a dialog's default button (the one Enter presses), drawn
    /// inside its bounds so it never reads as the focus ring, which stands off it.
    func markDefault(_ rect: Rect) {
        let width = max(2, 3 * scale)
        let radius = theme.cornerRadius * scale
        draw(.stroke(rect.insetBy(width / 2), cornerRadius: max(0, radius - width / 2), color: theme.accent, width: width))
    }

    // MARK: [SECTION] Custom modals

    /// What `beginModal` saved, for `endModal` to put back.
    public struct ModalScope {
        let wasOverlay: Bool
    }

    /// Opens a modal named `label` for this frame: until `endModal`, widgets are built
    /// inside it (drawn on the overlay layer, taking input), and everything outside it
    /// is blocked. Call both every frame while it shows; `closeModal` when it answers.
    /// `title` is what a screen reader calls it (the label, when nil); `role` is
    /// `.alert` for a question that needs an answer.
    public func beginModal(_ label: String, title: String? = nil, description: String = "",
                           role: AccessibleRole = .dialog) -> ModalScope {
        let modalID = id(label)
        if modalLastFrame != modalID { focusBeforeModal = focused }
        modalThisFrame = modalID
        insideModal = modalID
        let scope = ModalScope(wasOverlay: drawingOverlay)
        drawingOverlay = true
        beginDescribing(modalID, role: role, name: title ?? label, rect: bounds, states: [.modal], description: description)
        idStack.append(modalID)
        return scope
    }

    public func endModal(_ scope: ModalScope) {
        endDescribing()
        _ = idStack.popLast()
        drawingOverlay = scope.wasOverlay
        insideModal = nil
    }

    /// Closes the open modal now, so what is built after it (and next frame) takes
    /// input; focus goes back to what had it before (the control that opened it).
    public func closeModal() {
        modalThisFrame = nil
        pendingFocus = focusBeforeModal
        if focusBeforeModal == nil { focused = nil }
        focusBeforeModal = nil
    }

    /// Takes this frame's Escape / pad B for the open modal (true when it was pressed).
    public func takeBack() -> Bool {
        guard backPressed && !backTaken else { return false }
        backTaken = true
        return true
    }

    /// True while a modal dialog is open (this frame or the last).
    public var isModalOpen: Bool { modalThisFrame != nil || modalLastFrame != nil }

    // MARK: [SECTION] Toasts

    /// Shows `message` for `duration` seconds near the bottom of the window, fading out.
    public func showToast(_ message: String, kind: ToastKind = .notice, duration: Double = 3) {
        // The same words again restart the one toast instead of stacking a copy.
        toasts.removeAll { $0.message == message }
        toasts.append(Toast(message: message, kind: kind, start: time, duration: duration))
    }

    /// Takes `message`'s toast away before its time (what it says no longer applies).
    public func dismissToast(_ message: String) {
        toasts.removeAll { $0.message == message }
    }

    /// The band at a page's bottom kept for toasts (one line's worth, where a toast sits
    /// without a clearance): pages end above it whether or not a toast shows, so none
    /// covers a row or button and nothing moves when one comes or goes.
    public var toastBand: Float { (32 + 10) * scale + theme.controlHeight * scale }

    /// How many toasts are showing.
    public var toastCount: Int { toasts.count + (actionToastThisFrame ? 1 : 0) }

    /// The top of the toasts over a page now, a gap above the highest (nil when none
    /// shows): a list reaching down to the window's bottom margin ends its view here
    /// while they show, so a toast clips its rows instead of covering them, and no row
    /// moves. The toasts are those still up and the stack of the last frame (an Undo
    /// toast is built after the page).
    public var toastStackTop: Float? {
        var stack: Float = 0
        for toast in toasts where time < toast.start + toast.duration {
            stack += toastSize(toast.message, actionWidth: 0).height + 8 * scale
        }
        stack = max(stack, toastStackHeight)
        return stack > 0 ? toastBottom - stack : nil
    }

    /// The widest a toast gets before its text wraps.
    var toastMaxWidth: Float { min(bounds.width - 32 * scale, 640 * scale) }

    /// Size of a toast holding `message` (wrapped to at most three lines) with room for
    /// an action button of `actionWidth`.
    func toastSize(_ message: String, actionWidth: Float) -> (width: Float, height: Float, lines: Int) {
        let toastFont = font(theme.fontSize, .bold)
        let pad = theme.padding * scale
        let layout = TextLayout(source: glyphs, font: toastFont)
        let room = toastMaxWidth - 2 * pad - actionWidth
        let lines = max(1, layout.lineCount(of: message, width: Int(room), maxLines: 3))
        let textWidth = lines == 1 ? textWidth(message, font: toastFont) : room
        let lineHeight = Float(layout.metrics.lineHeight)
        let height = max(theme.controlHeight * scale, Float(lines) * lineHeight + pad)
        return (min(toastMaxWidth, textWidth + 2 * pad + actionWidth), height, lines)
    }

    /// A toast with a button ("Deleted “Alarm” · Undo") at the bottom of the toast
    /// stack. Call it every frame while it should show; true in the frame its button
    /// is clicked or tapped. It takes no focus, so Tab never gets stuck on it; the
    /// caller gives it a key of its own (Ctrl+Z for Undo).
    public func actionToast(_ label: String, message: String, action: String) -> Bool {
        let toastFont = font(theme.fontSize, .bold)
        let pad = theme.padding * scale
        let actionWidth = textWidth(action, font: toastFont) + 2 * pad
        let size = toastSize(message, actionWidth: actionWidth)
        let rect = Rect(x: bounds.center.x - size.width / 2, y: toastBottom - size.height, width: size.width, height: size.height)
        actionToastThisFrame = true
        actionToastHeight = size.height
        let wasOverlay = drawingOverlay
        drawingOverlay = true
        defer { drawingOverlay = wasOverlay }
        let radius = min(size.height, theme.controlHeight * scale) / 2
        draw(.shadow(rect, cornerRadius: radius, blur: 12 * scale, offset: Point(0, 4 * scale), color: theme.shadow))
        draw(.rect(rect, color: theme.card, cornerRadius: radius))
        claim(rect)  // a press beside its button is still on the toast, not under it
        draw(.text(message, toastTextRect(in: rect, inset: pad, trailing: actionWidth, lines: size.lines),
                   font: toastFont, color: theme.text, alignment: .leading, maxLines: size.lines))
        let buttonRect = Rect(x: rect.maxX - actionWidth - pad / 2, y: rect.minY + 4 * scale, width: actionWidth,
                              height: rect.height - 8 * scale)
        // A modal above does not block it: Undo stays reachable whatever is open.
        let blocked = modalLastFrame != nil || modalThisFrame != nil
        let saved = insideModal
        if blocked { insideModal = modalThisFrame ?? modalLastFrame }
        describeToast(message, kind: .notice, rect: rect)
        describe(id(label), role: .pushButton, name: action, rect: buttonRect, description: message, action: "press")
        let control = updateControl(id(label), buttonRect, focusable: false, activatesOnKeys: false)
        insideModal = saved
        let fill = control.isActive ? theme.accent.withAlpha(0.35) : control.isHot ? theme.accent.withAlpha(0.22) : theme.accent.withAlpha(0.12)
        draw(.rect(buttonRect, color: fill, cornerRadius: buttonRect.height / 2))
        draw(.text(action, buttonRect, font: toastFont, color: theme.accent, alignment: .center, maxLines: 1))
        return control.clicked
    }

    /// Where a toast's text goes: a line is centred by the text drawing itself; wrapped
    /// lines are drawn from their box's top, so the box is their height, centred.
    func toastTextRect(in rect: Rect, inset pad: Float, trailing: Float, lines: Int) -> Rect {
        let box = Rect(x: rect.minX + pad, y: rect.minY, width: rect.width - 2 * pad - trailing, height: rect.height)
        guard lines > 1 else { return box }
        let layout = TextLayout(source: glyphs, font: font(theme.fontSize, .bold))
        let height = Float(lines * layout.metrics.lineHeight)
        return Rect(x: box.minX, y: rect.minY + (rect.height - height) / 2, width: box.width, height: height)
    }

    /// Drops expired toasts and draws the rest above the action toast, newest lowest,
    /// above everything, wrapped so none is cut off at a narrow window.
    func drawToasts() {
        toasts.removeAll { time >= $0.start + $0.duration }
        var bottom = toastBottom - (actionToastThisFrame ? actionToastHeight + 8 * scale : 0)
        actionToastThisFrame = false
        defer { toastStackHeight = toastBottom - bottom }
        guard !toasts.isEmpty else { return }
        let toastFont = font(theme.fontSize, .bold)
        for toast in toasts.reversed() {
            let age = time - toast.start, left = toast.start + toast.duration - time
            let alpha = reduceMotion ? 1 : Float(max(0, min(1, min(age / 0.2, left / 0.4))))
            // Frames while it fades; between, it holds still until its fade-out begins.
            if reduceMotion {
                needsFrame(in: left)
            } else {
                needsFrame(in: age < 0.2 || left < 0.4 ? 0 : left - 0.4)
            }
            let size = toastSize(toast.message, actionWidth: 0)
            let rect = Rect(x: bounds.center.x - size.width / 2, y: bottom - size.height, width: size.width, height: size.height)
            let background = toast.kind == .error ? theme.errorSurface : theme.card
            let radius = min(size.height, theme.controlHeight * scale) / 2
            baseCommands.append(.shadow(rect, cornerRadius: radius, blur: 12 * scale, offset: Point(0, 4 * scale),
                                        color: theme.shadow.withAlpha(theme.shadow.a * alpha)))
            baseCommands.append(.rect(rect, color: background.withAlpha(alpha), cornerRadius: radius))
            let pad = theme.padding * scale
            baseCommands.append(.text(toast.message, toastTextRect(in: rect, inset: pad, trailing: 0, lines: size.lines), font: toastFont,
                                      color: theme.text.withAlpha(alpha), alignment: .center, maxLines: size.lines))
            describeToast(toast.message, kind: toast.kind, rect: rect)
            bottom -= size.height + 8 * scale
        }
    }

    /// Where the bottom of the toast stack sits: just above the area the screen keeps
    /// clear (`toastClearance`, set each frame), so a toast never hides the favorites
    /// bar's names or a list's last rows.
    var toastBottom: Float { min(bounds.maxY - 16 * scale, toastClearance ?? bounds.maxY - 32 * scale) }
}
