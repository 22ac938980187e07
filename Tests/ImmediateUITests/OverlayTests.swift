import ImmediateUI
import Input
import Raster
import Testing

@Suite("Modal dialog, toasts and the spinner")
struct OverlayTests {
    let beneath = Rect(x: 20, y: 20, width: 200, height: 48)

    @Test("a modal blocks clicks beneath it and Escape cancels it")
    func modalBlocks() {
        let harness = UIHarness()
        var showing = true
        var beneathClicks = 0
        var answers: [ConfirmResult] = []
        var back: [Bool] = []
        let screen = { (ui: UIContext) in
            if ui.button("Delete", style: .destructive, in: beneath).clicked { beneathClicks += 1 }
            if showing {
                let answer = ui.confirmDialog("confirm", title: "Delete “Boss”?", message: "This cannot be undone.",
                                              confirmLabel: "Delete")
                answers.append(answer)
                if answer != .pending { showing = false }
            }
            back.append(ui.backRequested)
        }
        harness.frame([], screen)
        harness.frame(click(60, 40), screen)
        harness.frame([], screen)
        #expect(beneathClicks == 0)
        #expect(answers == [.pending, .pending, .pending])
        harness.frame(key(.escape), screen)
        #expect(answers.last == .cancelled)
        #expect(back == [false, false, false, false])
        // Closed: the button beneath takes clicks again.
        harness.frame(click(60, 40), screen)
        harness.frame([], screen)
        #expect(beneathClicks == 1)
    }

    @Test("a long name in the dialog's title wraps onto more lines instead of losing its end")
    func longTitleWraps() {
        let harness = UIHarness(width: 640, height: 480)
        let title = "Delete “The quarterly all-hands meeting that should have been an email, again”?"
        let build = { (ui: UIContext) in
            _ = ui.confirmDialog("confirm", title: title, message: "Its picture and its punch count go with it.", confirmLabel: "Delete")
        }
        harness.frame([], build)
        let commands = harness.frame([], build)
        var lines = 0, height: Float = 0
        for command in commands {
            if case let .text(string, rect, _, _, _, maxLines) = command, string == title { lines = maxLines; height = rect.height }
        }
        #expect(lines >= 2, "the title is cut to \(lines) line")
        // Its box is as tall as its lines, and the buttons sit below it inside the card.
        let short = UIHarness(width: 640, height: 480)
        var shortHeight: Float = 0
        short.frame([], { _ = $0.confirmDialog("confirm", title: "Delete “Boss”?", message: "", confirmLabel: "Delete") })
        for command in short.frame([], { _ = $0.confirmDialog("confirm", title: "Delete “Boss”?", message: "", confirmLabel: "Delete") }) {
            if case let .text(string, rect, _, _, _, _) = command, string == "Delete “Boss”?" { shortHeight = rect.height }
        }
        #expect(height >= shortHeight * Float(lines) - 0.5 && shortHeight > 0)
    }

    @Test("the dialog draws above the screen whatever order they were built in, focus on Cancel")
    func modalLayering() {
        let harness = UIHarness()
        let build = { (ui: UIContext) in
            _ = ui.confirmDialog("confirm", title: "Sure?", message: "", confirmLabel: "Yes")
            ui.button("Beneath", in: beneath)
        }
        harness.frame([], build)
        let commands = harness.frame([], build)
        let beneathIndex = commands.firstIndex { $0.string == "Beneath" }
        let titleIndex = commands.firstIndex { $0.string == "Sure?" }
        #expect(beneathIndex != nil && titleIndex != nil)
        if let beneathIndex, let titleIndex { #expect(beneathIndex < titleIndex) }
        #expect(harness.ui.focused == WidgetID.of("cancel", in: WidgetID.of("confirm")))
    }

    @Test("pad A on the focused Confirm button confirms")
    func modalConfirm() {
        let harness = UIHarness()
        var answers: [ConfirmResult] = []
        let build = { (ui: UIContext) in
            answers.append(ui.confirmDialog("confirm", title: "Sure?", message: "Really", confirmLabel: "Yes"))
        }
        harness.frame([], build)
        harness.frame(pad(.dpadRight), build)
        harness.frame(pad(.a), build)
        #expect(answers == [.pending, .pending, .confirmed])
    }

    @Test("a toast shows, fades and disappears after its time")
    func toastExpires() {
        let harness = UIHarness()
        harness.frame { ui in ui.showToast("Picture too large", kind: .error, duration: 2) }
        var commands = harness.frame([], dt: 1)
        #expect(harness.ui.toastCount == 1)
        #expect(commands.contains { $0.string == "Picture too large" })
        commands = harness.frame([], dt: 0.8)  // t = 1.0 + 1/60
        commands = harness.frame()  // t = 1.8...: fading
        let faded = commands.contains {
            if case let .text(string, _, _, color, _, _) = $0 { return string == "Picture too large" && color.a < 1 }
            return false
        }
        #expect(faded)
        harness.time = 2.1
        commands = harness.frame()
        #expect(harness.ui.toastCount == 0)
        #expect(!commands.contains { $0.string == "Picture too large" })
    }

    @Test("the spinner draws eight dots")
    func spinner() {
        let harness = UIHarness()
        let commands = harness.frame { ui in ui.spinner(in: Rect(x: 0, y: 0, width: 48, height: 48)) }
        #expect(commands.count == 8)
    }
}

@Suite("Focus while a modal is open")
struct ModalFocusTests {
    @Test("Tab cycles only through the dialog's buttons, and focus returns when it closes")
    func tabStaysInside() {
        let harness = UIHarness()
        var showing = false
        var focus: [WidgetID?] = []
        let screen = { (ui: UIContext) in
            if ui.button("Delete", in: Rect(x: 0, y: 0, width: 100, height: 48)).clicked { showing = true }
            ui.button("Other", in: Rect(x: 0, y: 60, width: 100, height: 48))
            if showing, ui.confirmDialog("confirm", title: "Sure?", message: "", confirmLabel: "Yes") != .pending {
                showing = false
            }
        }
        harness.frame(key(.tab), screen)
        harness.frame(key(.enter), screen)  // opens the dialog
        for _ in 0..<3 {
            harness.frame(key(.tab), screen)
            focus.append(harness.ui.focused)
        }
        let cancel = WidgetID.of("cancel", in: WidgetID.of("confirm"))
        let confirm = WidgetID.of("confirm", in: WidgetID.of("confirm"))
        #expect(focus == [confirm, cancel, confirm])
        harness.frame(pad(.b), screen)
        #expect(!showing)
        #expect(harness.ui.focused == WidgetID.of("Delete"))
    }
}
