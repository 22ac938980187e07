import Foundation
import ImmediateUI
import Input
import Platform
import Raster
import StressCore
import StressPunchApp
import TargetStore

/// The platform objects of a running app and the frame they draw into.
public final class RunningApp {
    public let window: SDLWindow
    public let input = SDLInput()
    public let audio: SDLAudio
    public let session: AppSession
    public private(set) var canvas: Canvas
    private(set) var executor: BandExecutor
    private var events: [InputEvent] = []
    /// True when the canvas is the window surface itself (no copy per frame).
    private var drawsDirectly: Bool
    private var timestep = FixedTimestepClock()
    var quitRequested = false
    private var cursorShown: Bool?
    private var shownTitle: String?

    /// `headless`: no fullscreen, pictures decoded synchronously, a fixed random seed.
    /// `lockstepAudio` (default: as `headless`) ties sound to the simulated clock.
    public init(options: AppOptions, headless: Bool, lockstepAudio: Bool? = nil) throws {
        let store = try TargetStore(dataDirectory: options.dataDirectory)
        if !store.repairs.isEmpty {
            FileHandle.standardError.write(Data("stresspunch: repaired the library: \(store.repairs.joined(separator: "; "))\n".utf8))
        }
        let size = options.size ?? WindowSize(width: 1280, height: 720)
        window = try SDLWindow(
            title: "StressPunch", width: size.width, height: size.height,
            fullscreen: !headless && (options.fullscreen || options.kiosk), kiosk: options.kiosk, display: options.display)
        audio = SDLAudio(lockstepHeadless: lockstepAudio ?? headless)
        if !headless {
            // Said once at start: what is missing, and that the app carries on without it.
            if let reason = audio.unavailableReason {
                FileHandle.standardError.write(Data("stresspunch: \(DiagnosticText.oneLine(reason))\n".utf8))
            }
            if SDLInput.attachedGamepadCount == 0 {
                FileHandle.standardError.write(Data("stresspunch: no gamepad connected; plug one in any time to aim and punch with it\n".utf8))
            }
        }
        for name in BuiltinAssets.soundNames {
            if let url = BuiltinAssets.soundURL(named: name) { audio.load(name, from: url) }
        }
        audio.isMuted = options.mute

        let drawable = window.drawableSize
        (canvas, drawsDirectly) = Self.makeCanvas(for: window)
        executor = BandExecutor(canvas: canvas)
        let configuration = AppConfiguration(
            muted: options.mute, reduceMotion: options.reduceMotion, kiosk: options.kiosk,
            randomSeed: headless ? 0x5EED : UInt64.random(in: 0...UInt64.max))
        let glyphs = Self.loadFonts(headless: headless)
        if options.kiosk && glyphs == nil {
            // Without text there is no PIN pad to see, so nobody could unlock the kiosk.
            throw RunError("kiosk mode needs a font to show its PIN pad; install fonts-dejavu-core and start again")
        }
        session = try AppSession(
            store: store, codec: SDLPictureCodec(), builtinPictureURL: BuiltinAssets.pictureURL(named:),
            burst: BuiltinAssets.burstImage(), glyphs: glyphs,
            clipboard: headless ? InMemoryClipboard() : SystemClipboard(), configuration: configuration,
            width: drawable.width, height: drawable.height, synchronousPictures: headless,
            kioskPictureRoot: options.kioskPictures)
        if store.isReadOnly {
            let notice = "This library is on a read-only disk: you can punch, but changes cannot be saved."
            FileHandle.standardError.write(Data("stresspunch: \(notice)\n".utf8))
            session.ui?.showToast(notice, kind: .error, duration: 8)
        }
        if !store.repairs.isEmpty {
            session.ui?.showToast("The library was repaired: " + store.repairs.joined(separator: "; ") + ".", duration: 6)
        }
        if headless {
            // The PIN lockout reads the wall clock; a script runs on simulated time.
            let start = Date()
            session.wallClock = { [unowned self] in start.addingTimeInterval(self.simulatedTime) }
        }
        input.updateGeometry(pixelScale: window.pixelScale, drawableSize: drawable)
        events.reserveCapacity(64)
        updateWindowTitle()
        applyCursor()
    }

    /// The system's fonts, or nil (said once on stderr) so the app runs without text.
    static func loadFonts(headless: Bool) -> SDLGlyphSource? {
        do {
            let source = try SDLGlyphSource()
            if !headless {
                for advice in source.files.missingFontAdvice {
                    FileHandle.standardError.write(Data("stresspunch: \(DiagnosticText.oneLine(advice))\n".utf8))
                }
            }
            return source
        } catch {
            FileHandle.standardError.write(Data("stresspunch: \(error); text will not be shown\n".utf8))
            return nil
        }
    }

    /// Reads input, runs the fixed steps for `frameTime` seconds, draws and presents.
    /// Returns false when the app should stop.
    ///
    /// The canvas is taken from the window only after everything that can change the
    /// window this frame (events, fullscreen and resize requests) has run, and nothing
    /// calls into SDL between taking it and presenting: a window surface SDL replaced
    /// is never drawn into (F11 used to crash a band thread exactly so).
    public func frame(frameTime: Double, time: Double) -> Bool {
        events.removeAll(keepingCapacity: true)
        input.poll(into: &events)
        for event in events {
            switch event {
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
            session.handle(event)
        }
        let steps = timestep.advance(by: frameTime)
        for _ in 0..<steps { session.step(Float(timestep.step)) }
        session.drainRequests(perform)
        applyCursor()
        audio.retryIfLost(now: simulatedTime)
        session.soundDeviceAvailable = audio.isAvailable
        updateWindowTitle()

        if window.isMinimized { return !quitRequested }
        guard takeCanvasFromWindow() else { return !quitRequested }
        session.prepareFrame(interpolation: Float(timestep.interpolation), time: time)
        executor.render(session.renderer)
        if drawsDirectly {
            window.presentDirect()
        } else {
            window.present(canvas)
        }
        // After presenting: text input may touch the window, and the canvas is done with.
        updateTextInput()
        return !quitRequested
    }
    /// Shows or hides the mouse cursor as the session wants (hidden in a kiosk until a
    /// mouse is used), telling SDL only when it changes.
    private func applyCursor() {
        let wanted = session.wantsCursor
        guard wanted != cursorShown else { return }
        cursorShown = wanted
        window.setCursorVisible(wanted)
    }

    /// Text input (and an on-screen keyboard, where there is one) is on only while a
    /// text field has focus; the IME's window is placed at the field.
    private func updateTextInput() {
        guard let ui = session.ui else { return }
        let scale = window.pixelScale
        let rect = ui.textInputRect.map { field in
            (x: Int(field.minX / scale.x), y: Int(field.minY / scale.y),
             width: Int(field.width / scale.x), height: Int(field.height / scale.y))
        }
        SDLTextServices.setTextInput(active: ui.wantsTextInput, rect: rect)
    }

    /// A canvas over the window surface when its format allows, else one of our own
    /// that is copied to the window each frame.
    private static func makeCanvas(for window: SDLWindow) -> (Canvas, Bool) {
        if let surface = window.directFramebuffer() {
            return (Canvas(wrapping: surface.pixels, width: surface.width, height: surface.height, stride: surface.stride), true)
        }
        let drawable = window.drawableSize
        return (Canvas(width: drawable.width, height: drawable.height), false)
    }

    /// Makes `canvas` the memory the window shows right now, following any change
    /// since the last frame: fullscreen on or off, a resize, another display, a
    /// restore, a DPI change, or SDL simply replacing its surface at the same size.
    /// The layout follows the real drawable size. False when there is nothing to draw
    /// into (a zero-sized window).
    func takeCanvasFromWindow() -> Bool {
        let drawable = window.drawableSize
        guard drawable.width > 0, drawable.height > 0 else { return false }
        let surface = window.directFramebuffer()
        let unchanged: Bool
        if drawsDirectly, let surface {
            unchanged = surface.pixels == canvas.pixels && surface.width == canvas.width
                && surface.height == canvas.height && surface.stride == canvas.stride
        } else {
            // Our own canvas: the same size, and still no window surface to draw into.
            unchanged = !drawsDirectly && surface == nil && drawable.width == canvas.width && drawable.height == canvas.height
        }
        if !unchanged {
            (canvas, drawsDirectly) = Self.makeCanvas(for: window)
            executor = BandExecutor(canvas: canvas)
            canvasChanges += 1
        }
        session.resize(width: canvas.width, height: canvas.height)
        input.updateGeometry(pixelScale: window.pixelScale, drawableSize: (canvas.width, canvas.height))
        return true
    }

    /// How often the window's memory changed under the app (tests read it).
    public private(set) var canvasChanges = 0

    /// The title names the selected target, and follows the selection.
    private func updateWindowTitle() {
        let title = "StressPunch" + (session.library.selected.map { " — \($0.name)" } ?? "")
        guard title != shownTitle else { return }
        shownTitle = title
        window.setTitle(title)
    }

    private func perform(_ request: AppRequest) {
        switch request {
        case .playSound(let name, let volume, let pitch):
            audio.play(name, volume: volume, pitch: pitch, simulatedTime: simulatedTime)
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

    var wantsContinuousFrames: Bool { session.wantsContinuousFrames }

    /// Saves what is left and closes the audio. Returns why punches could not be
    /// saved (the caller exits 1 with it), or nil.
    @discardableResult
    public func shutdown() -> String? {
        let problem = session.shutdown()
        audio.close()
        return problem
    }
}

/// A fixed-step clock with the app's step rate.
struct FixedTimestepClock {
    private var clock = FixedTimestep(stepsPerSecond: 120)
    var step: Double { clock.step }
    var interpolation: Double { clock.interpolation }
    mutating func advance(by seconds: Double) -> Int { clock.advance(by: seconds) }
}

/// The interactive app: a window, real time, paced to the display's refresh rate
/// (frames are presented through the window surface, which has no vsync of its own).
public struct AppRunner {
    let options: AppOptions

    public init(options: AppOptions) {
        self.options = options
    }

    public func run() throws {
        let app = try RunningApp(options: options, headless: false)
        var frameBudget = 1.0 / Double(app.window.refreshRate)
        var last = DispatchTime.now().uptimeNanoseconds
        let start = last
        var running = true
        while running {
            let now = DispatchTime.now().uptimeNanoseconds
            let elapsed = Double(now - last) / 1e9
            last = now
            running = app.frame(frameTime: elapsed, time: Double(now - start) / 1e9)
            if app.window.isMinimized {
                // Nothing is drawn while minimized; wake for input or every quarter second.
                SDLInput.waitForEvent(milliseconds: 250)
                frameBudget = 1.0 / Double(app.window.refreshRate)
            } else if !app.wantsContinuousFrames {
                // Nothing moving: sleep until input arrives (or a slow tick for clocks).
                SDLInput.waitForEvent(milliseconds: 100)
            } else {
                // An idle kiosk's attract loop is drawn at 30 frames a second at most.
                let budget = app.session.isOnlyAttracting ? max(frameBudget, 1.0 / 30) : frameBudget
                let spent = Double(DispatchTime.now().uptimeNanoseconds - now) / 1e9
                if spent < budget { usleep(UInt32((budget - spent) * 1e6)) }
            }
        }
        // Quitting with punches that could not be saved is not a clean exit.
        if let problem = app.shutdown() { throw RunError(problem) }
    }
}

/// The desktop's clipboard for the UI's text fields (copy, cut, paste).
final class SystemClipboard: Clipboard {
    var text: String? {
        get { SDLTextServices.clipboardText }
        set { SDLTextServices.clipboardText = newValue }
    }
}
