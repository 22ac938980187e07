/// How hard a punch was, 0...999, from what each input can tell, and what a strength
/// does to the punch. Calibrated so an ordinary click lands around 300–500 and a fast
/// swing near 900:
///
/// - mouse: the pointer's speed over the last 80 ms before the press, in points a
///   second (a still click 300; 1,000 pt/s about 600; 3,000 pt/s about 950; 4,500 pt/s
///   and up 999; the path into the press point counts too);
/// - touch: the pressure, where the screen reports one (a feather 150, half 575,
///   all the way 999); else the finger's speed before it landed, as for
///   the mouse, from a resting tap's 400;
/// - gamepad trigger: how deep it went (the punch fires at the deepest point:
///   0.6 gives 250, full 999); pad A: the stick's flick speed in the last 80 ms
///   (still 450, a full flick 999);
/// - keyboard Space: how long it was held (a tap 300, 0.6 s or longer 999).
public enum PunchStrength {
    public static let range = 0...999

    static func clamp(_ value: Float) -> Int {
        Int(max(0, min(999, value.rounded())))
    }

    /// Fast at first, then levelling off: the first bit of speed counts most.
    static func easeOut(_ t: Float) -> Float { t * (2 - t) }

    /// Pointer speed in points a second.
    public static func mouse(speed: Float) -> Int {
        let t = min(1, max(0, speed) / 4_500)
        return clamp(300 + 699 * easeOut(t))
    }

    /// Touch pressure 0...1 as the device reports it.
    public static func touch(pressure: Float) -> Int {
        clamp(150 + 849 * min(1, max(0, pressure)))
    }

    /// A tap without pressure: the finger's speed before it landed.
    public static func touch(speed: Float) -> Int {
        let t = min(1, max(0, speed) / 4_500)
        return clamp(400 + 599 * easeOut(t))
    }

    /// The deepest a trigger went (0.6...1 fires a punch).
    public static func trigger(peak: Float) -> Int {
        let t = min(1, max(0, (peak - 0.6) / 0.4))
        return clamp(250 + 749 * t * (0.7 + 0.3 * t))
    }

    /// The stick's speed in full ranges a second (a flick across is about 20).
    public static func stickFlick(rate: Float) -> Int {
        clamp(450 + 549 * min(1, max(0, rate) / 20))
    }

    /// How long Space was held, in seconds.
    public static func keyHold(seconds: Double) -> Int {
        let t = Float(min(1, max(0, seconds) / 0.6))
        return clamp(300 + 699 * easeOut(t))
    }

    /// 0...1 for what strength scales: the squash, the sound, the rumble.
    public static func unit(_ strength: Int) -> Float {
        Float(min(999, max(0, strength))) / 999
    }
}
