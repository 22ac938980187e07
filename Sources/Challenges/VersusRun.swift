import Localization
import StressCore

/// Who threw a punch, as far as a versus needs to tell players apart.
public enum PunchSource: Hashable, Sendable {
    case gamepad(Int32)
    case mouse
    case keyboard
    /// A finger on the left or the right half of the screen.
    case touchLeft, touchRight
}

/// Two players race for 30 seconds on the same target. Each player is a source of
/// punches: a gamepad (each its own), the mouse or keyboard, or one half of a touch
/// screen. The first two sources to punch after "Go!" are player 1 and player 2 (a
/// touch screen's halves keep their sides, left = 1, right = 2, when both are touch);
/// a third source is ignored. Each joins with a punch, and the 30 seconds start only
/// once both have: one player alone waits (and is told how a second joins), rather
/// than racing nobody.
public final class VersusRun {
    public typealias Phase = ChallengeClock.Phase
    public static let countdownSeconds = ChallengeClock.countdownSeconds
    public static let duration = 30.0

    public private(set) var clock = ChallengeClock(duration: duration)
    public var time: Double { clock.time }
    public private(set) var scores = [0, 0]
    public private(set) var strongest = [0, 0]
    private var players: [PunchSource?] = [nil, nil]

    public init() {}

    public var phase: Phase { clock.phase }

    /// Past "Go!" with a seat still empty: the clock holds, and punches only take seats.
    public var isWaitingForPlayers: Bool { clock.phase == .running && players.contains(nil) }

    public func step(_ dt: Double) {
        guard !isWaitingForPlayers else { return }
        clock.step(dt)
    }

    /// Which player (0 or 1) `source` is, taking a free seat for a new one.
    func player(for source: PunchSource) -> Int? {
        if let seat = players.firstIndex(of: source) { return seat }
        switch source {
        case .touchLeft, .touchRight:
            // A half keeps its side when it is free; beside a pad or the mouse it takes
            // whichever seat is left.
            let preferred = source == .touchLeft ? 0 : 1
            if players[preferred] == nil { players[preferred] = source; return preferred }
            if players[1 - preferred] == nil { players[1 - preferred] = source; return 1 - preferred }
            return nil
        default:
            // Mouse and keyboard are one player at the desk.
            if source == .keyboard, let seat = players.firstIndex(of: .mouse) { return seat }
            if source == .mouse, let seat = players.firstIndex(of: .keyboard) { return seat }
            guard let free = players.firstIndex(where: { $0 == nil }) else { return nil }
            players[free] = source
            return free
        }
    }

    /// The seat whose colour `source` wears: its own once seated, else the seat its
    /// first punch would take; nil when both are taken by others (a third player).
    public func colorSeat(for source: PunchSource) -> Int? {
        if let seat = players.firstIndex(of: source) { return seat }
        return players.firstIndex(where: { $0 == nil })
    }

    /// A punch that landed, from `source`: a point for its player while the clock runs.
    public func landed(strength: Int, from source: PunchSource) {
        guard phase == .running else { return }
        let joining = isWaitingForPlayers
        guard let seat = player(for: source), !joining else { return }
        scores[seat] += 1
        strongest[seat] = max(strongest[seat], strength)
    }

    public func name(_ seat: Int) -> String { tr("Player %d", seat + 1) }

    /// What a player punches with, in a word ("" before their first punch).
    public func device(_ seat: Int) -> String {
        switch players[seat] {
        // TRANSLATORS: what a versus player punches with, after their name ("Player 1 · pad").
        case .gamepad?: return trc("versus player", "pad")
        case .mouse?, .keyboard?: return trc("versus player", "mouse")
        // TRANSLATORS: a versus player on the left or right half of a touch screen.
        case .touchLeft?: return trc("versus player", "left half")
        case .touchRight?: return trc("versus player", "right half")
        case nil: return ""
        }
    }

    /// "Player 1 · pad", or just "Player 1" before they punch.
    public func label(_ seat: Int) -> String {
        // TRANSLATORS: a versus player and what they punch with ("Player 1 · pad").
        device(seat).isEmpty ? name(seat) : tr("%s · %s", name(seat), device(seat))
    }

    /// The winner's seat, or nil for a draw.
    public var winner: Int? {
        scores[0] == scores[1] ? nil : (scores[0] > scores[1] ? 0 : 1)
    }

    /// "3", "2", "1" before the start, "Go!" for its first moment, else nil.
    public var countdownText: String? { clock.countdownText }
    public var secondsLeft: Int { clock.secondsLeft }
}
