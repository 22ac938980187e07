import AppModel
import Foundation
import ImmediateUI
import Raster
import StressCore

extension LibraryScreens {
    // MARK: More targets: every target in a grid

    public func allTargets() -> Action {
        var action = Action.none
        let (header, back) = pageHeader(title: "All targets", back: "Back", backWidth: 120)
        if back { action = .show(.main) }
        subtitle("\(library.targets.count) targets · choose one to punch it", under: header)
        let gridRect = pageBody(under: header)
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
