import AppModel
import Foundation
import ImmediateUI
import Localization
import Raster
import StressCore

extension LibraryScreens {
    // MARK: Manage library

    /// Header with Back, Restore defaults and Add; then every target as a row with its
    /// thumbnail, name, message, punch count, favorite star, Edit and Delete.
    /// `filter` holds the search and the row to highlight after an Add.
    public func manage(pendingDelete: StressTarget?, pendingRestore: Bool, filter: TargetFilter) -> Action {
        var action = Action.none
        let s = layout.scale
        let (header, back) = pageHeader(title: tr("Manage library"), back: tr("Back"), backWidth: 120, trailingWidth: 190 + 12 + 262)
        if back { action = .show(.main) }
        let addWidth = 190 * s, restoreWidth = 262 * s
        if ui.button(tr("Add target"), icon: "+", style: .primary,
                     in: Rect(x: header.maxX - addWidth, y: header.minY, width: addWidth, height: header.height)).clicked {
            action = .add
        }
        if ui.button(tr("Restore defaults"), icon: "↺", style: .secondary,
                     in: Rect(x: header.maxX - addWidth - 12 * s - restoreWidth, y: header.minY, width: restoreWidth,
                              height: header.height)).clicked {
            action = .askRestore
        }
        filter.update(library)
        let targets = library.targets
        let matches = filter.matches
        let favorites = library.favorites.count
        let summary: String
        if filter.isFiltering {
            // TRANSLATORS: a search's result: %2$d targets match of the library's %1$d.
            summary = trn("%2$d of %1$d target", "%2$d of %1$d targets", targets.count, matches.count)
        } else {
            // TRANSLATORS: the targets in the library, then how many of them are favorites of the most (4) the main screen shows.
            summary = trn("%d target · %d of %d favorites on the main screen", "%d targets · %d of %d favorites on the main screen",
                          targets.count, favorites, FavoriteRule.limit)
        }
        _ = searchRow(filter, placeholder: tr("Search names and messages"), summary: summary, under: header)
        let listRect = searchedBody(under: header)
        let highlight = addedRowHighlight(filter)
        ui.scrollList("manage", count: matches.count, rowHeight: 92, spacing: 10, padding: 4, in: shownPart(of: listRect)) { index, rect in
            let target = targets[matches[index]]
            ui.pushID(target.id)
            // The one being punched is marked as its card is on the main screen: an
            // accent border and a check on its picture.
            let selected = target.id == library.selectedID
            // One row to a screen reader, named for its target: its Edit and Delete inside it.
            ui.beginDescribing(ui.id("row"), role: .listItem, name: target.name, rect: rect,
                               states: selected ? [.selectable, .selected] : [.selectable])
            defer { ui.endDescribing() }
            if selected {
                let border = 3 * s, radius = ui.theme.cornerRadius * s
                ui.panel(rect, color: ui.theme.accent, shadow: false)
                ui.panel(rect.insetBy(border), cornerRadius: max(0, radius - border), shadow: false)
            } else {
                ui.panel(rect, shadow: false)
            }
            let pad = 10 * s
            let thumbSide = rect.height - 2 * pad
            let thumb = Rect(x: rect.minX + pad, y: rect.minY + pad, width: thumbSide, height: thumbSide)
            if let picture = thumbnail(target) {
                ui.image(picture, in: thumb, cornerRadius: 10 * s, fit: picture.isOpaque ? .fill : .fit)
            }
            if selected { ui.selectionBadge(at: Point(thumb.maxX + 6 * s, thumb.minY - 4 * s)) }
            // Edit and Delete as wide as their words need (German's "Bearbeiten"), at least as wide as in English.
            let editLabel = tr("Edit"), deleteLabel = tr("Delete")
            let editWidth = max(110 * s, ui.buttonWidth(editLabel)), deleteWidth = max(120 * s, ui.buttonWidth(deleteLabel))
            let controlsWidth = 56 * s + editWidth + deleteWidth + 3 * pad
            let textX = rect.minX + 2 * pad + thumbSide
            // A narrow row (portrait, the minimum window) gives the count's column to the
            // name and says the count on the message's line: names were cut to five letters.
            let narrow = rect.width < 860 * s
            let countWidth = narrow ? 0 : 150 * s
            let textWidth = max(40, rect.maxX - controlsWidth - textX - countWidth)
            let count = trn("%d punch", "%d punches", target.punchCount)
            let second = narrow ? (target.message.isEmpty ? count : count + " · " + target.message) : target.message
            if second.isEmpty {
                // Nothing under the name: it sits in the row's middle, not over an empty line.
                ui.label(target.name, style: .body, in: Rect(x: textX, y: rect.minY, width: textWidth, height: rect.height))
            } else {
                ui.label(target.name, style: .body, in: Rect(x: textX, y: rect.minY + pad, width: textWidth, height: rect.height * 0.42))
                ui.label(second, style: .muted,
                         in: Rect(x: textX, y: rect.minY + rect.height * 0.45, width: textWidth, height: rect.height * 0.42))
            }
            if !narrow {
                ui.label(count, style: .muted, alignment: .trailing,
                         in: Rect(x: textX + textWidth, y: rect.minY, width: 140 * s, height: rect.height))
            }
            var x = rect.maxX - controlsWidth
            let controlHeight = 48 * s
            let controlY = rect.center.y - controlHeight / 2
            if case .changed(let on) = ui.toggle("favorite", isOn: target.isFavorite, onIcon: "★", offIcon: "☆",
                                                 // TRANSLATORS: the star that makes a target one of the main screen's favorites.
                                                 accessibleName: tr("Favorite"), description: target.name, in: Rect(x: x, y: controlY, width: 56 * s, height: controlHeight)) {
                action = .toggleFavorite(target.id, on)
            }
            x += 56 * s + pad
            if ui.button(editLabel, style: .secondary, in: Rect(x: x, y: controlY, width: editWidth, height: controlHeight)).clicked {
                action = .edit(target.id)
            }
            x += editWidth + pad
            if filter.focusDeleteOf == target.id && !ui.isModalOpen {
                filter.focusDeleteOf = nil
                ui.focusNow(ui.id("Delete"), visible: ui.focusVisible)
            }
            // The id stays "Delete" in every language: the focus is moved to it by that id above.
            if ui.button(deleteLabel, style: .destructive, id: "Delete", in: Rect(x: x, y: controlY, width: deleteWidth, height: controlHeight)).clicked {
                action = .askDelete(target.id)
            }
            if let highlight, highlight.id == target.id {
                // Over the row's contents, so the whole row glows evenly, buttons too.
                let radius = ui.theme.cornerRadius * s
                ui.fillRect(rect, color: ui.theme.accent.withAlpha(0.16 * highlight.strength), cornerRadius: radius)
                ui.draw(.stroke(rect.insetBy(1 * s), cornerRadius: radius - 1 * s,
                                color: ui.theme.accent.withAlpha(highlight.strength), width: 2 * s))
            }
            ui.popID()
        }

        if targets.isEmpty {
            // The header's Add target and Restore defaults are the way out: said, not repeated.
            _ = emptyLibraryOffer(around: listRect, offersButtons: false)
        }
        if let pendingDelete {
            // TRANSLATORS: %s is the name of the target to delete.
            switch ui.confirmDialog("delete", title: tr("Delete “%s”?", pendingDelete.name),
                                    message: tr("Its picture and its punch count go with it."), confirmLabel: tr("Delete")) {
            case .confirmed: action = .delete(pendingDelete.id)
            case .cancelled: action = .cancelDelete
            case .pending: break
            }
        } else if pendingRestore {
            switch ui.confirmDialog("restore", title: tr("Restore the built-in targets?"),
                                    message: tr("Deleted built-ins come back. Your own targets and your edits stay as they are."),
                                    confirmLabel: tr("Restore"), destructive: false) {
            case .confirmed: action = .restore
            case .cancelled: action = .cancelRestore
            case .pending: break
            }
        } else if filter.isFiltering && matches.isEmpty && !targets.isEmpty {
            noMatches(filter, in: listRect)
        }
        if pendingDelete == nil && !pendingRestore && ui.backRequested && !escapeClearsSearch(filter) {
            action = .show(.main)
        }
        return action
    }

    /// How long a new row stays highlighted, in seconds: held, then fading out.
    static let highlightHold = 0.5
    static let highlightFade = 1.3

    /// The row just added and how strongly to highlight it now (1 to 0), scrolling it
    /// into view the first time; nil once it has faded (or it is filtered out).
    func addedRowHighlight(_ filter: TargetFilter) -> (id: Int64, strength: Float)? {
        guard let id = filter.highlightID else { return nil }
        if filter.highlightStart == nil {
            guard let position = filter.position(of: id, in: library) else {
                filter.highlightID = nil
                return nil
            }
            ui.scrollToItem("manage", index: position)
            filter.highlightStart = ui.time
        }
        let age = ui.time - (filter.highlightStart ?? ui.time)
        guard age < Self.highlightHold + Self.highlightFade else {
            filter.highlightID = nil
            filter.highlightStart = nil
            return nil
        }
        // It holds, then fades frame by frame.
        ui.needsFrame(in: max(0, Self.highlightHold - age))
        let fading = max(0, age - Self.highlightHold) / Self.highlightFade
        // Eased out, so it lingers a moment and then goes.
        return (id, Float(1 - fading * fading))
    }
}
