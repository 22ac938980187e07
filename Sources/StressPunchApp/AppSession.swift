// StressPunchApp owns the session: which screen shows and with what state, routing
// input, the global shortcuts, drafts and Undo, and the frame contract that composes
// the punch scene, the library screens and a policy. It must not touch SDL or files,
// and knows kiosk mode only as a SessionPolicy.

import AppModel
import Challenges
import Foundation
import ImmediateUI
import Input
import LibraryUI
import Localization
import Pictures
import PolicySeam
import PunchScene
import Raster
import StressCore
import TargetStore

/// One running app: the punch scene, the library screens and a policy (desktop or
/// kiosk), composed. It sees no platform; the shell drives it through one call a frame:
///
///     session.frame(FrameInput) -> FrameOutput
///
/// In: this frame's input events, the seconds since the last frame and the frame
/// clock, the drawable's size, whether a sound device is open, whether the frame will
/// be drawn. The session runs its fixed 120 Hz steps from the elapsed time, lays out
/// for the size, builds this frame's UI and prepares the scene.
///
/// Out: the scene to draw (a band renderer for a canvas of that size), the requests
/// for the platform (sounds, rumble, fullscreen, quit), the cursor, the window title,
/// where text input is, and how soon the next frame is needed. The real window
/// (`RunningApp`) and the headless runner both drive only that; frames whose cost
/// follows what changed build on it.
///
/// Why one type over several files: the session is the one place the rooms meet, so
/// its state (what shows, the drafts, the pending Undo) is shared by every part of
/// it; each job is an extension in a file named for it, and none reaches into the
/// punch scene, the screens or the policy except through their public faces.
/// Where things are: input routing and the global shortcuts here; the forms and their
/// drafts in `AppSession+Forms`; building and acting on the screens in
/// `AppSession+Screens`; Undo in `AppSession+Undo`; the frame in `AppSession+Frame`;
/// what a policy may ask in `AppSession+Control`.
public final class AppSession {
    public let library: LibraryModel
    /// The punch screen: the scene, its picture, marks, wash and tools.
    public let stage: PunchStage
    public var controller: PunchController { stage.controller }
    public var renderer: MainSceneRenderer { stage.renderer }
    /// The targets' pictures: files, decoded pictures, crops and thumbnails.
    let targetPictures: TargetPictures
    var pictures: PictureCache { targetPictures.cache }
    /// The library's punch recorder (flushed on quit, its problems said as toasts).
    var recorder: PunchRecorder { library.recorder }
    /// The immediate-mode UI (nil without fonts: then only the punch screen runs).
    public let ui: UIContext?
    /// Desktop or kiosk: consulted at the named points of `SessionPolicy`, nowhere else.
    let policy: any SessionPolicy
    /// What shows, with its state.
    var shown: Screen = .main
    /// This frame's input, handed to the UI when the frame is built.
    var frameEvents: [InputEvent] = []
    let importer: PictureImporter
    /// The forms' drafts, and the one whose Save is running (see `FormDesk`).
    var forms = FormDesk()
    /// When the event being handled happened, for what a policy passes on from it.
    var handlingEventAt: Double?
    /// The last delete, while its Undo is offered (about 8 s).
    var pendingUndo: (id: Int64, name: String, until: Double)?
    /// The save problem the user was last told about, to say it once and to say when
    /// it is over.
    var shownSaveProblem: String?
    /// The fixed steps' clock, the frames drawn and built with their damage, and the
    /// frames owed after input (see `AppSession+Frame`).
    let frames = FrameLedger()
    /// Seconds of simulation stepped so far.
    public internal(set) var simulatedTime: Double = 0
    /// Whether a sound device is open (the platform says; the operator menu shows it).
    public var soundDeviceAvailable = true
    /// Wall-clock time, for the PIN lockout (headless runs set a simulated one).
    public var wallClock: () -> Date = { Date() }
    /// The desktop asks for high contrast (the `contrast` setting's "system").
    /// The `language` setting the app speaks by: a change on the Settings screen is
    /// handed to Localization once.
    var spokenLanguageSetting = "system"
    public var desktopPrefersHighContrast = false {
        didSet { applySettings() }
    }
    /// The user's best rush, this session's bests and whether its summary showed.
    var record: SessionRecord
    /// When the Stats screen last asked for the days (frame time).
    var statsLoadedAt = -Double.infinity
    /// The user's settings as they apply now (see `AppSession+Settings`): the one
    /// place the sound and the tool are held; the punch scene reads this same object.
    let liveSettings: LiveSettings
    public internal(set) var settings: UserSettings {
        get { liveSettings.value }
        set {
            let wasOn = liveSettings.value.sound
            liveSettings.value = newValue
            // Whoever turned the sound off or on, the platform hears it, in order with the sounds.
            if newValue.sound != wasOn { controller.requestMuted(!newValue.sound) }
        }
    }
    /// Whether the help overlay is open over the screen (F1, `?`, the pad's Back).
    public internal(set) var helpShown = false
    /// Files dropped on the window this frame, and several dropped together while
    /// "Add them all?" asks.
    var drops = (gathered: [URL](), offered: [URL]?.none)
    public var offeredFiles: [URL]? { drops.offered }
    /// The first launch's hint is up (it goes at the first punch or another screen).
    var firstHintShowing = false
    /// The search and first focus of More targets or Manage, whichever is open (the
    /// form either leads to keeps it); see `AppSession+Search`.
    let listFilter = TargetFilter()

    public init(
        store: TargetStore, codec: any PictureCodec, builtinPictureURL: @escaping (String) -> URL?,
        burst: RasterImage?, toolArt: [PunchTool: ToolArt] = [:], glyphs: (any GlyphSource)?, clipboard: (any Clipboard)? = nil,
        configuration: AppConfiguration, width: Int, height: Int, synchronousPictures: Bool,
        policy: any SessionPolicy = DesktopPolicy()
    ) throws(TargetStoreError) {
        library = try LibraryModel(store: store, synchronous: synchronousPictures)
        targetPictures = TargetPictures(cache: PictureCache(codec: codec, synchronous: synchronousPictures),
                                        synchronous: synchronousPictures, store: store, builtinPictureURL: builtinPictureURL)
        importer = PictureImporter(codec: codec)
        self.policy = policy
        liveSettings = LiveSettings(configuration.settings)
        ui = glyphs.map { UIContext(glyphs: $0, clipboard: clipboard ?? InMemoryClipboard()) }
        stage = PunchStage(library: library, settings: liveSettings, pictures: targetPictures, ui: ui, configuration: configuration,
                           burst: burst, toolArt: toolArt, glyphs: glyphs, width: width, height: height)
        desktopPrefersHighContrast = configuration.desktopPrefersHighContrast
        spokenLanguageSetting = configuration.settings.language
        frameEvents.reserveCapacity(64)
        record = SessionRecord(rushBest: RushRecord { key in (try? store.setting(key)) ?? nil })
        if let ui {
            renderer.overlay = { canvas in ui.render(on: canvas) }
        }
        // Punches carry when they landed (a simulated clock in headless runs).
        controller.wallClock = { [unowned self] in self.wallClock().timeIntervalSince1970 }
        applySettings()
        policy.start(self)
        // The first launch says how to begin, once (a kiosk has its own attract loop).
        // Not over an empty library, where there is no picture to click: its offer says what to do.
        if policy.showsLibraryButtons, ui != nil, !library.targets.isEmpty, ((try? store.setting(Self.firstHintKey)) ?? nil) == nil {
            ui?.showToast(Self.firstHint, duration: 7)
            firstHintShowing = true
            library.saveSettings([Self.firstHintKey: "shown"])
        }
    }

    // TRANSLATORS: shown once, on the first launch; F1 is the key that opens the help.
    static var firstHint: String { tr("Click the picture to punch it · F1 for help") }
    public static let firstHintKey = StoredSetting.firstLaunchHint

    /// The page showing.
    public var page: Page { shown.page }
    /// The Add / Edit form, while it is open.
    public var editor: TargetEditor? { shown.editor }
    /// The picture picker, while it is open (over the form).
    public var picker: PicturePicker? { shown.picker }

    /// Routes one input event: the policy sees it first; the UI sees everything else
    /// (it is built once a frame); the punch scene gets what the main screen's UI
    /// does not claim. `time` is when it happened on the frame clock (nil: now).
    func handle(_ event: InputEvent, at time: Double? = nil) {
        handlingEventAt = time
        defer { handlingEventAt = nil }
        // Help over everything (a kiosk's PIN pad too) takes its keys first: Esc over it
        // closed nothing and asked the kiosk for its PIN instead. Quitting and
        // fullscreen pass it, to the policy like any other.
        if helpShown, handleHelp(event) { return }
        if policy.filter(event, session: self) { return }
        if case .windowCloseRequested = event { requestQuitFromUser(); return }
        if handleHelp(event) { return }
        if handleShortcut(event) { return }
        if handleToolChoice(event) { return }
        // On the punch screen Space always punches (Enter activates a focused card),
        // and the left stick aims, so the UI must not also read them.
        if ui != nil && !(isPunchScreen && (Self.isAimStick(event) || Self.isSpace(event))) { frameEvents.append(event) }
        if ui != nil, case .fileDropped(let path) = event {
            // Gathered for the frame: files dropped together arrive together.
            drops.gathered.append(URL(fileURLWithPath: path))
            return
        }
        guard isPunchScreen, offeredFiles == nil else { return }
        if let ui {
            switch event {
            case .pointerDown(let x, let y, _):
                // Whatever the frame on screen drew over the stage (a button, a card,
                // the favorites bar, a toast, a policy's corner) takes the press instead.
                if !ui.pressReachesStage(Point(x, y), byTouch: false) { return }
            case .fingerDown(_, let x, let y, _):
                if !ui.pressReachesStage(Point(x, y), byTouch: true) { return }
            case .keyDown(.enter, _, _), .gamepadButton(_, .a, _):
                // With a widget focused by keyboard or pad, these activate it instead.
                if ui.focused != nil && ui.focusVisible { return }
            default:
                break
            }
        }
        stage.handle(event, at: time)
        // Scored now, in the state it landed in: a later event of the frame (Esc) or
        // its steps (a rush's bell) must not decide where a punch counted.
        keepScore()
        takeStageRequests()
    }

    /// Carries out what the stage asked (it sees the settings, and never keeps them).
    func takeStageRequests() {
        stage.takeRequests { request in
            switch request {
            case .chooseTool(let tool):
                selectTool(tool)
            case .toggleSound:
                setSound(on: !settings.sound)
                ui?.showToast(settings.sound ? tr("Sound on") : tr("Sound off"), duration: 1.5)
            }
        }
    }

    /// The keys that work the same on every screen, as on a GNOME or KDE desktop:
    /// Ctrl+Q quits, F11 toggles fullscreen, Ctrl+N adds, Ctrl+L manages, Ctrl+M shows
    /// every target, Ctrl+T shows the stats, Ctrl+R starts a rush, Ctrl+B a versus, Ctrl+Z undoes a delete. True when the event was one of them.
    private func handleShortcut(_ event: InputEvent) -> Bool {
        if ui != nil, case .gamepadButton(_, .y, true) = event, pendingUndo != nil || stage.washUndoUntil != nil {
            undoLast()
            return true
        }
        if ui != nil, isPunchScreen, page == .main, case .gamepadButton(_, .x, true) = event {
            washSelected(now: ui?.time ?? 0)
            return true
        }
        guard case .keyDown(let key, let modifiers, let isRepeat) = event else { return false }
        switch (key, modifiers) {
        case (.character("q"), [.control]):
            // A held Ctrl+Q asks once: its repeats must not answer the summary it opened.
            if !isRepeat { requestQuitFromUser() }
        case (.f11, []):
            if !isRepeat { toggleFullscreen() }
        case (.other(","), [.control]) where ui != nil && policy.showsLibraryButtons:
            if !isRepeat { leave(to: .settings) }
        case (.character("n"), [.control]) where ui != nil:
            if !isRepeat { openAddForm(returnTo: shown.editor?.returnTo ?? page, pictureFile: nil) }
        case (.character("l"), [.control]) where ui != nil:
            if !isRepeat { leave(to: .manage) }
        case (.character("m"), [.control]) where ui != nil:
            if !isRepeat { leave(to: .allTargets) }
        case (.character("t"), [.control]) where ui != nil && policy.showsLibraryButtons:
            if !isRepeat { leave(to: .stats) }
        case (.character("r"), [.control]) where ui != nil && policy.showsLibraryButtons:
            if !isRepeat { startRush() }
        case (.character("b"), [.control]) where ui != nil && policy.showsLibraryButtons:
            if !isRepeat { startVersus() }
        case (.character("z"), [.control]) where ui != nil && (pendingUndo != nil || stage.washUndoUntil != nil):
            if !isRepeat { undoLast() }
        case (.character("w"), []) where ui != nil && page == .main && !(ui?.wantsTextInput ?? false):
            if !isRepeat { washSelected(now: ui?.time ?? 0) }
        default:
            return false
        }
        return true
    }

    /// F1, `?` or a pad's Back opens the help overlay over any screen, and closes it
    /// again. While it shows it is modal: only quitting and fullscreen reach past it.
    /// `?` is a typed character where the user is typing (a text field, a list's
    /// filter), so there it types. True when the event was the overlay's.
    private func handleHelp(_ event: InputEvent) -> Bool {
        guard ui != nil else { return false }
        var isHelpKey = false
        switch event {
        case .keyDown(.f1, [], false), .gamepadButton(_, .back, true):
            isHelpKey = true
        case .keyDown(.other("/"), [.shift], false), .keyDown(.other("?"), _, false):
            let typing = takesTypedText
            isHelpKey = !typing || helpShown
        default:
            break
        }
        if isHelpKey {
            helpShown.toggle()
            return true
        }
        guard helpShown else { return false }
        if case .keyDown(let key, let modifiers, _) = event, key == .f11 || (key == .character("q") && modifiers == [.control]) {
            return false
        }
        frameEvents.append(event)
        return true
    }

    private static func isSpace(_ event: InputEvent) -> Bool {
        switch event {
        case .keyDown(.space, _, _), .keyUp(.space, _): return true
        default: return false
        }
    }

    /// On the punch screen the left stick aims the reticle, so the UI must not also
    /// read it as a d-pad.
    private static func isAimStick(_ event: InputEvent) -> Bool {
        if case .gamepadAxis(_, let axis, _) = event { return axis == .leftX || axis == .leftY }
        return false
    }

    /// Shows a page by name (a form or picker is opened with its state instead).
    func showPage(_ next: Page) {
        guard let screen = Screen(next) else { return }
        // The days are read off the frame path each time the charts open.
        if case .stats = screen { library.loadDayTotals(endingAt: wallClock(), count: 30) }
        shown = screen
    }

    /// Closes the form, the picker and any dialog, and shows the punch screen.
    func closeAllScreens() {
        shown = .main
    }

    /// Goes to `destination`, closing the form, the picker and any dialog on the way;
    /// a form with changes is kept as a draft.
    func leave(to destination: Page) {
        keepDraft()
        closeAllScreens()
        showPage(destination)
    }

    /// The file behind a target's picture.
    public func pictureURL(for target: StressTarget) -> URL? { targetPictures.url(for: target) }

    /// The thumbnail for a target's picture as it shows (cut to its crop).
    func thumbnail(for target: StressTarget) -> RasterImage? { targetPictures.thumbnail(for: target) }

    /// What the picture caches decoded so far (tests).
    public var pictureCounts: PictureCache.Counts { pictures.counts }

    /// Saves everything still in memory (punch counts, selection, marks) before exit,
    /// and `settings` of the shell's (where the window was). Returns why punches could
    /// not be saved, with how many, or nil when all were.
    @discardableResult
    public func shutdown(saving settings: [StoredSetting: String] = [:]) -> String? {
        if !settings.isEmpty { library.saveSettings(settings) }
        let unsaved = recorder.flush()
        stage.flush()
        library.endAllUndo()
        library.waitForSaves()
        guard unsaved > 0 else { return nil }
        let why = recorder.problemCause ?? tr("the library could not be written")
        // TRANSLATORS: said on quit; %s is why ("the disk is full").
        return trn("%d punch could not be saved: %s; fix that before punching again",
                   "%d punches could not be saved: %s; fix that before punching again", unsaved, why)
    }

    /// A line from the policy for the headless summary (nil on the desktop).
    public var policySummary: String? { policy.summary(self) }

    /// Whether the mouse cursor should show: always on the desktop; in a kiosk only
    /// while a mouse is being used.
    public var wantsCursor: Bool { policy.wantsCursor }
}
