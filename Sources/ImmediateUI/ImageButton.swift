import Raster

extension UIContext {
    /// A round button showing a picture (a tool of the punch screen's strip); `label`
    /// names it (its id, and what a script clicks). `selected` draws it on the accent
    /// colour with a light ring, so the choice reads without telling colours apart.
    /// `tooltip`: its label shows beside it while the mouse is over it or the keyboard's
    /// focus ring is on it (a picture alone does not say which tool it is), to the
    /// right, or `.above` where the buttons stand in a row.
    @discardableResult
    public func imageButton(_ label: String, picture: RasterImage?, selected: Bool, in rect: Rect,
                            tooltip: TooltipPlacement? = nil) -> UIResult {
        let widgetID = id(label)
        name(label, rect)
        describe(widgetID, role: .toggleButton, name: label, rect: rect,
                 states: selected ? [.focusable, .checkable, .checked] : [.focusable, .checkable], action: "press")
        let control = updateControl(widgetID, rect, ringRadius: min(rect.width, rect.height) / 2)
        let radius = min(rect.width, rect.height) / 2
        draw(.shadow(rect, cornerRadius: radius, blur: 8 * scale, offset: Point(0, 3 * scale), color: theme.shadow))
        if selected {
            draw(.rect(rect.insetBy(-3 * scale), color: theme.highlight, cornerRadius: radius + 3 * scale))
            draw(.rect(rect, color: control.isHot || control.isActive ? theme.accentHover : theme.accent, cornerRadius: radius))
        } else {
            drawButtonBody(rect, style: .secondary, control: control, round: true)
        }
        if let picture {
            let inset = rect.insetBy(min(rect.width, rect.height) * 0.12)
            draw(.image(picture, inset, cornerRadius: 0, fit: .fit, opacity: selected || control.isHot ? 1 : 0.85))
        }
        if let tooltip, (control.isHot && !pointerIsTouch) || (control.isFocused && focusVisible) {
            self.tooltip(label, beside: rect, placement: tooltip)
        }
        return control.clicked ? .clicked : []
    }

    /// A small dark label beside `anchor`, kept on screen.
    public func tooltip(_ text: String, beside anchor: Rect, placement: TooltipPlacement) {
        let font = self.font(theme.fontSize * 0.85, .bold)
        let width = textWidth(text, font: font) + 24 * scale, height = 34 * scale
        var box: Rect
        switch placement {
        case .trailing:
            box = Rect(x: anchor.maxX + 10 * scale, y: anchor.center.y - height / 2, width: width, height: height)
        case .above:
            box = Rect(x: anchor.center.x - width / 2, y: anchor.minY - height - 10 * scale, width: width, height: height)
        }
        box.x = max(4 * scale, min(box.x, bounds.width - width - 4 * scale))
        box.y = max(4 * scale, box.y)
        drawAbove {
            draw(.shadow(box, cornerRadius: 8 * scale, blur: 8 * scale, offset: Point(0, 2 * scale), color: theme.shadow))
            draw(.rect(box, color: theme.backgroundDeep, cornerRadius: 8 * scale))
            draw(.text(text, box, font: font, color: theme.text, alignment: .center, maxLines: 1))
        }
    }
}

/// Where a tooltip goes beside its control.
public enum TooltipPlacement: Sendable {
    case trailing, above
}
