import Localization

/// What a punch hits with. Each tool has its own sprite and impact animation, its own
/// sounds, its own mark on the target and its own rumble; all of them are harmless
/// (a pie, a pillow, a rubber mallet), never gory.
///
/// The order is the tool strip's, and Q / E, the wheel and the pad's stick clicks
/// step through it, wrapping at either end.
public enum PunchTool: String, CaseIterable, Sendable, Hashable {
    case fist, slap, pillow, pie, tomato, mallet

    /// The name the strip, the help and the toasts show.
    public var displayName: String {
        switch self {
        // TRANSLATORS: the tools a punch hits with, on the tool strip, in the help and in toasts.
        case .fist: return trc("punch tool", "Fist")
        case .slap: return trc("punch tool", "Slap")
        case .pillow: return trc("punch tool", "Pillow")
        case .pie: return trc("punch tool", "Pie")
        case .tomato: return trc("punch tool", "Tomato")
        case .mallet: return trc("punch tool", "Mallet")
        }
    }

    /// The tool `steps` places along the strip, wrapping (-1: previous, 1: next).
    public func stepped(by steps: Int) -> PunchTool {
        let all = Self.allCases
        let index = all.firstIndex(of: self) ?? 0
        let count = all.count
        return all[((index + steps) % count + count) % count]
    }

    /// The built-in sounds, one picked per hit so repeated hits do not sound
    /// mechanical. The fist keeps the app's first punch sounds.
    public var soundNames: [String] { Self.sounds[self] ?? SoundNames.punches }
    /// How many hit sounds it has to pick from (`SoundCue.hit`'s variants).
    public var soundVariants: Int { soundNames.count }

    // Made once: a punch picks from them without building strings.
    private static let sounds: [PunchTool: [String]] = Dictionary(uniqueKeysWithValues: allCases.map { tool in
        (tool, tool == .fist ? SoundNames.punches : (1...2).map { "\(tool.rawValue)-\($0)" })
    })

    /// Whether a landed hit leaves a mark: a pillow only sends feathers flying.
    public var leavesMark: Bool { self != .pillow }

    /// The sprite drawn where a hit lands (the fist keeps the comic burst).
    public var spritePictureName: String { self == .fist ? "punch-burst" : "tool-\(rawValue)" }
    /// The tool alone, for the tool strip and the gamepad reticle.
    public var iconPictureName: String { "tool-\(rawValue)-icon" }
    /// The small piece its impact throws (dust, a sparkle, feathers, cream, juice, stars).
    public var bitPictureName: String? { "tool-\(rawValue)-bit" }
    /// The other piece thrown among those: a speed line (the one streak the fist and
    /// the slap share) or the tomato's seed.
    public var secondBitPictureName: String? {
        switch self {
        case .fist, .slap: return Self.streakPicture
        case .tomato: return "tool-tomato-seed"
        case .pillow, .pie, .mallet: return nil
        }
    }
    public static let streakPicture = "impact-streak"

    /// The gamepad's rumble for a hit at `power` (0...1): one or more pulses, each
    /// `delay` seconds after the hit. A fist is one thump; a slap a sharp sting; a
    /// pillow a soft long push; a pie a thud and a squelch; a tomato a splat with a
    /// wet after-shudder; the mallet a heavy bonk and a rubbery bounce.
    public func rumble(power: Float) -> [RumblePulse] {
        let p = max(0, min(1, power))
        switch self {
        case .fist:
            return [RumblePulse(delay: 0, strength: 0.35 + 0.65 * p, milliseconds: 50 + Int(p * 110))]
        case .slap:
            return [RumblePulse(delay: 0, strength: 0.55 + 0.45 * p, milliseconds: 35 + Int(p * 30))]
        case .pillow:
            return [RumblePulse(delay: 0, strength: 0.15 + 0.2 * p, milliseconds: 180 + Int(p * 120))]
        case .pie:
            return [RumblePulse(delay: 0, strength: 0.3 + 0.4 * p, milliseconds: 60 + Int(p * 40)),
                    RumblePulse(delay: 0.12, strength: 0.2 + 0.2 * p, milliseconds: 120)]
        case .tomato:
            return [RumblePulse(delay: 0, strength: 0.4 + 0.4 * p, milliseconds: 45 + Int(p * 35)),
                    RumblePulse(delay: 0.09, strength: 0.18 + 0.2 * p, milliseconds: 60),
                    RumblePulse(delay: 0.17, strength: 0.12 + 0.12 * p, milliseconds: 50)]
        case .mallet:
            return [RumblePulse(delay: 0, strength: 0.6 + 0.4 * p, milliseconds: 70 + Int(p * 80)),
                    RumblePulse(delay: 0.16, strength: 0.25 + 0.25 * p, milliseconds: 70)]
        }
    }

    /// A tool from what a user or a script typed ("Pie", "mallet"), or nil.
    public init?(named text: String) {
        let lowered = text.lowercased()
        guard let tool = Self.allCases.first(where: { $0.rawValue == lowered }) else { return nil }
        self = tool
    }
}

/// One pulse of a gamepad rumble: when after the hit, how strong (0...1), how long.
public struct RumblePulse: Sendable, Equatable {
    public var delay: Double
    public var strength: Float
    public var milliseconds: Int

    public init(delay: Double, strength: Float, milliseconds: Int) {
        self.delay = delay
        self.strength = strength
        self.milliseconds = milliseconds
    }
}
