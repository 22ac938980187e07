import ImmediateUI
import Input
import Raster
import Testing

@Suite("Hover, press, click, focus and navigation")
struct InteractionTests {
    let buttonRect = Rect(x: 100, y: 100, width: 200, height: 48)

    @Test("press inside and release inside is a click; the pointer over a button makes it hot")
    func clickInside() {
        let harness = UIHarness()
        var results: [Bool] = []
        var hot: [Bool] = []
        let button = { (ui: UIContext) in
            results.append(ui.button("OK", in: buttonRect).clicked)
            hot.append(ui.hovered == ui.id("OK"))
        }
        harness.frame([.pointerMoved(x: 150, y: 120)], button)
        harness.frame([.pointerDown(x: 150, y: 120, button: 1)], button)
        #expect(harness.ui.active == WidgetID.of("OK"))
        harness.frame([.pointerUp(x: 160, y: 125, button: 1)], button)
        #expect(results == [false, false, true])
        #expect(hot == [false, true, true])
        #expect(harness.ui.active == nil)
    }

    @Test("press inside and release outside is no click")
    func releaseOutside() {
        let harness = UIHarness()
        var clicks = 0
        let button = { (ui: UIContext) in if ui.button("OK", in: buttonRect).clicked { clicks += 1 } }
        harness.frame([.pointerMoved(x: 150, y: 120), .pointerDown(x: 150, y: 120, button: 1)], button)
        harness.frame([.pointerMoved(x: 500, y: 400)], button)
        harness.frame([.pointerUp(x: 500, y: 400, button: 1)], button)
        harness.frame([], button)
        #expect(clicks == 0)
    }

    @Test("a press and release in one frame clicks on the next frame")
    func oneFrameClick() {
        let harness = UIHarness()
        var results: [Bool] = []
        let button = { (ui: UIContext) in results.append(ui.button("OK", in: buttonRect).clicked) }
        harness.frame(click(150, 120), button)
        harness.frame([], button)
        harness.frame([], button)
        #expect(results == [false, true, false])
    }

    @Test("where widgets overlap, the one built last (on top) takes the press")
    func topmostWins() {
        let harness = UIHarness()
        var row = 0, star = 0
        let build = { (ui: UIContext) in
            if ui.button("row", in: Rect(x: 0, y: 0, width: 400, height: 80)).clicked { row += 1 }
            if case .changed = ui.toggle("star", isOn: false, in: Rect(x: 330, y: 10, width: 60, height: 60)) { star += 1 }
        }
        harness.frame(click(360, 40), build)
        harness.frame([], build)
        harness.frame(click(50, 40), build)
        harness.frame([], build)
        #expect(row == 1 && star == 1)
    }

    @Test("a finger tap activates like a click, with a touch-sized hit area")
    func touchTap() {
        let harness = UIHarness()
        let small = Rect(x: 200, y: 200, width: 20, height: 20)
        var clicks = 0
        let build = { (ui: UIContext) in if ui.iconButton("×", label: "close", in: small).clicked { clicks += 1 } }
        // 10 px right of the 20 px button: outside it, inside its 44 px touch area.
        harness.frame(click(230, 210), build)
        harness.frame([], build)
        #expect(clicks == 0)
        harness.frame([.fingerDown(id: 1, x: 230, y: 210), .fingerUp(id: 1, x: 230, y: 210)], build)
        harness.frame([], build)
        #expect(clicks == 1)
        #expect(harness.ui.hovered == nil)
    }

    @Test("the toggle answers the new value and the caller may refuse it")
    func refusableToggle() {
        let harness = UIHarness()
        let isOn = false
        var answers: [ToggleResult] = []
        var icons: [String] = []
        let build = { (ui: UIContext) in
            answers.append(ui.toggle("favorite", isOn: isOn, in: Rect(x: 0, y: 0, width: 48, height: 48)))
        }
        harness.frame(click(20, 20), build)
        let commands = harness.frame([], build)
        icons = commands.compactMap(\.string)
        #expect(answers == [.unchanged, .changed(true)])
        // Refused: the caller kept `isOn` false, so the star still draws off.
        #expect(icons == [harness.ui.theme.starOff])
    }

    func threeButtons(_ ui: UIContext, _ clicked: inout [String]) {
        ui.beginColumn(in: Rect(x: 0, y: 0, width: 300, height: 400), spacing: 10, padding: 10)
        for name in ["one", "two", "three"] where ui.button(name).clicked { clicked.append(name) }
        ui.endLayout()
    }

    @Test("Tab and Shift+Tab move focus in order of appearance, wrapping")
    func tabOrder() {
        let harness = UIHarness()
        var clicked: [String] = []
        var focus: [WidgetID?] = []
        for events in [key(.tab), key(.tab), key(.tab), key(.tab), key(.tab, .shift), key(.tab, .shift)] {
            harness.frame(events) { threeButtons($0, &clicked) }
            focus.append(harness.ui.focused)
        }
        let one = WidgetID.of("one"), two = WidgetID.of("two"), three = WidgetID.of("three")
        #expect(focus == [one, two, three, one, three, two])
        #expect(harness.ui.focusVisible)
        let ring = harness.frame { threeButtons($0, &clicked) }.contains {
            if case .focusRing = $0 { return true } else { return false }
        }
        #expect(ring)
    }

    @Test("Enter, Space and pad A activate the focused widget")
    func activation() {
        let harness = UIHarness()
        var clicked: [String] = []
        harness.frame(key(.tab)) { threeButtons($0, &clicked) }
        harness.frame(key(.enter)) { threeButtons($0, &clicked) }
        harness.frame(key(.tab)) { threeButtons($0, &clicked) }
        harness.frame(key(.space)) { threeButtons($0, &clicked) }
        harness.frame(pad(.dpadDown)) { threeButtons($0, &clicked) }
        harness.frame(pad(.a)) { threeButtons($0, &clicked) }
        #expect(clicked == ["one", "two", "three"])
    }

    @Test("arrows and the d-pad move focus to the nearest widget in that direction")
    func spatialNavigation() {
        let harness = UIHarness()
        let grid = { (ui: UIContext) in
            for (name, x, y) in [("a", 0, 0), ("b", 200, 0), ("c", 0, 100), ("d", 200, 100), ("far", 900, 300)] {
                ui.button(name, in: Rect(x: Float(x), y: Float(y), width: 150, height: 60))
            }
        }
        var path: [WidgetID?] = []
        for events in [key(.tab), key(.right), key(.down), pad(.dpadLeft), pad(.dpadUp), key(.up)] {
            harness.frame(events, grid)
            path.append(harness.ui.focused)
        }
        #expect(path == ["a", "b", "d", "c", "a", "a"].map { WidgetID.of($0) })
    }

    @Test("Escape and pad B report back for the screen to handle")
    func back() {
        let harness = UIHarness()
        var requests: [Bool] = []
        for events in [[], key(.escape), pad(.b), []] {
            harness.frame(events) { ui in
                ui.button("x", in: Rect(x: 0, y: 0, width: 10, height: 10))
                requests.append(ui.backRequested)
            }
        }
        #expect(requests == [false, true, true, false])
    }

    @Test("rows and columns hand out rects with spacing and padding, scaled at 4K")
    func layout() {
        let harness = UIHarness(width: 3840, height: 2160)
        var rects: [Rect] = []
        harness.frame { ui in
            #expect(ui.scale == 3)
            ui.beginColumn(in: Rect(x: 0, y: 0, width: 600, height: 600), spacing: 10, padding: 5)
            rects.append(ui.nextRect(20))
            ui.beginRow(height: 30, spacing: 4)
            rects.append(ui.nextRect(10))
            rects.append(ui.nextRect())
            ui.endLayout()
            rects.append(ui.nextRect(5))
            ui.endLayout()
        }
        #expect(rects[0] == Rect(x: 15, y: 15, width: 570, height: 60))
        #expect(rects[1] == Rect(x: 15, y: 105, width: 30, height: 90))
        #expect(rects[2] == Rect(x: 57, y: 105, width: 528, height: 90))
        #expect(rects[3] == Rect(x: 15, y: 225, width: 570, height: 15))
    }
}

@Suite("Disabled widgets")
struct DisabledTests {
    @Test("a disabled button takes no click and no focus")
    func disabled() {
        let harness = UIHarness()
        var clicks = 0
        let build = { (ui: UIContext) in
            if ui.button("Save", enabled: false, in: Rect(x: 0, y: 0, width: 100, height: 48)).clicked { clicks += 1 }
            ui.button("Cancel", in: Rect(x: 0, y: 60, width: 100, height: 48))
        }
        harness.frame(click(50, 20), build)
        harness.frame(key(.tab), build)
        harness.frame(key(.enter), build)
        #expect(clicks == 0)
        #expect(harness.ui.focused == WidgetID.of("Cancel"))
    }
}
