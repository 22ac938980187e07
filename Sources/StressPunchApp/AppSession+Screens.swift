import AppModel
import StressCore
import Help
import ImmediateUI
import LibraryUI
import Localization
import Raster

/// Building this frame's screen with the immediate-mode UI, and carrying out what it
/// asked for.
extension AppSession {
    /// Builds this frame's UI and carries out what it asked for.
    func buildUI(time: Double) {
        guard let ui else { return }
        let layout = stage.layout
        // The UI's text follows the layout's scale (which knows portrait screens).
        ui.scaleOverride = layout.scale
        // Arabic and Hebrew mirror the layout (the UI's boxes, the scene's combo pill): the language owns the direction.
        let rightToLeft = Localization.isRightToLeft
        if ui.mirrorsLayout != rightToLeft || renderer.mirrored != rightToLeft {
            ui.mirrorsLayout = rightToLeft
            renderer.mirrored = rightToLeft
            forgetDrawnFrame()
        }
        ui.begin(input: frameEvents, width: layout.width, height: layout.height, time: time)
        frameEvents.removeAll(keepingCapacity: true)
        ui.toastClearance = toastClearance
        // "You already have 4 favorites" goes once it is no longer so (one unstarred,
        // or deleted): a refusal that stays reads as if the unstar had not worked.
        if library.favorites.count < FavoriteRule.limit { ui.dismissToast(FavoriteRule.refusalReason) }
        // The punch stage first, under every widget: a press punches only where
        // nothing drawn above it takes it (UIContext.pressReachesStage).
        if isPunchScreen { ui.stage(Rect(x: 0, y: 0, width: Float(layout.width), height: Float(layout.height))) }
        let screens = LibraryScreens(ui: ui, library: library, layout: layout, thumbnail: { [unowned self] in self.thumbnail(for: $0) })
        policy.buildModal(ui, session: self, time: time)
        keepListFilter()
        let action: LibraryScreens.Action
        switch shown {
        case .main:
            // In reading order, which Tab follows: the header's buttons, the stage's
            // tools and Wash (the strip above Wash, or on a tall screen right of it),
            // then the favorites and the library buttons along the bottom.
            let header = screens.mainHeaderButtons(showsLibraryButtons: policy.showsLibraryButtons)
            // The target itself next, as a reader meets it: Enter, pad A or a screen
            // reader's "punch" lands a punch on its middle.
            if let target = library.selected,
               ui.stageControl("stage", name: target.name, description: stageDescription(target), focusRect: stage.pictureRect) {
                punchFromControl(at: time)
            }
            // No target at all (every one deleted): an offer to add one where the
            // picture would be, and nothing to hit it with.
            var offer = LibraryScreens.Action.none
            if library.targets.isEmpty {
                offer = screens.emptyLibraryOffer(around: layout.placeholderRect, offersButtons: policy.showsLibraryButtons,
                                                  forVisitors: !policy.showsLibraryButtons)
            } else if layout.toolStripIsColumn {
                stage.buildToolStrip(ui)
                stage.buildWashButton(ui, undoSeconds: Self.undoSeconds, now: simulatedTime)
            } else {
                stage.buildWashButton(ui, undoSeconds: Self.undoSeconds, now: simulatedTime)
                stage.buildToolStrip(ui)
            }
            takeStageRequests()
            let bar = screens.favoritesBar(showsLibraryButtons: policy.showsLibraryButtons)
            action = offer != .none ? offer : bar != .none ? bar : header
            policy.decorateMainScreen(ui, session: self, time: time)
        case .operatorMenu:
            action = .none
            policy.buildPage(.operatorMenu, ui: ui, session: self)
        case .allTargets:
            action = screens.allTargets(filter: listFilter)
        case .stats:
            // Read again every second while open: punches still on their way to the
            // library (saved about twice a second) show up a moment later.
            if time - statsLoadedAt >= 1 {
                statsLoadedAt = time
                library.loadDayTotals(endingAt: wallClock(), count: 30)
            }
            action = screens.stats(days: library.dayTotals)
        case .settings:
            action = screens.settings(settings, desktopPrefersHighContrast: desktopPrefersHighContrast)
        case .rush, .versus, .summary:
            action = .none
            // The target stays a control a screen reader can punch while the clock runs.
            if isPunchScreen, let target = library.selected,
               ui.stageControl("stage", name: target.name, description: stageDescription(target), focusRect: stage.pictureRect) {
                punchFromControl(at: time)
            }
            buildChallenge(ui, time: time)
        case .manage(let dialog):
            var pendingDelete: Int64?
            if case .confirmDelete(let id)? = dialog { pendingDelete = id }
            action = screens.manage(pendingDelete: pendingDelete.flatMap { id in library.targets.first { $0.id == id } },
                                    pendingRestore: dialog == .confirmRestore, filter: listFilter)
        case .editor(_, let picker?):
            picker.poll()
            action = screens.picker(picker, folderIcon: targetPictures.folderIcon, thumbnail: { [unowned self] url in self.pictures.thumbnail(for: url) })
        case .editor(let editor, nil):
            let current = editorCurrentTarget
            let chosen = editor.pictureFile.map { pictures.thumbnailState(for: $0) }
            // The form shows the whole picture, and crops it.
            let currentURL = current.flatMap(pictureURL(for:))
            var currentIsArt = false
            if case .builtin? = current?.picture { currentIsArt = true }
            action = screens.editor(editor, chosen: chosen, currentPicture: currentURL.flatMap { pictures.thumbnail(for: $0) },
                                    hasCurrentPicture: current != nil, busy: library.isBusy,
                                    cropPicture: editorCropPicture(editor, chosen: chosen, currentURL: currentIsArt ? nil : currentURL),
                                    currentIsArt: currentIsArt)
        }
        buildUndoToast(ui)
        stage.buildWashUndoToast(ui, now: simulatedTime)
        policy.buildOverlays(ui, session: self)
        buildDropOffer(ui)
        if helpShown, HelpOverlay.build(HelpSheet(page: page, desktop: policy.showsLibraryButtons), ui: ui, layout: layout) {
            helpShown = false
        }
        _ = ui.end()
        // What the UI paints opaque, so the scene does not draw under it.
        ui.opaqueCover(into: &renderer.cover)
        perform(action, ui: ui)
    }

    func perform(_ action: LibraryScreens.Action, ui: UIContext) {
        switch action {
        case .none: break
        case .select(let id): library.select(id)
        case .show(let next): showPage(policy.destination(of: next, from: page, session: self))
        case .startRush: startRush()
        case .startVersus: startVersus()
        case .chooseAndReturn(let id):
            library.select(id)
            shown = .main
        case .toggleFavorite(let id, let on):
            if let refusal = library.setFavorite(on, for: id) { ui.showToast(refusal, kind: .error, duration: 4) }
        case .askDelete(let id): shown = .manage(.confirmDelete(id))
        case .delete(let id):
            shown = .manage(nil)
            listFilter.focusDeleteOf = listFilter.neighbour(of: id, in: library)
            deleteOfferingUndo(id, now: ui.time)
        case .cancelDelete, .cancelRestore: shown = .manage(nil)
        case .askRestore: shown = .manage(.confirmRestore)
        case .restore:
            // Asked first on Manage; offered at once where the library is empty.
            if case .manage = shown { shown = .manage(nil) }
            library.restoreDefaults()
        case .add:
            // Back where it was asked for (an empty library offers it on the punch
            // screen and on More targets too), the new target chosen.
            openAddForm(returnTo: page == .allTargets ? .main : page, pictureFile: nil)
        case .edit(let id):
            guard let target = library.targets.first(where: { $0.id == id }) else { return }
            openEditForm(target, returnTo: .manage)
        case .save: saveEditing()
        case .cancelEdit: cancelEditing()
        case .discardEdit: discardEditing()
        case .keepEditing:
            shown.editor?.isAskingToDiscard = false
            shown.editor?.isAskingToQuit = false
        case .quitDiscarding:
            // Every unsaved form goes, as the user was told; then the usual way out.
            forms.drafts.removeAll()
            if let editor = shown.editor { showPage(editor.returnTo) }
            requestQuitFromUser()
        case .openPicker:
            guard let editor = shown.editor else { return }
            let root = policy.pictureRoot
            let start = editor.pictureFile?.deletingLastPathComponent() ?? root ?? PicturePicker.picturesFolder()
            let newPicker = PicturePicker(start: start, root: root)
            if targetPictures.synchronous { newPicker.waitForListing() }
            shown = .editor(editor, picker: newPicker)
            // The form's Choose picture… kept the focus: an arrow from where it was
            // skipped the first tile. From no focus the first arrow lands on it.
            ui.setFocus(nil)
        case .openFolder(let folder):
            ui.setFocus(nil)
            shown.picker?.open(folder)
            if targetPictures.synchronous { shown.picker?.waitForListing() }
        case .choosePicture(let file):
            guard let editor = shown.editor, let picker = shown.picker, picker.allows(file) else { return }
            // Under a root the resolved path is kept, so a link swapped later cannot lead out.
            // A name from the file when none is typed yet: a gamepad user need not type.
            choosePicture(picker.root == nil ? file : PicturePicker.resolved(file), for: editor)
            shown = .editor(editor, picker: nil)
        case .closePicker:
            if let editor = shown.editor { shown = .editor(editor, picker: nil) }
        case .changeSettings(let new):
            changeSettings(new)
        }
    }

    /// The top of what toasts must keep clear of on this screen: on the punch screen
    /// the bottom of the layout's toast line (above the favorites bar, below the
    /// picture); elsewhere the bottom margin, below the last list row.
    var toastClearance: Float {
        let layout = stage.layout
        switch shown {
        case .main: return layout.toastLine.maxY
        default: return Float(layout.height) - 12 * layout.scale
        }
    }
}

extension AppSession {
    /// What a screen reader says of the target after its name: its message and its count.
    func stageDescription(_ target: StressTarget) -> String {
        let count = target.punchCount
        // TRANSLATORS: what a screen reader says of the target after its name: how often it was punched.
        guard let last = target.message.last else { return trn("%d punch", "%d punches", count) }
        // "Give it a whack. 0 punches", never "whack.. 0 punches".
        if last.isPunctuation {
            // TRANSLATORS: for a screen reader: %2$s is the target's message (it ends in a punctuation mark), %1$d its punches.
            return trn("%2$s %1$d punch", "%2$s %1$d punches", count, target.message)
        }
        // TRANSLATORS: for a screen reader: %2$s is the target's message (no full stop of its own), %1$d its punches.
        return trn("%2$s. %1$d punch", "%2$s. %1$d punches", count, target.message)
    }

    /// A punch asked for by a control (the focused target's Enter or pad A, a screen
    /// reader's "punch"): the stage lands it on the target's middle, scored at once.
    func punchFromControl(at time: Double) {
        stage.punch(at: time)
        keepScore()
    }
}
