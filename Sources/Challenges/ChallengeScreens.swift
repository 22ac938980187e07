import AppModel
import ImmediateUI
import Localization
import Raster
import StressCore

/// The challenges' UI over the punch scene: the rush's countdown, clock and counter and
/// its result card; the session summary and the breathing cool-down.
public struct ChallengeScreens {
    let ui: UIContext
    let layout: MainLayout

    public init(ui: UIContext, layout: MainLayout) {
        self.ui = ui
        self.layout = layout
    }

    public enum Action: Equatable {
        case none
        /// Another rush.
        case again
        /// Back to punching.
        case done
        /// The session summary's answers.
        case breathe
        case quit
        case keepPunching
    }

    // MARK: Rush

    /// The clock and the counter while the rush runs, the big countdown before it, the
    /// result card after it.
    public func rush(_ run: RushRun) -> Action {
        let s = layout.scale
        let stage = layout.stage
        if run.phase != .finished {
            let clockRect = clockPill(run.clock)
            // The counter, bottom left, on the hidden favorites bar's band.
            let counter = Rect(x: stage.minX, y: hudBand.center.y - 29 * s, width: 220 * s, height: 58 * s)
            ui.draw(.rect(counter, color: Color(hex: 0x1B1B2F, alpha: 0.7), cornerRadius: counter.height / 2))
            // TRANSLATORS: the rush's counter of punches so far.
            let count = trn("%d punch", "%d punches", run.result.punches)
            ui.drawFitted(count, in: counter, font: ui.font(26, .bold), color: ui.theme.highlight, alignment: .center)
            // A screen reader reads the count and the clock, and has a way out (Escape's).
            ui.describeText(count, in: counter)
            if let text = run.countdownText { countdown(text) }
            // TRANSLATORS: a screen reader's button during a rush (Escape does the same).
            if ui.accessibleButton("end challenge", name: tr("End the rush"), rect: clockRect) { return .done }
            return .none
        }
        return rushResult(run)
    }

    // MARK: Versus

    /// Each player's score in their colour on their side, the clock between them, the
    /// countdown before, the winner card after.
    public func versus(_ run: VersusRun, colors: [Color]) -> Action {
        let s = layout.scale
        let stage = layout.stage
        if run.phase != .finished {
            let clockRect = clockPill(run.clock)
            // TRANSLATORS: a screen reader's button during a versus (Escape does the same).
            if ui.accessibleButton("end challenge", name: tr("End the versus"), rect: clockRect) { return .done }
            for seat in 0..<2 {
                let width = 250 * s
                let height = min(96 * s, hudBand.height)
                let panel = Rect(x: seat == 0 ? stage.minX : stage.maxX - width, y: hudBand.center.y - height / 2, width: width, height: height)
                ui.draw(.rect(panel, color: Color(hex: 0x1B1B2F, alpha: 0.72), cornerRadius: 20 * s))
                // Inside the panel's rounded corners, which a full-width bar poked out of.
                ui.draw(.rect(Rect(x: panel.minX + 20 * s, y: panel.minY, width: panel.width - 40 * s, height: 6 * s),
                              color: colors[seat % colors.count], cornerRadius: 3 * s))
                ui.drawFitted(run.label(seat), in: Rect(x: panel.minX, y: panel.minY + 10 * s, width: panel.width, height: 30 * s), font: ui.font(ui.theme.fontSize * 0.9), color: ui.theme.textMuted, alignment: .center)
                let score = Rect(x: panel.minX, y: panel.minY + 38 * s, width: panel.width, height: 54 * s)
                ui.drawFitted(Localization.formatted(run.scores[seat]), in: score, font: ui.font(40, .bold), color: colors[seat % colors.count], alignment: .center)
                // TRANSLATORS: what a screen reader says for a versus score: the player ("Player 1"), then their punches.
                ui.describeText(tr("%s: %s", run.label(seat), Localization.formatted(run.scores[seat])), in: score)
            }
            if run.isWaitingForPlayers {
                waitingBanner(run)
            } else if let text = run.countdownText {
                countdown(text)
            }
            return .none
        }
        // TRANSLATORS: the versus result's title; %s is the winner ("Player 1").
        let title = run.winner.map { tr("%s wins!", run.name($0)) } ?? tr("A draw!")
        let margin = abs(run.scores[0] - run.scores[1])
        // TRANSLATORS: a versus ended in a draw; %d is each player's punches.
        let subtitle = run.winner == nil ? tr("Neck and neck: %d each.", run.scores[0])
            // TRANSLATORS: how many punches the versus's winner won by.
            : trn("By %d punch.", "By %d punches.", margin)
        let hardest = run.strongest[0] >= run.strongest[1] ? 0 : 1
        // TRANSLATORS: a row of the result cards: the strongest punch.
        let strongestLabel = run.strongest[hardest] == 0 ? tr("Strongest") : run.strongest[0] == run.strongest[1] ? tr("Strongest: both")
            // TRANSLATORS: a row of the versus result: the player (%s, "Player 2") who threw the strongest punch.
            : tr("Strongest: %s", run.name(hardest))
        return card("versus-result", title: title, subtitle: subtitle,
                    rows: [(run.label(0), run.scores[0], nil), (run.label(1), run.scores[1], nil),
                           (strongestLabel, run.strongest[hardest], nil)],
                    buttons: [(tr("Done"), .secondary, .done), (tr("Again"), .primary, .again)], escape: .done)
    }

    /// Past "Go!" with a player missing: who is in, and how the other joins.
    private func waitingBanner(_ run: VersusRun) {
        let s = layout.scale
        let stage = layout.stage
        let seated = (0..<2).filter { !run.device($0).isEmpty }
        // TRANSLATORS: a versus waits for its second player; %s is that player ("Player 2").
        let title = seated.isEmpty ? tr("Punch to join!") : tr("Waiting for %s", run.name(seated[0] == 0 ? 1 : 0))
        let hint = seated.isEmpty
            ? tr("Each player joins with a punch; the 30 seconds start when both are in.")
            : tr("Join with a punch from a second pad, a touch on the other half of the screen, or the mouse against a pad.")
        let width = min(stage.width - 24 * s, 620 * s)
        let panel = Rect(x: stage.center.x - width / 2, y: stage.center.y - 70 * s, width: width, height: 140 * s)
        ui.draw(.shadow(panel, cornerRadius: 22 * s, blur: 20 * s, offset: Point(0, 6 * s), color: ui.theme.shadow))
        ui.draw(.rect(panel, color: Color(hex: 0x1B1B2F, alpha: 0.88), cornerRadius: 22 * s))
        ui.label(title, style: .title, alignment: .center,
                 in: Rect(x: panel.minX + 16 * s, y: panel.minY + 14 * s, width: panel.width - 32 * s, height: 44 * s))
        ui.label(hint, style: .muted, alignment: .center, maxLines: 2,
                 in: Rect(x: panel.minX + 20 * s, y: panel.minY + 60 * s, width: panel.width - 40 * s, height: 66 * s))
    }

    /// Where the clock, the counter and the scores sit while a challenge runs: the
    /// favorites bar's band, which a challenge hides. At the stage's top they covered
    /// the message's last lines (and at 480x360 the picture's edges).
    private var hudBand: Rect { layout.favoritesBar }

    /// The clock: a pill at the bottom centre, red in the last five seconds.
    /// Draws the clock (read out by a screen reader too) and says where it is.
    @discardableResult
    private func clockPill(_ clock: ChallengeClock) -> Rect {
        let s = layout.scale
        let pill = Rect(x: layout.stage.center.x - 90 * s, y: hudBand.center.y - 29 * s, width: 180 * s, height: 58 * s)
        let warning = clock.phase == .running && clock.secondsLeft <= 5
        ui.draw(.rect(pill, color: Color(hex: warning ? 0xD7263D : 0x1B1B2F, alpha: 0.78), cornerRadius: pill.height / 2))
        ui.drawFitted(clock.text, in: pill, font: ui.font(30, .bold), color: ui.theme.text, alignment: .center)
        ui.describeText(clock.text, in: pill)
        return pill
    }

    private func countdown(_ text: String) {
        let s = layout.scale
        let center = layout.stage.center
        let radius = 110 * s
        let disc = Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
        ui.draw(.shadow(disc, cornerRadius: radius, blur: 24 * s, offset: Point(0, 8 * s), color: ui.theme.shadow))
        ui.draw(.rect(disc, color: Color(hex: 0xFFB627, alpha: 0.95), cornerRadius: radius))
        ui.drawFitted(text, in: disc, font: ui.font(text.count > 1 ? 64 : 110, .bold), color: Color(hex: 0x1B1B2F), alignment: .center)
    }

    private func rushResult(_ run: RushRun) -> Action {
        let best = run.previousBest
        let buttons: [(String, ButtonStyle, Action)] = [(tr("Done"), .secondary, .done), (tr("Again"), .primary, .again)]
        guard run.result.punches > 0 else {
            // Nothing landed (the rush was left to run out): no "Time!" in the prize
            // colour over a row of zeros, and no first record to beat. Calmly said.
            // TRANSLATORS: the title of a 30-second rush's result when no punch landed.
            let title = tr("No punches this time")
            let subtitle: String
            if let best {
                subtitle = trn("Your best is %d punch.", "Your best is %d punches.", best.punches)
            } else {
                // TRANSLATORS: under "No punches this time", before any rush has a record.
                subtitle = tr("Every hit counts while the clock runs.")
            }
            return card("rush-result", title: title, subtitle: subtitle, rows: [], buttons: buttons, escape: .done, calm: true)
        }
        let rows: [(String, Int, Int?)] = [
            (tr("Punches"), run.result.punches, best?.punches),
            (tr("Strongest"), run.result.strongest, best?.strongest),
            (Self.bestComboRow, run.result.bestCombo, best?.bestCombo),
        ]
        // TRANSLATORS: the rush's result card: a new record, or the 30 seconds are up.
        let title = run.isNewBest ? tr("New best!") : tr("Time!")
        let subtitle = best == nil ? tr("Your first rush: now beat it.") : run.isNewBest ? tr("More punches than ever in 30 seconds.")
            : trn("Your best is %d punch.", "Your best is %d punches.", best?.punches ?? 0)
        return card("rush-result", title: title, subtitle: subtitle, rows: rows, buttons: buttons, escape: .done)
    }

    // MARK: Session summary

    /// "Nice session": what the user did; Quit (the default), a breathing cool-down, or
    /// back to punching (Escape).
    public func summary(_ summary: SessionSummary, time: Double) -> Action {
        if summary.breathing != nil { return breathing(summary) }
        return card("summary", title: tr("Nice session"), subtitle: tr("Here is what you let out."),
                    rows: [(tr("Punches"), summary.punches, nil), (tr("Strongest"), summary.strongest, nil), (Self.bestComboRow, summary.bestCombo, nil)],
                    buttons: [(tr("Breathe for 30 s"), .secondary, .breathe), (tr("Quit"), .primary, .quit)], escape: .keepPunching)
    }

    /// A slow circle that fills as you breathe in and empties as you breathe out, with
    /// the cue and the seconds left; Skip (or Escape) ends it.
    private func breathing(_ summary: SessionSummary) -> Action {
        let scope = ui.beginModal("breathing")
        defer { ui.endModal(scope) }
        let s = layout.scale
        let bounds = Rect(x: 0, y: 0, width: Float(layout.width), height: Float(layout.height))
        ui.draw(.rect(bounds, color: Color(hex: 0x141529), cornerRadius: 0))
        let (fullness, cue) = summary.breath
        let center = Point(bounds.center.x, bounds.center.y - 30 * s)
        let biggest = min(bounds.width, bounds.height) * 0.3
        let radius = biggest * (0.45 + 0.55 * fullness)
        let halo = biggest * 1.08
        ui.draw(.rect(Rect(x: center.x - halo, y: center.y - halo, width: 2 * halo, height: 2 * halo),
                      color: Color(hex: 0x7FB7FF, alpha: 0.10), cornerRadius: halo))
        ui.draw(.rect(Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius),
                      color: Color(hex: 0x7FB7FF, alpha: 0.35 + 0.3 * fullness), cornerRadius: radius))
        ui.drawFitted(cue, in: Rect(x: center.x - 200 * s, y: center.y - 25 * s, width: 400 * s, height: 50 * s), font: ui.font(34, .bold), color: ui.theme.text, alignment: .center)
        // TRANSLATORS: seconds left, short ("30 s").
        ui.drawFitted(tr("%d s", summary.secondsLeft), in: Rect(x: center.x - 100 * s, y: center.y + biggest * 1.1 + 10 * s, width: 200 * s, height: 36 * s), font: ui.font(ui.theme.fontSize), color: ui.theme.textMuted, alignment: .center)
        let skip = Rect(x: bounds.center.x - 90 * s, y: bounds.maxY - 90 * s, width: 180 * s, height: 52 * s)
        if ui.button(tr("Skip"), style: .secondary, in: skip).clicked || ui.takeBack() || summary.breathingDone { return .quit }
        return .none
    }

    // MARK: The card

    /// The result cards' row of the longest chain (the card tells it by this name).
    static var bestComboRow: String { tr("Best combo") }

    /// A result card over the dimmed scene: a title, a line, a row per number (with the
    /// best beside it where there is one), and buttons, the last one the default.
    /// `calm`: nothing to celebrate, so the title is in the text's colour, not the prize's.
    private func card(
        _ label: String, title: String, subtitle: String, rows: [(String, Int, Int?)],
        buttons: [(String, ButtonStyle, Action)], escape: Action, calm: Bool = false
    ) -> Action {
        let scope = ui.beginModal(label)
        defer { ui.endModal(scope) }
        let s = layout.scale
        let bounds = Rect(x: 0, y: 0, width: Float(layout.width), height: Float(layout.height))
        let pad = 28 * s, rowHeight = 56 * s
        let width = min(520 * s, bounds.width - 2 * pad)
        let height = pad + 56 * s + 34 * s + 12 * s + Float(rows.count) * rowHeight + 24 * s + 56 * s + pad
        let card = Rect(x: bounds.center.x - width / 2, y: bounds.center.y - height / 2, width: width, height: height)
        ui.draw(.rect(bounds, color: ui.theme.scrim, cornerRadius: 0))
        ui.draw(.shadow(card, cornerRadius: 24 * s, blur: 28 * s, offset: Point(0, 10 * s), color: ui.theme.shadow))
        ui.draw(.rect(card, color: ui.theme.background, cornerRadius: 24 * s))
        var y = card.minY + pad
        ui.drawFitted(title, in: Rect(x: card.minX, y: y, width: card.width, height: 56 * s), font: ui.font(calm ? 32 : 40, .bold),
                      color: calm ? ui.theme.text : ui.theme.highlight, alignment: .center)
        y += 56 * s
        ui.drawFitted(subtitle, in: Rect(x: card.minX + pad, y: y, width: card.width - 2 * pad, height: 34 * s), font: ui.font(ui.theme.fontSize), color: ui.theme.textMuted, alignment: .center)
        y += 34 * s + 12 * s
        for (name, value, best) in rows {
            let row = Rect(x: card.minX + pad, y: y, width: card.width - 2 * pad, height: rowHeight - 8 * s)
            ui.draw(.rect(row, color: ui.theme.card, cornerRadius: 12 * s))
            ui.drawFitted(name, in: Rect(x: row.minX + 18 * s, y: row.minY, width: row.width * 0.5, height: row.height), font: ui.font(ui.theme.fontSize), color: ui.theme.text, alignment: .leading)
            if let best, name != Self.bestComboRow || best >= 2 {
                // TRANSLATORS: beside a result, the user's best before it ("best 42").
                ui.drawFitted(tr("best %d", best), in: Rect(x: row.center.x - 20 * s, y: row.minY, width: row.width * 0.3, height: row.height), font: ui.font(ui.theme.fontSize * 0.85), color: ui.theme.textMuted, alignment: .trailing)
            }
            // A combo is two hits or more in a row: a best combo of 1 (or none) is no combo.
            let shown = name == Self.bestComboRow && value < 2 ? "—" : Localization.formatted(value)
            ui.drawFitted(shown, in: Rect(x: row.maxX - 120 * s, y: row.minY, width: 102 * s, height: row.height), font: ui.font(28, .bold), color: best.map { value > $0 } == true ? ui.theme.highlight : ui.theme.text, alignment: .trailing)
            y += rowHeight
        }
        y += 24 * s
        let gap = 14 * s
        let buttonWidth = (card.width - 2 * pad - gap * Float(buttons.count - 1)) / Float(buttons.count)
        // The default button starts focused, so pad A (like Enter) answers it; Tab and
        // the d-pad move to the others.
        let ids = buttons.map { ui.id($0.0) }
        if let last = ids.last, !ids.contains(where: { ui.focused == $0 }) { ui.setFocus(last, visible: true) }
        var answer = Action.none
        for (index, (title, style, action)) in buttons.enumerated() {
            let rect = Rect(x: card.minX + pad + Float(index) * (buttonWidth + gap), y: y, width: buttonWidth, height: 56 * s)
            if ui.button(title, style: style, in: rect).clicked { answer = action }
        }
        if answer == .none, let last = buttons.last {
            if ui.takeBack() { answer = escape } else if ui.takeDefaultAction() { answer = last.2 }
        }
        if answer != .none { ui.closeModal() }
        return answer
    }
}
