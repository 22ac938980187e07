import AppModel
import Foundation
import ImmediateUI
import Localization
import Raster
import StressCore

extension LibraryScreens {
    // MARK: A library with no targets

    /// What stands where the targets would be when the library has none (every one
    /// deleted): a card that says so and offers the way out, Add target and Restore
    /// defaults, instead of a placeholder picture that takes punches or a blank list.
    /// `offersButtons` false (a kiosk's visitors, or Manage, whose header has both
    /// buttons) leaves the card with its words only; `forVisitors` says a kiosk's. The
    /// card is centred on `room`'s middle, as wide as its words need, and takes every
    /// press on it.
    public func emptyLibraryOffer(around room: Rect, offersButtons: Bool, forVisitors: Bool = false) -> Action {
        let s = layout.scale
        let pad = 28 * s, gap = 12 * s
        // TRANSLATORS: the heading of the card shown when the library has no targets left.
        let title = tr("Nothing to punch yet")
        let body = forVisitors
            // TRANSLATORS: under "Nothing to punch yet" on a kiosk, whose visitors cannot add targets.
            ? tr("Targets are added from the operator menu.")
            // TRANSLATORS: under "Nothing to punch yet": what the buttons Add target and Restore defaults do.
            : tr("Add a picture of whatever is bugging you, or bring back the built-in targets.")
        // The same words as Manage's header buttons.
        let addLabel = tr("Add target"), restoreLabel = tr("Restore defaults")
        // Two buttons of one width, side by side: as wide as the longer label needs.
        let buttonWidth = max(ui.buttonWidth(restoreLabel, icon: "↺"), ui.buttonWidth(addLabel, icon: "+"), 180 * s)
        let widest = Float(layout.width) - 2 * margin
        let width = min(widest, max(480 * s, 2 * buttonWidth + gap + 2 * pad))
        let bodyFont = ui.font(ui.theme.fontSize)
        let bodyLines = max(1, TextLayout(source: ui.glyphs, font: bodyFont).lineCount(of: body, width: Int(width - 2 * pad), maxLines: 3))
        let lineHeight = Float(ui.glyphs.lineMetrics(for: bodyFont).lineHeight)
        let titleHeight = Float(ui.glyphs.lineMetrics(for: ui.font(ui.theme.titleFontSize, .bold)).lineHeight)
        let iconSide = 64 * s, buttonHeight = ui.theme.controlHeight * s
        let height = pad + iconSide + gap + titleHeight + gap * 0.75 + lineHeight * Float(bodyLines)
            + (offersButtons ? 2 * gap + buttonHeight : 0) + pad
        let card = Rect(x: room.center.x - width / 2, y: room.center.y - height / 2, width: width, height: height)
        // The card is the stage's ground here: a press on it is no punch.
        ui.claim(card)
        // The dialogs' ground, so the secondary button stands out from it.
        ui.panel(card, color: ui.theme.background, cornerRadius: ui.theme.cornerRadius * s * 1.5)
        var y = card.minY + pad
        let icon = Rect(x: card.center.x - iconSide / 2, y: y, width: iconSide, height: iconSide)
        ui.panel(icon, color: ui.theme.card, cornerRadius: iconSide / 2, shadow: false)
        ui.draw(.text("🥊", icon, font: ui.font(34), color: ui.theme.text, alignment: .center, maxLines: 1))
        y += iconSide + gap
        let inner = card.insetBy(pad)
        ui.label(title, style: .title, alignment: .center, in: Rect(x: inner.minX, y: y, width: inner.width, height: titleHeight))
        y += titleHeight + gap * 0.75
        ui.label(body, style: .muted, alignment: .center, maxLines: bodyLines,
                 in: Rect(x: inner.minX, y: y, width: inner.width, height: lineHeight * Float(bodyLines)))
        guard offersButtons else { return .none }
        y += lineHeight * Float(bodyLines) + 2 * gap
        var action = Action.none
        // Side by side in reading order, the main action last (where Manage's header has it).
        let each = min(buttonWidth, (inner.width - gap) / 2)
        let restoreRect = Rect(x: card.center.x - gap / 2 - each, y: y, width: each, height: buttonHeight)
        let addRect = Rect(x: card.center.x + gap / 2, y: y, width: each, height: buttonHeight)
        if ui.button(restoreLabel, icon: "↺", style: .secondary, in: restoreRect).clicked { action = .restore }
        if ui.button(addLabel, icon: "+", style: .primary, in: addRect).clicked { action = .add }
        return action
    }
}
