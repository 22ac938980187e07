import Foundation
import Raster

/// How a running app's frames were drawn since it started.
public struct FrameCounts: Sendable, Equatable {
    /// Frames drawn whole (the first, after a resize, or asked to).
    public var whole = 0
    /// Frames drawn only inside their damage.
    public var inPart = 0
    /// Frames where nothing changed: neither drawn nor presented.
    public var notDrawn = 0
    public var presented = 0
    /// Frames presented whole: drawn whole, or shown whole because the window system
    /// may have lost what it showed (see `WholeFrameSchedule`).
    public var presentedWhole = 0
    /// Pixels drawn over all frames.
    public var pixels = 0
}

/// `--check-damage`: every frame is drawn a second time, whole, into a canvas of its
/// own, and compared with the window's canvas (drawn only inside its damage, over
/// the frames before). The first difference is kept for the report.
public final class DamageCheck {
    private var reference: Canvas?
    private var executor: BandExecutor?
    public private(set) var framesCompared = 0
    /// The first frame that differed, where, and the two pixels.
    public private(set) var firstDifference: (frame: Int, x: Int, y: Int, drawn: UInt32, whole: UInt32)?

    public init() {}

    func compare(_ canvas: Canvas, with scene: BandRenderer, frame: Int) {
        if reference?.width != canvas.width || reference?.height != canvas.height {
            let made = Canvas(width: canvas.width, height: canvas.height)
            reference = made
            executor = BandExecutor(canvas: made)
        }
        guard let reference, let executor else { return }
        executor.render(scene)
        framesCompared += 1
        guard firstDifference == nil else { return }
        for y in 0..<canvas.height {
            let drawn = canvas.pixels + y * canvas.stride, whole = reference.pixels + y * reference.stride
            for x in 0..<canvas.width where drawn[x] != whole[x] {
                firstDifference = (frame, x, y, drawn[x], whole[x])
                return
            }
        }
    }

    /// One line for the run's summary, or the error that stops it.
    public var report: Result<String, RunError> {
        if let difference = firstDifference {
            return .failure(RunError(String(
                format: "frame %d drawn only where it changed differs from a full redraw at (%d, %d): %08X instead of %08X",
                difference.frame, difference.x, difference.y, difference.drawn, difference.whole)))
        }
        return .success("\(framesCompared) frames compared with full redraws, all equal")
    }
}
