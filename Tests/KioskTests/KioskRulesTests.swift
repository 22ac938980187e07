import AppModel
import Kiosk
import Raster
import StressCore
import Testing

@Suite("Kiosk preferences and the idle reset")
struct KioskRulesTests {
    @Test("missing or damaged settings fall back to a 60 s reset and no chosen target")
    func defaults() {
        let none = KioskPreferences { _ in nil }
        #expect(none == KioskPreferences(idleSeconds: 60, defaultTargetID: nil, muted: false))
        let damaged = KioskPreferences { key in
            [KioskPreferences.idleSecondsKey: "soon", KioskPreferences.defaultTargetKey: "-3", KioskPreferences.mutedKey: "yes"][key]
        }
        #expect(damaged == KioskPreferences())
    }

    @Test("saved preferences read back the same; an idle time out of range is clamped")
    func roundTrip() {
        let saved = KioskPreferences(idleSeconds: 120, defaultTargetID: 7, muted: true)
        #expect(KioskPreferences { saved.settings[$0] } == saved)
        #expect(KioskPreferences { $0 == KioskPreferences.idleSecondsKey ? "2" : nil }.idleSeconds == 10)
        #expect(KioskPreferences { $0 == KioskPreferences.idleSecondsKey ? "999999" : nil }.idleSeconds == 3600)
    }

    @Test("an idle time must be whole seconds from 10 to 3600", arguments: ["9", "3601", "1.5", "", "abc", "-60"])
    func refusedIdleTimes(text: String) {
        #expect(KioskIdleTime.parse(text) == .failure(.outOfRange(text)))
    }

    @Test("the operator menu steps the idle time through its choices and wraps")
    func idleChoices() {
        #expect(KioskIdleTime.parse(" 90 ") == .success(90))
        #expect(KioskPreferences(idleSeconds: 60).nextIdleChoice() == 120)
        #expect(KioskPreferences(idleSeconds: 90).nextIdleChoice() == 120)
        #expect(KioskPreferences(idleSeconds: 600).nextIdleChoice() == 30)
        #expect(KioskPreferences.describe(seconds: 60) == "60 s")
        #expect(KioskPreferences.describe(seconds: 300) == "5 min")
    }

    @Test("after the idle limit one reset comes, then the attract loop moves every 5 s until input")
    func idleSequence() {
        var idle = IdleReset(limit: 10)
        var events: [IdleReset.Step] = []
        // 30 s in steps of 1/120 s.
        for _ in 0..<3600 {
            let step = idle.step(1.0 / 120)
            if step != .nothing { events.append(step) }
        }
        #expect(events == [.reset, .advanceAttract, .advanceAttract, .advanceAttract, .advanceAttract])
        #expect(idle.isAttracting)
        idle.noteActivity()
        #expect(!idle.isAttracting)
        #expect(idle.step(9.9) == .nothing)
        #expect(idle.step(0.2) == .reset)
    }

    @Test("input before the limit keeps the kiosk from resetting")
    func activityPostpones() {
        var idle = IdleReset(limit: 10)
        for _ in 0..<5 {
            #expect(idle.step(8) == .nothing)
            idle.noteActivity()
        }
        #expect(!idle.isAttracting)
    }
}

@Suite("The attract loop's board")
struct AttractBoardTests {
    static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    static let sizes = [(480, 360), (800, 600), (1280, 720), (1920, 1080), (3840, 2160), (1080, 1920), (720, 1280), (360, 480), (1366, 768)]

    @Test("\"Today's strongest\" never covers the tool strip or Wash, and stays on the stage, at every size and in portrait",
          arguments: sizes.map { "\($0.0)x\($0.1)" })
    func boardClearOfTheStrip(size: String) throws {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        let layout = MainLayout(width: parts[0], height: parts[1], kiosk: true)
        for rows in 1...5 {
            guard let (panel, shown) = KioskScreens.leaderboardPlace(layout, rows: rows) else {
                // Only a stage too small for the title and one row goes without.
                #expect(layout.stage.height < 200 * layout.scale,
                        "\(size): no board on a stage that could hold one: \(layout.stage), strip \(layout.toolStrip), Wash \(layout.washButton)")
                continue
            }
            #expect(shown >= 1 && shown <= rows)
            #expect(!Self.overlap(panel, layout.toolStrip), "\(size), \(rows) rows: \(panel) covers the tool strip \(layout.toolStrip)")
            #expect(!Self.overlap(panel, layout.washButton), "\(size), \(rows) rows: \(panel) covers Wash")
            #expect(panel.minY >= layout.stage.minY - 0.5 && panel.maxY <= layout.stage.maxY + 0.5, "\(size): off the stage")
            #expect(panel.minX >= 0 && panel.maxX <= Float(layout.width), "\(size): off the screen")
        }
    }

    @Test("\"Today's strongest\" never covers the target it invites strangers to punch, at every size and in portrait",
          arguments: sizes.map { "\($0.0)x\($0.1)" })
    func boardClearOfThePicture(size: String) throws {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        let layout = MainLayout(width: parts[0], height: parts[1], kiosk: true)
        // A square picture and a wide photo, as large as the stage shows them.
        for (width, height) in [(512, 512), (1600, 900), (900, 1600)] {
            let picture = layout.pictureRect(imageWidth: width, imageHeight: height)
            for rows in [1, 5] {
                guard let (panel, _) = KioskScreens.leaderboardPlace(layout, rows: rows, avoiding: picture) else { continue }
                #expect(!Self.overlap(panel, picture), "\(size), \(width)x\(height): the board \(panel) covers the picture \(picture)")
                #expect(!Self.overlap(panel, layout.toolStrip), "\(size): the board covers the tool strip")
            }
        }
        // The control: placed without knowing the picture, the tall screens' board lay over it.
        if parts[1] > parts[0] {
            let picture = layout.pictureRect(imageWidth: 512, imageHeight: 512)
            let blind = try #require(KioskScreens.leaderboardPlace(layout, rows: 5))
            #expect(Self.overlap(blind.panel, picture), "\(size): the old placement did not cover the picture here")
        }
    }
}
