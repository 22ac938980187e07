import AppModel
import Foundation
import ImmediateUI
import Localization
import Raster
import StressCore

extension LibraryScreens {
    // MARK: Main screen: the favorites bar

    /// The header's buttons, left to right: Rush, Versus, then Settings and Stats in
    /// the right corner. Built before the stage's tools and the favorites so that Tab
    /// goes in reading order, top to bottom (not in a kiosk, which has none).
    public func mainHeaderButtons(showsLibraryButtons: Bool = true) -> Action {
        guard showsLibraryButtons else { return .none }
        var action = Action.none
        // TRANSLATORS: the button that starts the 30-second rush (punch as much as you can).
        if ui.button(tr("Rush"), icon: "⏱", style: .secondary, in: layout.rushButton).clicked {
            action = .startRush
        }
        // TRANSLATORS: the button that starts a two-player match.
        if ui.button(tr("Versus"), icon: "⚔", style: .secondary, in: layout.versusButton).clicked {
            action = .startVersus
        }
        if ui.iconButton("⚙", label: tr("Settings"), style: .secondary, in: layout.settingsButton).clicked {
            action = .show(.settings)
        }
        if ui.button(tr("Stats"), icon: "📊", style: .secondary, in: layout.statsButton).clicked {
            action = .show(.stats)
        }
        return action
    }

    /// Up to four favorite cards (thumbnail and name) centred along the bottom, then
    /// the "More targets" and "Manage" buttons (not in a kiosk, where the favorites
    /// are the only navigation). The selected favorite has an accent border.
    public func favoritesBar(showsLibraryButtons: Bool = true) -> Action {
        var action = Action.none
        let bar = layout.favoritesBar
        // The bar is the cards' ground: a press between them is not a punch.
        ui.claim(bar)
        let favorites = library.favorites
        let gap = 14 * layout.scale
        // Two rows (portrait) hold the cards two by two; one favorite or two stay in one row.
        let rows = favorites.count > 2 ? layout.favoriteRows : 1
        let columns = (favorites.count + rows - 1) / rows
        let cardHeight = (bar.height - gap * Float(layout.favoriteRows - 1)) / Float(layout.favoriteRows)
        let moreWidth = showsLibraryButtons ? 232 * layout.scale : 0
        // Cards are wider than tall, narrower when the screen has no room.
        let room = (bar.width - moreWidth - Float(columns) * gap) / Float(max(1, columns))
        let cardWidth = min(cardHeight * 1.45, room)
        let total = Float(columns) * (cardWidth + gap) + moreWidth - (showsLibraryButtons ? 0 : gap)
        let left = bar.center.x - total / 2
        let top = bar.center.y - (Float(rows) * cardHeight + Float(rows - 1) * gap) / 2
        for (index, favorite) in favorites.enumerated() {
            ui.pushID(favorite.id)
            let column = index % columns, row = index / columns
            let rect = Rect(x: left + Float(column) * (cardWidth + gap), y: top + Float(row) * (cardHeight + gap),
                            width: cardWidth, height: cardHeight)
            // The number is the desktop's key for the card; a kiosk's visitors tap.
            // A left-to-right mark first, so a right-to-left name does not turn the
            // line around and carry the number to the other side.
            let title = showsLibraryButtons ? "\u{200E}\(index + 1)  \(favorite.name)" : favorite.name
            // A pad's first d-pad press goes to the cards, what it is there for.
            if index == 0 { ui.arrowEntry = ui.id("favorite") }
            // Read as "Monday Alarm, favorite 1, 412 punches" (and selected, a state).
            if ui.imageTile("favorite", title: title, picture: thumbnail(favorite),
                            selected: favorite.id == library.selectedID, accessibleName: favorite.name,
                            // TRANSLATORS: a favorite card as a screen reader describes it: %2$d is its place (1 to 4, its key), %1$d its punches.
                            description: trn("favorite %2$d, %1$d punch", "favorite %2$d, %1$d punches", favorite.punchCount, index + 1),
                            in: rect).clicked {
                action = .select(favorite.id)
            }
            ui.popID()
        }
        let x = left + Float(columns) * (cardWidth + gap)
        guard showsLibraryButtons else { return action }
        let moreHeight = min(cardHeight / 2 - 4 * layout.scale, 52 * layout.scale)
        let more = Rect(x: x, y: bar.center.y - moreHeight - 4 * layout.scale, width: moreWidth, height: moreHeight)
        if ui.button(tr("More targets"), icon: "▦", style: .secondary, in: more).clicked {
            action = .show(.allTargets)
        }
        let manage = Rect(x: x, y: bar.center.y + 4 * layout.scale, width: moreWidth, height: moreHeight)
        if ui.button(tr("Manage"), icon: "✎", style: .secondary, in: manage).clicked {
            action = .show(.manage)
        }
        return action
    }
}
