import CSDL2
import Input
import Platform
import Testing

/// Each polled event carries when it happened on the frame clock: a real event the
/// age of SDL's timestamp before `now`, a script's the time of its line. SDL's event
/// queue is process-wide, so these run one at a time and drain it first.
@Suite("When polled input happened", .serialized)
struct SDLInputTimeTests {
    init() {
        _ = SDL_InitSubSystem(UInt32(SDL_INIT_EVENTS))
        var drained: [TimedInputEvent] = []
        SDLInput().poll(into: &drained, now: 0)
    }

    @Test("a real event is stamped by its SDL timestamp's age, never later than now")
    func realEventsKeepTheirAge() {
        let input = SDLInput(), injector = SDLEventInjector()
        injector.mouseMove(x: 10, y: 20, windowID: 0)
        SDL_Delay(30)
        injector.mouseMove(x: 30, y: 20, windowID: 0)
        var events: [TimedInputEvent] = []
        input.poll(into: &events, now: 100)
        let moves = events.filter { if case .pointerMoved = $0.event { return true }; return false }
        #expect(moves.count == 2)
        guard moves.count == 2 else { return }
        // The first waited in the queue about 30 ms longer than the second.
        #expect(moves[1].time <= 100 && moves[1].time > 99.99)
        let gap = moves[1].time - moves[0].time
        #expect(gap >= 0.025 && gap < 0.25, "\(gap)")
        // What comes after a poll happened after it, whatever its tick says: times stay
        // in order and never before the start (a recording cannot hold a negative time).
        injector.mouseMove(x: 50, y: 20, windowID: 0)
        SDL_Delay(30)
        events.removeAll()
        input.poll(into: &events, now: 100.01)
        #expect(events.map(\.time) == [100])
        let fresh = SDLInput()
        injector.mouseMove(x: 60, y: 20, windowID: 0)
        SDL_Delay(30)
        events.removeAll()
        fresh.poll(into: &events, now: 0.01)
        #expect(events.map(\.time) == [0])
    }

    @Test("a script's input carries its lines' times, and then never the real clock's")
    func scriptedEventsCarryTheScriptsTime() {
        let input = SDLInput(), injector = SDLEventInjector()
        injector.markTime(3.5)
        injector.mouseMove(x: 10, y: 20, windowID: 0)
        injector.markTime(3.512)
        injector.mouseMove(x: 30, y: 20, windowID: 0)
        injector.mouseButton(x: 30, y: 20, pressed: true, windowID: 0)
        var events: [TimedInputEvent] = []
        input.poll(into: &events, now: 3.52)
        // A press is translated as a move to where it is, then the press.
        #expect(events.map(\.time) == [3.5, 3.512, 3.512, 3.512])
        #expect(events.first?.event == .pointerMoved(x: 10, y: 20))
        #expect(events.last?.event == .pointerDown(x: 30, y: 20, button: 1))
        // An event of SDL's own in a later frame with no line before it: the frame's time.
        SDL_Delay(20)
        injector.mouseMove(x: 40, y: 20, windowID: 0)
        events.removeAll()
        input.poll(into: &events, now: 3.6)
        #expect(events.map(\.time) == [3.6])
    }
}
