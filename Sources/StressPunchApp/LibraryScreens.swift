import Foundation
import ImmediateUI
import Raster
import StressCore

/// Which screen is showing.
public enum AppScreen: Sendable, Equatable {
    /// Punching, with the favorites bar.
    case main
    /// Every target as a thumbnail grid; choosing one selects it and goes back.
    case allTargets
    /// Every target as a list to favorite, edit, delete; add; restore the built-ins.
    case manage
    /// The Add / Edit target form.
    case editor
    /// Browsing for a picture for the form.
    case picker
    /// Kiosk mode, unlocked: what only the operator may do.
    case operatorMenu
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
        case toggleFavorite(Int64, Bool)
        case askDelete(Int64)
        case delete(Int64)
        case cancelDelete
        case askRestore
        case restore
        case cancelRestore
        case add
        case edit(Int64)
        case save
        /// Cancel or Escape in the form: leaves, or asks first when something changed.
        case cancelEdit
        /// "Discard changes?" answered.
        case discardEdit
        case keepEditing
        case openPicker
        case openFolder(URL)
        case choosePicture(URL)
        case closePicker
    }

    // MARK: Shared pieces

    /// The margin around full-screen pages.
    var margin: Float { 28 * layout.scale }

    /// A page header: a back button on the left and the title in the middle. Returns
    /// the header's rectangle and whether the back button was clicked. `trailingWidth`
    /// (points) is what the page puts at the header's right end: the title keeps clear
    /// of both sides rather than being drawn under the buttons on a narrow window.
    func pageHeader(title: String, back: String, backWidth: Float = 130, trailingWidth: Float = 0) -> (rect: Rect, back: Bool) {
        let s = layout.scale
        let rect = Rect(x: margin, y: margin * 0.8, width: Float(layout.width) - 2 * margin, height: 56 * s)
        let clicked = ui.button(back, icon: "←", style: .secondary,
                                in: Rect(x: rect.minX, y: rect.minY, width: backWidth * s, height: rect.height)).clicked
        // Centred on the window when it fits there; else centred in the room between
        // the buttons; else left out (the subtitle and Back still say where this is).
        let gap = 12 * s
        let titleWidth = ui.textWidth(title, font: ui.font(ui.theme.titleFontSize, .bold))
        let inset = max(backWidth, trailingWidth) * s + gap
        let between = Rect(x: rect.minX + backWidth * s + gap, y: rect.minY,
                           width: rect.width - (backWidth + trailingWidth) * s - 2 * gap, height: rect.height)
        if titleWidth <= rect.width - 2 * inset {
            ui.label(title, style: .title, alignment: .center, in: rect)
        } else if titleWidth <= between.width {
            ui.label(title, style: .title, alignment: .center, in: between)
        }
        return (rect, clicked)
    }

    /// A muted line under a page header.
    func subtitle(_ text: String, under header: Rect) {
        ui.label(text, style: .muted, alignment: .center,
                 in: Rect(x: header.minX, y: header.maxY, width: header.width, height: 30 * layout.scale))
    }

    /// The area below a header with a subtitle, for the page's list or grid.
    /// While toasts show, the body ends above them, so none hides a row.
    func pageBody(under header: Rect) -> Rect {
        let top = header.maxY + 40 * layout.scale
        let bottom = max(margin, ui.toastStackHeight > 0 ? ui.toastStackHeight + 20 * layout.scale : margin)
        return Rect(x: margin, y: top, width: Float(layout.width) - 2 * margin, height: max(0, Float(layout.height) - top - bottom))
    }

    // MARK: Main screen: the favorites bar

    /// Up to four favorite cards (thumbnail and name) centred along the bottom, then
    /// the "More targets" and "Manage" buttons (not in a kiosk, where the favorites
    /// are the only navigation). The selected favorite has an accent border.
    func favoritesBar(showsLibraryButtons: Bool = true) -> Action {
        var action = Action.none
        let bar = layout.favoritesBar
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
            let title = showsLibraryButtons ? "\(index + 1)  \(favorite.name)" : favorite.name
            if ui.imageTile("favorite", title: title, picture: thumbnail(favorite),
                            selected: favorite.id == library.selectedID, in: rect).clicked {
                action = .select(favorite.id)
            }
            ui.popID()
        }
        let x = left + Float(columns) * (cardWidth + gap)
        guard showsLibraryButtons else { return action }
        let moreHeight = min(cardHeight / 2 - 4 * layout.scale, 52 * layout.scale)
        let more = Rect(x: x, y: bar.center.y - moreHeight - 4 * layout.scale, width: moreWidth, height: moreHeight)
        if ui.button("More targets", icon: "▦", style: .secondary, in: more).clicked {
            action = .show(.allTargets)
        }
        let manage = Rect(x: x, y: bar.center.y + 4 * layout.scale, width: moreWidth, height: moreHeight)
        if ui.button("Manage", icon: "✎", style: .secondary, in: manage).clicked {
            action = .show(.manage)
        }
        return action
    }

    // MARK: Manage library

    /// Header with Back, Restore defaults and Add; then every target as a row with its
    /// thumbnail, name, message, punch count, favorite star, Edit and Delete.
    func manage(pendingDelete: StressTarget?, pendingRestore: Bool) -> Action {
        var action = Action.none
        let s = layout.scale
        let (header, back) = pageHeader(title: "Manage library", back: "Back", backWidth: 120, trailingWidth: 190 + 12 + 262)
        if back { action = .show(.main) }
        let addWidth = 190 * s, restoreWidth = 262 * s
        if ui.button("Add target", icon: "+", style: .primary,
                     in: Rect(x: header.maxX - addWidth, y: header.minY, width: addWidth, height: header.height)).clicked {
            action = .add
        }
        if ui.button("Restore defaults", icon: "↺", style: .secondary,
                     in: Rect(x: header.maxX - addWidth - 12 * s - restoreWidth, y: header.minY, width: restoreWidth,
                              height: header.height)).clicked {
            action = .askRestore
        }
        let favorites = library.targets.filter(\.isFavorite).count
        subtitle("\(library.targets.count) targets · \(favorites) of \(FavoriteRule.limit) favorites on the main screen", under: header)
        let listRect = pageBody(under: header)
        let targets = library.targets
        ui.scrollList("manage", count: targets.count, rowHeight: 92, spacing: 10, padding: 4, in: listRect) { index, rect in
            let target = targets[index]
            ui.pushID(target.id)
            ui.panel(rect, shadow: false)
            let pad = 10 * s
            let thumbSide = rect.height - 2 * pad
            if let picture = thumbnail(target) {
                ui.image(picture, in: Rect(x: rect.minX + pad, y: rect.minY + pad, width: thumbSide, height: thumbSide),
                         cornerRadius: 10 * s, fit: picture.isOpaque ? .fill : .fit)
            }
            let controlsWidth = 56 * s + 110 * s + 120 * s + 3 * pad
            let textX = rect.minX + 2 * pad + thumbSide
            let textWidth = max(40, rect.maxX - controlsWidth - textX - 150 * s)
            ui.label(target.name, style: .body, in: Rect(x: textX, y: rect.minY + pad, width: textWidth, height: rect.height * 0.42))
            ui.label(target.message.isEmpty ? " " : target.message, style: .muted,
                     in: Rect(x: textX, y: rect.minY + rect.height * 0.45, width: textWidth, height: rect.height * 0.42))
            ui.label("\(target.punchCount) punch\(target.punchCount == 1 ? "" : "es")", style: .muted, alignment: .trailing,
                     in: Rect(x: textX + textWidth, y: rect.minY, width: 140 * s, height: rect.height))
            var x = rect.maxX - controlsWidth
            let controlHeight = 48 * s
            let controlY = rect.center.y - controlHeight / 2
            if case .changed(let on) = ui.toggle("favorite", isOn: target.isFavorite, onIcon: "★", offIcon: "☆",
                                                 in: Rect(x: x, y: controlY, width: 56 * s, height: controlHeight)) {
                action = .toggleFavorite(target.id, on)
            }
            x += 56 * s + pad
            if ui.button("Edit", style: .secondary, in: Rect(x: x, y: controlY, width: 110 * s, height: controlHeight)).clicked {
                action = .edit(target.id)
            }
            x += 110 * s + pad
            if ui.button("Delete", style: .destructive, in: Rect(x: x, y: controlY, width: 120 * s, height: controlHeight)).clicked {
                action = .askDelete(target.id)
            }
            ui.popID()
        }

        if let pendingDelete {
            switch ui.confirmDialog("delete", title: "Delete “\(pendingDelete.name)”?",
                                    message: "Its picture and its punch count go with it.", confirmLabel: "Delete") {
            case .confirmed: action = .delete(pendingDelete.id)
            case .cancelled: action = .cancelDelete
            case .pending: break
            }
        } else if pendingRestore {
            switch ui.confirmDialog("restore", title: "Restore the built-in targets?",
                                    message: "Deleted built-ins come back. Your own targets and your edits stay as they are.",
                                    confirmLabel: "Restore", destructive: false) {
            case .confirmed: action = .restore
            case .cancelled: action = .cancelRestore
            case .pending: break
            }
        } else if ui.backRequested {
            action = .show(.main)
        }
        return action
    }

    // MARK: Add / Edit target

    /// The form: a picture preview (drop a file on the window to choose one), the name
    /// and message, and Save, which says why it is disabled when it is. `chosen` is
    /// the state of a newly chosen picture (nil when none was chosen): it is checked at
    /// once with the import's rules, and a refusal shows here, not at Save. Enter saves
    /// from any field; the form opens with Name focused.
    func editor(
        _ editor: TargetEditor, chosen: PictureCache.ThumbnailState?, currentPicture: RasterImage?, hasCurrentPicture: Bool,
        busy: Bool
    ) -> Action {
        var action = Action.none
        let s = layout.scale
        let width = Float(layout.width), height = Float(layout.height)
        let (header, cancel) = pageHeader(title: editor.mode == .add ? "New target" : "Edit target", back: "Cancel", backWidth: 140)
        if cancel { action = .cancelEdit }
        // Not under a modal closing this frame (the kiosk's PIN pad): it would take the focus back.
        if editor.needsFirstFocus && !ui.isInputBlocked {
            editor.needsFirstFocus = false
            ui.focusNow(ui.id("name"))
        }

        let body = Rect(x: margin, y: header.maxY + 30 * s, width: width - 2 * margin, height: height - header.maxY - 60 * s)
        let previewSide = min(body.height - 60 * s, body.width * 0.42)
        let previewRect = Rect(x: body.minX, y: body.minY, width: previewSide, height: previewSide)
        ui.panel(previewRect, shadow: true)
        var pictureProblem: String?
        var checking = false
        switch chosen {
        case .ready(let picture)?:
            ui.image(picture, in: previewRect.insetBy(12 * s), cornerRadius: 12 * s, fit: picture.isOpaque ? .fill : .fit)
        case .loading?:
            checking = true
            ui.spinner(in: Rect(x: previewRect.center.x - 24 * s, y: previewRect.center.y - 24 * s, width: 48 * s, height: 48 * s))
        case .refused(let reason)?:
            pictureProblem = reason
            ui.label("⚠", style: .title, alignment: .center,
                     in: Rect(x: previewRect.minX, y: previewRect.center.y - 50 * s, width: previewSide, height: 44 * s))
            ui.label("This file cannot be used.", style: .muted, alignment: .center, maxLines: 2,
                     in: Rect(x: previewRect.minX + 16 * s, y: previewRect.center.y, width: previewSide - 32 * s, height: 60 * s))
        case nil:
            if let currentPicture {
                ui.image(currentPicture, in: previewRect.insetBy(12 * s), cornerRadius: 12 * s,
                         fit: currentPicture.isOpaque ? .fill : .fit)
            } else {
                ui.label("No picture yet", style: .muted, alignment: .center, in: previewRect)
            }
        }
        if ui.button("Choose picture…", icon: "🖼", style: .secondary,
                     in: Rect(x: previewRect.minX, y: previewRect.maxY + 10 * s, width: previewSide, height: 48 * s)).clicked {
            action = .openPicker
        }
        if editor.acceptsDrops {
            ui.label("…or drop one on this window.", style: .muted, alignment: .center,
                     in: Rect(x: previewRect.minX, y: previewRect.maxY + 60 * s, width: previewSide, height: 28 * s))
        }

        let formX = previewRect.maxX + 40 * s
        let formWidth = body.maxX - formX
        var y = body.minY
        ui.label("Name", style: .body, in: Rect(x: formX, y: y, width: formWidth, height: 30 * s))
        y += 32 * s
        let nameField = ui.textField("name", text: &editor.name, placeholder: "What stresses you out?",
                                     maxLength: TargetValidation.maxNameLength,
                                     in: Rect(x: formX, y: y, width: formWidth, height: 52 * s))
        y += 72 * s
        ui.label("Message", style: .body, in: Rect(x: formX, y: y, width: formWidth, height: 30 * s))
        y += 32 * s
        let messageField = ui.textField("message", text: &editor.message, placeholder: "Something to say while you punch it",
                                        maxLength: TargetValidation.maxMessageLength,
                                        in: Rect(x: formX, y: y, width: formWidth, height: 52 * s))
        y += 84 * s
        let reason = editor.blockingReason(hasCurrentPicture: hasCurrentPicture, pictureProblem: pictureProblem,
                                           pictureChecking: checking)
        let saveRect = Rect(x: formX, y: y, width: 200 * s, height: 56 * s)
        let saving = busy || editor.isSaving
        if saving {
            ui.spinner(in: Rect(x: saveRect.minX, y: saveRect.minY, width: 56 * s, height: 56 * s))
            ui.label("Saving…", style: .muted, in: Rect(x: saveRect.minX + 64 * s, y: saveRect.minY, width: 300 * s, height: saveRect.height))
        } else {
            if ui.button("Save", icon: "✓", style: .primary, enabled: reason == nil, in: saveRect).clicked { action = .save }
            if let reason {
                ui.label(reason, style: pictureProblem == nil ? .muted : .error, maxLines: 4,
                         in: Rect(x: saveRect.maxX + 16 * s, y: saveRect.minY - 20 * s, width: formWidth - saveRect.width - 16 * s,
                                  height: saveRect.height + 40 * s))
            }
        }
        // Enter is Save's, from either field or from nowhere in particular.
        if nameField.submitted || messageField.submitted || ui.takeDefaultAction() {
            if action == .none && reason == nil && !saving { action = .save }
        }

        if editor.isAskingToDiscard {
            let what = editor.mode == .add ? "The new target has not been saved." : "Your changes to this target have not been saved."
            switch ui.confirmDialog("discard", title: "Discard changes?", message: what + " Press Escape again to discard.",
                                    confirmLabel: "Discard", cancelLabel: "Keep editing", destructive: true, escapeConfirms: true) {
            case .confirmed: action = .discardEdit
            case .cancelled: action = .keepEditing
            case .pending: break
            }
        } else if ui.backRequested && action == .none {
            action = .cancelEdit
        }
        return action
    }

    // MARK: Picture picker

    /// The current folder's subfolders and pictures as a grid of tiles (pictures with
    /// thumbnails decoded in the background); Up goes to the parent folder.
    func picker(_ picker: PicturePicker, folderIcon: RasterImage, thumbnail: (URL) -> RasterImage?) -> Action {
        var action = Action.none
        let s = layout.scale
        let (header, cancel) = pageHeader(title: "Choose a picture", back: "Cancel", backWidth: 140, trailingWidth: 120)
        if cancel { action = .closePicker }
        if let parent = picker.parent,
           ui.button("Up", icon: "↑", style: .secondary,
                     in: Rect(x: header.maxX - 120 * s, y: header.minY, width: 120 * s, height: header.height)).clicked {
            action = .openFolder(parent)
        }
        subtitle(picker.displayPath, under: header)
        let gridRect = pageBody(under: header)
        if picker.isListing {
            ui.spinner(in: Rect(x: gridRect.center.x - 24 * s, y: gridRect.minY + 40 * s, width: 48 * s, height: 48 * s))
        } else if let problem = picker.problem {
            ui.label(problem, style: .muted, alignment: .center, in: Rect(x: gridRect.minX, y: gridRect.minY, width: gridRect.width, height: 40 * s))
        } else if picker.entries.isEmpty {
            ui.label("No pictures or folders here.", style: .muted, alignment: .center,
                     in: Rect(x: gridRect.minX, y: gridRect.minY, width: gridRect.width, height: 40 * s))
        }
        let entries = picker.entries
        ui.scrollGrid("picker", count: entries.count, minimumItemWidth: 170, itemHeight: 190, spacing: 14, padding: 4,
                      in: gridRect) { index, rect in
            let entry = entries[index]
            ui.pushID(entry.url.path)
            if ui.imageTile("entry", title: entry.name, picture: entry.isFolder ? folderIcon : thumbnail(entry.url), in: rect).clicked {
                action = entry.isFolder ? .openFolder(entry.url) : .choosePicture(entry.url)
            }
            ui.popID()
        }
        if ui.backRequested && action == .none { action = .closePicker }
        return action
    }

    // MARK: More targets: every target in a grid

    func allTargets() -> Action {
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

/// A folder drawn once, for folder tiles in the picker.
func drawnFolderIcon(size: Int = 160) -> RasterImage {
    let canvas = Canvas(width: size, height: size)
    let s = Float(size)
    canvas.fillRoundedRect(Rect(x: s * 0.12, y: s * 0.24, width: s * 0.36, height: s * 0.16), radius: s * 0.05, Color(hex: 0xE0A43A))
    canvas.fillRoundedRect(Rect(x: s * 0.12, y: s * 0.30, width: s * 0.76, height: s * 0.50), radius: s * 0.07, Color(hex: 0xE0A43A))
    canvas.fillRoundedRect(Rect(x: s * 0.12, y: s * 0.38, width: s * 0.76, height: s * 0.42), radius: s * 0.07, Color(hex: 0xFFD27A))
    canvas.fillRoundedRect(Rect(x: s * 0.18, y: s * 0.44, width: s * 0.64, height: s * 0.04), radius: s * 0.02, Color.white.withAlpha(0.45))
    return RasterImage(copying: canvas)
}
