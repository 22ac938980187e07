import AppModel
import ImmediateUI
import Localization
import Raster
import StressCore

extension LibraryScreens {
    // MARK: Settings

    /// Sound, motion and display, in three groups of rows as on a GNOME or KDE
    /// settings page: switches toggle on a click anywhere in their row, numbers move
    /// with − and + buttons. Answers `.changeSettings` with the new settings the moment
    /// one is touched (the session applies and saves it), `.show(.main)` for Back.
    public func settings(_ current: UserSettings, desktopPrefersHighContrast: Bool = false) -> Action {
        var action = Action.none
        let s = layout.scale
        let (header, back) = pageHeader(title: tr("Settings"), back: tr("Back"), backWidth: 120)
        if back { action = .show(.main) }
        subtitle(tr("Changes apply at once and are kept. F1 shows what every key does."), under: header)
        let body = pageBody(under: header)
        let groupGap = 18 * s
        let titleHeight = 34 * s
        // Two columns where they fit side by side (Sound and Motion, then Display),
        // one column in the middle otherwise, its rows as tall as the room allows.
        let twoColumns = body.width >= 1100 * s
        let columnLimit = twoColumns ? min((body.width - groupGap) / 2, 620 * s) : min(body.width, 760 * s)
        let rowsInColumn: Float = twoColumns ? 6 : 11
        let groupsInColumn: Float = twoColumns ? 2 : 3
        let rowHeight = max(50 * s, min(58 * s, (body.height - groupsInColumn * (titleHeight + 12 * s + groupGap)) / rowsInColumn))
        // Taller than the window (a small one, or a large "size of everything"): the
        // page scrolls, and Tab brings the focused row into view.
        let contentHeight = groupsInColumn * (titleHeight + 12 * s) + (groupsInColumn - 1) * groupGap + rowsInColumn * rowHeight
        var changed = current
        func build(in body: Rect) {
            let columnWidth = min(columnLimit, twoColumns ? (body.width - groupGap) / 2 : body.width)
            let left = twoColumns ? body.minX + (body.width - 2 * columnWidth - groupGap) / 2 : body.minX + (body.width - columnWidth) / 2
            var column = 0
            var y = body.minY

            func group(_ title: String, rows: Int, newColumn: Bool = false) -> Rect {
                if newColumn && twoColumns {
                    column += 1
                    y = body.minY
                }
                let height = titleHeight + Float(rows) * rowHeight + 12 * s
                let card = Rect(x: left + Float(column) * (columnWidth + groupGap), y: y, width: columnWidth, height: height)
                ui.panel(card, shadow: true)
                ui.label(title, style: .muted, in: Rect(x: card.minX + 18 * s, y: card.minY + 6 * s, width: card.width - 36 * s, height: titleHeight))
                y = card.maxY + groupGap
                return card
            }
            func row(_ index: Int, in card: Rect) -> Rect {
                Rect(x: card.minX + 6 * s, y: card.minY + titleHeight + 6 * s + Float(index) * rowHeight, width: card.width - 12 * s, height: rowHeight)
            }
            func switchRow(_ label: String, _ value: Bool, in rect: Rect) -> Bool? {
                if case .changed(let on) = ui.switchRow(label, isOn: value, in: rect) { return on }
                return nil
            }
            func stepperRow(_ label: String, _ key: UserSettings.Key, _ value: Int, step: Int, in rect: Rect) -> Int? {
                let pad = ui.theme.padding * s
                ui.label(label, style: .body, in: Rect(x: rect.minX + pad, y: rect.minY, width: rect.width / 2, height: rect.height))
                guard let range = key.range else { return nil }
                let width = 230 * s
                // TRANSLATORS: a setting's value in percent ("80 %"); write it as your language writes percentages.
                return ui.stepper(label, value: value, range: range, step: step, valueText: { tr("%d %%", $0) },
                                  in: Rect(x: rect.maxX - pad - width, y: rect.minY + 4 * s, width: width, height: rect.height - 8 * s))
            }

            let sound = group(tr("Sound"), rows: 2)
            if let on = switchRow(tr("Play sounds"), current.sound, in: row(0, in: sound)) { changed.sound = on }
            if let volume = stepperRow(tr("Volume"), .volume, current.volume, step: 10, in: row(1, in: sound)) { changed.volume = volume }

            let motion = group(tr("Motion"), rows: 4)
            if let on = switchRow(tr("Reduce motion"), current.reduceMotion, in: row(0, in: motion)) { changed.reduceMotion = on }
            if let shake = stepperRow(tr("Screen shake"), .shake, current.shake, step: 25, in: row(1, in: motion)) { changed.shake = shake }
            // TRANSLATORS: a setting: how far the target squashes when it is hit.
            if let squash = stepperRow(tr("Squash"), .squash, current.squash, step: 25, in: row(2, in: motion)) { changed.squash = squash }
            if let on = switchRow(tr("Dent and ripple where hit"), current.dent, in: row(3, in: motion)) { changed.dent = on }

            // TRANSLATORS: a group of settings about the screen (size, contrast, fullscreen).
            let display = group(tr("Display"), rows: 5, newColumn: true)
            if let scale = stepperRow(tr("Size of everything"), .uiScale, current.uiScale, step: 25, in: row(0, in: display)) { changed.uiScale = scale }
            // On as the colours are now (the desktop's choice included); a touch sets it for good.
            if let on = switchRow(tr("High contrast"), current.contrast.isHigh(desktopPrefersHigh: desktopPrefersHighContrast),
                                  in: row(1, in: display)) {
                changed.contrast = on ? .high : .normal
            }
            if let on = switchRow(tr("Fullscreen"), current.fullscreen, in: row(2, in: display)) { changed.fullscreen = on }
            if let on = switchRow(tr("Frame photos as stickers"), current.photoFrame, in: row(3, in: display)) { changed.photoFrame = on }
            if let language = languageRow(current.language, in: row(4, in: display)) { changed.language = language }
        }
        ui.scrollPage("settings", contentHeight: contentHeight, in: shownPart(of: body)) { build(in: $0) }

        if changed != current { action = .changeSettings(changed) }
        if ui.backRequested { action = .show(.main) }
        return action
    }

    /// "System", then each shipped language by its own name, stepped through with − and
    /// + like the numbers (a code set by hand that is not shipped shows as itself, after
    /// System). Answers the code picked.
    private func languageRow(_ language: String, in rect: Rect) -> String? {
        let s = layout.scale
        let codes = ["system"] + LanguageChoice.shipped.map(\.code)
        let choices = codes.contains(language) ? codes : ["system", language] + codes.dropFirst()
        let index = choices.firstIndex(of: language) ?? 0
        func clamped(_ index: Int) -> String { choices[max(0, min(choices.count - 1, index))] }
        func name(_ index: Int) -> String {
            let code = clamped(index)
            // TRANSLATORS: the Language setting's first choice: whatever language the desktop speaks.
            if code == "system" { return tr("System") }
            return LanguageChoice.shipped.first { $0.code == code }?.nativeName ?? code
        }
        let pad = ui.theme.padding * s
        let label = tr("Language")
        ui.label(label, style: .body, in: Rect(x: rect.minX + pad, y: rect.minY, width: rect.width / 2, height: rect.height))
        let width = 230 * s
        let picked = ui.stepper(label, value: index, range: 0...(choices.count - 1), step: 1, valueText: name,
                                in: Rect(x: rect.maxX - pad - width, y: rect.minY + 4 * s, width: width, height: rect.height - 8 * s))
        return picked.map(clamped)
    }
}
