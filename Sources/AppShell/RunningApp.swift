import Accessibility
import AppModel
import Foundation
import ImmediateUI
import Input
import Kiosk
import LaunchOptions
import LibraryUI
import Localization
import Locking
import PictureCodecs
import Platform
import PolicySeam
import Raster
import StressCore
import StressPunchApp
import TargetStore
import TextServices

/// The platform objects of a running app and the frame they draw into.
public final class RunningApp {
    public let window: SDLWindow
    public let input = SDLInput()
    public let audio: SDLAudio
    public let session: AppSession
    /// The window's memory the frames are drawn into, and drawing and presenting them.
    let drawing: WindowCanvas
    public var canvas: Canvas { drawing.canvas }
    private var events: [TimedInputEvent] = []
    var quitRequested = false
    /// How soon the session wants its next frame (seconds; 0: the display's next).
    public private(set) var nextWakeUp: Double = 0
    /// Writes every translated input as a headless script (`--record FILE`).
    var inputRecorder: InputRecorder?
    /// The session's random seed, which a recording writes down.
    public let randomSeed: UInt64
    private var cursorShown: Bool?
    private var shownTitle: String?
    /// The interactive desktop window: reopened where and as large as it was left.
    private let remembersWindow: Bool
    /// A kiosk's real window: brought back in front whenever a window manager
    /// minimizes or hides it or takes its focus away.
    private let keepsWindowForward: Bool
    /// Frames drawn and presented so far.
    public var framesPresented: Int { drawing.framesPresented }
    /// Called on the main thread right after each frame is presented (the bench's
    /// latency rows read the clock there).
    public var presented: (() -> Void)? {
        get { drawing.presented }
        set { drawing.presented = newValue }
    }
    /// systemd's notifications (READY, WATCHDOG, STOPPING) when run as a notify service.
    public let service = ServiceNotifier()
    /// Notices from other threads (the lock watch's), shown next frame.
    let outsideNotices = Locked<[FrameInput.Notice]>([])
    /// The screen-reader bridge (a window with a session bus only): it exports the UI's
    /// widgets once the desktop asks for accessibility, and nothing before.
    let accessibility: AccessibilityBridge?
    /// The user's sounds for the tools (`<data-dir>/sounds/TOOL/`).
    let userSounds: UserSounds
    /// The sounds played since launch, by name, in the order first played (the
    /// headless summary prints them, so a test can tell which tool's sound played).
    public private(set) var soundsPlayed: [(name: String, count: Int)] = []

    /// `headless`: no fullscreen, pictures decoded synchronously, a fixed random seed.
    /// `lockstepAudio` (default: as `headless`) ties sound to the simulated clock.
    public init(options: AppOptions, headless: Bool, lockstepAudio: Bool? = nil) throws {
        // The orphan sweep lists every picture and thumbnail: a window runs it in the
        // background once its first frame is up; a headless run, whose every step is
        // in order, at open.
        let store = try TargetStore(dataDirectory: options.dataDirectory, deferringSweep: !headless, readingWhenUnwritable: true)
        let sweepAfterFirstFrame = headless ? nil : store
        if !store.repairs.isEmpty {
            // TRANSLATORS: on the terminal; %s lists what was repaired, separated by semicolons.
            let repaired = tr("repaired the library: %s", store.repairs.joined(separator: "; "))
            FileHandle.standardError.write(Data("stresspunch: \(repaired)\n".utf8))
        }
        // The user's settings, with this run's flags on top (never written back).
        var settings = UserSettings { key in (try? store.setting(key)) ?? nil }
        if options.mute { settings.sound = false }
        if options.reduceMotion { settings.reduceMotion = true }
        if options.fullscreen { settings.fullscreen = true }
        // The language setting over the environment's, before anything is drawn or said.
        if let note = Localization.use(setting: settings.language) {
            FileHandle.standardError.write(Data("stresspunch: \(note)\n".utf8))
        }
        // The desktop window opens as it was left, unless the command line says otherwise.
        remembersWindow = !headless && !options.kiosk
        keepsWindowForward = !headless && options.kiosk
        let remembered = remembersWindow ? WindowMemory { key in (try? store.setting(key)) ?? nil } : nil
        let size = options.size ?? remembered.map { WindowSize(width: $0.width, height: $0.height) } ?? WindowSize(width: 1280, height: 720)
        let position = options.size == nil && options.display == nil ? remembered.map { (x: $0.x, y: $0.y) } : nil
        window = try SDLWindow(
            title: "StressPunch", width: size.width, height: size.height,
            fullscreen: !headless && (settings.fullscreen || options.kiosk), kiosk: options.kiosk, display: options.display,
            position: position, rememberedDisplay: remembered?.display,
            // Headless, the size is --size or 1280x720 as said: SDL's offscreen display
            // (1024x768) and the desktop's scale are no screen of its own to fit.
            scalesWithDesktop: !headless && options.size == nil && remembered == nil, fitsDisplay: !headless && options.size == nil)
        if let icon = BuiltinAssets.windowIcon() { window.setIcon(icon) }
        audio = SDLAudio(lockstepHeadless: lockstepAudio ?? headless)
        if !headless {
            // Said once at start: what is missing, and that the app carries on without it.
            // No gamepad is nothing missing (most desktops have none, and one plugged in
            // later just works), so a normal launch says nothing on stderr.
            if let reason = audio.unavailableReason {
                FileHandle.standardError.write(Data("stresspunch: \(DiagnosticText.oneLine(reason))\n".utf8))
            }
        }
        for name in SoundNames.all {
            if let url = BuiltinAssets.soundURL(named: name) { audio.load(name, from: url) }
        }
        audio.isMuted = !settings.sound
        // The user's own tool sounds are checked off the frame (before it, headless).
        userSounds = UserSounds(dataDirectory: options.dataDirectory, tools: PunchTool.allCases.map(\.rawValue))
        if audio.isAvailable { userSounds.start(synchronous: headless) }

        let drawable = window.drawableSize
        drawing = WindowCanvas(window: window, input: input)
        drawing.sweepAfterFirstFrame = sweepAfterFirstFrame
        randomSeed = options.randomSeed ?? (headless ? 0x5EED : UInt64.random(in: 0...UInt64.max))
        let configuration = AppConfiguration(
            kiosk: options.kiosk, randomSeed: randomSeed, settings: settings,
            desktopPrefersHighContrast: !headless && DesktopPreferences.prefersHighContrast)
        let glyphs = Self.loadFonts(headless: headless)
        if options.kiosk && glyphs == nil {
            // Without text there is no PIN pad to see, so nobody could unlock the kiosk.
            // TRANSLATORS: fonts-dejavu-core is the name of a package; keep it as it is.
            throw RunError(tr("kiosk mode needs a font to show its PIN pad; install fonts-dejavu-core and start again"))
        }
        let policy: any SessionPolicy = options.kiosk
            ? KioskPolicy(store: store, pictureRoot: options.kioskPictures ?? PicturePicker.picturesFolder(), synchronous: headless)
            : DesktopPolicy()
        let burst = BuiltinAssets.burstImage()
        session = try AppSession(
            store: store, codec: SDLPictureCodec(), builtinPictureURL: BuiltinAssets.pictureURL(named:),
            burst: burst, toolArt: BuiltinAssets.toolArt(burst: burst), glyphs: glyphs,
            clipboard: headless ? InMemoryClipboard() : SystemClipboard(), configuration: configuration,
            width: drawable.width, height: drawable.height, synchronousPictures: headless, policy: policy)
        if store.isReadOnly {
            let notice = store.readOnlyReason ?? tr("This library is on a read-only disk: you can punch, but changes cannot be saved.")
            FileHandle.standardError.write(Data("stresspunch: \(notice)\n".utf8))
            notices.append(FrameInput.Notice(notice, isError: true, duration: 8))
        }
        if !store.repairs.isEmpty {
            // TRANSLATORS: %s lists what was repaired, separated by semicolons.
            notices.append(FrameInput.Notice(tr("The library was repaired: %s.", store.repairs.joined(separator: "; ")), duration: 6))
        }
        accessibility = headless ? nil : AccessibilityBridge.start(appName: "StressPunch", wake: { SDLInput.wakeLoop() })
        // The PIN lockout and the punches' times read the wall clock; a script runs on simulated time.
        simulatedClockStart = headless ? Date() : nil
        input.updateGeometry(pixelScale: window.pixelScale, drawableSize: drawable)
        events.reserveCapacity(64)
        installUserSounds()
    }

    /// Reads input, hands it to the session with the frame's time, carries out what
    /// the session asked, draws and presents. Returns false when the app should stop.
    ///
    /// The canvas is taken from the window only after everything that can change the
    /// window this frame (events, fullscreen and resize requests) has run, and nothing
    /// calls into SDL between taking it and presenting: a window surface SDL replaced
    /// is never drawn into (F11 used to crash a band thread exactly so). When taking it
    /// shows a new size, the session lays the frame out again for it before drawing.
    /// `fed`: input handed to the session as it is, after what SDL has (a recording's
    /// replay: the events the recorded session saw, with their times).
    public func frame(frameTime: Double, time: Double, fed: [TimedInputEvent] = []) -> Bool {
        drawing.frameClock = time
        installUserSounds()
        events.removeAll(keepingCapacity: true)
        input.poll(into: &events, now: time)
        events.append(contentsOf: fed)
        // A quit signal that came before SDL's events existed is only a flag.
        if QuitSignals.received { quitRequested = true }
        var bringsForward = false
        for timed in events {
            switch timed.event {
            case .windowMinimized, .focusChanged(focused: false):
                bringsForward = keepsWindowForward
            case .quitRequested:
                // A signal or the session ending: even a kiosk stops (saving first).
                quitRequested = true
            case .audioDeviceLost:
                audio.deviceLost()
            case .audioDeviceAdded:
                audio.reopenIfLost(simulatedTime: simulatedTime)
            default:
                break
            }
        }
        if bringsForward { window.bringForward() }
        if input.windowNeedsWholeFrame {
            // SDL makes the window surface anew on a resize or a restore, and its new
            // memory can sit at the old address with nothing in it: comparing pointers
            // cannot tell (a restored fullscreen kiosk under openbox showed black), so
            // after any such event the frame is drawn whole, not only shown whole.
            drawing.needsWholeFrame = true
            canvasReplaced = true
        }
        // Someone is there: a device closed at rest opens before their punch lands.
        if let accessibility {
            // What a screen reader asked since the last frame reaches the UI as input.
            for request in accessibility.takeRequests() { events.append(TimedInputEvent(.accessibilityRequest(request), at: time)) }
            let refused = accessibility.takeRefused()
            if refused > 0 {
                // TRANSLATORS: a screen reader's client pressed faster than presses can land (one a frame); %d were not made.
                notices.append(FrameInput.Notice(trn("%d press came faster than it could be made and was not made",
                                                     "%d presses came faster than they could be made and were not made", refused),
                                                 isError: true, duration: 6))
            }
        }
        notices += outsideNotices.withLock { taken in
            defer { taken.removeAll() }
            return taken
        }
        if events.contains(where: \.event.isUserInput) { audio.wake() }
        audio.retryIfLost(now: simulatedTime)
        let draws = !window.isMinimized
        let size = window.drawableSize
        var output = session.frame(frameInput(FrameInput(
            timedEvents: events, elapsed: frameTime, time: time, width: size.width, height: size.height, density: window.density,
            soundDeviceAvailable: audio.isAvailable, draws: draws)))
        // Recorded once the session has seen them: a key that opened the PIN pad and
        // digits behind it in the same frame are hidden too.
        inputRecorder?.record(events, secret: output.secretInput)
        // After its events: a replay gives this frame exactly what came before the line.
        inputRecorder?.recordFrame(time: time, elapsed: frameTime)
        output.requests.forEach(perform)
        // Before the canvas is taken (see above): the first frame shows with its title and cursor.
        applyCursor(output.cursorVisible)
        updateWindowTitle(output.title)
        if draws && drawing.takeFromWindow() {
            if canvas.width != size.width || canvas.height != size.height {
                // Fullscreen or a resize gave another size: laid out again, drawn whole.
                canvasReplaced = true
                output = session.frame(frameInput(FrameInput(
                    events: [], elapsed: 0, time: time, width: canvas.width, height: canvas.height,
                    density: window.density, soundDeviceAvailable: audio.isAvailable)))
                output.requests.forEach(perform)
            }
            if let scene = output.scene {
                drawing.draw(scene, damage: output.damage)
                lastFrameDrawn = true
            }
            // After presenting: text input may touch the window, and the canvas is done with.
            updateTextInput(output)
        }
        applyCursor(output.cursorVisible)
        updateWindowTitle(output.title)
        publishAccessibleTree(output)
        nextWakeUp = output.nextWakeUp
        if let settle = drawing.settleDue { nextWakeUp = min(nextWakeUp, max(0.001, settle - time)) }
        // Nothing has played for a while: close the stream so the sound server can
        // suspend its sink, and wake once more when that is due.
        audio.restIfIdle()
        if let rest = audio.secondsUntilRest { nextWakeUp = min(nextWakeUp, rest) }
        return !quitRequested
    }

    /// Shows or hides the mouse cursor as the session wants (hidden in a kiosk until a
    /// mouse is used), telling SDL only when it changes.
    private func applyCursor(_ wanted: Bool) {
        guard wanted != cursorShown else { return }
        cursorShown = wanted
        window.setCursorVisible(wanted)
    }

    /// Text input (and an on-screen keyboard, where there is one) is on only while a
    /// text field has focus; the IME's window is placed at the field.
    private func updateTextInput(_ output: FrameOutput) {
        let scale = window.pixelScale
        let rect = output.textInputArea.map { field in
            (x: Int(field.minX / scale.x), y: Int(field.minY / scale.y),
             width: Int(field.width / scale.x), height: Int(field.height / scale.y))
        }
        SDLTextServices.setTextInput(active: output.textInput, rect: rect)
    }

    /// How often the window's memory changed under the app (tests read it).
    public var canvasChanges: Int { drawing.canvasChanges }
    /// Every frame drawn whole, as before damage tracking (the bench's anchor).
    public var fullRedraws: Bool {
        get { drawing.fullRedraws }
        set { drawing.fullRedraws = newValue }
    }
    /// Draws each frame whole a second time into a canvas of its own and compares
    /// (`--check-damage`); nil when off.
    public var damageCheck: DamageCheck? {
        get { drawing.damageCheck }
        set { drawing.damageCheck = newValue }
    }
    /// Frames drawn whole, drawn in part, not drawn (nothing changed), presented, and
    /// the pixels drawn in all, since the start.
    public var frameCounts: FrameCounts { drawing.frameCounts }

    /// The title names the selected target, and follows the selection.
    private func updateWindowTitle(_ title: String) {
        guard title != shownTitle else { return }
        shownTitle = title
        window.setTitle(title)
    }

    /// Takes the user's sounds once they are checked, and says what was wrong with
    /// any file (each on stderr, the first in a toast).
    private func installUserSounds() {
        guard let problems = userSounds.install(into: audio), let first = problems.first else { return }
        for problem in problems {
            FileHandle.standardError.write(Data("stresspunch: \(DiagnosticText.oneLine(problem))\n".utf8))
        }
        // TRANSLATORS: %s says which sound file was refused and why.
        let message = problems.count == 1 ? tr("A sound was not used: %s", first)
            // TRANSLATORS: %2$s says which sound file was refused and why; %1$d more were refused too.
            : trn("A sound was not used: %2$s (and %1$d more; see the terminal)", "A sound was not used: %2$s (and %1$d more; see the terminal)",
                  problems.count - 1, first)
        notices.append(FrameInput.Notice(message, isError: true, duration: 8))
    }

    private func perform(_ request: AppRequest) {
        switch request {
        case .playSound(let cue, let volume, let pitch):
            // A tool with sounds of the user's own plays those instead.
            let played = cue.tool.map { userSounds.substitute(cue.builtinName, tool: $0.rawValue) } ?? cue.builtinName
            audio.play(played, volume: volume, pitch: pitch, simulatedTime: simulatedTime)
            if audio.isAvailable && !audio.isMuted {
                if let index = soundsPlayed.firstIndex(where: { $0.name == played }) {
                    soundsPlayed[index].count += 1
                } else {
                    soundsPlayed.append((played, 1))
                }
            }
        case .rumble(let gamepad, let strength, let milliseconds):
            input.rumble(gamepad: gamepad, strength: strength, milliseconds: milliseconds)
        case .toggleFullscreen:
            window.toggleFullscreen()
        case .setMuted(let muted):
            audio.isMuted = muted
        case .quit:
            quitRequested = true
        }
    }

    /// The simulated time of the frame being handled (headless lockstep audio).
    public var simulatedTime: Double = 0
    /// A headless run's wall clock starts here and runs on `simulatedTime` (nil: the real one).
    private let simulatedClockStart: Date?
    /// What the next frame's input says besides its events (see `frameInput`).
    private var lastFrameDrawn = false
    private var canvasReplaced = false
    private var notices: [FrameInput.Notice] = []

    /// Hands the frame's widgets to the screen-reader bridge while one listens (the
    /// bridge sends nothing when they did not change).
    private func publishAccessibleTree(_ output: FrameOutput) {
        guard let accessibility, accessibility.isListening, let nodes = output.accessibleNodes else { return }
        let position = window.screenPosition, size = window.logicalSize
        accessibility.pixelsPerPoint = max(0.01, window.pixelScale.x)
        accessibility.publish(nodes, window: AccessibleWindow(
            name: output.title, x: position.x, y: position.y, width: size.width, height: size.height, isActive: window.hasInputFocus))
    }

    /// `input` with what the shell says besides the events (each thing once): the last
    /// frame drawn, a canvas replaced, notices, the wall clock, a screen reader listening.
    private func frameInput(_ input: FrameInput) -> FrameInput {
        var input = input
        input.lastFrameDrawn = lastFrameDrawn
        input.canvasReplaced = canvasReplaced
        input.notices = notices
        input.wallClock = simulatedClockStart.map { $0.addingTimeInterval(simulatedTime) }
        input.screenReaderListens = accessibility?.isListening ?? false
        lastFrameDrawn = false
        canvasReplaced = false
        notices.removeAll()
        return input
    }

    /// Saves what is left and closes the audio. Returns why punches could not be
    /// saved (the caller exits 1 with it), or nil.
    @discardableResult
    public func shutdown() -> String? {
        service.stopping()
        var placement: [StoredSetting: String] = [:]
        if remembersWindow {
            let windowed = window.windowedPlacement
            placement = WindowMemory(x: windowed.x, y: windowed.y, width: windowed.width, height: windowed.height,
                                     display: windowed.display).stored
        }
        let problem = session.shutdown(saving: placement)
        accessibility?.stop()
        audio.close()
        return problem
    }
}

/// The desktop's clipboard for the UI's text fields (copy, cut, paste).
final class SystemClipboard: Clipboard {
    var text: String? {
        get { SDLTextServices.clipboardText }
        set { SDLTextServices.clipboardText = newValue }
    }
}
