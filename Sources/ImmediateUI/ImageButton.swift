import Raster

extension UIContext {
    /// A round button showing a picture (a tool of the punch screen's strip); `label`
    /// names it (its id, and what a script clicks). `selected` draws it on the accent
    /// colour with a light ring, so the choice reads without telling colours apart.
    @discardableResult
    public func imageButton(_ label: String, picture: RasterImage?, selected: Bool, in rect: Rect) -> UIResult {
        let widgetID = id(label)
        name(label, rect)
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
        return control.clicked ? .clicked : []
    }
}
