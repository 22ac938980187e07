import Foundation
import TargetStore

/// A kiosk's "Today's strongest": the day's five strongest punches (strength, target,
/// time; nothing a visitor typed), read from the library once at start and kept
/// current from the punches that land; a new local day starts an empty board.
struct TodaysStrongest {
    private(set) var board: [StrongHit]
    private var day: String
    /// A visitor's punch that made the board, shown for a moment.
    private(set) var madeTheList: (strength: Int, rank: Int, until: Double)?
    /// How long "742 · #2 today!" shows.
    static let bannerSeconds = 3.5

    /// Reads today's board (at start, not on a frame).
    init(store: TargetStore, now: Date) {
        day = DayTotal.day(of: now.timeIntervalSince1970)
        board = (try? store.strongHits(on: day)) ?? []
    }

    /// A punch landed at `now` (seconds since 1970); `time` is the session's clock.
    mutating func punchLanded(strength: Int, target: String, now: Double, time: Double) {
        startNewDayIfDue(now)
        let hit = StrongHit(strength: strength, at: now, targetName: target)
        let ranked = StrongHit.ranked(board + [hit])
        guard let rank = ranked.firstIndex(of: hit) else {
            // The next punch is the one on screen now: an old banner must not seem to rank it.
            madeTheList = nil
            return
        }
        board = ranked
        madeTheList = (strength, rank + 1, time + Self.bannerSeconds)
    }

    mutating func startNewDayIfDue(_ now: Double) {
        let today = DayTotal.day(of: now)
        guard today != day else { return }
        day = today
        board = []
        madeTheList = nil
    }

    mutating func expireBanner(time: Double) {
        if let shown = madeTheList, time >= shown.until { madeTheList = nil }
    }
}
