import Foundation
import ImmediateUI
import Input
import Raster
import Testing

@Suite("Toasts that fit, and the default action")
struct ToastAndDefaultActionTests {
    static let long = "Punches are not being saved: the disk is full. Free some space and they will be saved again."

    /// The text commands of a frame.
    static func texts(_ commands: [DrawCommand]) -> [(String, Rect, Int)] {
        commands.compactMap { command in
            if case .text(let text, let rect, _, _, _, let maxLines) = command { return (text, rect, maxLines) }
            return nil
        }
    }

    @Test("a long toast at 640 px wraps inside the window instead of running off its edges")
    func longToastWraps() {
        let harness = UIHarness(width: 640, height: 360)
        harness.frame { $0.showToast(Self.long, kind: .error, duration: 5) }
        let commands = harness.frame()
        let toast = Self.texts(commands).first(where: { $0.0 == Self.long })
        #expect(toast != nil)
        #expect((toast?.2 ?? 1) > 1)
        if let rect = toast?.1 {
            #expect(rect.minX >= 0 && rect.maxX <= 640)
            #expect(rect.minY >= 0 && rect.maxY <= 360)
        }
    }

    @Test("a wrapped toast's lines sit in its middle, and an error toast's text reads at 4.5:1 or better on its red")
    func wrappedToastIsCentredAndReadable() throws {
        let harness = UIHarness(width: 640, height: 360)
        harness.frame { $0.showToast(Self.long, kind: .error, duration: 5) }
        for _ in 0..<20 { harness.frame() }  // faded in
        let commands = harness.frame()
        let theme = harness.ui.theme
        // The toast's ground, then its text.
        var ground: Rect?
        var text: (rect: Rect, lines: Int)?
        for command in commands {
            if case .rect(let rect, let color, _) = command, color == theme.errorSurface { ground = rect }
            if case .text(let string, let rect, _, _, _, let lines) = command, string == Self.long { text = (rect, lines) }
        }
        let box = try #require(ground, "no error toast drawn")
        let lines = try #require(text)
        #expect(lines.lines > 1)
        let above = lines.rect.minY - box.minY, below = box.maxY - lines.rect.maxY
        #expect(abs(above - below) <= 1, "the lines hug an edge: \(above) px above, \(below) px below")
        func luminance(_ c: Color) -> Float {
            func channel(_ v: Float) -> Float { v <= 0.04045 ? v / 12.92 : powf((v + 0.055) / 1.055, 2.4) }
            return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
        }
        let contrast = (luminance(theme.text) + 0.05) / (luminance(theme.errorSurface) + 0.05)
        #expect(contrast >= 4.5, "error toast text at \(contrast):1")
    }

    @Test("toasts sit above the area a screen keeps clear")
    func toastsKeepClear() {
        let harness = UIHarness()
        harness.frame { $0.showToast("Sound off") }
        let commands = harness.frame { $0.toastClearance = 560 }
        let toast = Self.texts(commands).first(where: { $0.0 == "Sound off" })
        #expect(toast != nil)
        #expect((toast?.1.maxY ?? 999) <= 560)
    }

    @Test("the same toast twice shows once")
    func sameToastOnce() {
        let harness = UIHarness()
        harness.frame { ui in
            ui.showToast("Sound on")
            ui.showToast("Sound on")
        }
        #expect(harness.ui.toastCount == 1)
    }

    @Test("an action toast answers its click and keeps the toast stack above it")
    func actionToastClicks() {
        let harness = UIHarness()
        var clicks = 0
        var buttonCenter = Point(0, 0)
        let build = { (ui: UIContext) in
            if ui.actionToast("undo", message: "Deleted ‘Alarm’", action: "Undo") { clicks += 1 }
        }
        let commands = harness.frame([], build)
        // The Undo label's box is the button.
        if let undo = Self.texts(commands).first(where: { $0.0 == "Undo" }) { buttonCenter = undo.1.center }
        #expect(buttonCenter.y > 600)
        harness.frame(click(buttonCenter.x, buttonCenter.y), build)
        harness.frame([], build)
        #expect(clicks == 1)
    }

    @Test("Enter that no widget takes is the default action; a focused button keeps its own Enter")
    func defaultAction() {
        let harness = UIHarness()
        var defaults = 0, buttonClicks = 0
        let build = { (ui: UIContext) in
            if ui.button("Cancel", in: Rect(x: 10, y: 10, width: 100, height: 40)).clicked { buttonClicks += 1 }
            if ui.takeDefaultAction() { defaults += 1 }
        }
        harness.frame(key(.enter), build)
        #expect(defaults == 1 && buttonClicks == 0)
        harness.frame(key(.tab), build)
        harness.frame(key(.enter), build)
        #expect(defaults == 1 && buttonClicks == 1)
    }

    @Test("a dialog that destroys nothing takes Enter as yes; Delete's keeps Cancel as the default")
    func dialogDefaults() {
        for destructive in [true, false] {
            let harness = UIHarness()
            var answers: [ConfirmResult] = []
            let build = { (ui: UIContext) in
                answers.append(ui.confirmDialog("ask", title: "Sure?", message: "", confirmLabel: "Yes", destructive: destructive))
            }
            harness.frame([], build)
            harness.frame([], build)
            harness.frame(key(.enter), build)
            #expect(answers.last == (destructive ? .cancelled : .confirmed))
        }
    }

    @Test("with escapeConfirms, Escape answers yes (\"Discard changes?\": a second Escape discards)")
    func escapeConfirms() {
        let harness = UIHarness()
        var answer = ConfirmResult.pending
        let build = { (ui: UIContext) in
            answer = ui.confirmDialog("discard", title: "Discard changes?", message: "", confirmLabel: "Discard",
                                      cancelLabel: "Keep editing", escapeConfirms: true)
        }
        harness.frame([], build)
        harness.frame(key(.escape), build)
        #expect(answer == .confirmed)
    }
}
