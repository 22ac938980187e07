/// When a presented frame must be shown whole rather than only where it changed.
///
/// Damage tracking presents only what changed, which is right only while the window
/// system still shows the last frame presented. Nothing guarantees that: a window
/// manager or compositor may map a window later than it says (openbox restoring a
/// minimized kiosk drew its frame over a present made the moment SDL reported the
/// window restored, and sent nothing after, so the kiosk stayed black), drop a buffer
/// presented before it configured the surface, or hand out new buffers on a resize,
/// a restore or a move to another output. So the whole frame goes again after every
/// window event that can mean this (the platform's `windowNeedsWholeFrame`), and a few
/// times more while the window settles after it (and after the first frame); and, as
/// a backstop, at least every few seconds while frames are being presented at all.
/// Fully at rest nothing is presented, so none of this wakes the app.
public struct WholeFrameSchedule: Sendable {
    /// After the first frame and after each window change, the whole frame again at
    /// these times (seconds since it).
    public static let settleDelays: [Double] = [0.1, 0.3, 0.7, 1.5, 4]
    /// While frames are presented, at least one whole one this often (seconds).
    public static let backstopInterval = 3.0

    /// When the window last changed (or first showed): the settling counts from it.
    private var settleStart: Double?
    private var settlesDone = 0
    private var lastWhole = -Double.infinity

    public init() {}

    /// Whether the frame about to be presented at `time` goes whole, given whether the
    /// window system said it may have lost what was shown and whether the frame
    /// changed anywhere.
    public func presentsWhole(at time: Double, windowAsked: Bool, changed: Bool) -> Bool {
        if windowAsked || settleStart == nil { return true }
        if let due = settleDue, time >= due { return true }
        return changed && time - lastWhole >= Self.backstopInterval
    }

    /// Records what was presented at `time`; `windowAsked` as given to `presentsWhole`.
    public mutating func presented(at time: Double, whole: Bool, windowAsked: Bool) {
        if settleStart == nil || windowAsked {
            settleStart = time
            settlesDone = 0
        }
        guard whole else { return }
        lastWhole = time
        while let due = settleDue, time >= due { settlesDone += 1 }
    }

    /// When the next settling frame is due (frame-clock seconds), nil once all went.
    public var settleDue: Double? {
        guard let start = settleStart, settlesDone < Self.settleDelays.count else { return nil }
        return start + Self.settleDelays[settlesDone]
    }
}
