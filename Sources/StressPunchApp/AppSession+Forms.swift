import AppModel
import ImmediateUI
import Foundation
import LibraryUI
import Localization
import Raster
import StressCore

/// The Add / Edit form: opening it (or its kept draft), choosing and dropping
/// pictures, saving, and leaving it without losing what was typed.
extension AppSession {
    /// Keeps the open form as a draft if leaving it would lose something.
    func keepDraft() {
        guard let editor = shown.editor, editor.hasChanges else { return }
        editor.isAskingToDiscard = false
        editor.isAskingToQuit = false
        editor.needsFirstFocus = true
        forms.drafts[editor.mode] = editor
    }

    /// Opens the Add form: the kept draft if there is one (saying so), else a new one.
    func openAddForm(returnTo: Page, pictureFile: URL?) {
        if let editor = shown.editor, editor.mode == .add {
            if let pictureFile { choosePicture(pictureFile, for: editor) }
            shown = .editor(editor, picker: nil)
            return
        }
        keepDraft()
        let form: TargetEditor
        if let draft = forms.drafts.removeValue(forKey: .add) {
            form = draft
            ui?.showToast(tr("Your unsaved new target is back."), duration: 3)
        } else {
            form = TargetEditor(mode: .add, returnTo: returnTo)
        }
        form.acceptsDrops = policy.acceptsDrops
        if let pictureFile { choosePicture(pictureFile, for: form) }
        shown = .editor(form, picker: nil)
    }

    /// Opens the Edit form of `target`, or its kept draft.
    func openEditForm(_ target: StressTarget, returnTo: Page) {
        keepDraft()
        let form: TargetEditor
        if let draft = forms.drafts.removeValue(forKey: .edit(id: target.id)) {
            form = draft
            // TRANSLATORS: %s is the target's name.
            ui?.showToast(tr("Your unsaved changes to “%s” are back.", target.name), duration: 3)
        } else {
            form = TargetEditor(mode: .edit(id: target.id), name: target.name, message: target.message, crop: target.shownCrop,
                                returnTo: returnTo)
        }
        form.acceptsDrops = policy.acceptsDrops
        shown = .editor(form, picker: nil)
    }

    /// A file chosen or dropped for a form: checked at once (the preview runs the
    /// import's rules), named after the file if no name is typed yet.
    func choosePicture(_ file: URL, for form: TargetEditor) {
        form.pictureFile = file
        form.pictureChanged()
        if TargetValidation.trimmed(form.name).isEmpty { form.name = TargetEditor.suggestedName(for: file) }
        // A file replaced on disk since it was last looked at is looked at again; one
        // the picker has just shown (or refused) is not decoded a second time.
        pictures.forgetIfChanged(file)
        _ = pictures.thumbnailState(for: file)
    }

    /// A file dropped on the window: the open form takes it; anywhere else it starts
    /// a new target with it (the Add draft, if one is kept).
    /// One file dropped opens the form with it; several at once ask to add them all.
    func takeDroppedFiles() {
        guard !drops.gathered.isEmpty else { return }
        defer { drops.gathered.removeAll(keepingCapacity: true) }
        if drops.gathered.count == 1, let file = drops.gathered.first {
            receiveDrop(file)
        } else {
            drops.offered = drops.gathered
        }
    }

    /// "Add N pictures?" while several dropped files wait for an answer.
    func buildDropOffer(_ ui: UIContext) {
        guard let files = drops.offered else { return }
        let names = files.prefix(3).map(\.lastPathComponent).joined(separator: ", ") + (files.count > 3 ? ", …" : "")
        // TRANSLATORS: several picture files were dropped on the window at once.
        let title = trn("Add %d picture?", "Add %d pictures?", files.count)
        // TRANSLATORS: %s lists the first few dropped files' names.
        let message = tr("Each becomes a target named after its file: %s", names)
        switch ui.confirmDialog("Add dropped pictures", title: title, message: message, confirmLabel: tr("Add all"), destructive: false) {
        case .confirmed:
            drops.offered = nil
            library.addAll(pictureFiles: files, importer: importer) { TargetEditor.suggestedName(for: $0) }
        case .cancelled:
            drops.offered = nil
        case .pending:
            break
        }
    }

    func receiveDrop(_ file: URL) {
        if let editor = shown.editor {
            choosePicture(file, for: editor)
            shown = .editor(editor, picker: nil)
        } else {
            openAddForm(returnTo: page == .allTargets ? .main : page, pictureFile: file)
        }
    }

    /// Quitting does not drop a form with changes, shown or kept as a draft (drafts
    /// live only as long as the session): the form shows and asks "Quit without
    /// saving?". True when it asked; asked again (Ctrl+Q, the close button) it quits.
    func unsavedFormHoldsQuit() -> Bool {
        if let editor = shown.editor, editor.hasChanges {
            guard !editor.isAskingToQuit else { return false }
            editor.isAskingToDiscard = false
            editor.isAskingToQuit = true
            // Over the picker too: the question is the form's.
            shown = .editor(editor, picker: nil)
            return true
        }
        guard let mode = forms.drafts.keys.first, let draft = forms.drafts.removeValue(forKey: mode) else { return false }
        keepDraft()
        draft.isAskingToQuit = true
        shown = .editor(draft, picker: nil)
        return true
    }

    /// Leaves the form from Cancel or Escape: at once when nothing changed, else after
    /// "Discard changes?".
    func cancelEditing() {
        guard let editor = shown.editor else { return }
        if editor.hasChanges && !editor.isAskingToDiscard {
            editor.isAskingToDiscard = true
            return
        }
        discardEditing()
    }

    func discardEditing() {
        guard let editor = shown.editor else { return }
        forms.drafts[editor.mode] = nil
        showPage(editor.returnTo)
    }

    /// The target the form is changing (nil when adding).
    var editorCurrentTarget: StressTarget? {
        guard case .edit(let id)? = shown.editor?.mode else { return nil }
        return library.targets.first { $0.id == id }
    }

    /// Starts saving the open form in the background.
    func saveEditing() {
        guard let editor = shown.editor, !editor.isSaving else { return }
        editor.isSaving = true
        forms.saving = editor
        switch editor.mode {
        case .add:
            guard let file = editor.pictureFile else { editor.isSaving = false; return }
            library.add(name: editor.name, message: editor.message, pictureFile: file, importer: importer, crop: editor.crop)
        case .edit(let id):
            if let url = editorCurrentTarget.flatMap(pictureURL(for:)), editor.pictureFile != nil { pictures.forget(url) }
            let crop = editor.changedCrop
            // A new crop of the same picture carries the marks along in the library.
            if crop != nil && editor.pictureFile == nil { stage.markBook.reread(id) }
            library.update(id: id, name: editor.name, message: editor.message, pictureFile: editor.pictureFile, importer: importer,
                           crop: crop)
        }
    }

    /// The decoded picture the open form crops: the chosen file once it passed the
    /// import's checks, else the target's photo (nil while it loads, and for art).
    func editorCropPicture(_ editor: TargetEditor, chosen: PictureCache.ThumbnailState?, currentURL: URL?) -> RasterImage? {
        let url: URL?
        switch chosen {
        case .ready?: url = editor.pictureFile
        case .loading?, .refused?: url = nil
        case nil: url = currentURL
        }
        guard let url, case .ready(let picture)? = pictures.entry(for: url) else { return nil }
        return picture
    }

    /// A save's outcome: saved, no draft of it is kept, and the form leads back (a
    /// user who went elsewhere stays there). A failed save keeps the form (or the
    /// draft) as it was, so nothing typed is lost.
    func finishSaving(_ saved: TargetEditor, succeeded: Bool) {
        saved.isSaving = false
        forms.saving = nil
        guard succeeded else { return }
        if saved.mode == .add, saved.returnTo == .manage, let added = library.selectedID { highlightAdded(added) }
        if forms.drafts[saved.mode] === saved { forms.drafts[saved.mode] = nil }
        if shown.editor === saved { showPage(saved.returnTo) }
    }
}

/// The Add and Edit forms the session keeps besides the one showing: those left with
/// changes by a route that does not ask (a shortcut, a drop, a kiosk reset), kept to
/// bring back when the same form opens again, so a draft is never lost silently (one
/// per form: the Add form, and each target's Edit form); and the form whose Save is
/// running (it may have been left meanwhile).
struct FormDesk {
    var drafts: [TargetEditor.Mode: TargetEditor] = [:]
    var saving: TargetEditor?
}
