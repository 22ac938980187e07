import AppModel
import Foundation
import Input
import Kiosk
import OperatorLock
import RenderTestSupport
import StressCore
import StressPunchApp
import TargetStore
import Testing
import TestSupport

/// Today's strongest punches have one owner, the library's `todaysStrongest`: fed by
/// target id as each punch is recorded, ranked once, saved as it ranks, and read by
/// the kiosk's board. A second keeper (the kiosk ranking punches it is told about by
/// name, the recorder ranking its own) would drift from it; these catch that.
@Suite("Today's strongest: one owner")
struct TodaysStrongestOwnerTests {
    static let evening: Date = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        return calendar.date(from: DateComponents(year: 2027, month: 3, day: 4, hour: 20)) ?? Date(timeIntervalSince1970: 0)
    }()

    @Test("punches recorded by target id make one board, named by the targets, and the library saves what the board shows")
    func boardIsFedByIDAndSavedAsRanked() throws {
        let folder = TemporaryDirectory("strongest-owner")
        let store = try TargetStore(dataDirectory: folder.url)
        let library = try LibraryModel(store: store, synchronous: true, now: Self.evening)
        let targets = Array(library.targets.prefix(2))
        #expect(targets.count == 2)
        let start = Self.evening.timeIntervalSince1970
        // Two equal strengths: the earlier ranks above the later one.
        let strengths = [300, 910, 450, 620, 780, 500, 990, 500]
        var ranks: [Int?] = []
        for (index, strength) in strengths.enumerated() {
            library.recordPunch(on: targets[index % 2].id, strength: strength, at: start + Double(index))
            ranks.append(library.todaysStrongest.latest?.rank)
        }
        let board = library.todaysStrongest.board
        #expect(board.map(\.strength) == [990, 910, 780, 620, 500])
        #expect(board.map(\.targetName) == [targets[0].name, targets[1].name, targets[0].name, targets[1].name, targets[1].name])
        #expect(ranks == [1, 1, 2, 2, 2, 4, 1, nil], "\(ranks)")
        // Saved as ranked: the library's list of the day is the board, and a new start reads it back.
        #expect(library.recorder.flush() == 0)
        #expect(try store.strongHits(on: library.todaysStrongest.day) == board)
        #expect(try LibraryModel(store: store, now: Self.evening).todaysStrongest.board == board)
        // A new local day starts an empty board.
        library.startNewDayIfDue(Self.evening.addingTimeInterval(86_400))
        #expect(library.todaysStrongest.board.isEmpty && library.todaysStrongest.latest == nil)
    }

    @Test("the kiosk's attract loop shows the library's board, punches it was never told about included")
    func kioskReadsTheLibrarysBoard() throws {
        let folder = TemporaryDirectory("strongest-kiosk")
        let store = try TargetStore(dataDirectory: folder.url)
        try OperatorPIN(store: store).set("2468")
        try store.setSettings([KioskPreferences.idleSecondsKey: "10"])
        let session = try AppSession(
            store: store, codec: TestPNGCodec(), builtinPictureURL: { _ in nil }, burst: nil, glyphs: BoxGlyphSource(),
            configuration: AppConfiguration(kiosk: true), width: 1280, height: 720, synchronousPictures: true,
            policy: KioskPolicy(store: store, pictureRoot: folder.url, synchronous: true))
        let now = Date()
        session.wallClock = { now }
        // Recorded straight into the library: no punch reaches the kiosk's hook.
        let id = try #require(session.library.selectedID)
        for (index, strength) in [811, 733].enumerated() {
            session.library.recordPunch(on: id, strength: strength, at: now.timeIntervalSince1970 + Double(index))
        }
        var time = 0.0
        for _ in 0..<(12 * 60) {
            time += 1.0 / 60
            _ = session.frame(FrameInput(events: [], elapsed: 1.0 / 60, time: time, width: 1280, height: 720))
        }
        let labels = session.visibleLabels
        #expect(labels.contains { $0.contains("811") } && labels.contains { $0.contains("733") }, "\(labels)")
    }
}
