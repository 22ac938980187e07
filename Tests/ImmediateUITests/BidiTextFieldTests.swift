import ImmediateUI
import Input
import Raster
import RenderTestSupport
import Testing

/// The text field on a right-to-left line: offsets stay logical, the caret and the
/// selection are drawn where the characters are on screen.
@Suite("Text field carets in right-to-left text")
struct BidiTextFieldTests {
    static let fieldRect = Rect(x: 20, y: 20, width: 400, height: 48)
    /// Where the text starts: right-to-left text ends at the field's right edge, so
    /// after the field's x and padding (34) comes the room it leaves: a text area 372
    /// wide, less the 40 px of four characters and the 2 px caret.
    static let textX: Float = 34 + 330

    final class Field {
        let source = RightToLeftBoxGlyphSource()
        let harness: UIHarness
        var text: String
        var commands: [DrawCommand] = []

        init(_ text: String) {
            self.text = text
            harness = UIHarness(glyphs: source)
            send(key(.tab))
            send([])
        }

        func send(_ events: [InputEvent]) {
            commands = harness.frame(events) { ui in
                _ = ui.textField("name", text: &text, in: BidiTextFieldTests.fieldRect)
            }
        }

        /// The caret: the thin accent-coloured bar.
        var caretX: Float? {
            for command in commands {
                if case let .rect(rect, color, _) = command, rect.width == 2, color == harness.ui.theme.accent { return rect.minX }
            }
            return nil
        }

        var selectionRects: [Rect] {
            commands.compactMap { command in
                if case let .rect(rect, color, _) = command, color == harness.ui.theme.selection { return rect }
                return nil
            }
        }
    }

    @Test("Left steps back one character in logical order, so the caret moves right on a right-to-left line")
    func leftMovesLogically() throws {
        // Characters are 10 px wide; "שלום" shows as its four boxes reversed.
        let field = Field("שלום")
        // At the end of the text: after the last character, which shows leftmost.
        #expect(field.caretX == Self.textX)
        field.send(key(.left))
        #expect(field.caretX == Self.textX + 10)
        field.send(key(.left))
        #expect(field.caretX == Self.textX + 20)
        field.send(key(.home))
        #expect(field.caretX == Self.textX + 40)
        #expect(field.source.shapedLines > 0, "the field never asked for the shaped line")
    }

    @Test("a selection covers the selected characters where they are drawn")
    func selectionIsVisual() throws {
        let field = Field("שלום")
        field.send(key(.left, .shift))
        let rects = field.selectionRects
        #expect(rects.count == 1)
        // The last character sits leftmost: the selection is the first box.
        #expect(rects.first?.minX == Self.textX)
        #expect(rects.first?.width == 10)
    }

    @Test("a right-to-left text ends at the field's right edge, focused or not")
    func rightAligned() throws {
        let field = Field("שלום")
        #expect(field.caretX == Self.textX)
        let harness = UIHarness(glyphs: RightToLeftBoxGlyphSource())
        var text = "שלום"
        let commands = harness.frame { ui in _ = ui.textField("other", text: &text, in: BidiTextFieldTests.fieldRect) }
        let drawn = commands.compactMap { command -> TextAlignment? in
            if case let .text(string, _, _, _, alignment, _) = command, string == "שלום" { return alignment }
            return nil
        }
        #expect(drawn == [.trailing])
    }

    @Test("typing after a click goes in at the logical offset under the pointer")
    func clickThenType() throws {
        let field = Field("שלום")
        // 13 px into the text: the nearest caret is 10 px in, after three characters.
        field.send(click(Self.textX + 13, 40))
        field.send([.text("X")])
        #expect(field.text == "שלוXם")
    }
}
