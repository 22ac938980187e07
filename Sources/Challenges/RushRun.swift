// Challenges owns the games played on the punch screen and their cards: the
// 30-second rush, a two-player versus, the session summary with its breathing
// cool-down. They keep score from the punches the punch scene reports; they must not
// touch the library on disk (the session saves a record) or SDL.

import AppModel
import StressCore

/// A rush's result, and the user's best (kept as library settings).
public struct RushRecord: Sendable, Equatable {
    public var punches: Int
    public var strongest: Int
    public var bestCombo: Int

    public init(punches: Int, strongest: Int, bestCombo: Int) {
        self.punches = punches
        self.strongest = strongest
        self.bestCombo = bestCombo
    }

    static let punchesKey = StoredSetting.rushBestPunches, strongestKey = StoredSetting.rushBestStrongest
    static let comboKey = StoredSetting.rushBestCombo

    /// The best saved in `settings`, or nil before the first rush.
    public init?(settings: (StoredSetting) -> String?) {
        guard let punches = settings(Self.punchesKey).flatMap(Int.init), punches >= 0 else { return nil }
        self.init(punches: punches, strongest: settings(Self.strongestKey).flatMap(Int.init).map { min(999, max(0, $0)) } ?? 0,
                  bestCombo: settings(Self.comboKey).flatMap(Int.init).map { max(0, $0) } ?? 0)
    }

    public var settings: [StoredSetting: String] {
        [Self.punchesKey: String(punches), Self.strongestKey: String(strongest), Self.comboKey: String(bestCombo)]
    }

    /// The best of each, this one's and `other`'s.
    public func best(with other: RushRecord?) -> RushRecord {
        guard let other else { return self }
        return RushRecord(punches: max(punches, other.punches), strongest: max(strongest, other.strongest),
                          bestCombo: max(bestCombo, other.bestCombo))
    }
}

/// The 30-second rush: "3, 2, 1, Go!", thirty seconds of punching with a timer and a
/// counter, then the result against the user's best. Time is the session's fixed
/// steps, so a script plays the same rush every time.
public final class RushRun {
    public typealias Phase = ChallengeClock.Phase
    public static let countdownSeconds = ChallengeClock.countdownSeconds
    public static let duration = 30.0

    public private(set) var clock = ChallengeClock(duration: duration)
    public var time: Double { clock.time }
    public private(set) var result = RushRecord(punches: 0, strongest: 0, bestCombo: 0)
    /// The best before this rush (nil on the first).
    public let previousBest: RushRecord?
    /// The combo count when the rush began, so a chain from before does not count.
    private var comboOffset: Int?
    /// Set once its result has been weighed against the record (and kept if better).
    public var isRecorded = false

    public init(previousBest: RushRecord?) {
        self.previousBest = previousBest
    }

    public var phase: Phase { clock.phase }

    public func step(_ dt: Double) { clock.step(dt) }

    /// A punch that landed: counted while the clock runs.
    public func landed(strength: Int, combo: Int) {
        guard phase == .running else { return }
        // The first counted punch starts the rush's own chains.
        if comboOffset == nil || combo == 1 { comboOffset = combo - 1 }
        result.punches += 1
        result.strongest = max(result.strongest, strength)
        result.bestCombo = max(result.bestCombo, combo - (comboOffset ?? 0))
    }



    /// Whether this rush beat the best punch count (the first rush always does).
    public var isNewBest: Bool { result.punches > (previousBest?.punches ?? -1) && result.punches > 0 }

    /// "3", "2", "1" before the start, "Go!" for its first moment, else nil.
    public var countdownText: String? { clock.countdownText }
    public var secondsLeft: Int { clock.secondsLeft }
}
