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
        recorder = PunchRecorder(store: store)
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
        if ui != nil && !(screen == .main && Self.isAimStick(event)) { frameEvents.append(event) }
        if ui != nil, case .keyDown(.character(let key), let modifiers, false) = event, modifiers == [.control],
           editor == nil || key != "n" {
            switch key {
            case "m": screen = .allTargets; return
            case "l": screen = .manage; return
            case "n": openEditor(TargetEditor(mode: .add, returnTo: screen)); return
            default: break
            }
        }
        if ui != nil, case .fileDropped(let path) = event {
            let file = URL(fileURLWithPath: path)
            if let editor, screen == .editor || screen == .picker {
                editor.pictureFile = file
                if TargetValidation.trimmed(editor.name).isEmpty { editor.name = TargetEditor.suggestedName(for: file) }
                picker = nil
                screen = .editor
            } else {
                // A picture dropped anywhere else starts a new target with it, named after the file.
                openEditor(TargetEditor(mode: .add, name: TargetEditor.suggestedName(for: file), pictureFile: file,
                                        returnTo: screen == .allTargets ? .main : screen))
            }
            return
        }
        guard screen == .main else { return }
        if let ui {
            switch event {
            case .pointerDown(let x, let y, _), .fingerDown(_, let x, let y):
                // The favorites bar's cards and button are not punching ground.
                if controller.layout.favoritesBar.contains(Point(x, y)) { return }
                if kiosk != nil && controller.layout.operatorCorner.contains(Point(x, y)) { return }
            case .keyDown(.space, _, _), .keyDown(.enter, _, _), .gamepadButton(_, .a, _):
                // With a widget focused by keyboard or pad, these activate it instead.
                if ui.focused != nil && ui.focusVisible { return }
            default:
                break
            }
        }
        controller.handle(event)
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
                let preview = editor.pictureFile.flatMap { pictures.thumbnail(for: $0) } ?? current.flatMap(thumbnail(for:))
                action = screens.editor(editor, preview: preview, hasCurrentPicture: current != nil, busy: library.isBusy)
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
            library.delete(id)
        case .cancelDelete: pendingDeleteID = nil
        case .askRestore: pendingRestore = true
        case .restore:
            pendingRestore = false
            library.restoreDefaults()
        case .cancelRestore: pendingRestore = false
        case .add: openEditor(TargetEditor(mode: .add, returnTo: .manage))
        case .edit(let id):
            guard let target = library.targets.first(where: { $0.id == id }) else { return }
            openEditor(TargetEditor(mode: .edit(id: id), name: target.name, message: target.message, returnTo: .manage))
        case .save:
            guard let editor else { return }
            editor.isSaving = true
            switch editor.mode {
            case .add:
                guard let file = editor.pictureFile else { editor.isSaving = false; return }
                library.add(name: editor.name, message: editor.message, pictureFile: file, importer: importer)
            case .edit(let id):
                if let url = editorCurrentTarget.flatMap(pictureURL(for:)), editor.pictureFile != nil { pictures.forget(url) }
                library.update(id: id, name: editor.name, message: editor.message, pictureFile: editor.pictureFile, importer: importer)
            }
        case .cancelEdit:
            screen = editor?.returnTo ?? .main
            editor = nil
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
            editor?.pictureFile = picker?.root == nil ? file : PicturePicker.resolved(file)
            // A name from the file when none is typed yet: a gamepad user need not type.
            if let editor, TargetValidation.trimmed(editor.name).isEmpty {
                editor.name = TargetEditor.suggestedName(for: file)
            }
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
        for error in results.errors { ui.showToast(error, kind: .error, duration: 6) }
        for notice in results.notices { ui.showToast(notice, kind: .notice, duration: 3) }
        // The save's outcome arrives in the same frame as the end of "busy".
        if let editor, editor.isSaving, !library.isBusy, results.changed || !results.errors.isEmpty {
            editor.isSaving = false
            if results.errors.isEmpty {
                // Only the form itself leads back; a user who went elsewhere stays there.
                if screen == .editor { screen = editor.returnTo }
                self.editor = nil
            }
        }
        if results.changed, let kiosk { kioskLibraryChanged(kiosk) }
    }

    public func step(_ dt: Float) {
        simulatedTime += Double(dt)
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
        controller.isAnimating || pictures.isLoading || library.isBusy || (ui?.toastCount ?? 0) > 0 || screen != .main
            || kiosk.map { $0.idle.isAttracting || $0.gate.pad != nil || $0.hold != nil } ?? false
    }

    /// Saves everything still in memory (punch counts, selection) before exit.
    public func shutdown() {
        recorder.flush()
        library.waitForSaves()
    }
}
