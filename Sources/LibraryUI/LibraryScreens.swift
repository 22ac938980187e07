// LibraryUI owns the library's screens: the favorites bar, every target, Manage, the
// Add / Edit form with its state, and the picture picker, each built with the
// immediate-mode UI and answering with an action. It must not change the library
// itself (the session carries actions out), know kiosk rules, or touch SDL.

import AppModel
import Foundation
import ImmediateUI
import Localization
import Raster
import StressCore

/// Builds the UI of each screen with the immediate-mode context, once a frame.
public struct LibraryScreens {
    public let ui: UIContext
    public let library: LibraryModel
    public let layout: MainLayout
    public let thumbnail: (StressTarget) -> RasterImage?

    public init(ui: UIContext, library: LibraryModel, layout: MainLayout, thumbnail: @escaping (StressTarget) -> RasterImage?) {
        self.ui = ui
        self.library = library
        self.layout = layout
        self.thumbnail = thumbnail
    }

    /// What the screen asked for this frame.
    public enum Action: Equatable {
        case none
        case select(Int64)
        case show(Page)
        case chooseAndReturn(Int64)
        /// The 30-second rush, from the main screen.
        case startRush
        /// Two players, from the main screen.
        case startVersus
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
        /// "Quit without saving?" answered Quit.
        case quitDiscarding
        case openPicker
        case openFolder(URL)
        case choosePicture(URL)
        case closePicker
        /// A setting was changed on the Settings screen.
        case changeSettings(UserSettings)
    }

    // MARK: Shared pieces

    /// The margin around full-screen pages.
    public var margin: Float { Self.margin(for: layout) }

    public static func margin(for layout: MainLayout) -> Float { 28 * layout.scale }

    /// A page header: a back button on the left and the title in the middle. Returns
    /// the header's rectangle and whether the back button was clicked. `trailingWidth`
    /// (points) is what the page puts at the header's right end: the title keeps clear
    /// of both sides rather than being drawn under the buttons on a narrow window.
    public func pageHeader(title: String, back: String, backWidth: Float = 130, trailingWidth: Float = 0) -> (rect: Rect, back: Bool) {
        let s = layout.scale
        let rect = Rect(x: margin, y: margin * 0.8, width: Float(layout.width) - 2 * margin, height: 56 * s)
        // As wide as its word needs in a longer language, never narrower than in English.
        // Back points the way pages go back: right, where the layout runs right to left.
        let arrow = ui.mirrorsLayout ? "→" : "←"
        let backSide = max(backWidth * s, ui.buttonWidth(back, icon: arrow))
        let clicked = ui.button(back, icon: arrow, style: .secondary,
                                in: Rect(x: rect.minX, y: rect.minY, width: backSide, height: rect.height)).clicked
        // Centred on the window when it fits there; else centred in the room between
        // the buttons; else left out (the subtitle and Back still say where this is).
        let gap = 12 * s
        let titleWidth = ui.textWidth(title, font: ui.font(ui.theme.titleFontSize, .bold))
        let inset = max(backSide, trailingWidth * s) + gap
        let between = Rect(x: rect.minX + backSide + gap, y: rect.minY,
                           width: rect.width - backSide - trailingWidth * s - 2 * gap, height: rect.height)
        if titleWidth <= rect.width - 2 * inset {
            ui.label(title, style: .title, alignment: .center, in: rect)
        } else if titleWidth <= between.width {
            ui.label(title, style: .title, alignment: .center, in: between)
        }
        return (rect, clicked)
    }

    /// A muted line under a page header (two smaller ones where a longer language needs
    /// them: the box reaches down to the page's body).
    public func subtitle(_ text: String, under header: Rect) {
        ui.label(text, style: .muted, alignment: .center,
                 in: Rect(x: header.minX, y: header.maxY, width: header.width, height: 38 * layout.scale))
    }

    /// The area below a header with a subtitle, for the page's list or grid: down to
    /// the bottom margin, the window's height used (a list ended above a toast band
    /// left an empty strip under its cut row). Its list scrolls in `shownPart(of:)`.
    /// `reservingToastBand`: it ends above the toasts' band, toast or not, for a page
    /// laid out to fit (the charts), which a toast must not cover.
    public func pageBody(under header: Rect, reservingToastBand: Bool = false) -> Rect {
        let top = header.maxY + 40 * layout.scale
        let bottom = reservingToastBand ? max(margin, ui.toastBand) : margin
        return Rect(x: margin, y: top, width: Float(layout.width) - 2 * margin, height: max(0, Float(layout.height) - top - bottom))
    }

    /// What of `body` a list shows now: all of it, or while toasts show, the part above
    /// them. The rows are laid out in `body` as always, so none moves when a toast
    /// comes or goes; a toast clips the last ones instead of covering them.
    public func shownPart(of body: Rect) -> Rect {
        guard let top = ui.toastStackTop, top < body.maxY else { return body }
        return Rect(x: body.minX, y: body.minY, width: body.width, height: max(1, top - body.minY))
    }

    // MARK: Search over a long list

    /// The search row under a page header: the search field on the left (typing on
    /// the page lands in it), `summary` muted on the right. On a touch screen or a
    /// gamepad the field is reached like any other (a tap, the d-pad and A), and its
    /// focus turns text input on, which brings up the system's on-screen keyboard.
    public func searchRow(_ filter: TargetFilter, placeholder: String, summary: String, under header: Rect) -> UIResult {
        let s = layout.scale
        let row = Rect(x: header.minX, y: header.maxY + 14 * s, width: header.width, height: 44 * s)
        let field = Rect(x: row.minX, y: row.minY, width: min(440 * s, row.width * 0.55), height: row.height)
        filter.fieldRect = field
        let result = ui.searchField("search", text: &filter.text, placeholder: placeholder, in: field)
        ui.label(summary, style: .muted, alignment: .trailing,
                 in: Rect(x: field.maxX + 16 * s, y: row.minY, width: max(0, row.maxX - field.maxX - 16 * s), height: row.height))
        return result
    }

    /// The area below a header and its search row, for the page's list or grid: down to
    /// the bottom margin, its list shown in `shownPart(of:)`.
    public func searchedBody(under header: Rect) -> Rect {
        let s = layout.scale
        let top = header.maxY + 74 * s
        let bottom = margin
        return Rect(x: margin, y: top, width: Float(layout.width) - 2 * margin, height: max(0, Float(layout.height) - top - bottom))
    }

    /// What an empty result says, and how to get out of it.
    public func noMatches(_ filter: TargetFilter, in body: Rect) {
        let s = layout.scale
        let query = filter.text.trimmingCharacters(in: .whitespaces)
        // TRANSLATORS: %s is what the user typed in the search field.
        ui.label(tr("No targets match “%s”", query), style: .title, alignment: .center,
                 in: Rect(x: body.minX, y: body.minY + 56 * s, width: body.width, height: 40 * s))
        ui.label(tr("Check the spelling, or press Escape to see every target."), style: .muted, alignment: .center,
                 in: Rect(x: body.minX, y: body.minY + 100 * s, width: body.width, height: 30 * s))
    }

    /// Escape on a searched page: clears the search when there is one (true), else
    /// leaves it to go back (false).
    public func escapeClearsSearch(_ filter: TargetFilter) -> Bool {
        guard !filter.text.isEmpty else { return false }
        filter.text = ""
        return true
    }
}
