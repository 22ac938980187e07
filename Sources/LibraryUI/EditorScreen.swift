import AppModel
import Foundation
import ImmediateUI
import Localization
import Raster
import StressCore

extension LibraryScreens {
    // MARK: Add / Edit target

    /// The form: a picture preview (drop a file on the window to choose one), the name
    /// and message, and Save, which says why it is disabled when it is. `chosen` is
    /// the state of a newly chosen picture (nil when none was chosen): it is checked at
    /// once with the import's rules, and a refusal shows here, not at Save. Enter saves
    /// from any field; the form opens with Name focused. `cropPicture` is the decoded
    /// picture the preview crops (the chosen one, else the target's photo; nil while it
    /// loads); `currentIsArt` says the target shows built-in art, which is not cropped.
    public func editor(
        _ editor: TargetEditor, chosen: PictureCache.ThumbnailState?, currentPicture: RasterImage?, hasCurrentPicture: Bool,
        busy: Bool, cropPicture: RasterImage? = nil, currentIsArt: Bool = false
    ) -> Action {
        var action = Action.none
        let s = layout.scale
        let width = Float(layout.width), height = Float(layout.height)
        let (header, cancel) = pageHeader(title: editor.mode == .add ? tr("New target") : tr("Edit target"), back: tr("Cancel"), backWidth: 140)
        if cancel { action = .cancelEdit }
        // Not under a modal closing this frame (the kiosk's PIN pad): it would take the focus back.
        if editor.needsFirstFocus && !ui.isInputBlocked {
            editor.needsFirstFocus = false
            ui.focusNow(ui.id("name"))
        }

        // Ends above the toasts' band, so a toast never covers Choose picture… or Save.
        let bottom = max(30 * s, ui.toastBand)
        let body = Rect(x: margin, y: header.maxY + 30 * s, width: width - 2 * margin, height: height - header.maxY - 30 * s - bottom)
        // Side by side on a wide window; on a tall one the picture on top and the form
        // under it, each the window's width (two columns there left both cramped).
        let stacked = height > width
        // Beside the form, room under the preview for Choose picture… and the drop line.
        let underPreview = (editor.acceptsDrops ? 88 : 60) * s
        let previewSide = stacked ? min(body.width, body.height * 0.45) : min(body.height - underPreview, body.width * 0.42)
        let previewRect = Rect(x: stacked ? body.center.x - previewSide / 2 : body.minX, y: body.minY, width: previewSide, height: previewSide)
        ui.panel(previewRect, shadow: true)
        var pictureProblem: String?
        var checking = false
        switch chosen {
        case .ready(let picture)?:
            if let cropPicture {
                cropPreview(editor, picture: cropPicture, in: previewRect)
            } else {
                ui.image(picture, in: previewRect.insetBy(12 * s), cornerRadius: 12 * s, fit: .fit)
            }
        case .loading?:
            checking = true
            ui.spinner(in: Rect(x: previewRect.center.x - 24 * s, y: previewRect.center.y - 24 * s, width: 48 * s, height: 48 * s))
        case .refused(let reason)?:
            pictureProblem = reason
            ui.label("⚠", style: .title, alignment: .center,
                     in: Rect(x: previewRect.minX, y: previewRect.center.y - 50 * s, width: previewSide, height: 44 * s))
            ui.label(tr("This file cannot be used."), style: .muted, alignment: .center, maxLines: 2,
                     in: Rect(x: previewRect.minX + 16 * s, y: previewRect.center.y, width: previewSide - 32 * s, height: 60 * s))
        case nil:
            if currentIsArt, let currentPicture {
                wholeArtPreview(currentPicture, in: previewRect)
            } else if let cropPicture {
                cropPreview(editor, picture: cropPicture, in: previewRect)
            } else if let currentPicture {
                ui.image(currentPicture, in: previewRect.insetBy(12 * s), cornerRadius: 12 * s, fit: .fit)
            } else {
                ui.label(tr("No picture yet"), style: .muted, alignment: .center, in: previewRect)
            }
        }
        if ui.button(tr("Choose picture…"), icon: "🖼", style: .secondary,
                     in: Rect(x: previewRect.minX, y: previewRect.maxY + 10 * s, width: previewSide, height: 48 * s)).clicked {
            action = .openPicker
        }
        if editor.acceptsDrops {
            ui.label(tr("…or drop one on this window."), style: .muted, alignment: .center,
                     in: Rect(x: previewRect.minX, y: previewRect.maxY + 60 * s, width: previewSide, height: 28 * s))
        }

        let formX = stacked ? body.minX : previewRect.maxX + 40 * s
        let formWidth = body.maxX - formX
        var y = stacked ? previewRect.maxY + (editor.acceptsDrops ? 100 : 72) * s : body.minY
        ui.label(tr("Name"), style: .body, in: Rect(x: formX, y: y, width: formWidth, height: 30 * s))
        y += 32 * s
        let nameField = ui.textField("name", text: &editor.name, placeholder: tr("What stresses you out?"),
                                     maxLength: TargetValidation.maxNameLength, accessibleName: tr("Name"),
                                     in: Rect(x: formX, y: y, width: formWidth, height: 52 * s))
        y += 72 * s
        ui.label(tr("Message"), style: .body, in: Rect(x: formX, y: y, width: formWidth, height: 30 * s))
        let countRect = Rect(x: formX, y: y, width: formWidth, height: 30 * s)
        y += 32 * s
        let messageField = ui.textField("message", text: &editor.message, placeholder: tr("Something to say while you punch it"),
                                        maxLength: TargetValidation.maxMessageLength, accessibleName: tr("Message"),
                                        in: Rect(x: formX, y: y, width: formWidth, height: 52 * s))
        // Counted after the field took this frame's typing, so it never lags a key behind.
        let left = CharactersLeft(count: editor.message.count, limit: TargetValidation.maxMessageLength)
        ui.label(left.text, style: left.isNearLimit ? .error : .muted, alignment: .trailing, in: countRect)
        y += 84 * s
        let reason = editor.blockingReason(hasCurrentPicture: hasCurrentPicture, pictureProblem: pictureProblem,
                                           pictureChecking: checking)
        let saveRect = Rect(x: formX, y: y, width: 200 * s, height: 56 * s)
        let saving = busy || editor.isSaving
        if saving {
            ui.spinner(in: Rect(x: saveRect.minX, y: saveRect.minY, width: 56 * s, height: 56 * s))
            ui.label(tr("Saving…"), style: .muted, in: Rect(x: saveRect.minX + 64 * s, y: saveRect.minY, width: 300 * s, height: saveRect.height))
        } else {
            if ui.button(tr("Save"), icon: "✓", style: .primary, enabled: reason == nil, in: saveRect).clicked { action = .save }
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

        if editor.isAskingToQuit {
            let message = editor.mode == .add ? tr("The new target has not been saved. Press Ctrl+Q again to quit.")
                : tr("Your changes to this target have not been saved. Press Ctrl+Q again to quit.")
            switch ui.confirmDialog("quit-unsaved", title: tr("Quit without saving?"), message: message,
                                    confirmLabel: tr("Quit"), cancelLabel: tr("Keep editing"), destructive: true) {
            case .confirmed: action = .quitDiscarding
            case .cancelled: action = .keepEditing
            case .pending: break
            }
        } else if editor.isAskingToDiscard {
            let message = editor.mode == .add ? tr("The new target has not been saved. Press Escape again to discard.")
                : tr("Your changes to this target have not been saved. Press Escape again to discard.")
            switch ui.confirmDialog("discard", title: tr("Discard changes?"), message: message,
                                    confirmLabel: tr("Discard"), cancelLabel: tr("Keep editing"), destructive: true, escapeConfirms: true) {
            case .confirmed: action = .discardEdit
            case .cancelled: action = .keepEditing
            case .pending: break
            }
        } else if ui.backRequested && action == .none {
            action = .cancelEdit
        }
        return action
    }
}
