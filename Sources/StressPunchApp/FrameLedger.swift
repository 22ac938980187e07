import Raster
import StressCore

/// A frame's bookkeeping: the fixed steps' clock, the frame on the canvas and the
/// frame being built (as display lists) with the damage between them, and the frames
/// owed after input.
final class FrameLedger {
    /// The fixed steps' clock.
    var timestep = FixedTimestep(stepsPerSecond: 120)
    /// Whether the last frame said nothing moves (the shell may then sleep long).
    var restedAfterLastFrame = false
    /// Frames are owed: input came, and the screen has not yet held still since (see
    /// `settle`). Counts the frames drawn while owed, which stop at a bound.
    private(set) var framesOwed: Int?
    private var drawnFrame = DisplayList()
    private var builtFrame = DisplayList()
    /// Where the frame being built differs from the one on the canvas.
    private(set) var damage = Damage()

    /// The most frames drawn after input while the screen keeps changing without
    /// saying it moves (a bound, so a widget that never settles cannot keep the app
    /// drawing at the display's pace).
    static let mostFramesOwed = 30

    /// A frame is owed until the screen is whole. An immediate-mode frame acts on a
    /// click while it builds, so what it drew can be half the old screen and half the
    /// new, and a press and release that came together act only in the frame after.
    /// So after any input the next frame comes at the display's pace, and so does each
    /// one after it while the last one changed something; the first that changes
    /// nothing lets the loop sleep. Nothing at rest: without input nothing is owed.
    func settle(afterInput: Bool, drew: Bool) {
        if afterInput {
            framesOwed = 0
        } else if let owed = framesOwed {
            let stillChanging = drew && !damage.rects.isEmpty
            framesOwed = stillChanging && owed + 1 < Self.mostFramesOwed ? owed + 1 : nil
        }
        if !drew && !afterInput { framesOwed = nil }
    }

    /// Describes the frame just prepared with `describe` (the scene, then the UI over
    /// it, as the bands draw them) and compares it with the one on the canvas.
    func describe(width: Int, height: Int, _ describe: (inout DisplayList) -> Void) {
        builtFrame.removeAll()
        describe(&builtFrame)
        damage.compute(from: drawnFrame, to: builtFrame, width: width, height: height)
    }

    /// The frame last built is on the canvas: the next damage counts from it.
    func drawn() {
        swap(&drawnFrame, &builtFrame)
    }

    /// The canvas holds nothing of the frames drawn: the next damage is all of it.
    func forget() {
        drawnFrame.removeAll()
    }
}
