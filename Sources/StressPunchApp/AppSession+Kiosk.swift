import Foundation
import ImmediateUI
import Input
import Raster
import StressCore

/// Kiosk mode's part of the session: what visitors may not do, the operator PIN and
/// menu, the idle reset and its attract loop.
extension AppSession {
    /// Handles what a kiosk treats differently; true when the event was used up.
    func handleKiosk(_ event: InputEvent, _ kiosk: KioskMode) -> Bool {
        kiosk.noteCursor(event, time: simulatedTime)
        if KioskMode.isActivity(event) {
            if kiosk.idle.isAttracting { library.keepShownSelection() }
            kiosk.idle.noteActivity()
            // Someone is there: the form stays, and the touch that said so does nothing else.
            if kiosk.stillThereDeadline != nil {
                kiosk.stillThereDeadline = nil
                return true
            }
        }
        switch event {
        case .windowCloseRequested, .keyDown(.character("q"), [.control], false), .keyDown(.other("F4"), [.alt], false):
            operatorRequest(.quit)
            return true
        case .fileDropped:
            // Pictures come from the kiosk's own folder, through the operator.
            ui?.showToast("This kiosk does not take dropped files.", kind: .error, duration: 3)
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
            // The PIN pad is modal: digits, Backspace and Enter go to it from the
            // keyboard, everything else to the UI (its keys, Cancel); nothing punches.
            // Gamepads still come and go, and a stick let go still stops its reticle.
            switch event {
            case .gamepadAdded, .gamepadRemoved:
                controller.handle(event)
            case .gamepadAxis(_, let axis, let value) where axis == .leftX || axis == .leftY || value < 0.3:
                controller.handle(event)
            default:
                break
            }
            switch event {
            case .keyDown(.character(let character), let modifiers, _) where modifiers.isEmpty && character.isNumber:
                kiosk.gate.type(character)
            case .keyDown(.backspace, _, _):
                kiosk.gate.deleteDigit()
            case .keyDown(.enter, _, _):
                kiosk.gate.submit(now: wallClock())
            case .text:
                break
            default:
                if ui != nil { appendFrameEvent(event) }
            }
            return true
        }
        guard !kiosk.gate.isUnlocked else { return false }

        switch event {
        case .keyDown(.character("l"), [.control], false):
            operatorRequest(.manage)
        case .keyDown(.character("n"), [.control], false):
            operatorRequest(.add)
        case .keyDown(.character("m"), _, _), .keyDown(.f11, _, _):
            break  // the library grid and sound are the operator's; the kiosk stays fullscreen
        case .keyDown(.escape, _, false) where screen == .main:
            operatorRequest(.quit)
        case .gamepadButton(_, let button, _):
            if chord {
                operatorRequest(.operatorMenu, byGamepad: true)
                return true
            }
            return button == .back || button == .start
        case .pointerDown(let x, let y, 1) where screen == .main && controller.layout.operatorCorner.contains(Point(x, y)):
            kiosk.beginHold(finger: nil, time: simulatedTime)
        case .fingerDown(let id, let x, let y) where screen == .main && controller.layout.operatorCorner.contains(Point(x, y)):
            kiosk.beginHold(finger: id, time: simulatedTime)
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

    /// Asks for something only the operator may do: done at once while unlocked,
    /// else after the PIN.
    func operatorRequest(_ action: OperatorAction, byGamepad: Bool = false) {
        guard let kiosk else { return }
        kiosk.cancelHold()
        if let granted = kiosk.gate.request(action, byGamepad: byGamepad) { performOperator(granted) }
    }

    /// Carries out what the PIN unlocked.
    func performOperator(_ action: OperatorAction) {
        switch action {
        case .quit: controller.requestQuit()
        case .operatorMenu: showScreen(.operatorMenu)
        case .manage: showScreen(.manage)
        case .add: openAddForm(returnTo: .operatorMenu)
        }
    }

    /// One fixed step of the kiosk's clocks: the corner hold, the lock's countdown, the
    /// cursor's timeout and the idle reset.
    func stepKiosk(_ kiosk: KioskMode, dt: Double) {
        if let progress = kiosk.holdProgress(time: simulatedTime), progress >= 1 {
            operatorRequest(.operatorMenu)
        }
        if kiosk.gate.pad != nil { kiosk.gate.expireLock(now: wallClock()) }
        kiosk.stepCursor(time: simulatedTime)
        if let deadline = kiosk.stillThereDeadline {
            guard simulatedTime >= deadline else { return }
            kiosk.stillThereDeadline = nil
            resetKiosk(kiosk)
            return
        }
        switch kiosk.idle.step(dt) {
        case .nothing: break
        case .reset:
            // An operator's half-filled form is not thrown away unasked: "Still there?"
            // counts down first, and a touch keeps the form.
            if editor?.hasChanges == true {
                kiosk.stillThereDeadline = simulatedTime + KioskMode.stillThereSeconds
            } else {
                resetKiosk(kiosk)
            }
        case .advanceAttract: advanceAttract(kiosk)
        }
    }

    /// Back to the punch screen and the default target, every dialog closed, locked.
    func resetKiosk(_ kiosk: KioskMode) {
        kiosk.gate.lock()
        kiosk.cancelHold()
        // A form left by the reset is kept as a draft; the operator's Add brings it back.
        keepDraft()
        closeAllScreens()
        selectDefaultTarget(kiosk)
        // A save still running will select what it added; the default must win.
        kiosk.reselectDefaultAfterSave = library.isBusy
        ui?.setFocus(nil)
        kiosk.countReset()
    }

    private func selectDefaultTarget(_ kiosk: KioskMode) {
        if let defaultID = kiosk.defaultTargetID(in: library.targets) { library.select(defaultID) }
    }

    /// A background save changed the library.
    func kioskLibraryChanged(_ kiosk: KioskMode) {
        guard kiosk.reselectDefaultAfterSave, !library.isBusy else { return }
        kiosk.reselectDefaultAfterSave = false
        selectDefaultTarget(kiosk)
    }

    /// The kiosk's one rule about screens: locked means the punch screen (with the PIN
    /// pad perhaps), and the punch screen means locked. Whatever led elsewhere (a save
    /// finishing, a stray action), it is put right before the frame is drawn.
    func enforceKioskLock() {
        guard let kiosk else { return }
        if screen == .main {
            if kiosk.gate.isUnlocked { kiosk.gate.lock() }
        } else if !kiosk.gate.isUnlocked {
            closeAllScreens()
        }
    }

    /// The attract loop shows the next favorite (without saving the choice).
    func advanceAttract(_ kiosk: KioskMode) {
        let order = KioskMode.attractOrder(favorites: library.favorites.map(\.id),
                                           defaultID: kiosk.defaultTargetID(in: library.targets))
        guard order.count > 1 else { return }
        let index = library.selectedID.flatMap { order.firstIndex(of: $0) } ?? -1
        library.show(order[(index + 1) % order.count])
        controller.introduceTarget()
        kiosk.countAttractStep()
    }

    /// A gentle breathing of the picture while the attract loop runs (none with
    /// reduced motion): a slow stretch of a few percent.
    func attractBreath(time: Double) -> Float {
        guard let kiosk, kiosk.idle.isAttracting, !controller.configuration.reduceMotion else { return 0 }
        return -0.025 * Float(0.5 - 0.5 * cos(time * 2 * Double.pi / 2.4))
    }

    // MARK: Operator menu

    func operatorMenu(_ kiosk: KioskMode, ui: UIContext, screens: LibraryScreens) -> KioskScreens.MenuAction {
        let defaultID = kiosk.defaultTargetID(in: library.targets)
        let defaultName = defaultID.flatMap { id in library.targets.first { $0.id == id }?.name }
        return KioskScreens(ui: ui, layout: controller.layout).operatorMenu(
            preferences: kiosk.preferences, defaultName: defaultName, selectedName: library.selected?.name,
            muted: controller.isMuted, soundDevice: soundDeviceAvailable, margin: screens.margin,
            header: { title, back, width in screens.pageHeader(title: title, back: back, backWidth: width) })
    }

    func performMenu(_ action: KioskScreens.MenuAction, kiosk: KioskMode, ui: UIContext) {
        switch action {
        case .none: break
        case .manage: showScreen(.manage)
        case .add: openAddForm(returnTo: .operatorMenu)
        case .allTargets: showScreen(.allTargets)
        case .makeDefault:
            guard let selected = library.selected else { return }
            kiosk.preferences.defaultTargetID = selected.id
            library.saveSettings(kiosk.preferences.settings)
            ui.showToast("The kiosk returns to “\(selected.name)” when idle.", duration: 3)
        case .cycleIdle:
            kiosk.preferences.idleSeconds = kiosk.preferences.nextIdleChoice()
            kiosk.idle.limit = Double(kiosk.preferences.idleSeconds)
            library.saveSettings(kiosk.preferences.settings)
        case .toggleSound:
            controller.setMuted(!controller.isMuted)
            kiosk.preferences.muted = controller.isMuted
            library.saveSettings(kiosk.preferences.settings)
        case .quit: controller.requestQuit()
        case .lock: showScreen(.main)
        }
    }

    /// "Still there?" over the operator's form while its countdown runs.
    func buildStillThere(_ kiosk: KioskMode, ui: UIContext) {
        guard let deadline = kiosk.stillThereDeadline else { return }
        let seconds = Int(max(0, deadline - simulatedTime).rounded(.up))
        KioskScreens(ui: ui, layout: controller.layout).stillThere(secondsLeft: seconds)
    }

    // MARK: Reports

    /// True while only the attract loop moves (no punch, no dialog): its slow breathing
    /// looks the same at half the frame rate, and a kiosk idles most of the day.
    public var isOnlyAttracting: Bool {
        guard let kiosk, kiosk.idle.isAttracting, kiosk.gate.pad == nil, screen == .main else { return false }
        return !controller.isAnimating
    }

    /// Whether the mouse cursor should show: always on the desktop; in a kiosk only
    /// while a mouse is being used.
    public var wantsCursor: Bool { kiosk?.cursorVisible ?? true }

    /// A line about the kiosk for the headless summary (nil on the desktop).
    public var kioskSummary: String? {
        guard let kiosk else { return nil }
        return "kiosk: \(kiosk.gate.isUnlocked ? "unlocked" : "locked"), \(kiosk.idleResets) idle resets, "
            + "\(kiosk.attractSteps) attract steps, screen \(screen)\(kiosk.gate.pad != nil ? ", PIN pad open" : "")"
    }
}
