import AppModel
import Foundation
import ImmediateUI
import Localization
import Raster
import StressCore
import TargetStore

/// The kiosk's own UI: the operator PIN pad (a modal keypad for touch, gamepad and
/// keyboard), the operator menu, the operator's hidden corner on the main screen and
/// the attract loop's invitation.
public struct KioskScreens {
    let ui: UIContext
    let layout: MainLayout

    // MARK: PIN pad

    enum PadAction: Equatable {
        case none
        case digit(Character)
        case deleteDigit
        case submit
        case cancel
    }

    static let keyLabels: [String] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0", "✓"]

    /// The keypad over everything else. `now` is wall-clock seconds (for a lock's
    /// countdown); `time` is app time (for the wrong-PIN shake).
    func pinPad(_ state: KioskGate.Pad, acceptsInput: Bool, now: Double, time: Double) -> PadAction {
        let scope = ui.beginModal("pin-pad")
        defer { ui.endModal(scope) }
        var action = PadAction.none
        let s = layout.scale
        let bounds = Rect(x: 0, y: 0, width: Float(layout.width), height: Float(layout.height))
        let margin = 20 * s
        let gap = 14 * s, pad = 28 * s
        // Everything but the keys, top to bottom: margins, title, purpose, dots,
        // status, the gap before Cancel, Cancel.
        let chrome = 2 * pad + 44 * s + 30 * s + 56 * s + 34 * s + 4 * gap + 56 * s
        // Keys as large as fit (up to 88 pt, about a fingertip and a half at kiosk
        // distance), with room around the card.
        let key = max(44 * s, min(88 * s, (bounds.height - 2 * margin - chrome) / 4, (bounds.width - 2 * margin - 2 * pad - 2 * gap) / 3))
        let width = max(3 * key + 2 * gap + 2 * pad, min(440 * s, bounds.width - 2 * margin))
        let height = chrome + 4 * key
        var card = Rect(x: bounds.center.x - width / 2, y: bounds.center.y - height / 2, width: width, height: height)
        if let start = state.shakeStart, !ui.reduceMotion, time - start < 0.45 {
            // A short damped shake says "wrong" before the words are read.
            let t = Float(time - start)
            card = Rect(x: card.minX + sinf(t * 48) * 14 * s * (1 - t / 0.45), y: card.minY, width: card.width, height: card.height)
        }

        ui.draw(.rect(bounds, color: ui.theme.scrim, cornerRadius: 0))
        ui.draw(.shadow(card, cornerRadius: 28 * s, blur: 28 * s, offset: Point(0, 10 * s), color: ui.theme.shadow))
        ui.draw(.rect(card, color: ui.theme.background, cornerRadius: 28 * s))
        var y = card.minY + pad
        ui.drawFitted(tr("Operator PIN"), in: Rect(x: card.minX, y: y, width: card.width, height: 44 * s), font: ui.font(ui.theme.titleFontSize, .bold), color: ui.theme.text, alignment: .center)
        y += 44 * s
        ui.drawFitted(Self.purposeLine(state.purpose), in: Rect(x: card.minX + pad, y: y, width: card.width - 2 * pad, height: 30 * s), font: ui.font(ui.theme.fontSize), color: ui.theme.textMuted, alignment: .center)
        y += 30 * s

        // One dot per digit typed (never the digits), in a field-like well.
        let well = Rect(x: card.minX + pad, y: y + 6 * s, width: card.width - 2 * pad, height: 50 * s)
        ui.draw(.rect(well, color: ui.theme.fieldBackground, cornerRadius: 14 * s))
        let count = state.digits.count
        if count > 0 {
            let dot = 14 * s, spacing = 12 * s
            let total = Float(count) * dot + Float(count - 1) * spacing
            var x = well.center.x - total / 2
            for _ in 0..<count {
                ui.draw(.rect(Rect(x: x, y: well.center.y - dot / 2, width: dot, height: dot), color: ui.theme.text, cornerRadius: dot / 2))
                x += dot + spacing
            }
        }
        y += 56 * s
        let (status, isError) = Self.statusLine(state.status, now: now)
        let statusRect = Rect(x: card.minX + pad, y: y, width: card.width - 2 * pad, height: 34 * s)
        if case .checking = state.status {
            ui.spinner(in: Rect(x: statusRect.center.x - 17 * s, y: statusRect.minY, width: 34 * s, height: 34 * s))
        } else {
            ui.drawFitted(status, in: statusRect, font: ui.font(ui.theme.fontSize, isError ? .bold : .regular), color: isError ? ui.theme.destructiveHover : ui.theme.textMuted, alignment: .center)
        }
        y += 34 * s

        for (index, label) in Self.keyLabels.enumerated() {
            // A keypad reads 1 2 3 from the left in every language, as a phone's does: laid
            // out reversed where the layout mirrors, so the mirror puts it back.
            let column = ui.mirrorsLayout ? 2 - index % 3 : index % 3, row = index / 3
            let gridLeft = card.center.x - (3 * key + 2 * gap) / 2
            let rect = Rect(x: gridLeft + Float(column) * (key + gap), y: y + Float(row) * (key + gap), width: key, height: key)
            let enabled = acceptsInput && (label != "✓" || !state.digits.isEmpty) && (label != "⌫" || !state.digits.isEmpty)
            if keypadKey(label, enabled: enabled, primary: label == "✓", in: rect) {
                switch label {
                case "⌫": action = .deleteDigit
                case "✓": action = .submit
                default: if let digit = label.first { action = .digit(digit) }
                }
            }
        }
        y += 4 * key + 3 * gap + gap
        if ui.button(tr("Cancel"), style: .secondary, in: Rect(x: card.minX + pad, y: y, width: card.width - 2 * pad, height: 56 * s)).clicked {
            action = .cancel
        }
        if state.openedByGamepad && ui.focused == nil {
            // Opened from a gamepad: focus starts on "1" so the d-pad has somewhere to go.
            ui.setFocus(ui.id("1"), visible: true)
        }
        if ui.takeBack() { action = .cancel }
        if action == .cancel { ui.closeModal() }
        return action
    }

    /// One square keypad key with a large glyph; true when pressed.
    private func keypadKey(_ label: String, enabled: Bool, primary: Bool, in rect: Rect) -> Bool {
        let id = ui.id(label)
        let control = enabled ? ui.updateControl(id, rect, ringRadius: 20 * layout.scale) : ui.disabledControl(id, rect)
        var color = primary ? ui.theme.accent : ui.theme.card
        if control.isHot || control.isActive { color = primary ? ui.theme.accentHover : ui.theme.cardHover }
        if control.isActive { color = color.mixed(with: .black, 0.15) }
        if !enabled { color = color.mixed(with: ui.theme.backgroundDeep, 0.55) }
        ui.draw(.rect(rect, color: color, cornerRadius: 20 * layout.scale))
        let textColor = (primary ? ui.theme.textOnAccent : ui.theme.text).withAlpha(enabled ? 1 : 0.45)
        ui.drawFitted(label, in: rect, font: ui.font(34, .bold), color: textColor, alignment: .center)
        return control.clicked
    }

    static func purposeLine(_ purpose: OperatorAction) -> String {
        switch purpose {
        // TRANSLATORS: under "Operator PIN": what the PIN is asked for.
        case .quit: return tr("to quit StressPunch")
        case .operatorMenu: return tr("to open the operator menu")
        case .manage: return tr("to manage the library")
        case .add: return tr("to add a target")
        }
    }

    /// The line under the dots, and whether it reports a problem.
    static func statusLine(_ status: KioskGate.Pad.Status, now: Double) -> (String, Bool) {
        switch status {
        // TRANSLATORS: ✓ is the PIN pad's OK key.
        case .prompt: return (tr("Type the PIN, then ✓"), false)
        case .checking: return (tr("Checking…"), false)
        case .wrong(let left):
            return (trn("Wrong PIN · %d try left", "Wrong PIN · %d tries left", left), true)
        case .locked(let until):
            let left = until - now
            let seconds = left.isFinite ? max(1, Int(min(left, 1e9).rounded(.up))) : 1
            let twoDigits = (seconds % 60 < 10 ? Localization.formatted(0) : "") + Localization.formatted(seconds % 60)
            // TRANSLATORS: the PIN pad locked after wrong PINs: minutes and seconds to wait
            // ("try again in 1:05"); %s is the seconds with two digits.
            return (tr("Locked · try again in %d:%s", seconds / 60, twoDigits), true)
        // TRANSLATORS: %s is the command that sets the PIN (not translated).
        case .notSet: return (tr("No PIN set: %s", "stresspunch kiosk set-pin"), true)
        case .failed(let message): return (message, true)
        }
    }

    // MARK: Operator menu

    enum MenuAction: Equatable {
        case none
        case manage
        case add
        case allTargets
        case makeDefault
        case setIdle(Int)
        case toggleSound
        case toggleSummary
        case toggleKeepMarks
        case quit
        case lock
    }

    /// The operator's page: what only the operator may do, in large buttons, and the
    /// kiosk's settings as settings, in a card as on the Settings screen: a label with
    /// a switch that shows its state (a press flips it), the idle time with − and +,
    /// the target it goes back to with a button to change it.
    func operatorMenu(preferences: KioskPreferences, defaultName: String?, selectedName: String?, muted: Bool,
                      soundDevice: Bool, margin: Float, header: (String, String, Float) -> (rect: Rect, back: Bool)) -> MenuAction {
        var action = MenuAction.none
        let s = layout.scale
        // TRANSLATORS: the operator menu's title, and its back button (it locks the kiosk).
        let (headerRect, back) = header(tr("Kiosk operator"), trc("button", "Lock"), 120)
        if back { action = .lock }
        // TRANSLATORS: %s is a time ("60 s", "2 min").
        ui.label(tr("Unlocked. The kiosk locks again when you leave this menu or after %s without input.",
                    KioskPreferences.describe(seconds: preferences.idleSeconds)),
                 style: .muted, alignment: .center, maxLines: 2,
                 in: Rect(x: headerRect.minX, y: headerRect.maxY + 4 * s, width: headerRect.width, height: 56 * s))
        let columnWidth = min(620 * s, Float(layout.width) - 2 * margin)
        let x = Float(layout.width) / 2 - columnWidth / 2
        let top = headerRect.maxY + 70 * s
        // Down to the bottom margin; while a toast shows, the page's view ends above it
        // (a toast never covers Quit). Rows no smaller than a finger; the page scrolls
        // when they do not fit.
        let body = Rect(x: margin, y: top, width: Float(layout.width) - 2 * margin, height: max(1, Float(layout.height) - top - margin))
        var shown = body
        if let toasts = ui.toastStackTop, toasts < body.maxY { shown.height = max(1, toasts - body.minY) }
        let gap = 10 * s, cardPad = 8 * s
        // Four buttons and five settings' rows, the settings in a card of their own.
        let rowHeight = max(44 * s, min(64 * s, (body.height - 2 * cardPad - 3 * gap) / 9 - gap))
        let settingsHeight = 5 * rowHeight + 2 * cardPad
        let content = 4 * (rowHeight + gap) + settingsHeight + gap
        func rows(from start: Float) {
            var y = start
            func button(_ title: String, icon: String, style: ButtonStyle = .secondary) -> Bool {
                defer { y += rowHeight + gap }
                return ui.button(title, icon: icon, style: style, in: Rect(x: x, y: y, width: columnWidth, height: rowHeight)).clicked
            }
            if button(tr("Manage library"), icon: "✎", style: .primary) { action = .manage }
            if button(tr("Add target"), icon: "+") { action = .add }
            if button(tr("Choose the target on screen"), icon: "▦") { action = .allTargets }
            let card = Rect(x: x, y: y, width: columnWidth, height: settingsHeight)
            // The dialogs' ground, so the buttons and the switches' tracks in it stand out.
            ui.panel(card, color: ui.theme.background, shadow: true)
            var rowY = card.minY + cardPad
            func nextRow() -> Rect {
                defer { rowY += rowHeight }
                return Rect(x: card.minX + 6 * s, y: rowY, width: card.width - 12 * s, height: rowHeight)
            }
            if let picked = defaultRow(defaultName: defaultName, selectedName: selectedName, in: nextRow()) { action = picked }
            if let idle = idleRow(preferences.idleSeconds, in: nextRow()) { action = .setIdle(idle) }
            var soundLabel = tr("Sound")
            if !soundDevice {
                // TRANSLATORS: the operator menu's sound switch when no sound device was found (it stays as set).
                soundLabel = tr("Sound (no device found)")
            }
            if case .changed = ui.switchRow(soundLabel, isOn: !muted, in: nextRow()) { action = .toggleSound }
            // TRANSLATORS: an operator menu switch: the session's summary shows when the operator quits.
            if case .changed = ui.switchRow(tr("Session summary on quit"), isOn: preferences.summaryOnQuit, in: nextRow()) {
                action = .toggleSummary
            }
            // On: every idle reset washes the marks off; off, they stay (a running tally).
            if case .changed = ui.switchRow(tr("Each visitor starts clean"), isOn: !preferences.keepMarks, in: nextRow()) {
                action = .toggleKeepMarks
            }
            y = card.maxY + gap
            if button(tr("Quit StressPunch"), icon: "✕", style: .destructive) { action = .quit }
        }
        ui.scrollPage("operator-menu", contentHeight: content, in: shown) { area in
            rows(from: area.minY + max(0, (body.height - content) / 2))
        }
        if ui.backRequested && action == .none { action = .lock }
        return action
    }

    /// The target the kiosk goes back to when idle, said as a setting, with a button to
    /// make the target on screen that one when it is another.
    private func defaultRow(defaultName: String?, selectedName: String?, in row: Rect) -> MenuAction? {
        let s = layout.scale
        let pad = ui.theme.padding * s
        // TRANSLATORS: the target (%s, its name) the kiosk goes back to when nobody uses it.
        let title = (defaultName ?? selectedName).map { tr("Resets to “%s” when idle", $0) } ?? tr("Resets to “the selected target” when idle")
        guard let selectedName, selectedName != defaultName else {
            ui.label(title, style: .body, in: Rect(x: row.minX + pad, y: row.minY, width: row.width - 2 * pad, height: row.height))
            return nil
        }
        // TRANSLATORS: an operator menu button: make the target on screen (%s, its name) the one the kiosk goes back to when idle.
        let use = tr("Use “%s”", selectedName)
        let width = min(row.width * 0.5, max(150 * s, ui.buttonWidth(use)))
        ui.label(title, style: .body, in: Rect(x: row.minX + pad, y: row.minY, width: row.width - width - 3 * pad, height: row.height))
        let button = Rect(x: row.maxX - pad - width, y: row.minY + 6 * s, width: width, height: row.height - 12 * s)
        return ui.button(use, style: .secondary, in: button).clicked ? .makeDefault : nil
    }

    /// How long the kiosk waits before it resets, stepped through its choices with −
    /// and + (a time set from a shell that is none of them shows in its place). Answers
    /// the time picked.
    private func idleRow(_ seconds: Int, in row: Rect) -> Int? {
        let s = layout.scale
        let pad = ui.theme.padding * s
        let choices = Set(KioskPreferences.idleChoices + [seconds]).sorted()
        let index = choices.firstIndex(of: seconds) ?? 0
        // TRANSLATORS: an operator menu setting: how long the kiosk waits without input before it resets.
        let label = tr("Idle reset after")
        ui.label(label, style: .body, in: Rect(x: row.minX + pad, y: row.minY, width: row.width / 2, height: row.height))
        let width = 230 * s
        let picked = ui.stepper(label, value: index, range: 0...(choices.count - 1), step: 1,
                                valueText: { KioskPreferences.describe(seconds: choices[max(0, min(choices.count - 1, $0))]) },
                                in: Rect(x: row.maxX - pad - width, y: row.minY + 4 * s, width: width, height: row.height - 8 * s))
        return picked.map { choices[max(0, min(choices.count - 1, $0))] }
    }

    // MARK: Today's strongest

    /// Where the board goes and how many of its rows fit. Beside the target on a wide
    /// screen, right of the tool strip; under it, across, above the strip and Wash, on
    /// a tall one. Never over the tool strip (it once covered the medals and title at
    /// 1920x1080), and never past the stage: on a small one it shows fewer rows, and
    /// nothing when not even the title and one row fit. On a tall screen it also keeps
    /// off `picture` (the target strangers are asked to punch): in the band under it,
    /// else the band over it, with as many rows as the band holds.
    public static func leaderboardPlace(_ layout: MainLayout, rows: Int, avoiding picture: Rect? = nil) -> (panel: Rect, rows: Int)? {
        let s = layout.scale
        let stage = layout.stage
        let rowHeight = 46 * s, chrome = 64 * s + 16 * s
        let gap = 12 * s
        // Under the target where the strip is a row (a tall stage), beside it where the
        // strip runs down the left edge.
        let portrait = layout.toolStrip.width > layout.toolStrip.height
        var room: Rect
        if portrait {
            let bottom = min(layout.toolStrip.minY, layout.washButton.minY) - gap
            room = Rect(x: stage.minX, y: stage.minY, width: stage.width, height: max(0, bottom - stage.minY))
            if let picture, picture.maxY > room.minY, picture.minY < room.maxY {
                let below = Rect(x: room.minX, y: picture.maxY + gap, width: room.width, height: max(0, room.maxY - picture.maxY - gap))
                let above = Rect(x: room.minX, y: room.minY, width: room.width, height: max(0, picture.minY - gap - room.minY))
                room = below.height >= above.height || below.height >= chrome + rowHeight ? below : above
                // A target that fills the stage leaves neither band: the board goes over
                // the favorites instead, which an idle screen's strangers need least (their
                // first touch ends the attract loop and shows the cards again).
                if room.height < chrome + rowHeight {
                    let bar = layout.favoritesBar
                    let fits = min(max(1, rows), Int(((bar.height - chrome) / rowHeight).rounded(.down)))
                    let width = min(bar.width * 0.9, 480 * s)
                    guard fits >= 1, width >= 160 * s else { return nil }
                    let height = chrome + Float(fits) * rowHeight
                    return (Rect(x: bar.center.x - width / 2, y: bar.center.y - height / 2, width: width, height: height), fits)
                }
            }
        } else {
            // Right of the strip, and above Wash (which sticks out right of the strip).
            let left = layout.toolStrip.maxX + gap
            let bottom = layout.washButton.minY - gap
            room = Rect(x: left, y: stage.minY, width: max(0, stage.maxX - left), height: max(0, bottom - stage.minY))
        }
        let fitting = min(max(1, rows), Int(((room.height - chrome) / rowHeight).rounded(.down)))
        var width = portrait ? min(room.width * 0.9, 480 * s) : min(340 * s, max(stage.width * 0.3, 270 * s), room.width)
        if !portrait, let picture, picture.minX < room.minX + width + gap {
            // Beside the target, never over it: narrower, or not at all on a small stage.
            width = min(width, picture.minX - gap - room.minX)
        }
        guard fitting >= 1, width >= 160 * s else { return nil }
        let height = chrome + Float(fitting) * rowHeight
        let panel = portrait
            ? Rect(x: room.center.x - width / 2, y: room.maxY - height, width: width, height: height)
            : Rect(x: room.minX, y: room.center.y - height / 2, width: width, height: height)
        return (panel, fitting)
    }

    /// The day's five strongest punches (as many as fit), beside the target while the
    /// attract loop runs: rank, strength, target and time. No names: nothing visitors typed.
    func leaderboard(_ allHits: [StrongHit], avoiding picture: Rect, clock: (Double) -> String) {
        let s = layout.scale
        let rowHeight = 46 * s
        guard let (panel, fitting) = Self.leaderboardPlace(layout, rows: allHits.count, avoiding: picture) else { return }
        let hits = Array(allHits.prefix(fitting))
        ui.draw(.shadow(panel, cornerRadius: 20 * s, blur: 18 * s, offset: Point(0, 6 * s), color: ui.theme.shadow))
        ui.draw(.rect(panel, color: Color(hex: 0x1B1B2F, alpha: 0.82), cornerRadius: 20 * s))
        // TRANSLATORS: the heading of the kiosk's board of the day's five strongest punches.
        ui.drawFitted(tr("Today's strongest"), in: Rect(x: panel.minX, y: panel.minY + 14 * s, width: panel.width, height: 40 * s), font: ui.font(24, .bold), color: ui.theme.highlight, alignment: .center)
        guard !hits.isEmpty else {
            ui.drawFitted(tr("Be the first on today's board!"), in: Rect(x: panel.minX + 12 * s, y: panel.minY + 60 * s, width: panel.width - 24 * s, height: rowHeight), font: ui.font(ui.theme.fontSize * 0.9), color: ui.theme.textMuted, alignment: .center)
            return
        }
        for (index, hit) in hits.enumerated() {
            let y = panel.minY + 60 * s + Float(index) * rowHeight
            let medal = ["🥇", "🥈", "🥉", Localization.formatted(4), Localization.formatted(5)][min(index, 4)]
            ui.drawFitted(medal, in: Rect(x: panel.minX + 14 * s, y: y, width: 40 * s, height: rowHeight), font: ui.font(22, .bold), color: ui.theme.textMuted, alignment: .center)
            ui.drawFitted(Localization.formatted(hit.strength), in: Rect(x: panel.minX + 58 * s, y: y, width: 70 * s, height: rowHeight), font: ui.font(26, .bold), color: hit.strength >= 800 ? Color(hex: 0xFF4B3E) : ui.theme.text, alignment: .trailing)
            ui.drawFitted(hit.targetName, in: Rect(x: panel.minX + 140 * s, y: y, width: panel.width - 210 * s, height: rowHeight), font: ui.font(ui.theme.fontSize * 0.85), color: ui.theme.text, alignment: .leading)
            ui.drawFitted(clock(hit.at), in: Rect(x: panel.maxX - 70 * s, y: y, width: 58 * s, height: rowHeight), font: ui.font(ui.theme.fontSize * 0.8), color: ui.theme.textMuted, alignment: .trailing)
        }
    }

    /// A visitor's punch made today's board: "742 · #2 today!" on the toast line under
    /// the target (above it, it covered the message's last lines or the picture's top).
    func madeTheList(strength: Int, rank: Int) {
        let s = layout.scale
        // TRANSLATORS: a visitor's punch made the day's board: its strength, then its
        // place on the board ("742 · #2 today!").
        let text = tr("%d · #%d today!", strength, rank)
        let font = ui.font(26, .bold)
        let line = layout.toastLine
        let width = min(line.width, ui.textWidth(text, font: font) + 56 * s)
        let rect = Rect(x: line.center.x - width / 2, y: line.minY, width: width, height: line.height)
        ui.draw(.shadow(rect, cornerRadius: rect.height / 2, blur: 16 * s, offset: Point(0, 5 * s), color: ui.theme.shadow))
        ui.draw(.rect(rect, color: Color(hex: 0xFFB627), cornerRadius: rect.height / 2))
        ui.drawFitted(text, in: rect, font: font, color: Color(hex: 0x1B1B2F), alignment: .center)
    }

    // MARK: Main screen extras

    /// The operator's corner: a faint lock that opens the PIN pad when held, with a
    /// bar filling while it is held (`progress` 0...1, nil when not held).
    func operatorCorner(progress: Float?) {
        let rect = layout.operatorCorner
        // The operator's, not punching ground (a locked kiosk's filter holds its presses).
        ui.claim(rect)
        let s = layout.scale
        let alpha: Float = progress == nil ? 0.28 : 0.9
        ui.drawFitted("🔒", in: rect, font: ui.font(26), color: Color.white.withAlpha(alpha), alignment: .center)
        if let progress {
            let track = Rect(x: rect.minX + 10 * s, y: rect.maxY - 10 * s, width: rect.width - 20 * s, height: 6 * s)
            ui.draw(.rect(track, color: Color.white.withAlpha(0.25), cornerRadius: 3 * s))
            ui.draw(.rect(Rect(x: track.minX, y: track.minY, width: track.width * max(0, min(1, progress)), height: track.height),
                          color: ui.theme.highlight, cornerRadius: 3 * s))
        }
    }

    /// A modal card: the kiosk is about to go back to its start screen. Any touch
    /// closes it (the session sees the touch first); it has no buttons to miss.
    func stillThere(secondsLeft: Int) {
        let scope = ui.beginModal("still-there")
        defer { ui.endModal(scope) }
        let s = layout.scale
        let bounds = Rect(x: 0, y: 0, width: Float(layout.width), height: Float(layout.height))
        let card = Rect(x: bounds.center.x - 260 * s, y: bounds.center.y - 120 * s, width: 520 * s, height: 240 * s)
        ui.draw(.rect(bounds, color: ui.theme.scrim, cornerRadius: 0))
        ui.draw(.shadow(card, cornerRadius: 20 * s, blur: 24 * s, offset: Point(0, 8 * s), color: ui.theme.shadow))
        ui.draw(.rect(card, color: ui.theme.background, cornerRadius: 20 * s))
        ui.drawFitted(tr("Still there?"), in: Rect(x: card.minX, y: card.minY + 24 * s, width: card.width, height: 44 * s), font: ui.font(ui.theme.titleFontSize, .bold), color: ui.theme.text, alignment: .center)
        ui.drawFitted(Localization.formatted(secondsLeft), in: Rect(x: card.minX, y: card.minY + 74 * s, width: card.width, height: 64 * s), font: ui.font(48, .bold), color: ui.theme.accent, alignment: .center)
        ui.drawFitted(tr("Touch the screen to keep working. Otherwise the kiosk goes back to its start screen and keeps your form for later."), in: Rect(x: card.minX + 24 * s, y: card.minY + 146 * s, width: card.width - 48 * s, height: 72 * s), font: ui.font(ui.theme.fontSize), color: ui.theme.textMuted, alignment: .center, maxLines: 3)
    }

    /// The attract loop's invitation, gently pulsing where the target's message sits
    /// (the message steps aside while it shows).
    func attractInvitation(time: Double) {
        let s = layout.scale
        let text = tr("Tap the picture to punch it!")
        let font = ui.font(24, .bold)
        let width = ui.textWidth(text, font: font) + 56 * s
        let height = 46 * s
        let pulse = ui.reduceMotion ? 1 : 0.82 + 0.18 * Float(0.5 + 0.5 * sin(time * 2 * Double.pi / 1.6))
        let rect = Rect(x: Float(layout.width) / 2 - width / 2, y: layout.header.minY + layout.header.height * 0.78 - height / 2,
                        width: width, height: height)
        // The pill pulses; its shadow holds still (a pulsing shadow, its blur worked
        // out 30 times a second, was a fifth of the attract loop's cost).
        ui.draw(.shadow(rect, cornerRadius: height / 2, blur: 16 * s, offset: Point(0, 4 * s), color: ui.theme.shadow.withAlpha(0.32)))
        ui.draw(.rect(rect, color: ui.theme.accent.withAlpha(pulse), cornerRadius: height / 2))
        ui.drawFitted(text, in: rect, font: font, color: ui.theme.textOnAccent, alignment: .center)
    }
}
