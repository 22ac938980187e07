// Overlays owns what sits above a screen: the modal confirm dialog (which blocks
// input to everything beneath it and cancels on Escape / pad B) and toasts (errors
// and notices that fade out on their own). Both draw into the overlay layer, which
// `end()` puts after the screen's commands whatever order they were built in.

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
    /// `isBlocked`). Focus starts on Cancel; Escape or pad B cancels.
    public func confirmDialog(
        _ label: String, title: String, message: String, confirmLabel: String, cancelLabel: String = "Cancel",
        destructive: Bool = true
    ) -> ConfirmResult {
        let scope = beginModal(label)
        defer { endModal(scope) }

        let pad = 24 * scale, gap = 16 * scale
        let titleFont = font(theme.titleFontSize, .bold), bodyFont = font(theme.fontSize)
        let width = min(560 * scale, bounds.width - 2 * pad)
        let textWidth = width - 2 * pad
        let bodyLayout = TextLayout(source: glyphs, font: bodyFont)
        let bodyLineHeight = Float(bodyLayout.metrics.lineHeight)
        let messageLines = message.isEmpty ? 0 : bodyLayout.lineCount(of: message, width: Int(textWidth), maxLines: 6)
        let titleHeight = Float(glyphs.lineMetrics(for: titleFont).lineHeight)
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
                   color: theme.text, alignment: .leading, maxLines: 1))
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
        if focused != cancelID && focused != confirmID && pendingFocus != confirmID {
            pendingFocus = cancelID
        }
        var answer = ConfirmResult.pending
        if takeBack() {
            answer = .cancelled
        } else if confirmed {
            answer = .confirmed
        } else if cancelled {
            answer = .cancelled
        }
        if answer != .pending { closeModal() }
        return answer
    }

    // MARK: [SECTION] Custom modals

    /// What `beginModal` saved, for `endModal` to put back.
    public struct ModalScope {
        let wasOverlay: Bool
    }

    /// Opens a modal named `label` for this frame: until `endModal`, widgets are built
    /// inside it (drawn on the overlay layer, taking input), and everything outside it
    /// is blocked. Call both every frame while it shows; `closeModal` when it answers.
    public func beginModal(_ label: String) -> ModalScope {
        let modalID = id(label)
        if modalLastFrame != modalID { focusBeforeModal = focused }
        modalThisFrame = modalID
        insideModal = modalID
        let scope = ModalScope(wasOverlay: drawingOverlay)
        drawingOverlay = true
        idStack.append(modalID)
        return scope
    }

    public func endModal(_ scope: ModalScope) {
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

    /// Shows `message` for `duration` seconds at the bottom of the window, fading out.
    public func showToast(_ message: String, kind: ToastKind = .notice, duration: Double = 3) {
        toasts.append(Toast(message: message, kind: kind, start: time, duration: duration))
    }

    /// How many toasts are showing.
    public var toastCount: Int { toasts.count }

    /// Drops expired toasts and draws the rest, newest at the bottom, above everything.
    func drawToasts() {
        toasts.removeAll { time >= $0.start + $0.duration }
        guard !toasts.isEmpty else { return }
        let toastFont = font(theme.fontSize, .bold)
        let pad = theme.padding * scale
        let height = theme.controlHeight * scale
        var bottom = bounds.maxY - 32 * scale
        for toast in toasts.reversed() {
            let age = time - toast.start, left = toast.start + toast.duration - time
            let alpha = reduceMotion ? 1 : Float(max(0, min(1, min(age / 0.2, left / 0.4))))
            let width = min(bounds.width - 48 * scale, textWidth(toast.message, font: toastFont) + 2 * pad)
            let rect = Rect(x: bounds.center.x - width / 2, y: bottom - height, width: width, height: height)
            let background = toast.kind == .error ? theme.destructive : theme.card
            baseCommands.append(.shadow(rect, cornerRadius: height / 2, blur: 12 * scale, offset: Point(0, 4 * scale),
                                        color: theme.shadow.withAlpha(theme.shadow.a * alpha)))
            baseCommands.append(.rect(rect, color: background.withAlpha(alpha), cornerRadius: height / 2))
            baseCommands.append(.text(toast.message, rect, font: toastFont,
                                      color: theme.text.withAlpha(alpha), alignment: .center, maxLines: 1))
            bottom -= height + 8 * scale
        }
    }
}
