// Kiosk owns kiosk mode, behind one policy the session consults: what visitors may
// not do, the operator gate with its PIN pad and menu, the idle reset and attract
// loop, the hidden cursor, the operator's preferences. It reaches the session only
// through SessionControl, and must not touch SDL.

import AppModel
import Foundation
import ImmediateUI
import Input
import Localization
import OperatorLock
import PolicySeam
import Raster
import StressCore
import TargetStore

/// Kiosk mode as the session sees it: one policy consulted at the session's named
/// points. Visitors punch; the operator's PIN opens quitting, the library and the
/// operator menu; no file drops; the idle reset and its attract loop; a cursor that
/// hides until a mouse is used.
public final class KioskPolicy: SessionPolicy {
    let kiosk: KioskMode

    /// `pictureRoot` is the only folder the picker may show; `synchronous` checks the
    /// PIN on the calling thread (headless runs) instead of a queue.
    public init(store: TargetStore, pictureRoot: URL, synchronous: Bool) {
        let preferences = KioskPreferences { key in (try? store.setting(key)) ?? nil }
        let checker = PINChecker(pin: OperatorPIN(store: store), synchronous: synchronous)
        kiosk = KioskMode(gate: KioskGate(checker: checker), preferences: preferences, pictureRoot: pictureRoot)
    }

    /// A visitor's punch that made today's board (the library's `todaysStrongest`),
    /// shown for a moment: its strength, its place, until when (the session's clock).
    private(set) var madeTheList: (strength: Int, rank: Int, until: Double)?
    /// How long "742 · #2 today!" shows.
    static let bannerSeconds = 3.5
    private var stepsSinceDayCheck = 0

    public func punchLanded(session: any SessionControl) {
        // The next punch is the one on screen now: an old banner must not seem to rank it.
        madeTheList = session.library.todaysStrongest.latest.map { ($0.strength, $0.rank, session.simulatedTime + Self.bannerSeconds) }
    }

    public func start(_ session: any SessionControl) {
        kiosk.launchSelectionID = session.library.selectedID
        if kiosk.preferences.muted { session.setMuted(true) }
    }

    public var acceptsDrops: Bool { false }
    public var showsLibraryButtons: Bool { false }
    /// Visitors do not quit; the operator who does wants out at once, unless the
    /// operator menu turned the summary on.
    public var offersSessionSummary: Bool { kiosk.preferences.summaryOnQuit }
    /// Only the operator quits: the PIN unlocks the gate just before its quit runs.
    public var allowsQuit: Bool { kiosk.gate.isUnlocked }
    /// The PIN pad's input is the operator's secret.
    public var takesSecretInput: Bool { kiosk.gate.pad != nil }
    public var pictureRoot: URL? { kiosk.pictureRoot }

    // MARK: Input

    /// Handles what a kiosk treats differently; true when the event was used up.
    public func filter(_ event: InputEvent, session: any SessionControl) -> Bool {
        kiosk.noteCursor(event, time: session.simulatedTime)
        if KioskMode.isActivity(event) {
            if kiosk.idle.isAttracting { session.library.keepShownSelection() }
            kiosk.idle.noteActivity()
            // Someone is there: the form stays, and the touch that said so does nothing else.
            if kiosk.stillThereDeadline != nil {
                kiosk.stillThereDeadline = nil
                return true
            }
        }
        // Every way of asking to quit is decided here, before anything else sees it: a
        // fresh press asks for the PIN, an auto-repeat of a key held down does nothing
        // (it once reached the session's own Ctrl+Q after Cancel closed the pad).
        // Escape asks too, on the punch screen with no pad open (over the pad it cancels).
        let escapeQuits = session.page == .main && kiosk.gate.pad == nil && !kiosk.gate.isUnlocked
        if let isRepeat = KioskMode.quitKey(event, escapeQuits: escapeQuits) {
            if !isRepeat { operatorRequest(.quit, session: session) }
            return true
        }
        switch event {
        case .fileDropped:
            // Pictures come from the kiosk's own folder, through the operator.
            session.ui?.showToast(tr("This kiosk does not take dropped files."), kind: .error, duration: 3)
            return true
        case .gamepadRemoved(let id):
            kiosk.forgetGamepad(id)
        default:
            break
        }
        // Held buttons are tracked whatever is showing, so a release is never missed.
        var chord = false
        if case .gamepadButton(let id, let button, let pressed) = event {
            chord = kiosk.noteButton(gamepad: id, button: button, pressed: pressed)
        }

        if kiosk.gate.pad != nil {
            filterForPINPad(event, session: session)
            return true
        }
        guard !kiosk.gate.isUnlocked else { return false }

        let onMain = session.page == .main
        switch event {
        case .keyDown(.character("l"), [.control], false):
            operatorRequest(.manage, session: session)
        case .keyDown(.character("n"), [.control], false):
            operatorRequest(.add, session: session)
        case .keyDown(.character("m"), _, _), .keyDown(.f11, _, _):
            break  // the library grid and sound are the operator's; the kiosk stays fullscreen
        case .gamepadButton(_, let button, _):
            if chord {
                operatorRequest(.operatorMenu, byGamepad: true, session: session)
                return true
            }
            return button == .back || button == .start
        case .pointerDown(let x, let y, 1) where onMain && Self.operatorCorner(session).contains(Point(x, y)):
            kiosk.beginHold(finger: nil, time: session.simulatedTime)
        case .fingerDown(let id, let x, let y, _) where onMain && Self.operatorCorner(session).contains(Point(x, y)):
            kiosk.beginHold(finger: id, time: session.simulatedTime)
        case .pointerUp(_, _, 1):
            kiosk.endHold(finger: nil)
            return false
        case .fingerUp(let id, _, _):
            kiosk.endHold(finger: id)
            return false
        default:
            return false
        }
        return true
    }

    /// The PIN pad is modal: digits, Backspace and Enter go to it from the keyboard,
    /// everything else to the UI (its keys, Cancel); nothing punches. Gamepads still
    /// come and go, and a stick let go still stops its reticle.
    private func filterForPINPad(_ event: InputEvent, session: any SessionControl) {
        switch event {
        case .gamepadAdded, .gamepadRemoved:
            session.passToPunchScene(event)
        case .gamepadAxis(_, let axis, let value) where axis == .leftX || axis == .leftY || value < 0.3:
            session.passToPunchScene(event)
        default:
            break
        }
        switch event {
        case .keyDown(.character(let character), let modifiers, _) where modifiers.isEmpty && character.isNumber:
            kiosk.gate.type(character)
        case .keyDown(.backspace, _, _):
            kiosk.gate.deleteDigit()
        case .keyDown(.enter, _, _):
            kiosk.gate.submit(now: session.now)
        case .text:
            break
        default:
            if session.ui != nil { session.passToUI(event) }
        }
    }

    /// Asks for something only the operator may do: done at once while unlocked,
    /// else after the PIN.
    func operatorRequest(_ action: OperatorAction, byGamepad: Bool = false, session: any SessionControl) {
        kiosk.cancelHold()
        if let granted = kiosk.gate.request(action, byGamepad: byGamepad) { performOperator(granted, session: session) }
    }

    /// Carries out what the PIN unlocked.
    func performOperator(_ action: OperatorAction, session: any SessionControl) {
        switch action {
        case .quit: session.requestQuit()
        case .operatorMenu: session.show(.operatorMenu)
        case .manage: session.show(.manage)
        case .add: session.openAddForm(returnTo: .operatorMenu)
        }
    }

    /// In a kiosk, the operator's screens lead back to the operator menu.
    public func destination(of page: Page, from current: Page, session: any SessionControl) -> Page {
        if kiosk.gate.isUnlocked, page == .main, current == .manage || current == .allTargets { return .operatorMenu }
        return page
    }

    // MARK: Clocks

    /// One fixed step of the kiosk's clocks: the corner hold, the lock's countdown, the
    /// cursor's timeout and the idle reset.
    public func step(_ dt: Double, session: any SessionControl) {
        let time = session.simulatedTime
        // Midnight is looked for about once a second, not every step.
        stepsSinceDayCheck += 1
        if stepsSinceDayCheck >= 120 {
            stepsSinceDayCheck = 0
            let day = session.library.todaysStrongest.day
            session.library.startNewDayIfDue(session.now)
            if session.library.todaysStrongest.day != day { madeTheList = nil }
        }
        if let shown = madeTheList, time >= shown.until { madeTheList = nil }
        if let progress = kiosk.holdProgress(time: time), progress >= 1 {
            operatorRequest(.operatorMenu, session: session)
        }
        if kiosk.gate.pad != nil { kiosk.gate.expireLock(now: session.now, time: time) }
        kiosk.stepCursor(time: time)
        if let deadline = kiosk.stillThereDeadline {
            guard time >= deadline else { return }
            kiosk.stillThereDeadline = nil
            reset(session)
            return
        }
        switch kiosk.idle.step(dt) {
        case .nothing: break
        case .reset:
            // An operator's half-filled form is not thrown away unasked: "Still there?"
            // counts down first, and a touch keeps the form.
            if session.hasUnsavedForm {
                kiosk.stillThereDeadline = time + KioskMode.stillThereSeconds
            } else {
                reset(session)
            }
        case .advanceAttract: advanceAttract(session)
        }
    }

    /// Back to the punch screen and the default target, every dialog closed, locked.
    func reset(_ session: any SessionControl) {
        kiosk.gate.lock()
        kiosk.cancelHold()
        // A form left by the reset is kept as a draft; the operator's Add brings it back.
        session.closeEverything()
        // Every visitor starts with a clean target, unless the operator keeps a tally.
        if !kiosk.preferences.keepMarks { session.washAllMarks() }
        selectDefaultTarget(session)
        // A save still running will select what it added; the default must win.
        kiosk.reselectDefaultAfterSave = session.library.isBusy
        kiosk.countReset()
    }

    private func selectDefaultTarget(_ session: any SessionControl) {
        if let defaultID = kiosk.defaultTargetID(in: session.library.targets) { session.library.select(defaultID) }
    }

    public func libraryChanged(_ session: any SessionControl) {
        guard kiosk.reselectDefaultAfterSave, !session.library.isBusy else { return }
        kiosk.reselectDefaultAfterSave = false
        selectDefaultTarget(session)
    }

    /// The kiosk's one rule about screens: locked means the punch screen (with the PIN
    /// pad perhaps), and the punch screen means locked. Whatever led elsewhere (a save
    /// finishing, a stray action), it is put right before the frame is drawn.
    public func enforce(_ session: any SessionControl) {
        if session.page == .main {
            if kiosk.gate.isUnlocked { kiosk.gate.lock() }
        } else if !kiosk.gate.isUnlocked {
            session.closeEverything()
        }
    }

    /// The attract loop shows the next favorite (without saving the choice).
    func advanceAttract(_ session: any SessionControl) {
        let library = session.library
        let order = KioskMode.attractOrder(favorites: library.favorites.map(\.id),
                                           defaultID: kiosk.defaultTargetID(in: library.targets))
        guard order.count > 1 else { return }
        let index = library.selectedID.flatMap { order.firstIndex(of: $0) } ?? -1
        library.show(order[(index + 1) % order.count])
        session.introduceTarget()
        kiosk.countAttractStep()
    }

    /// A gentle breathing of the picture while the attract loop runs (none with
    /// reduced motion): a slow stretch of a few percent.
    public func breath(time: Double, reducesMotion: Bool) -> Float {
        guard kiosk.idle.isAttracting, !reducesMotion else { return 0 }
        return -0.025 * Float(0.5 - 0.5 * cos(time * 2 * Double.pi / 2.4))
    }

    // MARK: The kiosk's UI

    public func beginFrame(_ session: any SessionControl, time: Double) {
        if let granted = kiosk.gate.poll(now: session.now, time: time) { performOperator(granted, session: session) }
    }

    /// The PIN pad is built first: its modal then blocks the screen beneath from this
    /// very frame (it draws on top whatever the order).
    public func buildModal(_ ui: UIContext, session: any SessionControl, time: Double) {
        guard let pad = kiosk.gate.pad else { return }
        let now = session.now
        switch KioskScreens(ui: ui, layout: session.layout).pinPad(pad, acceptsInput: kiosk.gate.acceptsInput,
                                                                 now: now.timeIntervalSince1970, time: time) {
        case .none: break
        case .digit(let digit): kiosk.gate.type(digit)
        case .deleteDigit: kiosk.gate.deleteDigit()
        case .submit: kiosk.gate.submit(now: now)
        case .cancel: kiosk.gate.cancel()
        }
    }

    public func decorateMainScreen(_ ui: UIContext, session: any SessionControl, time: Double) {
        let extras = KioskScreens(ui: ui, layout: session.layout)
        extras.operatorCorner(progress: kiosk.holdProgress(time: session.simulatedTime))
        if kiosk.idle.isAttracting {
            extras.attractInvitation(time: time)
            extras.leaderboard(session.library.todaysStrongest.board, avoiding: session.pictureRect, clock: { StrongHit.clock($0) })
        } else if let shown = madeTheList {
            extras.madeTheList(strength: shown.strength, rank: shown.rank)
        }
    }

    public func buildPage(_ page: Page, ui: UIContext, session: any SessionControl) {
        guard page == .operatorMenu else { return }
        let library = session.library
        let defaultID = kiosk.defaultTargetID(in: library.targets)
        let defaultName = defaultID.flatMap { id in library.targets.first { $0.id == id }?.name }
        let action = KioskScreens(ui: ui, layout: session.layout).operatorMenu(
            preferences: kiosk.preferences, defaultName: defaultName, selectedName: library.selected?.name,
            muted: session.isMuted, soundDevice: session.soundDeviceAvailable, margin: session.pageMargin,
            header: { title, back, width in session.pageHeader(title: title, back: back, backWidth: width) })
        performMenu(action, ui: ui, session: session)
    }

    func performMenu(_ action: KioskScreens.MenuAction, ui: UIContext, session: any SessionControl) {
        let library = session.library
        switch action {
        case .none: break
        case .manage: session.show(.manage)
        case .add: session.openAddForm(returnTo: .operatorMenu)
        case .allTargets: session.show(.allTargets)
        case .makeDefault:
            guard let selected = library.selected else { return }
            kiosk.preferences.defaultTargetID = selected.id
            library.saveSettings(kiosk.preferences.settings)
            // TRANSLATORS: %s is the target's name.
            ui.showToast(tr("The kiosk returns to “%s” when idle.", selected.name), duration: 3)
        case .setIdle(let seconds):
            kiosk.preferences.idleSeconds = seconds
            kiosk.idle.limit = Double(kiosk.preferences.idleSeconds)
            library.saveSettings(kiosk.preferences.settings)
        case .toggleSound:
            session.setMuted(!session.isMuted)
            kiosk.preferences.muted = session.isMuted
            library.saveSettings(kiosk.preferences.settings)
        case .toggleSummary:
            kiosk.preferences.summaryOnQuit.toggle()
            library.saveSettings(kiosk.preferences.settings)
        case .toggleKeepMarks:
            kiosk.preferences.keepMarks.toggle()
            library.saveSettings(kiosk.preferences.settings)
        case .quit: session.requestQuit()
        case .lock: session.show(.main)
        }
    }

    /// "Still there?" over the operator's form while its countdown runs.
    public func buildOverlays(_ ui: UIContext, session: any SessionControl) {
        guard let deadline = kiosk.stillThereDeadline else { return }
        let seconds = Int(max(0, deadline - session.simulatedTime).rounded(.up))
        KioskScreens(ui: ui, layout: session.layout).stillThere(secondsLeft: seconds)
    }

    // MARK: Reports

    /// The idle reset, the lock's countdown and the cursor's timeout count in fixed
    /// steps: the kiosk wakes as often as the steps can take in at once.
    public var longestRest: Double { 0.25 }

    public var isAnimating: Bool { kiosk.idle.isAttracting || kiosk.gate.pad != nil || kiosk.hold != nil || madeTheList != nil }

    /// True while only the attract loop moves (no dialog): its slow breathing looks
    /// the same at half the frame rate, and a kiosk idles most of the day.
    public func isOnlyAttracting(on page: Page) -> Bool {
        kiosk.idle.isAttracting && kiosk.gate.pad == nil && page == .main
    }

    /// The cursor shows only while a mouse is being used.
    public var wantsCursor: Bool { kiosk.cursorVisible }

    /// While the attract loop runs, its invitation takes the message's place.
    public var hidesMessage: Bool { kiosk.idle.isAttracting }

    public func summary(_ session: any SessionControl) -> String? {
        "kiosk: \(kiosk.gate.isUnlocked ? "unlocked" : "locked"), \(kiosk.idleResets) idle resets, "
            + "\(kiosk.attractSteps) attract steps, screen \(session.page.rawValue)\(kiosk.gate.pad != nil ? ", PIN pad open" : "")"
    }
}

extension KioskPolicy {
    /// The operator's corner where the screen shows it: the layout's top right, or the
    /// top left where the layout mirrors (the UI draws it there; presses come in
    /// screen coordinates).
    static func operatorCorner(_ session: any SessionControl) -> Rect {
        guard let ui = session.ui, ui.mirrorsLayout else { return session.layout.operatorCorner }
        return ui.mirrored(session.layout.operatorCorner)
    }
}
