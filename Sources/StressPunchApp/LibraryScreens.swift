import ImmediateUI
import Raster
import StressCore

/// Which screen is showing.
public enum AppScreen: Sendable, Equatable {
    /// Punching, with the favorites bar.
    case main
    /// Every target as a thumbnail grid; choosing one selects it and goes back.
    case allTargets
}

/// Builds the UI of each screen with the immediate-mode context, once a frame.
struct LibraryScreens {
    let ui: UIContext
    let library: LibraryModel
    let layout: MainLayout
    let thumbnail: (StressTarget) -> RasterImage?

    /// What the screen asked for this frame.
    enum Action: Equatable {
        case none
        case select(Int64)
        case show(AppScreen)
        case chooseAndReturn(Int64)
    }

    // MARK: Main screen: the favorites bar

    /// Up to four favorite cards (thumbnail and name) centred along the bottom, and a
    /// "More targets" button. The selected favorite has an accent border.
    func favoritesBar() -> Action {
        var action = Action.none
        let bar = layout.favoritesBar
        let favorites = library.favorites
        let gap = 14 * layout.scale
        let cardHeight = bar.height
        let cardWidth = cardHeight * 1.45
        let moreWidth = 232 * layout.scale
        let total = Float(favorites.count) * (cardWidth + gap) + moreWidth
        var x = bar.center.x - total / 2
        for (index, favorite) in favorites.enumerated() {
            ui.pushID(favorite.id)
            let rect = Rect(x: x, y: bar.minY, width: cardWidth, height: cardHeight)
            let title = "\(index + 1)  \(favorite.name)"
            if ui.imageTile("favorite", title: title, picture: thumbnail(favorite),
                            selected: favorite.id == library.selectedID, in: rect).clicked {
                action = .select(favorite.id)
            }
            ui.popID()
            x += cardWidth + gap
        }
        let moreHeight = min(cardHeight, 56 * layout.scale)
        let more = Rect(x: x, y: bar.center.y - moreHeight / 2, width: moreWidth, height: moreHeight)
        if ui.button("More targets", icon: "▦", style: .secondary, in: more).clicked {
            action = .show(.allTargets)
        }
        return action
    }

    // MARK: More targets: every target in a grid

    func allTargets() -> Action {
        var action = Action.none
        let s = layout.scale
        let margin = 28 * s
        let bounds = Rect(x: 0, y: 0, width: Float(layout.width), height: Float(layout.height))
        let header = Rect(x: margin, y: margin * 0.8, width: bounds.width - 2 * margin, height: 56 * s)
        if ui.button("Back", icon: "←", style: .secondary,
                     in: Rect(x: header.minX, y: header.minY, width: 120 * s, height: header.height)).clicked {
            action = .show(.main)
        }
        ui.label("All targets", style: .title, alignment: .center, in: header)
        ui.label("\(library.targets.count) targets · choose one to punch it", style: .muted, alignment: .center,
                 in: Rect(x: header.minX, y: header.maxY, width: header.width, height: 30 * s))

        let gridRect = Rect(x: margin, y: header.maxY + 40 * s, width: bounds.width - 2 * margin,
                            height: bounds.height - header.maxY - 40 * s - margin)
        let targets = library.targets
        ui.scrollGrid("all-targets", count: targets.count, minimumItemWidth: 180, itemHeight: 210, spacing: 16,
                      padding: 4, in: gridRect) { index, rect in
            let target = targets[index]
            ui.pushID(target.id)
            if ui.imageTile("target", title: target.name, picture: thumbnail(target),
                            selected: target.id == library.selectedID, in: rect).clicked {
                action = .chooseAndReturn(target.id)
            }
            ui.popID()
        }
        if ui.backRequested { action = .show(.main) }
        return action
    }
}
