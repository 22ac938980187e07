import Foundation
import Platform
import Raster
import TargetStore

/// The window's memory the frames are drawn into, and drawing and presenting them:
/// each frame inside its damage, or whole after the memory changed (or when asked),
/// with what is presented whole on the schedule of `WholeFrameSchedule`, counted.
final class WindowCanvas {
    let window: SDLWindow
    let input: SDLInput
    private(set) var canvas: Canvas
    private var executor: BandExecutor
    /// True when the canvas is the window surface itself (no copy per frame).
    private var drawsDirectly: Bool
    /// How often the window's memory changed under the app (tests read it).
    private(set) var canvasChanges = 0
    /// Which presented frames go whole although only part changed (see the type).
    private var wholeFrames = WholeFrameSchedule()
    /// The time of the frame being handled (seconds since the loop started).
    var frameClock: Double = 0
    /// The next frame is drawn whole (the first, and after the window's memory changed).
    var needsWholeFrame = true
    /// Every frame drawn whole, as before damage tracking (the bench's anchor).
    var fullRedraws = false
    /// Draws each frame whole a second time into a canvas of its own and compares
    /// (`--check-damage`); nil when off.
    var damageCheck: DamageCheck?
    private var framesSeen = 0
    private var fullDamage = [PixelRect(x: 0, y: 0, width: 0, height: 0)]
    /// Frames drawn whole, drawn in part, not drawn (nothing changed), presented, and
    /// the pixels drawn in all, since the start.
    private(set) var frameCounts = FrameCounts()
    /// Frames drawn and presented so far.
    private(set) var framesPresented = 0
    /// Called on the main thread right after each frame is presented.
    var presented: (() -> Void)?
    /// The library whose orphan sweep waits for the first frame presented.
    var sweepAfterFirstFrame: TargetStore?

    init(window: SDLWindow, input: SDLInput) {
        self.window = window
        self.input = input
        (canvas, drawsDirectly) = Self.makeCanvas(for: window)
        executor = BandExecutor(canvas: canvas)
    }

    /// When a part-drawn frame should next be presented whole (see the schedule).
    var settleDue: Double? { wholeFrames.settleDue }

    /// Draws the frame inside its damage (or whole, after the window's memory changed
    /// or when asked to) and shows what was drawn; a frame without damage is neither
    /// drawn nor presented. With `damageCheck` on, the same frame is then drawn whole
    /// into a canvas of its own and the two compared.
    func draw(_ scene: BandRenderer, damage: [PixelRect]) {
        fullDamage[0] = PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        if needsWholeFrame || fullRedraws {
            draw(scene, rects: fullDamage)
        } else {
            draw(scene, rects: damage)
        }
        needsWholeFrame = false
        damageCheck?.compare(canvas, with: scene, frame: framesSeen)
        framesSeen += 1
    }

    private func draw(_ scene: BandRenderer, rects: [PixelRect]) {
        let windowAsked = input.windowNeedsWholeFrame
        let whole = wholeFrames.presentsWhole(at: frameClock, windowAsked: windowAsked, changed: !rects.isEmpty)
        input.windowNeedsWholeFrame = false
        if rects.isEmpty {
            frameCounts.notDrawn += 1
        } else {
            executor.render(scene, damage: rects)
            let area = rects.reduce(0) { $0 + $1.width * $1.height }
            if area >= canvas.width * canvas.height { frameCounts.whole += 1 } else { frameCounts.inPart += 1 }
            frameCounts.pixels += area
        }
        guard whole || !rects.isEmpty else { return }
        // The canvas holds the whole frame, so showing all of it costs only the copy.
        let shown = whole ? fullDamage : rects
        wholeFrames.presented(at: frameClock, whole: whole, windowAsked: windowAsked)
        if whole { frameCounts.presentedWhole += 1 }
        if drawsDirectly {
            window.presentDirect(shown)
        } else {
            window.present(canvas, rects: shown)
        }
        frameCounts.presented += 1
        framesPresented &+= 1
        presented?()
        if let store = sweepAfterFirstFrame {
            sweepAfterFirstFrame = nil
            DispatchQueue.global(qos: .utility).async { store.sweepOrphanFiles() }
        }
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
    func takeFromWindow() -> Bool {
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
            // New memory holds nothing of the last frame: it is drawn whole (and the
            // next frame's damage counts from it).
            needsWholeFrame = true
        }
        input.updateGeometry(pixelScale: window.pixelScale, drawableSize: (canvas.width, canvas.height))
        return true
    }
}
