import AppModel
import Foundation
import ImmediateUI
import Localization
import Raster
import StressCore

extension LibraryScreens {
    // MARK: Picture picker

    /// The current folder's subfolders and pictures as a grid of tiles (pictures with
    /// thumbnails decoded in the background); Up goes to the parent folder.
    public func picker(_ picker: PicturePicker, folderIcon: RasterImage, thumbnail: (URL) -> RasterImage?) -> Action {
        var action = Action.none
        let s = layout.scale
        let (header, cancel) = pageHeader(title: tr("Choose a picture"), back: tr("Cancel"), backWidth: 140, trailingWidth: 120)
        if cancel { action = .closePicker }
        if let parent = picker.parent,
           // TRANSLATORS: goes to the folder above this one.
           ui.button(tr("Up"), icon: "↑", style: .secondary,
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
            ui.label(tr("No pictures or folders here."), style: .muted, alignment: .center,
                     in: Rect(x: gridRect.minX, y: gridRect.minY, width: gridRect.width, height: 40 * s))
        }
        let entries = picker.entries
        ui.scrollGrid("picker", count: entries.count, minimumItemWidth: 170, itemHeight: 214, spacing: 14, padding: 4,
                      in: shownPart(of: gridRect)) { index, rect in
            let entry = entries[index]
            ui.pushID(entry.url.path)
            // As wide as the card's title (it is inset 8 points each side).
            let titleWidth = Int(rect.width - 16 * s)
            let title = FileNameFit.fitted(entry.name, lines: 2, width: titleWidth,
                                           layout: TextLayout(source: ui.glyphs, font: ui.font(ui.theme.fontSize)))
            if let why = entry.unsupported {
                _ = ui.imageTile("entry", title: title, picture: nil, titleLines: 2, enabled: false, note: why,
                                 accessibleName: entry.name, in: rect)
            } else if ui.imageTile("entry", title: title, picture: entry.isFolder ? folderIcon : thumbnail(entry.url),
                            titleLines: 2, accessibleName: entry.name, in: rect).clicked {
                action = entry.isFolder ? .openFolder(entry.url) : .choosePicture(entry.url)
            }
            ui.popID()
        }
        if ui.backRequested && action == .none { action = .closePicker }
        return action
    }
}
