import ImmediateUI
import Input
import Raster
import Testing

@Suite("Pan-and-zoom surface")
struct PanZoomSurfaceTests {
    static let surface = Rect(x: 40, y: 120, width: 480, height: 420)
    static let field = Rect(x: 600, y: 120, width: 400, height: 52)

    /// A frame of a text field and a surface; returns the surface's gesture.
    static func frame(_ harness: UIHarness, _ events: [InputEvent], text: inout String, tracking: inout PanZoomTracking) -> PanZoomGesture {
        var gesture = PanZoomGesture()
        harness.frame(events) { ui in
            _ = ui.textField("name", text: &text, in: field)
            gesture = ui.panZoomSurface("Picture crop", in: surface, tracking: &tracking)
        }
        return gesture
    }

    @Test("arrows stay the text field's while it has focus, and move the surface's content once it has")
    func arrowsGoWhereTheFocusIs() {
        let harness = UIHarness()
        var text = "Boss", tracking = PanZoomTracking()
        _ = Self.frame(harness, click(700, 146), text: &text, tracking: &tracking)
        _ = Self.frame(harness, [], text: &text, tracking: &tracking)
        let inField = Self.frame(harness, key(.left) + key(.other("=")), text: &text, tracking: &tracking)
        #expect(inField.nudge == Point(0, 0) && inField.zoom == 1)
        _ = Self.frame(harness, click(280, 330), text: &text, tracking: &tracking)
        _ = Self.frame(harness, [], text: &text, tracking: &tracking)
        let focused = harness.ui.focused
        let onSurface = Self.frame(harness, key(.right) + key(.down) + key(.up, [.shift]) + key(.other("=")), text: &text, tracking: &tracking)
        #expect(onSurface.nudge == Point(1, 1))
        #expect(onSurface.stretch == Point(0, -1))
        #expect(abs(onSurface.zoom - 1.25) < 1e-5)
        #expect(harness.ui.focused == focused, "the arrows moved the content, not the focus")
        #expect(text == "Boss")
    }

    @Test("two fingers pinched apart to twice their distance zoom by two about their middle")
    func pinch() {
        let harness = UIHarness()
        var text = "", tracking = PanZoomTracking()
        _ = Self.frame(harness, [.fingerDown(id: 1, x: 240, y: 330), .fingerDown(id: 2, x: 320, y: 330)], text: &text, tracking: &tracking)
        var zoom: Float = 1
        var drag = Point(0, 0)
        for step in 1...4 {
            let spread = Float(step) * 10
            let gesture = Self.frame(harness, [.fingerMoved(id: 1, x: 240 - spread, y: 330), .fingerMoved(id: 2, x: 320 + spread, y: 330)],
                                     text: &text, tracking: &tracking)
            zoom *= gesture.zoom
            drag = drag + gesture.drag
            #expect(gesture.zoomCenter == Point(280, 330))
        }
        #expect(abs(zoom - 2) < 1e-4)
        #expect(abs(drag.x) < 1e-4 && abs(drag.y) < 1e-4)
        // A finger down outside the surface is none of its business.
        var outside = PanZoomTracking()
        let missed = Self.frame(harness, [.fingerDown(id: 3, x: 900, y: 600)], text: &text, tracking: &outside)
        #expect(!missed.dragBegan && !outside.isTouching)
    }

    @Test("while focused, a held stick pans and a trigger zooms every frame, and the left stick no longer moves the focus")
    func gamepad() {
        let harness = UIHarness()
        var text = "", tracking = PanZoomTracking()
        _ = Self.frame(harness, click(280, 330), text: &text, tracking: &tracking)
        _ = Self.frame(harness, [], text: &text, tracking: &tracking)
        let focused = harness.ui.focused
        let first = Self.frame(harness, [.gamepadAxis(id: 0, axis: .leftX, value: 1), .gamepadAxis(id: 0, axis: .rightTrigger, value: 1)],
                               text: &text, tracking: &tracking)
        // No new event: the stick is still held, so the next frame moves on.
        let held = Self.frame(harness, [], text: &text, tracking: &tracking)
        #expect(first.nudge.x > 0 && held.nudge.x > 0)
        #expect(held.zoom > 1)
        #expect(harness.ui.nextChange == 0, "a held stick asks for the next frame")
        #expect(harness.ui.focused == focused)
        let released = Self.frame(harness, [.gamepadAxis(id: 0, axis: .leftX, value: 0), .gamepadAxis(id: 0, axis: .rightTrigger, value: 0)],
                                  text: &text, tracking: &tracking)
        #expect(released.nudge == Point(0, 0) && released.zoom == 1)
    }

    @Test("a tool button takes Space but leaves Enter to the form's default action")
    func toolButtonLeavesEnter() {
        let harness = UIHarness()
        let button = Rect(x: 40, y: 600, width: 100, height: 44)
        // Clicked (the click lands the frame after the press), so it has the focus.
        for _ in 0..<2 { harness.frame(click(90, 622)) { ui in _ = ui.toolButton("Zoom in", icon: "+", in: button) } }
        harness.frame { ui in _ = ui.toolButton("Zoom in", icon: "+", in: button) }
        var clicked = false, saved = false
        harness.frame(key(.enter)) { ui in
            clicked = ui.toolButton("Zoom in", icon: "+", in: button).clicked
            saved = ui.takeDefaultAction()
        }
        #expect(!clicked && saved)
        harness.frame(key(.space)) { ui in clicked = ui.toolButton("Zoom in", icon: "+", in: button).clicked }
        #expect(clicked)
    }
}
