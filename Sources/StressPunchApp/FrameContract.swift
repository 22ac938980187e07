import AppModel
import Foundation
import ImmediateUI
import Input
import PunchScene
import Raster

/// What the shell gives the session each frame.
public struct FrameInput {
    /// This frame's input, in order, each event with when it happened (on `time`'s clock).
    public var events: [TimedInputEvent]
    /// Seconds since the last frame: the session runs its fixed steps from it.
    public var elapsed: Double
    /// The frame clock (seconds since start), for what animates on frames.
    public var time: Double
    /// The drawable's size in pixels; the layout follows it.
    public var width: Int
    public var height: Int
    /// Pixels per 96-dpi pixel of the desktop (2 on a HiDPI screen): the layout's
    /// smallest scale follows it, so a small window there is not drawn tiny.
    public var density: Float
    /// Whether a sound device is open.
    public var soundDeviceAvailable: Bool
    /// False when nothing will be drawn (a minimized window): input and steps only.
    public var draws: Bool
    /// The frame this session last returned is on the canvas (drawn inside its damage,
    /// or whole): this frame's damage counts from it.
    public var lastFrameDrawn = false
    /// The canvas no longer shows any frame drawn before (a new window surface, a
    /// restore): this frame's damage is the whole canvas.
    public var canvasReplaced = false
    /// What the shell has to tell the user (a read-only library, a refused sound file,
    /// a screen reader's presses that came too fast), shown as toasts before the frame.
    public var notices: [Notice] = []
    /// The wall clock now (a headless run's is simulated); nil: the session's own.
    public var wallClock: Date?
    /// Whether a screen reader listens: the UI then builds its accessible tree.
    public var screenReaderListens = false

    /// Something the shell has to tell the user, as a toast.
    public struct Notice: Sendable, Equatable {
        public var text: String
        public var isError: Bool
        public var duration: Double

        public init(_ text: String, isError: Bool = false, duration: Double) {
            self.text = text
            self.isError = isError
            self.duration = duration
        }
    }

    /// A frame whose events all happened at its `time`.
    public init(events: [InputEvent], elapsed: Double, time: Double, width: Int, height: Int, density: Float = 1,
                soundDeviceAvailable: Bool = true, draws: Bool = true) {
        self.init(timedEvents: events.map { TimedInputEvent($0, at: time) }, elapsed: elapsed, time: time, width: width,
                  height: height, density: density, soundDeviceAvailable: soundDeviceAvailable, draws: draws)
    }

    public init(timedEvents: [TimedInputEvent], elapsed: Double, time: Double, width: Int, height: Int, density: Float = 1,
                soundDeviceAvailable: Bool = true, draws: Bool = true) {
        self.events = timedEvents
        self.elapsed = elapsed
        self.time = time
        self.width = width
        self.height = height
        self.density = density
        self.soundDeviceAvailable = soundDeviceAvailable
        self.draws = draws
    }
}

/// What the session gives back each frame.
public struct FrameOutput {
    /// What to draw, prepared for the input's size: run it over the canvas in bands.
    /// Nil when the frame is not drawn.
    public var scene: MainSceneRenderer?
    /// For the platform, in order: sounds, rumble, fullscreen, mute, quit.
    public var requests: [AppRequest]
    public var cursorVisible: Bool
    /// The window title: the app and the selected target.
    public var title: String
    /// Whether a text field has focus (text input and an on-screen keyboard on), and
    /// where it is, in drawable pixels, for the input method's window.
    public var textInput: Bool
    public var textInputArea: Rect?
    /// How soon the next frame is needed, in seconds: 0 for the display's next frame
    /// (something moves); longer when only a slow loop moves or only clocks run
    /// (saves retrying, idle resets), so the shell can sleep until input or then.
    public var nextWakeUp: Double
    /// Where this frame differs from the last one drawn (`FrameInput.lastFrameDrawn`):
    /// disjoint rectangles of the canvas, empty when nothing changed. Drawing only
    /// inside them gives the same pixels as drawing everything.
    public var damage: [PixelRect]
    /// Whether this frame's input was secret (the kiosk's PIN pad, open before or
    /// after it): a recording leaves it out.
    public var secretInput: Bool
    /// The frame's widgets for a screen reader, while one listens (nil otherwise).
    public var accessibleNodes: [AccessibleNode]?
}

