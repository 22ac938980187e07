import Foundation
import TargetStore

/// Today's strongest punches (strength, target, time; nothing a visitor typed): the one
/// board of them, kept by the library as each punch is recorded on a target by id, and
/// read by whoever shows it (the kiosk's attract loop; a fleet's board next). Read from
/// the library once at start; a new local day starts an empty board. Ranked by
/// `StrongHit.ranked`, the one ranking the library's saved list keeps too.
public struct TodaysStrongest: Sendable, Equatable {
    /// The local day the board is of (YYYY-MM-DD).
    public private(set) var day: String
    /// At most `StrongHit.perDay`, strongest first.
    public private(set) var board: [StrongHit]
    /// The latest punch placed, when it made the board: its strength and its place (1
    /// is the strongest). Nil when the latest did not make it, or the day changed.
    public private(set) var latest: (strength: Int, rank: Int)?

    public init(day: String, board: [StrongHit]) {
        self.day = day
        self.board = StrongHit.ranked(board)
    }

    /// Places a punch of `strength` that landed at `time` (seconds since 1970) on the
    /// target named `targetName`; returns its place on the board, or nil.
    @discardableResult
    public mutating func place(strength: Int, at time: Double, targetName: String) -> Int? {
        startNewDayIfDue(time)
        let hit = StrongHit(strength: strength, at: time, targetName: targetName)
        let ranked = StrongHit.ranked(board + [hit])
        guard let index = ranked.firstIndex(of: hit) else {
            latest = nil
            return nil
        }
        board = ranked
        latest = (strength, index + 1)
        return index + 1
    }

    /// Starts an empty board when `now` (seconds since 1970) is on another local day.
    public mutating func startNewDayIfDue(_ now: Double) {
        let today = DayTotal.day(of: now)
        guard today != day else { return }
        day = today
        board = []
        latest = nil
    }

    public static func == (lhs: TodaysStrongest, rhs: TodaysStrongest) -> Bool {
        lhs.day == rhs.day && lhs.board == rhs.board && lhs.latest?.strength == rhs.latest?.strength && lhs.latest?.rank == rhs.latest?.rank
    }
}

extension LibraryModel {
    /// Starts today's board afresh when `now` is on another local day than it (the
    /// kiosk asks about once a second, so the board empties at midnight with no punch).
    public func startNewDayIfDue(_ now: Date) {
        todaysStrongest.startNewDayIfDue(now.timeIntervalSince1970)
    }
}
