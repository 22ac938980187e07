// Widgets owns the simple widgets: labels, buttons (primary, secondary, destructive,
// with an optional icon glyph), icon buttons, the on/off toggle (the favorite star),
// image tiles for picture grids, panels and the spinner. Each takes the next layout
// rect (or an explicit one), calls `updateControl`, then emits draw commands.

import Foundation
import Localization
import Raster

public enum ButtonStyle: Sendable, Hashable {
    /// The one main action: warm orange.
    case primary
    /// Everything else: an indigo card.
    case secondary
    /// Deleting: red.
    case destructive
}

public enum LabelStyle: Sendable, Hashable {
    case body, title, muted
    /// A problem to fix (a refused picture): the warning colour.
    case error
}

/// A toggle's answer: `.changed(newValue)` asks the caller to apply the new value,
/// which it may refuse (a fifth favorite) by simply not applying it.
public enum ToggleResult: Sendable, Hashable {
    case unchanged
    case changed(Bool)
}

extension UIContext {
    // MARK: [SECTION] Panels and labels

    /// A card background with a soft shadow.
    public func panel(_ rect: Rect, color: Color? = nil, cornerRadius: Float? = nil, shadow: Bool = true) {
        let radius = cornerRadius ?? theme.cornerRadius * scale
        if shadow {
            draw(.shadow(rect, cornerRadius: radius, blur: 12 * scale, offset: Point(0, 4 * scale), color: theme.shadow))
        }
        draw(.rect(rect, color: color ?? theme.card, cornerRadius: radius))
    }

    /// Text, on one line (cut with "…") or wrapped up to `maxLines`.
    public func label(
        _ text: String, style: LabelStyle = .body, alignment: TextAlignment = .leading, maxLines: Int = 1,
        in rect: Rect? = nil
    ) {
        let font = style == .title ? font(theme.titleFontSize, .bold) : font(theme.fontSize)
        let lineHeight = Float(glyphs.lineMetrics(for: font).lineHeight)
        let height = maxLines == 1 ? max(lineHeight, theme.controlHeight * scale * 0.75) : lineHeight * Float(maxLines)
        let width = textWidth(text, font: font)
        let area = widgetRect(rect, preferredWidth: width + 1, preferredHeight: height)
        let color = style == .muted ? theme.textMuted : style == .error ? theme.warning : theme.text
        // A longer language: a little smaller, then wrapped; the whole of it on hover if still cut.
        let fitted = fitText(text, font: font, in: area, maxLines: maxLines, width: width)
        draw(.text(text, maxLines == 1 ? fitted.textRect(in: area, glyphs: glyphs) : area, font: fitted.font, color: color,
                   alignment: alignment, maxLines: fitted.maxLines))
        if fitted.isCut { offerWhole(text, of: area) }
        describeText(text, heading: style == .title, in: area)
    }

    /// A picture in a rounded rect (no interaction).
    public func image(
        _ picture: RasterImage, in rect: Rect, cornerRadius: Float = 0, fit: ImageFit = .fill, opacity: Float = 1
    ) {
        draw(.image(picture, rect, cornerRadius: cornerRadius, fit: fit, opacity: opacity))
    }

    // MARK: [SECTION] Buttons

    /// A button with a text label and an optional icon glyph string before it. The
    /// label is its id (pass `id` when two buttons share a label). A disabled button
    /// draws dimmed and takes neither input nor focus.
    @discardableResult
    public func button(
        _ label: String, icon: String? = nil, style: ButtonStyle = .secondary, id: String? = nil,
        enabled: Bool = true, in rect: Rect? = nil
    ) -> UIResult {
        let widgetID = self.id(id ?? label)
        let textFont = font(theme.fontSize, .bold)
        let iconFont = font(theme.iconFontSize)
        let pad = theme.padding * scale
        let iconWidth = icon.map { textWidth($0, font: iconFont) + pad / 2 } ?? 0
        let labelWidth = textWidth(label, font: textFont)
        let area = widgetRect(
            rect, preferredWidth: labelWidth + iconWidth + 2 * pad, preferredHeight: theme.controlHeight * scale)
        describe(widgetID, role: .pushButton, name: label, rect: area, states: enabled ? .focusable : [], action: "press",
                 enabled: enabled)
        let control = enabled ? updateControl(widgetID, area) : disabledControl(widgetID, area)
        drawButtonBody(area, style: style, control: control)
        let color = (style == .primary ? theme.textOnAccent : theme.text).withAlpha(enabled ? 1 : 0.5)
        let contentWidth = min(area.width - 2 * pad, labelWidth + iconWidth)
        var x = area.minX + (area.width - contentWidth) / 2
        if let icon {
            draw(.text(icon, Rect(x: x, y: area.minY, width: iconWidth, height: area.height),
                       font: iconFont, color: color, alignment: .leading, maxLines: 1))
            x += iconWidth
        }
        // A label longer than its button (a longer language): smaller, then on two lines,
        // and the whole of it on hover or focus if still cut.
        let labelBox = Rect(x: x, y: area.minY, width: max(0, contentWidth - iconWidth), height: area.height)
        let fitted = labelWidth <= labelBox.width + 0.5
            ? FittedText(font: textFont, maxLines: 1, isCut: false) : fitText(label, font: textFont, in: labelBox)
        draw(.text(label, fitted.textRect(in: labelBox, glyphs: glyphs), font: fitted.font, color: color,
                   alignment: fitted.maxLines > 1 ? .center : .leading, maxLines: fitted.maxLines))
        if fitted.isCut { offerWhole(label, of: area, focused: focused == widgetID && focusVisible) }
        return control.clicked ? .clicked : []
    }

    /// A square button showing only an icon glyph string; `label` names it (its id).
    @discardableResult
    public func iconButton(
        _ icon: String, label: String, style: ButtonStyle = .secondary, enabled: Bool = true, in rect: Rect? = nil
    ) -> UIResult {
        let widgetID = id(label)
        let side = theme.controlHeight * scale
        let area = widgetRect(rect, preferredWidth: side, preferredHeight: side)
        name(label, area)
        describe(widgetID, role: .pushButton, name: label, rect: area, states: enabled ? .focusable : [], action: "press",
                 enabled: enabled)
        let control = enabled
            ? updateControl(widgetID, area, ringRadius: min(area.width, area.height) / 2) : disabledControl(widgetID, area)
        drawButtonBody(area, style: style, control: control, round: true)
        draw(.text(icon, area, font: font(theme.iconFontSize), color: style == .primary ? theme.textOnAccent : theme.text,
                   alignment: .center, maxLines: 1))
        return control.clicked ? .clicked : []
    }

    func drawButtonBody(_ area: Rect, style: ButtonStyle, control: ControlState, round: Bool = false) {
        let radius = round ? min(area.width, area.height) / 2 : theme.cornerRadius * scale
        var color: Color
        switch style {
        case .primary: color = control.isHot || control.isActive ? theme.accentHover : theme.accent
        case .secondary: color = control.isHot || control.isActive ? theme.cardHover : theme.card
        case .destructive: color = control.isHot || control.isActive ? theme.destructiveHover : theme.destructive
        }
        if control.isActive { color = color.mixed(with: .black, 0.12) }
        if control.isBlocked { color = color.mixed(with: theme.backgroundDeep, 0.2) }
        if control.isDisabled { color = color.mixed(with: theme.backgroundDeep, 0.55) }
        draw(.rect(area, color: color, cornerRadius: radius))
        if let outline = theme.controlOutline {
            let width = max(1, 1.5 * scale)
            draw(.stroke(area.insetBy(width / 2), cornerRadius: max(0, radius - width / 2),
                         color: control.isDisabled ? outline.withAlpha(0.45) : outline, width: width))
        }
    }

    /// The state of a disabled widget: nothing, and it lets go of focus. Where it is
    /// drawn (`rect`) still takes presses from the stage under it: a press on a greyed
    /// button does nothing, it does not go through.
    public func disabledControl(_ id: WidgetID, _ rect: Rect? = nil) -> ControlState {
        if let rect { claim(rect) }
        lastItem = id
        if focused == id { focused = nil }
        if active == id { active = nil }
        var state = ControlState()
        state.isDisabled = true
        return state
    }

    // MARK: [SECTION] Toggle

    /// An on/off icon (a favorite star by default). It does not change anything itself:
    /// on a click it answers `.changed(!isOn)` and the caller applies it or refuses.
    /// `accessibleName` is what a screen reader calls it (the label, when nil).
    public func toggle(
        _ label: String, isOn: Bool, onIcon: String? = nil, offIcon: String? = nil, accessibleName: String? = nil,
        description: String = "", in rect: Rect? = nil
    ) -> ToggleResult {
        let widgetID = id(label)
        let side = theme.controlHeight * scale
        let area = widgetRect(rect, preferredWidth: side, preferredHeight: side)
        describe(widgetID, role: .toggleButton, name: accessibleName ?? label, rect: area,
                 states: isOn ? [.focusable, .checkable, .checked] : [.focusable, .checkable], description: description,
                 action: "toggle")
        let control = updateControl(widgetID, area, ringRadius: min(area.width, area.height) / 2)
        if control.isHot || control.isActive {
            draw(.rect(area, color: theme.cardHover, cornerRadius: min(area.width, area.height) / 2))
        }
        let icon = isOn ? (onIcon ?? theme.starOn) : (offIcon ?? theme.starOff)
        draw(.text(icon, area, font: font(theme.iconFontSize, .bold), color: isOn ? theme.highlight : theme.textMuted,
                   alignment: .center, maxLines: 1))
        return control.clicked ? .changed(!isOn) : .unchanged
    }

    // MARK: [SECTION] Image tile

    /// A picture card with a title under it, for the "More targets" grid and the
    /// picture picker; `selected` draws an accent border and a check badge (so the
    /// selection reads even without telling colours apart, and never looks like the
    /// focus ring, which stands off the card). Its id is `label`. `fit` defaults to
    /// filling the card for opaque photos and fitting transparent art. `titleLines`:
    /// how many lines the title may wrap to before it is cut with "…".
    @discardableResult
    public func imageTile(
        _ label: String, title: String, picture: RasterImage?, selected: Bool = false, fit: ImageFit? = nil,
        titleLines: Int = 1, enabled: Bool = true, note: String? = nil, accessibleName: String? = nil, description: @autoclosure () -> String = "",
        in rect: Rect? = nil
    ) -> UIResult {
        let widgetID = id(label)
        let area = widgetRect(rect, preferredWidth: 160 * scale, preferredHeight: 180 * scale)
        describe(widgetID, role: .pushButton, name: accessibleName ?? title, rect: area,
                 states: enabled ? (selected ? [.focusable, .selectable, .selected] : [.focusable, .selectable]) : [.selectable],
                 description: Self.joinedDescription(description(), note ?? ""), action: "press",
                 enabled: enabled)
        let control = enabled ? updateControl(widgetID, area, prominentRing: true) : disabledControl(widgetID, area)
        // A title led by a bidi mark (to fix its direction) is still found by its words.
        let plainTitle = String(String.UnicodeScalarView(title.unicodeScalars.filter { $0 != "\u{200E}" && $0 != "\u{200F}" }))
        if plainTitle != title { name(plainTitle, area) }
        // A title shortened to fit ("holiday…jpg") is still found by the whole name.
        if let accessibleName, !plainTitle.contains(accessibleName) { name(accessibleName, area) }
        let titleColor = enabled ? theme.text : theme.textMuted.mixed(with: theme.card, 0.35)
        let radius = theme.cornerRadius * scale
        let pad = 8 * scale
        if selected {
            draw(.rect(area, color: theme.accent, cornerRadius: radius))
            draw(.rect(area.insetBy(3 * scale), color: control.isHot || control.isActive ? theme.cardHover : theme.card,
                       cornerRadius: max(0, radius - 3 * scale)))
        } else {
            draw(.rect(area, color: control.isHot || control.isActive ? theme.cardHover : theme.card, cornerRadius: radius))
        }
        let titleFont = font(theme.fontSize)
        let lineHeight = Float(glyphs.lineMetrics(for: titleFont).lineHeight)
        let titleHeight = titleLines <= 1 ? theme.fontSize * scale * 1.6 : lineHeight * Float(titleLines) + pad
        let pictureRect = Rect(
            x: area.minX + pad, y: area.minY + pad, width: area.width - 2 * pad,
            height: max(0, area.height - 2 * pad - titleHeight))
        if let picture {
            // Photos fill the card; drawn art with transparent margins fits whole.
            let mode = fit ?? (picture.isOpaque ? .fill : .fit)
            draw(.image(picture, pictureRect, cornerRadius: max(0, radius - pad / 2), fit: mode, opacity: 1))
        } else {
            draw(.rect(pictureRect, color: theme.backgroundDeep, cornerRadius: max(0, radius - pad / 2)))
        }
        if let note {
            // Why the tile cannot be chosen, in the empty picture area.
            // Two lines' room centred in it, so the words sit in the middle.
            let noteFont = font(theme.fontSize * 0.9)
            let noteHeight = Float(glyphs.lineMetrics(for: noteFont).lineHeight) * 2
            draw(.text(note, Rect(x: pictureRect.minX + 10 * scale, y: pictureRect.center.y - noteHeight / 2,
                                  width: pictureRect.width - 20 * scale, height: noteHeight),
                       font: noteFont, color: theme.textMuted, alignment: .center, maxLines: 2))
        }
        if selected { selectionBadge(at: Point(pictureRect.maxX - 6 * scale, pictureRect.minY + 6 * scale)) }
        let titleRect = Rect(x: area.minX + pad, y: pictureRect.maxY, width: area.width - 2 * pad, height: titleHeight)
        if titleLines <= 1 {
            // A long name (a longer language's built-in one): a little smaller, else cut with
            // the whole of it on hover.
            let fitted = fitText(title, font: titleFont, in: titleRect)
            draw(.text(title, fitted.textRect(in: titleRect, glyphs: glyphs), font: fitted.font, color: titleColor,
                       alignment: .center, maxLines: fitted.maxLines))
            if fitted.isCut { offerWhole(title, of: area, focused: control.isFocused && focusVisible) }
        } else {
            // Wrapped from just under the picture, so the names of a row line up.
            draw(.text(title, Rect(x: titleRect.minX, y: titleRect.minY + pad / 2, width: titleRect.width,
                                   height: lineHeight * Float(titleLines)),
                       font: titleFont, color: titleColor, alignment: .center, maxLines: titleLines))
        }
        return control.clicked ? .clicked : []
    }

    /// A tile's description and why it cannot be chosen, as one line for a screen
    /// reader (either alone when the other is empty).
    static func joinedDescription(_ description: String, _ note: String) -> String {
        guard !description.isEmpty, !note.isEmpty else { return description + note }
        // TRANSLATORS: a picture card's description, then why it cannot be chosen, as a screen reader reads them.
        return trc("accessible description", "%s, %s", description, note)
    }

    /// A round accent badge with a check mark, its top-right corner at `corner`: the
    /// selected target's, on its card and on its row in Manage.
    public func selectionBadge(at corner: Point) {
        let side = 28 * scale
        let badge = Rect(x: corner.x - side, y: corner.y, width: side, height: side)
        draw(.shadow(badge, cornerRadius: side / 2, blur: 6 * scale, offset: Point(0, 2 * scale), color: theme.shadow))
        draw(.rect(badge.insetBy(-2 * scale), color: theme.card, cornerRadius: side / 2 + 2 * scale))
        draw(.rect(badge, color: theme.accent, cornerRadius: side / 2))
        draw(.text("✓", badge, font: font(17, .bold), color: theme.textOnAccent, alignment: .center, maxLines: 1))
    }

    // MARK: [SECTION] Spinner

    /// Eight dots chasing round a circle, for work in progress (a picture importing).
    public func spinner(in rect: Rect? = nil) {
        let side = theme.controlHeight * scale
        let area = widgetRect(rect, preferredWidth: side, preferredHeight: side)
        let radius = min(area.width, area.height) * 0.35
        let dot = max(1, radius * 0.28)
        let center = area.center
        // It steps eight times a second.
        needsFrame(in: 0.125 - time.truncatingRemainder(dividingBy: 0.125))
        // One turn a second, in eight steps.
        let lead = Int((time * 8).rounded(.down)) % 8
        for index in 0..<8 {
            let angle = Float(index) / 8 * 2 * Float.pi
            let x = center.x + radius * sinf(angle), y = center.y - radius * cosf(angle)
            let age = (lead - index + 8) % 8
            let color = theme.highlight.withAlpha(1 - Float(age) / 9)
            draw(.rect(Rect(x: x - dot, y: y - dot, width: 2 * dot, height: 2 * dot), color: color, cornerRadius: dot))
        }
    }
}
