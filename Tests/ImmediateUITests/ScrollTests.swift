import ImmediateUI
import Input
import Raster
import RenderTestSupport
import Testing

@Suite("Virtualized scroll lists and grids")
struct ScrollTests {
    let viewport = Rect(x: 0, y: 0, width: 400, height: 600)

    @Test("a 10,000-row list builds only the rows in view, wherever it is scrolled")
    func virtualization() {
        let harness = UIHarness()
        var built = 0
        for offset: Float in [0, 400_000, 10_000_000] {
            built = 0
            harness.frame { ui in
                ui.setScrollOffset("list", offset)
                ui.scrollList("list", count: 10_000, rowHeight: 60, in: viewport) { _, _ in built += 1 }
            }
            // 600 / 60 = 10 rows in view, an 11th when scrolled between rows, one either side.
            #expect(built >= 10 && built <= 13)
        }
        #expect(harness.ui.scrollOffset("list") == 10_000 * 60 - 600)
    }

    @Test("the library example builds a 10,000-row frame from its visible rows")
    func libraryExample() {
        let ui = UIContext(glyphs: BoxGlyphSource())
        let names = (0..<10_000).map { "Target \($0)" }
        let top = LibraryListExample.buildFrame(ui, names: names, offset: 0)
        let middle = LibraryListExample.buildFrame(ui, names: names, offset: 480_000)
        #expect(top.rowsBuilt <= 9 && top.rowsBuilt >= 6)
        #expect(middle.rowsBuilt <= 10 && middle.rowsBuilt >= 6)
        #expect(ui.commands.contains { $0.string == "Target 5000" })
    }

    @Test("wheel scrolling moves three rows a notch and clamps at both ends")
    func wheelClamps() {
        let harness = UIHarness()
        let list = { (ui: UIContext) in ui.scrollList("list", count: 20, rowHeight: 60, in: viewport) { _, _ in } }
        harness.frame([.pointerMoved(x: 100, y: 100), .wheel(dx: 0, dy: 1)], list)
        #expect(harness.ui.scrollOffset("list") == 0)
        harness.frame([.wheel(dx: 0, dy: -1)], list)
        #expect(harness.ui.scrollOffset("list") == 3 * 60)
        harness.frame([.wheel(dx: 0, dy: -100)], list)
        #expect(harness.ui.scrollOffset("list") == 20 * 60 - 600)
        // Outside the list the wheel does nothing to it.
        harness.frame([.pointerMoved(x: 900, y: 100), .wheel(dx: 0, dy: 5)], list)
        #expect(harness.ui.scrollOffset("list") == 600)
    }

    @Test("a touch flick glides on and settles to rest within two seconds")
    func flickSettles() {
        let harness = UIHarness()
        var taps = 0
        let list = { (ui: UIContext) in
            ui.scrollList("list", count: 1000, rowHeight: 60, in: viewport) { index, rect in
                ui.pushID(index)
                if ui.button("row", in: rect).clicked { taps += 1 }
                ui.popID()
            }
        }
        harness.frame([.fingerDown(id: 3, x: 200, y: 500)], list)
        var y: Float = 500
        for _ in 0..<6 {
            y -= 40
            harness.frame([.fingerMoved(id: 3, x: 200, y: y)], list)
        }
        harness.frame([.fingerUp(id: 3, x: 200, y: y)], list)
        let released = harness.ui.scrollOffset("list")
        #expect(released >= 240 && released < 300)  // 240 dragged, then the first glide step
        #expect(!harness.ui.isScrollSettled("list"))
        var frames = 0
        while !harness.ui.isScrollSettled("list") && frames < 600 {
            harness.frame([], list)
            frames += 1
        }
        #expect(frames <= 120)
        let rest = harness.ui.scrollOffset("list")
        #expect(rest > released + 500)  // it glided on
        for _ in 0..<30 { harness.frame([], list) }
        #expect(harness.ui.scrollOffset("list") == rest)
        #expect(taps == 0)  // a drag is not a tap on the row under it
    }

    @Test("moving focus down a list scrolls to keep the focused row in view")
    func focusStaysVisible() {
        let harness = UIHarness()
        var focusedRects: [Rect] = []
        let list = { (ui: UIContext) in
            ui.scrollList("list", count: 100, rowHeight: 60, spacing: 4, in: viewport) { index, rect in
                ui.pushID(index)
                ui.button("row \(index)", id: "row", in: rect)
                if ui.focused == ui.id("row") { focusedRects.append(rect) }
                ui.popID()
            }
        }
        harness.frame(key(.tab), list)
        for _ in 0..<25 { harness.frame(key(.down), list) }
        harness.frame([], list)
        #expect(harness.ui.scrollOffset("list") > 0)
        #expect(focusedRects.count >= 25)
        for rect in focusedRects.suffix(20) {
            #expect(rect.minY >= viewport.minY && rect.maxY <= viewport.maxY)
        }
        // The last focused row is row 25.
        let rowID = WidgetID.of("row", in: WidgetID.of(Int64(25), in: WidgetID.of("list")))
        #expect(harness.ui.focused == rowID)
    }

    @Test("a grid fits as many columns as its minimum item width allows, beside its scrollbar")
    func gridColumns() {
        let harness = UIHarness()
        var frame: ScrollListFrame?
        harness.frame { ui in
            // 520 for the items and 14 for the scrollbar's strip (the 50 items overflow).
            let grid = ui.beginScrollGrid("grid", count: 50, minimumItemWidth: 120, itemHeight: 150, spacing: 10,
                                          in: Rect(x: 0, y: 0, width: 534, height: 400))
            frame = grid
            ui.endScrollList(grid)
        }
        #expect(frame?.columns == 4)
        #expect(frame?.rect(for: 5) == Rect(x: 132.5, y: 160, width: 122.5, height: 150))
        #expect(frame?.visibleRange == 0..<16)
    }
}

@Suite("Keyboard and pad scrolling")
struct KeyboardScrollTests {
    @Test("Page Down scrolls the list holding focus by most of a page; the right stick glides it")
    func pageAndStick() {
        let harness = UIHarness()
        let list = { (ui: UIContext) in
            ui.scrollList("list", count: 100, rowHeight: 50, in: Rect(x: 0, y: 0, width: 300, height: 500)) { index, rect in
                ui.pushID(index)
                ui.button("row", in: rect)
                ui.popID()
            }
        }
        harness.frame(key(.tab), list)
        harness.frame([], list)
        harness.frame(key(.pageDown), list)
        #expect(harness.ui.scrollOffset("list") == 450)
        harness.frame([.gamepadAxis(id: 0, axis: .rightY, value: 1)], list)
        harness.frame([], list)
        #expect(harness.ui.scrollOffset("list") == 450 + 2 * 1500 / 60)  // held for two frames
        harness.frame([.gamepadAxis(id: 0, axis: .rightY, value: 0)], list)
        let still = harness.ui.scrollOffset("list")
        harness.frame([], list)
        #expect(harness.ui.scrollOffset("list") == still)
    }
}

@Suite("Dragging a list with the mouse")
struct MouseDragTests {
    @Test("a small wobble is still a click on the row; a long drag scrolls and clicks nothing")
    func wobbleAndDrag() {
        let harness = UIHarness()
        var clicked: [Int] = []
        let list = { (ui: UIContext) in
            ui.scrollList("list", count: 50, rowHeight: 60, in: Rect(x: 0, y: 0, width: 300, height: 600)) { index, rect in
                ui.pushID(index)
                if ui.button("row", in: rect).clicked { clicked.append(index) }
                ui.popID()
            }
        }
        harness.frame([.pointerMoved(x: 100, y: 90), .pointerDown(x: 100, y: 90, button: 1)], list)
        harness.frame([.pointerMoved(x: 103, y: 94)], list)
        harness.frame([.pointerUp(x: 103, y: 94, button: 1)], list)
        #expect(clicked == [1])
        harness.frame([.pointerDown(x: 100, y: 300, button: 1)], list)
        harness.frame([.pointerMoved(x: 100, y: 250)], list)
        harness.frame([.pointerMoved(x: 100, y: 200)], list)
        harness.frame([.pointerUp(x: 100, y: 200, button: 1)], list)
        harness.frame([], list)
        #expect(clicked == [1])
        #expect(harness.ui.scrollOffset("list") >= 100)
    }
}
