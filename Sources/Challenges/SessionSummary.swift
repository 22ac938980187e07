import Localization
import StressCore

/// What a real session added up to (shown when the user leaves after 20 punches or
/// more), and the optional breathing cool-down after it: three slow breaths over 30 s.
public final class SessionSummary {
    /// Fewer punches than this and leaving is just leaving.
    public static let minimumPunches = 20
    public static let coolDownSeconds = 30.0
    /// One breath: 4 s in, 6 s out (a longer out-breath calms).
    static let breathIn = 4.0, breathOut = 6.0

    public let punches: Int
    public let strongest: Int
    public let bestCombo: Int
    /// Seconds into the cool-down, while it runs.
    public private(set) var breathing: Double?

    public init(punches: Int, strongest: Int, bestCombo: Int) {
        self.punches = punches
        self.strongest = strongest
        self.bestCombo = bestCombo
    }

    public func startBreathing() { breathing = 0 }

    public func step(_ dt: Double) {
        if let time = breathing { breathing = time + dt }
    }

    /// The cool-down ran its 30 s.
    public var breathingDone: Bool { (breathing ?? 0) >= Self.coolDownSeconds }

    /// How full the breath is, 0...1 (eased), and what to do now.
    public var breath: (fullness: Float, cue: String) {
        let time = (breathing ?? 0).truncatingRemainder(dividingBy: Self.breathIn + Self.breathOut)
        if time < Self.breathIn {
            return (Easing.easeInOutSine(Float(time / Self.breathIn)), tr("Breathe in"))
        }
        return (1 - Easing.easeInOutSine(Float((time - Self.breathIn) / Self.breathOut)), tr("Breathe out"))
    }

    public var secondsLeft: Int { Int(max(0, Self.coolDownSeconds - (breathing ?? 0)).rounded(.up)) }
}
