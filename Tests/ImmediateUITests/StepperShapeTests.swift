import ImmediateUI
import Raster
import Testing

@Suite("The −/+ stepper's shape")
struct StepperShapeTests {
    @Test("its buttons sit inside the pill's round ends, so no corner of the pill shows beside them")
    func buttonsInsideThePill() throws {
        let harness = UIHarness()
        let commands = harness.frame { ui in _ = ui.stepper("Volume", value: 80, range: 0...100, step: 10, unit: " %", in: Rect(x: 100, y: 100, width: 230, height: 56)) }
        let rects = commands.compactMap { command -> (Rect, Float)? in
            if case .rect(let rect, _, let radius) = command { return (rect, radius) }
            return nil
        }
        let track = try #require(rects.first, "no pill drawn")
        let buttons = rects.dropFirst().filter { abs($0.0.width - $0.0.height) < 0.01 }
        #expect(buttons.count == 2, "\(rects)")
        #expect(track.1 >= track.0.height / 2 - 0.01, "the pill's ends are not round")
        for (button, radius) in buttons {
            #expect(radius >= button.height / 2 - 0.01, "a button is not round")
            #expect(button.minY > track.0.minY && button.maxY < track.0.maxY, "a button \(button) is as tall as the pill \(track.0)")
            #expect(button.minX > track.0.minX && button.maxX < track.0.maxX)
        }
    }
}
