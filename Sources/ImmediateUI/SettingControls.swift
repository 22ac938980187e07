import Localization
import Raster

extension UIContext {
    // MARK: [SECTION] Switch

    /// A settings row: `label` on the left, an on/off switch (a pill with a knob, the
    /// accent colour when on) on the right. The whole row answers a click, a tap, or
    /// Enter / Space / pad A while focused, as on a GNOME or KDE settings page, with
    /// `.changed(!isOn)`; it changes nothing itself. Its id is `label`.
    public func switchRow(_ label: String, isOn: Bool, in row: Rect) -> ToggleResult {
        describe(id(label), role: .checkBox, name: label, rect: row,
                 states: isOn ? [.focusable, .checkable, .checked] : [.focusable, .checkable], action: "toggle")
        let control = updateControl(id(label), row)
        if control.isHot || control.isActive {
            draw(.rect(row, color: theme.cardHover, cornerRadius: theme.cornerRadius * scale))
        }
        let pad = theme.padding * scale
        let height = 34 * scale
        let pill = Rect(x: row.maxX - pad - height * 1.8, y: row.center.y - height / 2, width: height * 1.8, height: height)
        drawFitted(label, in: Rect(x: row.minX + pad, y: row.minY, width: max(0, pill.minX - row.minX - 2 * pad), height: row.height),
                   font: font(theme.fontSize), color: theme.text)
        draw(.rect(pill, color: isOn ? theme.accent : theme.backgroundDeep, cornerRadius: height / 2))
        let inset = 4 * scale
        let knob = height - 2 * inset
        let knobX = isOn ? pill.maxX - inset - knob : pill.minX + inset
        draw(.rect(Rect(x: knobX, y: pill.minY + inset, width: knob, height: knob),
                   color: isOn ? theme.textOnAccent : theme.textMuted, cornerRadius: knob / 2))
        return control.clicked ? .changed(!isOn) : .unchanged
    }

    // MARK: [SECTION] Stepper

    /// "−  80 %  +": a number moved by `step` within `range`, with round buttons each
    /// side (dimmed at the ends). Answers the new value when one was pressed. The
    /// buttons' ids are "LABEL −" and "LABEL +", so a script can press them by name.
    /// `valueText` writes the value ("80 %" as the language writes it); without it, the
    /// number in the locale's digits followed by `unit`.
    public func stepper(
        _ label: String, value: Int, range: ClosedRange<Int>, step: Int, unit: String = "", valueText: ((Int) -> String)? = nil,
        in rect: Rect
    ) -> Int? {
        let side = theme.controlHeight * scale
        // The buttons sit inside the pill's round ends, a little smaller: as tall as the
        // pill, their curves met its straight edges in dark wedges that read as square
        // corners.
        let inset = 4 * scale
        let track = Rect(x: rect.minX, y: rect.center.y - side / 2, width: rect.width, height: side)
        let minus = Rect(x: track.minX + inset, y: track.minY + inset, width: side - 2 * inset, height: side - 2 * inset)
        let plus = Rect(x: track.maxX - side + inset, y: minus.minY, width: minus.width, height: minus.height)
        var changed: Int?
        // One spin button for a screen reader, its value set straight through Value.
        let stepperID = id(label)
        describe(stepperID, role: .spinButton, name: label, rect: track,
                 value: AccessibleValue(current: Double(value), minimum: Double(range.lowerBound),
                                        maximum: Double(range.upperBound), step: Double(step)))
        if let asked = takeAccessibleValue(for: stepperID), asked.isFinite {
            // Onto the steps the buttons reach, within the range.
            let steps = ((asked - Double(range.lowerBound)) / Double(max(1, step))).rounded()
            let snapped = range.lowerBound + Int(max(0, min(Double(range.count), steps))) * max(1, step)
            let clamped = min(range.upperBound, max(range.lowerBound, snapped))
            if clamped != value { changed = clamped }
        }
        draw(.rect(track, color: theme.backgroundDeep.withAlpha(0.6), cornerRadius: side / 2))
        // TRANSLATORS: the name of a stepper's button that lowers a setting; %s is the setting ("Volume").
        if iconButton("−", label: tr("%s −", label), enabled: value > range.lowerBound, in: minus).contains(.clicked) {
            changed = max(range.lowerBound, value - step)
        }
        let shown = valueText?(value) ?? Localization.formatted(value) + unit
        drawFitted(shown, in: Rect(x: minus.maxX, y: rect.minY, width: max(0, plus.minX - minus.maxX), height: rect.height),
                   font: font(theme.fontSize, .bold), color: theme.text, alignment: .center)
        // TRANSLATORS: the name of a stepper's button that raises a setting; %s is the setting ("Volume").
        if iconButton("+", label: tr("%s +", label), enabled: value < range.upperBound, in: plus).contains(.clicked) {
            changed = min(range.upperBound, value + step)
        }
        return changed
    }
}
