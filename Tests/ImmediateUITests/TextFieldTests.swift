import ImmediateUI
import Input
import Raster
import Testing

@Suite("Text field editing")
struct TextFieldTests {
    let fieldRect = Rect(x: 20, y: 20, width: 400, height: 48)

    /// A harness with one focused text field; `type` runs a frame of events.
    final class Field {
        let harness = UIHarness()
        var text: String
        var results: [UIResult] = []
        var maxLength: Int
        var commands: [DrawCommand] = []

        init(_ text: String = "", maxLength: Int = .max) {
            self.text = text
            self.maxLength = maxLength
            send(key(.tab))  // focus it
            send([])
        }

        func send(_ events: [InputEvent]) {
            commands = harness.frame(events) { ui in
                results.append(ui.textField(
                    "name", text: &text, placeholder: "Name", maxLength: maxLength,
                    in: Rect(x: 20, y: 20, width: 400, height: 48)))
                ui.button("Save", in: Rect(x: 20, y: 100, width: 100, height: 48))
            }
        }
    }

    @Test("typing inserts text and Backspace removes a whole emoji")
    func backspaceEmoji() {
        let field = Field()
        field.send([.text("Büro 🥊")])
        #expect(field.text == "Büro 🥊")
        #expect(field.results.last == .changed)
        field.send(key(.backspace))
        #expect(field.text == "Büro ")
        field.send(key(.backspace))
        field.send(key(.backspace))
        #expect(field.text == "Bür")
    }

    @Test("a letter with a combining accent deletes as one character")
    func combiningAccent() {
        let field = Field("Cafe\u{301}")
        #expect(field.text.count == 4)
        field.send(key(.backspace))
        #expect(field.text == "Caf")
        // An accent typed after a letter joins it; Delete then removes both.
        field.send([.text("e"), .text("\u{301}")] + key(.left) + key(.delete))
        #expect(field.text == "Caf")
    }

    @Test("Left, Right, Home and End move by characters")
    func cursorMoves() {
        let field = Field("a🥊b")
        field.send(key(.home) + key(.right) + key(.right) + [.text("X")])
        #expect(field.text == "a🥊Xb")
        field.send(key(.end) + [.text("!")] + key(.home) + [.text("<")])
        #expect(field.text == "<a🥊Xb!")
        field.send(key(.left) + key(.left) + key(.delete))
        #expect(field.text == "a🥊Xb!")
    }

    @Test("Shift+arrows select; Ctrl+X cuts and Ctrl+V pastes through the clipboard")
    func selectionAndClipboard() {
        let field = Field("Hello World")
        field.send(Array(repeating: key(.left, .shift), count: 5).flatMap { $0 } + key(.character("x"), .control))
        #expect(field.text == "Hello ")
        #expect(field.harness.clipboard.text == "World")
        field.send(key(.home) + key(.character("v"), .control))
        #expect(field.text == "WorldHello ")
        field.send(key(.character("a"), .control) + key(.character("c"), .control))
        #expect(field.harness.clipboard.text == "WorldHello ")
        field.send([.text("Hi")])
        #expect(field.text == "Hi")
    }

    @Test("IME composition shows underlined at the caret until the text is committed")
    func composition() {
        let field = Field("ab")
        field.send([.textEditing("にほ", cursor: 2)])
        #expect(field.text == "ab")
        #expect(field.commands.contains { $0.string == "abにほ" })
        let fontSize = Float(field.harness.ui.font(field.harness.ui.theme.fontSize).size)
        let advance = (fontSize / 2).rounded(.down)
        // An underline exactly under the two composed characters.
        let underline = field.commands.contains {
            if case let .rect(rect, _, _) = $0 { return rect.width == 2 * advance && rect.height == 2 }
            return false
        }
        #expect(underline)
        #expect(field.harness.ui.wantsTextInput && field.harness.ui.textInputRect == fieldRect)
        field.send([.textEditing("", cursor: 0), .text("日本")])
        #expect(field.text == "ab日本")
        #expect(field.commands.contains { $0.string == "ab日本" })
    }

    @Test("the field keeps to its maximum length in characters")
    func maxLength() {
        let field = Field(maxLength: 5)
        field.send([.text("🥊🥊🥊abc")])
        #expect(field.text == "🥊🥊🥊ab")
        field.harness.clipboard.text = "zz"
        field.send(key(.character("v"), .control))
        #expect(field.text == "🥊🥊🥊ab")
    }

    @Test("an edit is committed on Enter and when focus leaves the field")
    func commit() {
        let field = Field()
        field.send([.text("Boss")])
        #expect(field.results.last?.deactivatedAfterEdit == false)
        field.send(key(.enter))
        #expect(field.results.last == [.submitted, .deactivatedAfterEdit])
        field.send([.text("!")])
        field.send(key(.tab))  // focus moves to Save at the end of this frame
        field.send([])
        #expect(field.results.suffix(3).map(\.deactivatedAfterEdit) == [false, false, true])
        #expect(field.text == "Boss!")
        // Leaving without an edit commits nothing.
        field.send(key(.tab, .shift))
        field.send(key(.tab))
        field.send([])
        #expect(!field.results.suffix(2).contains { $0.deactivatedAfterEdit })
    }

    @Test("an empty unfocused field shows its placeholder")
    func placeholder() {
        let harness = UIHarness()
        var text = ""
        let commands = harness.frame { ui in ui.textField("n", text: &text, placeholder: "Name", in: fieldRect) }
        #expect(commands.contains { $0.string == "Name" })
    }

    @Test("clicking in the text puts the caret there")
    func clickPlacesCaret() {
        let harness = UIHarness()
        var text = "abcdef"
        let build = { (ui: UIContext) in _ = ui.textField("n", text: &text, in: fieldRect) }
        // Characters are 10 px wide; text starts at 20 + 14 padding = 34: x = 56 is inside "c".
        harness.frame(click(56, 40), build)
        harness.frame([.text("X")], build)
        #expect(text == "abXcdef")
    }
}
