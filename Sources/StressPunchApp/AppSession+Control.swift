import AppModel
import Foundation
import ImmediateUI
import Input
import LibraryUI
import PolicySeam
import Raster

/// What a policy may ask of the session, and nothing more.
extension AppSession: SessionControl {
    public var layout: MainLayout { stage.layout }
    public var pictureRect: Rect { stage.pictureRect }
    public var now: Date { wallClock() }
    public var isMuted: Bool { !settings.sound }
    public var reducesMotion: Bool { settings.reduceMotion }
    public var hasUnsavedForm: Bool { shown.editor?.hasChanges == true }
    /// Whether input now is secret (the kiosk's PIN pad): a recording leaves it out.
    public var takesSecretInput: Bool { policy.takesSecretInput }
    public var pageMargin: Float { LibraryScreens.margin(for: stage.layout) }

    public func setMuted(_ muted: Bool) { setSound(on: !muted) }
    /// By the user (or the kiosk operator): a real session shows its summary first.
    public func requestQuit() { requestQuitFromUser() }
    public func show(_ page: Page) { showPage(page) }
    public func openAddForm(returnTo: Page) { openAddForm(returnTo: returnTo, pictureFile: nil) }

    public func closeEverything() {
        keepDraft()
        closeAllScreens()
        ui?.setFocus(nil)
    }

    public func passToPunchScene(_ event: InputEvent) {
        stage.handle(event, at: handlingEventAt)
        takeStageRequests()
    }
    public func passToUI(_ event: InputEvent) { frameEvents.append(event) }
    public func introduceTarget() { controller.introduceTarget() }

    public func washAllMarks() { stage.washAll(now: simulatedTime) }
    /// Whether the selected target has marks to wash off.
    public var canWash: Bool { stage.canWash }

    public func pageHeader(title: String, back: String, backWidth: Float) -> (rect: Rect, back: Bool) {
        guard let ui else { return (Rect(x: 0, y: 0, width: 0, height: 0), false) }
        return LibraryScreens(ui: ui, library: library, layout: stage.layout, thumbnail: { _ in nil })
            .pageHeader(title: title, back: back, backWidth: backWidth)
    }
}

extension AppSession {
    /// The centre of the widget whose label is `label` in the last built frame (the
    /// topmost, when several show it), or nil when nothing on screen says it. Tests and
    /// label-addressed script clicks use it, so a layout change cannot make a click
    /// land on something else unnoticed.
    public func widgetCenter(labelled label: String) -> Point? {
        widgetCenters(labelled: label).last
    }

    /// The centres of every visible widget labelled `label`, in drawing order (a list's
    /// rows top to bottom, a dialog's buttons after the page under it). A label
    /// scrolled or clipped out of view does not count.
    public func widgetCenters(labelled label: String) -> [Point] {
        guard let ui else { return [] }
        var clips: [Rect] = []
        var found: [Point] = []
        for command in ui.commands {
            switch command {
            case .pushClip(let rect): clips.append(rect)
            case .popClip: _ = clips.popLast()
            case .text(let string, let rect, _, _, _, _) where string == label:
                let center = rect.center
                if clips.allSatisfy({ $0.contains(center) }) { found.append(center) }
            default: break
            }
        }
        // Icon buttons, by the name they carry instead of text.
        for widget in ui.namedWidgets where widget.label == label && widget.clip.contains(widget.rect.center) {
            found.append(widget.rect.center)
        }
        return found
    }

    /// Every label drawn in the last built frame, in drawing order (for messages that
    /// say what was on screen instead).
    public var visibleLabels: [String] {
        guard let ui else { return [] }
        return ui.commands.compactMap { command in
            if case .text(let string, _, _, _, _, _) = command { return string }
            return nil
        } + ui.namedWidgets.map(\.label)
    }
}
