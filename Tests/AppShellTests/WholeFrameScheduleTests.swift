import AppShell
import Testing

@Suite("When a presented frame goes whole")
struct WholeFrameScheduleTests {
    @Test("the first frame goes whole, and so does any frame after the window system asks")
    func firstAndAsked() {
        var schedule = WholeFrameSchedule()
        #expect(schedule.presentsWhole(at: 0, windowAsked: false, changed: true))
        schedule.presented(at: 0, whole: true, windowAsked: false)
        #expect(!schedule.presentsWhole(at: 0.05, windowAsked: false, changed: true))
        #expect(schedule.presentsWhole(at: 0.05, windowAsked: true, changed: false))
    }

    @Test("a new window is shown whole again a few times while it settles, then never at rest")
    func settling() {
        var schedule = WholeFrameSchedule()
        schedule.presented(at: 2, whole: true, windowAsked: false)
        var wholeTimes: [Double] = []
        // Frames at rest (nothing changed) only at the times the schedule asks to wake.
        while let due = schedule.settleDue {
            #expect(schedule.presentsWhole(at: due, windowAsked: false, changed: false))
            schedule.presented(at: due, whole: true, windowAsked: false)
            wholeTimes.append(due - 2)
        }
        #expect(wholeTimes.count == WholeFrameSchedule.settleDelays.count)
        for (time, delay) in zip(wholeTimes, WholeFrameSchedule.settleDelays) { #expect(abs(time - delay) < 1e-9) }
        // Settled and at rest: nothing more is due, and an unchanged frame is not shown.
        #expect(schedule.settleDue == nil)
        #expect(!schedule.presentsWhole(at: 100, windowAsked: false, changed: false))
    }

    @Test("after the window system asks, the whole frame goes again while the window settles")
    func settlingAfterAWindowChange() {
        var schedule = WholeFrameSchedule()
        schedule.presented(at: 0, whole: true, windowAsked: false)
        while let due = schedule.settleDue { schedule.presented(at: due, whole: true, windowAsked: false) }
        #expect(schedule.settleDue == nil)
        // Restored at 50 s: shown whole at once, and again at each settling delay.
        #expect(schedule.presentsWhole(at: 50, windowAsked: true, changed: false))
        schedule.presented(at: 50, whole: true, windowAsked: true)
        var delays: [Double] = []
        while let due = schedule.settleDue {
            #expect(schedule.presentsWhole(at: due, windowAsked: false, changed: false))
            schedule.presented(at: due, whole: true, windowAsked: false)
            delays.append(due - 50)
        }
        #expect(delays.count == WholeFrameSchedule.settleDelays.count)
    }

    @Test("while frames keep changing, one goes whole at least every few seconds")
    func backstop() {
        var schedule = WholeFrameSchedule()
        schedule.presented(at: 0, whole: true, windowAsked: false)
        while let due = schedule.settleDue { schedule.presented(at: due, whole: true, windowAsked: false) }
        let settled = WholeFrameSchedule.settleDelays.last ?? 0
        var time = settled
        var wholes: [Double] = []
        while time < settled + 10 {
            time += 1.0 / 60
            let whole = schedule.presentsWhole(at: time, windowAsked: false, changed: true)
            schedule.presented(at: time, whole: whole, windowAsked: false)
            if whole { wholes.append(time) }
        }
        #expect(wholes.count == 3)
        for (earlier, later) in zip([settled] + wholes, wholes) {
            #expect(later - earlier <= WholeFrameSchedule.backstopInterval + 1.0 / 60)
        }
    }
}
