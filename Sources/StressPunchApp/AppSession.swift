import Foundation
import ImmediateUI
import Input
import OperatorLock
import Raster
import StressCore
import TargetStore

/// One running app: the library, pictures, the punch controller and the renderer,
/// wired together. The run loop feeds it input and fixed steps, asks it to prepare
/// each frame, renders it in bands, and carries out its requests.
public final class AppSession {
    public let library: LibraryModel
    public let controller: PunchController
    public let renderer: MainSceneRenderer
    private let pictures: PictureCache
    private let recorder: PunchRecorder
    private let builtinPictureURL: (String) -> URL?
    /// The immediate-mode UI (nil without fonts: then only the punch screen runs).
    public let ui: UIContext?
    public private(set) var screen: AppScreen = .main
    /// This frame's input, handed to the UI when the frame is built.
    private var frameEvents: [InputEvent] = []
    /// Manage screen: a delete or a restore waiting for confirmation.
    private var pendingDeleteID: Int64?
    private var pendingRestore = false
    /// The Add / Edit form, while it is open.
    public private(set) var editor: TargetEditor?
    /// The picture picker, while it is open (over the editor).
    public private(set) var picker: PicturePicker?
    private let synchronousPictures: Bool
    private lazy var folderIcon = drawnFolderIcon()
    private let importer: PictureImporter
    /// The form whose Save is running (it may have been left meanwhile).
    private var savingEditor: TargetEditor?
    /// Kiosk mode's lock, idle reset and operator screens (nil on the desktop).
    let kiosk: KioskMode?
    /// Seconds of simulation stepped so far (the fixed steps' clock).
    private(set) var simulatedTime: Double = 0
    /// Whether a sound device is open (the platform says; the operator menu shows it).
    public var soundDeviceAvailable = true
    /// Wall-clock time, for the PIN lockout (headless runs set a simulated one).
    public var wallClock: () -> Date = { Date() }

    public init(
        store: TargetStore, codec: any PictureCodec, builtinPictureURL: @escaping (String) -> URL?,
        burst: RasterImage?, glyphs: (any GlyphSource)?, clipboard: (any Clipboard)? = nil,
        configuration: AppConfiguration, width: Int, height: Int, synchronousPictures: Bool,
        kioskPictureRoot: URL? = nil
    ) throws(TargetStoreError) {
        library = try LibraryModel(store: store, synchronous: synchronousPictures)
        recorder = PunchRecorder(store: store, synchronous: synchronousPictures)
        pictures = PictureCache(codec: codec, synchronous: synchronousPictures)
        importer = PictureImporter(codec: codec)
        self.synchronousPictures = synchronousPictures
        self.builtinPictureURL = builtinPictureURL
        controller = PunchController(library: library, recorder: recorder, configuration: configuration, width: width, height: height)
        renderer = MainSceneRenderer(layout: controller.layout, burst: burst, glyphs: glyphs)
        ui = glyphs.map { UIContext(glyphs: $0, clipboard: clipboard ?? InMemoryClipboard()) }
        ui?.reduceMotion = configuration.reduceMotion
        frameEvents.reserveCapacity(64)
        if let ui {
            renderer.overlay = { canvas in ui.render(on: canvas) }
        }
        if configuration.kiosk {
            let preferences = KioskPreferences { key in (try? store.setting(key)) ?? nil }
            let checker = PINChecker(pin: OperatorPIN(store: store), synchronous: synchronousPictures)
            kiosk = KioskMode(gate: KioskGate(checker: checker), preferences: preferences,
                              pictureRoot: kioskPictureRoot ?? PicturePicker.picturesFolder(),
                              launchSelectionID: library.selectedID)
            if preferences.muted { controller.setMuted(true) }
        } else {
            kiosk = nil
        }
    }

    /// Routes one input event: the UI sees everything (it is built once a frame); the
    /// punch controller gets what the main screen's UI does not claim.
    public func handle(_ event: InputEvent) {
        if let kiosk, handleKiosk(event, kiosk) { return }
        if case .windowCloseRequested = event { controller.requestQuit(); return }
        if handleShortcut(event) { return }
        // On the punch screen Space always punches (Enter activates a focused card),
        // and the left stick aims, so the UI must not also read them.
        if ui != nil && !(screen == .main && (Self.isAimStick(event) || Self.isSpace(event))) { frameEvents.append(event) }
        if ui != nil, case .fileDropped(let path) = event {
            receiveDrop(URL(fileURLWithPath: path))
            return
        }
        guard screen == .main else { return }
        if let ui {
            switch event {
            case .pointerDown(let x, let y, _), .fingerDown(_, let x, let y):
                // The favorites bar's cards and button are not punching ground.
                if controller.layout.favoritesBar.contains(Point(x, y)) { return }
                if kiosk != nil && controller.layout.operatorCorner.contains(Point(x, y)) { return }
                // Nor is the Undo toast.
                if let undo = undoToastRect, undo.contains(Point(x, y)) { return }
            case .keyDown(.enter, _, _), .gamepadButton(_, .a, _):
                // With a widget focused by keyboard or pad, these activate it instead.
                if ui.focused != nil && ui.focusVisible { return }
            default:
                break
            }
        }
        let wasMuted = controller.isMuted
        controller.handle(event)
        if controller.isMuted != wasMuted {
            ui?.showToast(controller.isMuted ? "Sound off" : "Sound on", duration: 1.5)
        }
    }

    /// The keys that work the same on every screen, as on a GNOME or KDE desktop:
    /// Ctrl+Q quits, F11 toggles fullscreen, Ctrl+N adds, Ctrl+L manages, Ctrl+M shows
    /// every target, Ctrl+Z undoes a delete. True when the event was one of them.
    private func handleShortcut(_ event: InputEvent) -> Bool {
        if ui != nil, case .gamepadButton(_, .y, true) = event, pendingUndo != nil {
            undoLastDelete()
            return true
        }
        guard case .keyDown(let key, let modifiers, let isRepeat) = event else { return false }
        switch (key, modifiers) {
        case (.character("q"), [.control]):
            controller.requestQuit()
        case (.f11, []):
            if !isRepeat { controller.requestFullscreenToggle() }
        case (.character("n"), [.control]) where ui != nil:
            if !isRepeat { openAddForm(returnTo: screen == .editor || screen == .picker ? (editor?.returnTo ?? .main) : screen) }
        case (.character("l"), [.control]) where ui != nil:
            if !isRepeat { leave(to: .manage) }
        case (.character("m"), [.control]) where ui != nil:
            if !isRepeat { leave(to: .allTargets) }
        case (.character("z"), [.control]) where ui != nil && pendingUndo != nil:
            if !isRepeat { undoLastDelete() }
        default:
            return false
        }
        return true
    }

    private static func isSpace(_ event: InputEvent) -> Bool {
        switch event {
        case .keyDown(.space, _, _), .keyUp(.space, _): return true
        default: return false
        }
    }

    // MARK: Leaving screens, keeping drafts

    /// Forms left with changes by a route that does not ask (a shortcut, a drop, a
    /// kiosk reset), kept to bring back when the same form opens again: a draft is
    /// never lost silently. One per form: the Add form, and each target's Edit form.
    private var drafts: [TargetEditor.Mode: TargetEditor] = [:]

    /// Goes to `destination`, closing the form, the picker and any dialog on the way;
    /// a form with changes is kept as a draft.
    func leave(to destination: AppScreen) {
        keepDraft()
        closeAllScreens()
        screen = destination
    }

    /// Keeps the open form as a draft if leaving it would lose something.
    func keepDraft() {
        guard let editor, editor.hasChanges else { return }
        editor.isAskingToDiscard = false
        editor.needsFirstFocus = true
        drafts[editor.mode] = editor
    }

    /// Opens the Add form: the kept draft if there is one (saying so), else a new one.
    func openAddForm(returnTo: AppScreen, pictureFile: URL? = nil) {
        if let editor, editor.mode == .add, screen == .editor || screen == .picker {
            if let pictureFile { choosePicture(pictureFile, for: editor) }
            picker = nil
            screen = .editor
            return
        }
        keepDraft()
        let form: TargetEditor
        if let draft = drafts.removeValue(forKey: .add) {
            form = draft
            ui?.showToast("Your unsaved new target is back.", duration: 3)
        } else {
            form = TargetEditor(mode: .add, returnTo: returnTo)
        }
        form.acceptsDrops = kiosk == nil
        if let pictureFile { choosePicture(pictureFile, for: form) }
        closeAllScreens()
        openEditor(form)
    }

    /// Opens the Edit form of `target`, or its kept draft.
    func openEditForm(_ target: StressTarget, returnTo: AppScreen) {
        keepDraft()
        let form: TargetEditor
        if let draft = drafts.removeValue(forKey: .edit(id: target.id)) {
            form = draft
            ui?.showToast("Your unsaved changes to “\(target.name)” are back.", duration: 3)
        } else {
            form = TargetEditor(mode: .edit(id: target.id), name: target.name, message: target.message, returnTo: returnTo)
        }
        form.acceptsDrops = kiosk == nil
        closeAllScreens()
        openEditor(form)
    }

    /// A file chosen or dropped for a form: checked at once (the preview runs the
    /// import's rules), named after the file if no name is typed yet.
    private func choosePicture(_ file: URL, for form: TargetEditor) {
        form.pictureFile = file
        if TargetValidation.trimmed(form.name).isEmpty { form.name = TargetEditor.suggestedName(for: file) }
        // A file replaced on disk since it was last looked at is looked at again.
        pictures.forget(file)
        _ = pictures.thumbnailState(for: file)
    }

    /// A file dropped on the window: the open form takes it; anywhere else it starts
    /// a new target with it (the Add draft, if one is kept).
    private func receiveDrop(_ file: URL) {
        if let editor, screen == .editor || screen == .picker {
            choosePicture(file, for: editor)
            picker = nil
            screen = .editor
        } else {
            openAddForm(returnTo: screen == .allTargets ? .main : screen, pictureFile: file)
        }
    }

    /// Leaves the form from Cancel or Escape: at once when nothing changed, else after
    /// "Discard changes?".
    private func cancelEditing() {
        guard let editor else { screen = .main; return }
        if editor.hasChanges && !editor.isAskingToDiscard {
            editor.isAskingToDiscard = true
            return
        }
        discardEditing()
    }

    private func discardEditing() {
        let destination = editor?.returnTo ?? .main
        if let editor { drafts[editor.mode] = nil }
        editor = nil
        picker = nil
        screen = destination
    }

    // MARK: Undo after delete

    /// The last delete, while its Undo is offered (about 8 s).
    private var pendingUndo: (id: Int64, name: String, until: Double)?
    private var undoToastRect: Rect?
    static let undoSeconds = 8.0

    private func undoLastDelete() {
        guard let undo = pendingUndo else { return }
        pendingUndo = nil
        library.undoDelete(undo.id, unsavedPunches: recorder.unsaved(for: undo.id))
        ui?.showToast("Restored “\(undo.name)”.", duration: 2)
    }

    /// Shows the Undo toast while it lasts; ends the Undo (the picture goes) after.
    private func buildUndoToast(_ ui: UIContext) {
        undoToastRect = nil
        guard let undo = pendingUndo else { return }
        if ui.time >= undo.until {
            pendingUndo = nil
            library.endUndo(undo.id)
            return
        }
        if ui.actionToast("undo-delete", message: "Deleted ‘\(undo.name)’", action: "Undo") {
            undoLastDelete()
        }
    }

    /// On the punch screen the left stick aims the reticle, so the UI must not also
    /// read it as a d-pad.
    private static func isAimStick(_ event: InputEvent) -> Bool {
        if case .gamepadAxis(_, let axis, _) = event { return axis == .leftX || axis == .leftY }
        return false
    }

    /// The thumbnail for a target's picture, made off the frame path.
    func thumbnail(for target: StressTarget) -> RasterImage? {
        pictureURL(for: target).flatMap { pictures.thumbnail(for: $0) }
    }

    /// Builds this frame's UI and carries out what it asked for.
    private func buildUI(time: Double) {
        guard let ui else { return }
        let layout = controller.layout
        // The UI's text follows the layout's scale (which knows portrait screens).
        ui.scaleOverride = layout.scale
        ui.begin(input: frameEvents, width: layout.width, height: layout.height, time: time)
        frameEvents.removeAll(keepingCapacity: true)
        ui.toastClearance = toastClearance
        let screens = LibraryScreens(ui: ui, library: library, layout: layout, thumbnail: { [unowned self] in self.thumbnail(for: $0) })
        // The PIN pad is built first: its modal then blocks the screen beneath from this
        // very frame (it draws on top whatever the order).
        if let kiosk, let pad = kiosk.gate.pad {
            let now = wallClock().timeIntervalSince1970
            switch KioskScreens(ui: ui, layout: layout).pinPad(pad, acceptsInput: kiosk.gate.acceptsInput, now: now, time: time) {
            case .none: break
            case .digit(let digit): kiosk.gate.type(digit)
            case .deleteDigit: kiosk.gate.deleteDigit()
            case .submit: kiosk.gate.submit(now: wallClock())
            case .cancel: kiosk.gate.cancel()
            }
        }
        let action: LibraryScreens.Action
        switch screen {
        case .main:
            action = screens.favoritesBar(showsLibraryButtons: kiosk == nil)
            if let kiosk {
                let extras = KioskScreens(ui: ui, layout: layout)
                extras.operatorCorner(progress: kiosk.holdProgress(time: simulatedTime))
                if kiosk.idle.isAttracting { extras.attractInvitation(time: time) }
            }
        case .operatorMenu:
            action = .none
            if let kiosk { performMenu(operatorMenu(kiosk, ui: ui, screens: screens), kiosk: kiosk, ui: ui) }
        case .allTargets: action = screens.allTargets()
        case .manage:
            let pendingDelete = pendingDeleteID.flatMap { id in library.targets.first { $0.id == id } }
            action = screens.manage(pendingDelete: pendingDelete, pendingRestore: pendingRestore)
        case .editor:
            if let editor {
                let current = editorCurrentTarget
                let chosen = editor.pictureFile.map { pictures.thumbnailState(for: $0) }
                action = screens.editor(editor, chosen: chosen, currentPicture: current.flatMap(thumbnail(for:)),
                                        hasCurrentPicture: current != nil, busy: library.isBusy)
            } else {
                action = .show(.main)
            }
        case .picker:
            if let picker {
                picker.poll()
                action = screens.picker(picker, folderIcon: folderIcon, thumbnail: { [unowned self] url in self.pictures.thumbnail(for: url) })
            } else {
                action = .closePicker
            }
        }
        buildUndoToast(ui)
        if let kiosk { buildStillThere(kiosk, ui: ui) }
        _ = ui.end()
        perform(action, ui: ui)
    }

    /// The target the editor is changing (nil when adding).
    private var editorCurrentTarget: StressTarget? {
        guard case .edit(let id)? = editor?.mode else { return nil }
        return library.targets.first { $0.id == id }
    }

    func openEditor(_ newEditor: TargetEditor) {
        editor = newEditor
        screen = .editor
    }

    func showScreen(_ next: AppScreen) {
        screen = next
    }

    /// Closes the editor, the picker and any dialog, and shows the punch screen.
    func closeAllScreens() {
        editor = nil
        picker = nil
        pendingDeleteID = nil
        pendingRestore = false
        screen = .main
    }

    func appendFrameEvent(_ event: InputEvent) {
        frameEvents.append(event)
    }

    private func perform(_ action: LibraryScreens.Action, ui: UIContext) {
        switch action {
        case .none: break
        case .select(let id): library.select(id)
        case .show(let next):
            // In a kiosk, the operator's screens lead back to the operator menu.
            if let kiosk, kiosk.gate.isUnlocked, next == .main, screen == .manage || screen == .allTargets {
                screen = .operatorMenu
            } else {
                screen = next
            }
        case .chooseAndReturn(let id):
            library.select(id)
            screen = .main
        case .toggleFavorite(let id, let on):
            if let refusal = library.setFavorite(on, for: id) { ui.showToast(refusal, kind: .error, duration: 4) }
        case .askDelete(let id): pendingDeleteID = id
        case .delete(let id):
            pendingDeleteID = nil
            if let previous = pendingUndo { library.endUndo(previous.id) }
            if let target = library.targets.first(where: { $0.id == id }) {
                pendingUndo = (id, target.name, ui.time + Self.undoSeconds)
            }
            library.delete(id)
        case .cancelDelete: pendingDeleteID = nil
        case .askRestore: pendingRestore = true
        case .restore:
            pendingRestore = false
            library.restoreDefaults()
        case .cancelRestore: pendingRestore = false
        case .add: openAddForm(returnTo: .manage)
        case .edit(let id):
            guard let target = library.targets.first(where: { $0.id == id }) else { return }
            openEditForm(target, returnTo: .manage)
        case .save:
            guard let editor, !editor.isSaving else { return }
            editor.isSaving = true
            savingEditor = editor
            switch editor.mode {
            case .add:
                guard let file = editor.pictureFile else { editor.isSaving = false; return }
                library.add(name: editor.name, message: editor.message, pictureFile: file, importer: importer)
            case .edit(let id):
                if let url = editorCurrentTarget.flatMap(pictureURL(for:)), editor.pictureFile != nil { pictures.forget(url) }
                library.update(id: id, name: editor.name, message: editor.message, pictureFile: editor.pictureFile, importer: importer)
            }
        case .cancelEdit: cancelEditing()
        case .discardEdit: discardEditing()
        case .keepEditing: editor?.isAskingToDiscard = false
        case .openPicker:
            let start = editor?.pictureFile?.deletingLastPathComponent() ?? kiosk?.pictureRoot ?? PicturePicker.picturesFolder()
            let newPicker = PicturePicker(start: start, root: kiosk?.pictureRoot)
            if synchronousPictures { newPicker.waitForListing() }
            picker = newPicker
            screen = .picker
        case .openFolder(let folder):
            picker?.open(folder)
            if synchronousPictures { picker?.waitForListing() }
        case .choosePicture(let file):
            guard picker?.allows(file) ?? true else { return }
            // Under a root the resolved path is kept, so a link swapped later cannot lead out.
            // A name from the file when none is typed yet: a gamepad user need not type.
            if let editor { choosePicture(picker?.root == nil ? file : PicturePicker.resolved(file), for: editor) }
            picker = nil
            screen = editor == nil ? .main : .editor
        case .closePicker:
            picker = nil
            screen = editor == nil ? .main : .editor
        }
    }

    /// Shows what background saves reported, and closes the editor once its save is done.
    private func collectBackgroundResults() {
        let results = library.takeBackgroundResults()
        guard let ui else { return }
        reportSaveProblems(ui)
        for error in results.errors { ui.showToast(error, kind: .error, duration: 6) }
        for notice in results.notices { ui.showToast(notice, kind: .notice, duration: 3) }
        // The save's outcome arrives in the same frame as the end of "busy".
        if let saved = savingEditor, !library.isBusy, results.changed || !results.errors.isEmpty {
            saved.isSaving = false
            savingEditor = nil
            if results.errors.isEmpty {
                // Saved: no draft of it is kept. Only the form itself leads back; a user
                // who went elsewhere stays there. A failed save keeps the form (or the
                // draft) as it was, so nothing typed is lost.
                if drafts[saved.mode] === saved { drafts[saved.mode] = nil }
                if editor === saved {
                    if screen == .editor { screen = saved.returnTo }
                    editor = nil
                }
            }
        }
        if results.changed, let kiosk { kioskLibraryChanged(kiosk) }
    }

    public func step(_ dt: Float) {
        simulatedTime += Double(dt)
        recorder.tick(now: simulatedTime)
        controller.step(dt)
        if let kiosk { stepKiosk(kiosk, dt: Double(dt)) }
    }

    public func resize(width: Int, height: Int) {
        controller.resize(width: width, height: height)
    }

    /// The file behind a target's picture.
    public func pictureURL(for target: StressTarget) -> URL? {
        switch target.picture {
        case .builtin(let assetName): return builtinPictureURL(assetName)
        case .stored: return library.store.pictureURL(for: target)
        }
    }

    /// Captures everything the bands will draw. `interpolation` (0..<1) is how far
    /// the present lies between the last two fixed steps.
    public func prepareFrame(interpolation: Float, time: Double) {
        collectBackgroundResults()
        if let kiosk, let granted = kiosk.gate.poll(now: wallClock(), time: time) { performOperator(granted) }
        buildUI(time: time)
        enforceKioskLock()
        var state: MainSceneFrame.PictureState = .failed
        if let target = library.selected, let url = pictureURL(for: target) {
            switch pictures.entry(for: url) {
            case .ready(let image)?: state = .ready(image)
            case .failed?: state = .failed
            case nil: state = .loading
            }
        } else if library.selected == nil {
            state = .failed
        }
        if case .ready(let image) = state {
            controller.selectedPicture = image
        } else {
            controller.selectedPicture = nil
        }

        var frame = renderer.frame
        frame.layout = controller.layout
        frame.picture = state
        frame.pictureRect = controller.pictureRect
        frame.time = time
        frame.flash = controller.effects.flash
        frame.sprites = controller.effects.sprites
        frame.reticles = controller.reticles
        frame.showsScene = screen == .main
        frame.title = library.selected?.name ?? "No target selected"
        // While the kiosk's attract loop runs, its invitation takes the message's place.
        frame.message = kiosk?.idle.isAttracting == true ? "" : library.selected?.message ?? ""
        if case .ready(let image) = state {
            frame.pictureTransform = Self.pictureTransform(
                image: image, rect: frame.pictureRect, effects: controller.effects,
                previousSquash: controller.previousSquash, interpolation: interpolation, breath: attractBreath(time: time))
        }
        renderer.frame = frame
        renderer.preparePaints()
    }

    /// Picture pixels to canvas pixels: aspect-fit into `rect`, then the squash about
    /// the hit column at the target's base (it flattens toward the ground and leans
    /// away from the blow), then the shake.
    static func pictureTransform(
        image: RasterImage, rect: Rect, effects: PunchEffects, previousSquash: Float, interpolation: Float, breath: Float = 0
    ) -> AffineTransform {
        let w = Float(image.width), h = Float(image.height)
        let fit = rect.width / w
        let squash = previousSquash + (effects.squash.value - previousSquash) * interpolation + breath
        let s = max(-0.12, min(0.35, squash))
        let sx = 1 + s * 0.55, sy = 1 - s
        let anchor = Point(effects.squashAnchor.x * w, h)
        let lean = (effects.squashAnchor.x - 0.5) * s * -0.3
        return AffineTransform.translation(-anchor.x, -anchor.y)
            .then(.scale(sx, sy))
            .then(.rotation(lean))
            .then(.translation(anchor.x, anchor.y))
            .then(.scale(fit, fit))
            .then(.translation(rect.minX + effects.shake.x, rect.minY + effects.shake.y))
    }

    public func drainRequests(_ handler: (AppRequest) -> Void) {
        controller.drainRequests(into: handler)
    }

    /// Whether frames must keep coming (animation, a picture loading); otherwise the
    /// loop can sleep until input arrives.
    public var wantsContinuousFrames: Bool {
        controller.isAnimating || pictures.isLoading || library.isBusy || (ui?.toastCount ?? 0) > 0 || pendingUndo != nil || screen != .main
            || kiosk.map { $0.idle.isAttracting || $0.gate.pad != nil || $0.hold != nil } ?? false
    }

    /// Saves everything still in memory (punch counts, selection) before exit.
    /// Returns why punches could not be saved, with how many, or nil when all were.
    @discardableResult
    public func shutdown() -> String? {
        let unsaved = recorder.flush()
        library.endAllUndo()
        library.waitForSaves()
        guard unsaved > 0 else { return nil }
        let why = recorder.problemCause ?? "the library could not be written"
        return "\(unsaved) punch\(unsaved == 1 ? "" : "es") could not be saved: \(why); fix that before punching again"
    }

    /// The save problem the user was last told about, to say it once and to say when
    /// it is over.
    private var shownSaveProblem: String?

    /// Tells the user when punches stop being saved (and why), and when they are again.
    private func reportSaveProblems(_ ui: UIContext) {
        let problem = recorder.problem
        guard problem != shownSaveProblem else { return }
        if let problem {
            ui.showToast(problem, kind: .error, duration: 8)
        } else {
            ui.showToast("Punches are being saved again.", duration: 3)
        }
        shownSaveProblem = problem
    }

    /// The top of what toasts must keep clear of on this screen: the favorites bar on
    /// the punch screen; elsewhere the bottom margin, below the last list row.
    private var toastClearance: Float {
        let layout = controller.layout
        switch screen {
        case .main: return layout.favoritesBar.minY - 10 * layout.scale
        default: return Float(layout.height) - 12 * layout.scale
        }
    }
}
