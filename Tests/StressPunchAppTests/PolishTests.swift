import AppModel
import Foundation
import ImmediateUI
import Input
import Raster
import StressCore
import Testing
import TestSupport
import TextServices

/// Small things a new user notices: words, alignment, what shows on hover.
@Suite("Polish: the small things on screen")
struct PolishTests {
    @Test("the Add form says a name is needed without “try again” before anything was tried")
    func noTryAgainBeforeATry() throws {
        let app = try ScreenHarness()
        app.key(.character("n"), [.control])
        let labels = app.session.visibleLabels
        #expect(!labels.contains { $0.contains("try again") }, "\(labels)")
        #expect(labels.contains { $0.contains("needs a name") }, "\(labels)")
    }

    @Test("one punch alone is no combo: Stats does not boast a best combo of 1")
    func bestComboOfOneIsNoCombo() throws {
        let app = try ScreenHarness()
        let center = app.session.controller.pictureRect.center
        app.session.controller.punch(atX: center.x, y: center.y, gamepad: nil, strength: 500)
        for _ in 0..<60 { app.frame() }
        app.key(.character("t"), [.control])
        app.frame()
        #expect(app.shows("1 punch in 30 days · strongest 500"), "\(app.session.visibleLabels)")
        #expect(!app.session.visibleLabels.contains { $0.contains("best combo") })
    }

    @Test("a Manage row without a message has its name in the row's middle, level with its buttons")
    func nameCentredWithoutMessage() throws {
        let app = try ScreenHarness()
        let target = try #require(app.session.library.targets.first)
        try app.store.update(id: target.id, message: "")
        try app.session.library.reload()
        app.press("Manage")
        app.frame()
        let name = try #require(app.session.widgetCenters(labelled: target.name).first)
        let edit = try #require(app.session.widgetCenters(labelled: "Edit").min { $0.y < $1.y })
        #expect(abs(name.y - edit.y) < 3, "name at \(name.y), its row's buttons at \(edit.y)")
    }

    @Test("a tool's name shows beside it while the mouse is over it")
    func toolTooltip() throws {
        let app = try ScreenHarness()
        let slap = PunchTool.slap.displayName
        func drawnText() -> [String] {
            (app.session.ui?.commands ?? []).compactMap { if case .text(let text, _, _, _, _, _) = $0 { return text }; return nil }
        }
        #expect(!drawnText().contains(slap))
        let rect = app.session.controller.layout.toolButton(PunchTool.allCases.firstIndex(of: .slap) ?? 1)
        app.frame([.pointerMoved(x: rect.center.x, y: rect.center.y)])
        app.frame()
        #expect(drawnText().contains(slap), "\(drawnText())")
    }

    @Test("the Undo toasts quote names as every other message does, with “ and ”")
    func curlyDoubleQuotes() throws {
        let app = try ScreenHarness()
        let first = try #require(app.session.library.targets.first)
        app.press("Manage")
        app.press("Delete", first: true)
        app.press("Delete")
        app.frame()
        #expect(app.session.visibleLabels.contains("Deleted “\(first.name)”"), "\(app.session.visibleLabels)")
    }

    @Test("the Stats day tooltip is drawn above the focus ring that runs round its bar's column")
    func dayTipAboveTheRing() throws {
        let app = try ScreenHarness()
        app.key(.character("t"), [.control])
        app.frame()
        func tipIndex(_ commands: [DrawCommand]) -> Int? {
            commands.firstIndex { if case .text(let text, _, _, _, _, _) = $0 { return text.range(of: #"^\S+ \d+: "#, options: .regularExpression) != nil }; return false }
        }
        for _ in 0..<10 where tipIndex(app.session.ui?.commands ?? []) == nil { app.key(.tab) }
        let commands = app.session.ui?.commands ?? []
        let tip = try #require(tipIndex(commands), "Tab never reached the chart")
        let ring = try #require(commands.firstIndex { if case .focusRing = $0 { return true }; return false })
        #expect(ring < tip, "the ring (command \(ring)) is drawn over the tip (command \(tip))")
    }

    @Test("an SVG shows in the picker greyed, saying SVG pictures are not supported, and a click on it chooses nothing")
    func svgGreyedInPicker() throws {
        let app = try ScreenHarness()
        let file = app.folder.file("zebra.png")
        try Data(TestPNG.solid(width: 16, height: 16, rgba: (20, 200, 20, 255))).write(to: file)
        try Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8).write(to: app.folder.file("drawing.svg"))
        app.key(.character("l"), [.control])
        app.press("Add target")
        app.frame([.fileDropped(path: file.path)])
        app.frame()
        app.press("Choose picture…")
        #expect(app.session.page == .picker)
        app.session.picker?.waitForListing()
        app.frame()
        let commands = app.session.ui?.commands ?? []
        let svgTitle = commands.compactMap { command -> Rect? in
            if case .text(let text, let rect, _, _, _, _) = command, text == "drawing.svg" { return rect }
            return nil
        }.first
        let title = try #require(svgTitle, "the SVG is not listed: \(app.session.visibleLabels)")
        #expect(app.session.visibleLabels.contains("SVG pictures are not supported"), "\(app.session.visibleLabels)")
        let point = title.center
        app.frame([.pointerMoved(x: point.x, y: point.y), .pointerDown(x: point.x, y: point.y, button: 1),
                   .pointerUp(x: point.x, y: point.y, button: 1)])
        app.frame()
        app.frame()
        #expect(app.session.page == .picker, "a click on the SVG left the picker")
        // The choosable picture beside it still is.
        app.press("zebra.png")
        #expect(app.session.page == .editor)
    }

    @Test("a favorite card with a right-to-left name keeps its shortcut number on the left, as on every other card")
    func rtlCardKeepsNumberLeft() throws {
        let app = try ScreenHarness()
        let favorite = try #require(app.session.library.favorites.first)
        try app.store.update(id: favorite.id, name: "שלום עולם")
        try app.session.library.reload()
        app.frame()
        let title = try #require(app.session.visibleLabels.first { $0.contains("שלום עולם") }, "\(app.session.visibleLabels)")
        let paragraph = BidiParagraph(text: Substring(title))
        // A right-to-left line is laid out from the right: its number would show at the card's right.
        #expect(!paragraph.isRightToLeft, "the card's title reads right to left, its number on the right")
        let digit = try #require(title.unicodeScalars.firstIndex { $0.properties.numericType != nil })
        let index = title.unicodeScalars.distance(from: title.unicodeScalars.startIndex, to: digit)
        #expect(paragraph.levels[index] == 0, "the number is not at the line's left-to-right level")
    }
}
