import ImmediateUI
import Input
import Raster
import RenderTestSupport
import Testing

/// A list of `count` rows of one button each, in a 400x600 viewport at the top left.
private func rows(_ count: Int, clicked: @escaping (Int) -> Void = { _ in }) -> (UIContext) -> Void {
    { ui in
        ui.scrollList("list", count: count, rowHeight: 60, in: Rect(x: 0, y: 0, width: 400, height: 600)) { index, rect in
            ui.pushID(index)
            if ui.button("row \(index)", id: "row", in: rect).clicked { clicked(index) }
            ui.popID()
        }
    }
}

private func rowID(_ index: Int) -> WidgetID { WidgetID.of("row", in: WidgetID.of(Int64(index), in: WidgetID.of("list"))) }

@Suite("Home, End and the scrollbar")
struct ListJumpTests {
    @Test("End and Home jump to the last and the first row, taking the focus along when it is in the list")
    func homeAndEnd() {
        let harness = UIHarness()
        let list = rows(100)
        harness.frame(key(.tab), list)
        harness.frame([], list)
        #expect(harness.ui.focused == rowID(0))
        harness.frame(key(.end), list)
        harness.frame([], list)
        #expect(harness.ui.scrollOffset("list") == 100 * 60 - 600)
        #expect(harness.ui.focused == rowID(99))
        harness.frame(key(.home, [.control]), list)
        harness.frame([], list)
        #expect(harness.ui.scrollOffset("list") == 0)
        #expect(harness.ui.focused == rowID(0))
    }

    @Test("Ctrl+End in a search field scrolls the page's list, while plain End stays the field's")
    func ctrlEndFromSearchField() {
        let harness = UIHarness()
        var text = "boss"
        let page = { (ui: UIContext) in
            ui.searchField("search", text: &text, placeholder: "Search", in: Rect(x: 500, y: 10, width: 300, height: 44))
            rows(100)(ui)
        }
        harness.frame([.text("y")], page)
        #expect(harness.ui.focused == WidgetID.of("search"), "typing focused the search field")
        #expect(text == "bossy")
        harness.frame(key(.end), page)
        harness.frame([], page)
        #expect(harness.ui.scrollOffset("list") == 0, "End moved the caret, not the list")
        harness.frame(key(.end, [.control]), page)
        harness.frame([], page)
        #expect(harness.ui.scrollOffset("list") == 100 * 60 - 600)
        #expect(harness.ui.focused == WidgetID.of("search"), "the focus stays in the field")
    }

    @Test("dragging the scrollbar's thumb scrolls in proportion, and a click on its track jumps a page")
    func scrollbar() {
        let harness = UIHarness()
        var clicked: [Int] = []
        let list = rows(100) { clicked.append($0) }
        harness.frame([], list)
        // The thumb sits at the top of the 14-point strip along the right edge.
        harness.frame([.pointerMoved(x: 393, y: 30), .pointerDown(x: 393, y: 30, button: 1)], list)
        harness.frame([.pointerMoved(x: 393, y: 130)], list)
        let dragged = harness.ui.scrollOffset("list")
        // 100 points of the 534.6 the thumb travels over, of 5,400 to scroll.
        #expect(abs(dragged - 100 * 5400 / 534.6) < 1)
        harness.frame([.pointerUp(x: 393, y: 130, button: 1)], list)
        harness.frame([], list)
        #expect(harness.ui.scrollOffset("list") == dragged, "letting go leaves it there, without a glide")
        harness.frame(click(393, 500), list)
        harness.frame([], list)
        harness.frame([], list)
        #expect(harness.ui.scrollOffset("list") == dragged + 600 * 0.9)
        #expect(clicked.isEmpty, "no row under the scrollbar was clicked")
    }

    @Test("a list that fits has no scrollbar, and its rows keep their full width")
    func noScrollbarWhenItFits() {
        let harness = UIHarness()
        var widths: [Float] = []
        harness.frame { ui in
            ui.scrollList("list", count: 5, rowHeight: 60, in: Rect(x: 0, y: 0, width: 400, height: 600)) { _, rect in
                widths.append(rect.width)
            }
        }
        #expect(widths == Array(repeating: 400, count: 5))
    }

    @Test("scrollToItem brings a far row into view, centred")
    func scrollToItem() {
        let harness = UIHarness()
        let list = rows(100)
        harness.frame([]) { ui in
            ui.scrollToItem("list", index: 50)
            rows(100)(ui)
        }
        #expect(harness.ui.scrollOffset("list") == 50 * 60 + 30 - 300)
        harness.frame([], list)
        #expect(harness.ui.commands.contains { $0.string == "row 50" })
    }
}

@Suite("The d-pad in a grid")
struct GridNavigationTests {
    /// A Back button above a grid of 10 cards in 4 columns.
    func page(_ ui: UIContext) {
        ui.button("Back", in: Rect(x: 0, y: 0, width: 100, height: 40))
        ui.scrollGrid("grid", count: 10, minimumItemWidth: 100, itemHeight: 100, spacing: 10,
                      in: Rect(x: 0, y: 60, width: 430, height: 600)) { index, rect in
            ui.pushID(index)
            ui.imageTile("card", title: "Card \(index)", picture: nil, in: rect)
            ui.popID()
        }
    }

    func card(_ index: Int) -> WidgetID { WidgetID.of("card", in: WidgetID.of(Int64(index), in: WidgetID.of("grid"))) }

    @Test("left and right stay within the row, up and down move by a row, and the edges hold")
    func movesAsTheEyeExpects() {
        let harness = UIHarness()
        harness.frame([]) { ui in
            page(ui)
            ui.focusNow(card(0))
        }
        var path: [WidgetID?] = []
        for button: GamepadButton in [.dpadRight, .dpadLeft, .dpadLeft, .dpadDown, .dpadDown, .dpadDown, .dpadRight,
                                      .dpadRight, .dpadUp, .dpadRight, .dpadDown, .dpadUp, .dpadUp, .dpadUp] {
            harness.frame(pad(button), page)
            path.append(harness.ui.focused)
        }
        let back = WidgetID.of("Back")
        #expect(path == [card(1), card(0), card(0), card(4), card(8), card(8), card(9), card(9), card(5), card(6),
                         card(9), card(5), card(1), back])
    }

    @Test("a focused card's ring stands further off and is thicker than a button's")
    func cardRingDiffers() {
        let harness = UIHarness()
        harness.ui.scaleOverride = 1
        func ringWidth(focusing id: WidgetID) -> Float? {
            harness.frame([]) { ui in
                page(ui)
                ui.focusNow(id)
            }
            let commands = harness.frame([], page)
            for command in commands {
                if case .focusRing(_, _, _, let width) = command { return width }
            }
            return nil
        }
        let button = ringWidth(focusing: WidgetID.of("Back"))
        let card = ringWidth(focusing: card(2))
        #expect(button == 3)
        #expect(card == 4.5)
    }

    @Test("a selected card has a check badge; others do not")
    func selectionBadge() {
        let harness = UIHarness()
        let commands = harness.frame { ui in
            ui.imageTile("a", title: "Chosen", picture: nil, selected: true, in: Rect(x: 0, y: 0, width: 180, height: 200))
            ui.imageTile("b", title: "Other", picture: nil, in: Rect(x: 200, y: 0, width: 180, height: 200))
        }
        let badges = commands.compactMap { $0.string == "✓" ? $0.textRect : nil }
        #expect(badges.count == 1)
        #expect(badges.first.map { $0.maxX <= 180 } == true)
    }
}

@Suite("The search field")
struct SearchFieldTests {
    @Test("typed text lands in the field though it had no focus; a lone space does not start a search")
    func typeToSearch() {
        let harness = UIHarness()
        var text = ""
        var pressed = 0
        let page = { (ui: UIContext) in
            if ui.button("Card").clicked { pressed += 1 }
            ui.searchField("search", text: &text, placeholder: "Search", in: Rect(x: 500, y: 10, width: 300, height: 44))
        }
        harness.frame(key(.tab), page)
        harness.frame([.keyDown(.space, modifiers: [], isRepeat: false), .text(" ")], page)
        #expect(text.isEmpty)
        #expect(pressed == 1, "Space pressed the focused button")
        harness.frame([.text("Café")], page)
        #expect(text == "Café")
        #expect(harness.ui.focused == WidgetID.of("search"))
        harness.frame([.keyDown(.space, modifiers: [], isRepeat: false), .text(" "), .text("b")], page)
        #expect(text == "Café b")
        #expect(pressed == 1, "once searching, Space types")
        harness.frame(key(.backspace), page)
        #expect(text == "Café ")
    }

    @Test("the × clears the text and keeps the focus in the field")
    func clearButton() {
        let harness = UIHarness()
        var text = "boss"
        let page = { (ui: UIContext) in
            _ = ui.searchField("search", text: &text, placeholder: "Search", in: Rect(x: 0, y: 0, width: 300, height: 44))
        }
        let commands = harness.frame([], page)
        let clear = commands.compactMap { $0.string == "×" ? $0.textRect : nil }
        let center = try? #require(clear.first?.center)
        guard let center else { return }
        harness.frame(click(center.x, center.y), page)
        harness.frame([], page)
        #expect(text.isEmpty)
        harness.frame([], page)
        #expect(!harness.ui.commands.contains { $0.string == "×" }, "no × on an empty field")
        #expect(harness.ui.focused == WidgetID.of("search"))
    }
}

@Suite("A list scrolled to its end")
struct StickToEndTests {
    @Test("stays at its end when its viewport shrinks, so the last row is not cut off")
    func staysAtEnd() {
        let harness = UIHarness()
        var height: Float = 600
        var lastRowBottom: Float = 0
        let list = { (ui: UIContext) in
            ui.scrollList("list", count: 30, rowHeight: 60, in: Rect(x: 0, y: 0, width: 400, height: height)) { index, rect in
                if index == 29 { lastRowBottom = rect.maxY }
            }
        }
        harness.frame(key(.end), list)
        harness.frame([], list)
        #expect(lastRowBottom == 600)
        height = 500
        harness.frame([], list)
        #expect(lastRowBottom == 500)
        // Scrolled back from the end, it keeps its place.
        harness.frame([.pointerMoved(x: 100, y: 100), .wheel(dx: 0, dy: 1)], list)
        let offset = harness.ui.scrollOffset("list")
        height = 450
        harness.frame([], list)
        #expect(harness.ui.scrollOffset("list") == offset)
    }
}

@Suite("Ctrl+F")
struct FindKeyTests {
    @Test("Ctrl+F focuses the search field with its text selected, so typing replaces it")
    func ctrlFSelectsAll() {
        let harness = UIHarness()
        var text = "printer"
        let page = { (ui: UIContext) in
            ui.button("Card")
            _ = ui.searchField("search", text: &text, placeholder: "Search", in: Rect(x: 500, y: 10, width: 300, height: 44))
        }
        harness.frame(key(.tab), page)
        #expect(harness.ui.focused != WidgetID.of("search"))
        harness.frame(key(.character("f"), [.control]), page)
        #expect(harness.ui.focused == WidgetID.of("search"))
        harness.frame([.text("inbox")], page)
        #expect(text == "inbox")
    }

    @Test("a gamepad's X goes to the search field, turning text input on for an on-screen keyboard")
    func padX() {
        let harness = UIHarness()
        var text = ""
        let page = { (ui: UIContext) in
            ui.button("Card")
            _ = ui.searchField("search", text: &text, placeholder: "Search", in: Rect(x: 500, y: 10, width: 300, height: 44))
        }
        harness.frame(pad(.dpadDown), page)
        #expect(!harness.ui.wantsTextInput)
        harness.frame(pad(.x), page)
        harness.frame([], page)
        #expect(harness.ui.focused == WidgetID.of("search"))
        #expect(harness.ui.wantsTextInput)
    }
}
