import AppModel
import Foundation
import ImmediateUI
import Localization
import Raster
import StressCore

extension LibraryScreens {
    // MARK: More targets: every target in a grid

    /// Every target (or those matching the search) as cards; choosing one selects it
    /// and goes back to punching. Return chooses the first match. The grid opens with
    /// the focus on the selected card, so the d-pad starts from it.
    public func allTargets(filter: TargetFilter) -> Action {
        var action = Action.none
        let (header, back) = pageHeader(title: tr("All targets"), back: tr("Back"), backWidth: 120)
        if back { action = .show(.main) }
        filter.update(library)
        let targets = library.targets
        let matches = filter.matches
        let summary: String
        if filter.isFiltering {
            // TRANSLATORS: a search's result: %2$d targets match of the library's %1$d.
            summary = trn("%2$d of %1$d target", "%2$d of %1$d targets", targets.count, matches.count)
        } else {
            summary = trn("%d target · choose one to punch it", "%d targets · choose one to punch it", targets.count)
        }
        let search = searchRow(filter, placeholder: tr("Search names and messages"), summary: summary, under: header)
        let gridRect = searchedBody(under: header)
        var focusTarget: Int64?
        if filter.needsFirstFocus && !ui.isInputBlocked {
            filter.needsFirstFocus = false
            if let selected = library.selectedID, let position = filter.position(of: selected, in: library) {
                ui.scrollToItem("all-targets", index: position)
                focusTarget = selected
            }
        }
        ui.scrollGrid("all-targets", count: matches.count, minimumItemWidth: 180, itemHeight: 236, spacing: 16,
                      padding: 4, in: shownPart(of: gridRect)) { index, rect in
            let target = targets[matches[index]]
            ui.pushID(target.id)
            // Invisibly, unless the keyboard or pad brought the user here.
            if target.id == focusTarget { ui.focusNow(ui.id("target"), visible: false) }
            if ui.imageTile("target", title: target.name, picture: thumbnail(target),
                            selected: target.id == library.selectedID, titleLines: 2, in: rect).clicked {
                action = .chooseAndReturn(target.id)
            }
            ui.popID()
        }
        if targets.isEmpty {
            // Not a blank grid: the way to a first target.
            let offer = emptyLibraryOffer(around: gridRect, offersButtons: true)
            if offer != .none { action = offer }
        } else if filter.isFiltering && matches.isEmpty {
            noMatches(filter, in: gridRect)
        }
        // A focused card took its own Enter already; else Return chooses the first match.
        if filter.isFiltering, action == .none, let first = matches.first, search.submitted || ui.takeDefaultAction() {
            action = .chooseAndReturn(targets[first].id)
        }
        if ui.backRequested && !escapeClearsSearch(filter) { action = .show(.main) }
        return action
    }
}
