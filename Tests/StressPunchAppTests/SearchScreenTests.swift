import AppModel
import Foundation
import ImmediateUI
import Input
import Pictures
import StressCore
import StressPunchApp
import TargetStore
import Testing
import TestSupport

/// Adds targets with `names` (and messages) to the harness's library and shows them.
private func add(_ targets: [(String, String)], to app: ScreenHarness) throws {
    for (name, message) in targets {
        let bytes = TestPNG.solid(width: 8, height: 6, rgba: (200, 40, 40, 255))
        let picture = try PictureImporter(codec: TestPNGCodec()).importPicture(bytes: bytes, fileName: "t.png")
        _ = try app.store.insert(name: name, message: message, picture: .imported(picture))
    }
    try app.session.library.reload()
    app.frame()
}

private func cardID(_ target: Int64) -> WidgetID {
    WidgetID.of("target", in: WidgetID.of(target, in: WidgetID.of("all-targets")))
}

@Suite("Searching More targets and Manage")
struct SearchScreenTests {
    @Test("typing in More targets keeps the cards whose name or message match, without case or accents")
    func filtersByNameAndMessage() throws {
        let app = try ScreenHarness()
        try add([("Café Queue", "Too long"), ("The Boss", "Mondays at the CAFÉ"), ("Traffic", "Honk")], to: app)
        app.key(.character("m"), [.control])
        #expect(app.shows("Traffic"), "every target shows before typing")
        app.frame([.text("cafe")])
        app.frame()
        #expect(app.shows("Café Queue") && app.shows("The Boss"))
        #expect(!app.shows("Traffic") && !app.shows("Monday Alarm"))
        #expect(app.shows("2 of 11 targets"))
    }

    @Test("Return in More targets chooses the first match and goes back to punching")
    func returnChoosesFirstMatch() throws {
        let app = try ScreenHarness()
        try add([("Zebra Crossing", ""), ("Café Queue", ""), ("Café Later", "")], to: app)
        let queue = try #require(app.session.library.targets.first { $0.name == "Café Queue" })
        app.key(.character("m"), [.control])
        app.frame([.text("CAFE")])
        app.key(.enter)
        #expect(app.session.page == .main)
        #expect(app.session.library.selectedID == queue.id)
    }

    @Test("a search that matches nothing says so, and Return then chooses nothing")
    func noMatches() throws {
        let app = try ScreenHarness()
        let before = app.session.library.selectedID
        app.key(.character("m"), [.control])
        app.frame([.text("xyz")])
        app.frame()
        #expect(app.shows("No targets match “xyz”"))
        app.key(.enter)
        #expect(app.session.page == .allTargets)
        #expect(app.session.library.selectedID == before)
    }

    @Test("Escape clears the search first; a second Escape goes back")
    func escapeTwice() throws {
        let app = try ScreenHarness()
        app.key(.character("m"), [.control])
        app.frame([.text("printer")])
        app.frame()
        #expect(!app.shows("Monday Alarm"))
        app.key(.escape)
        #expect(app.session.page == .allTargets)
        #expect(app.shows("Monday Alarm"), "the search was cleared")
        app.key(.escape)
        #expect(app.session.page == .main)
    }

    @Test("Backspace edits the search, and the × clears it")
    func backspaceAndClear() throws {
        let app = try ScreenHarness()
        app.key(.character("l"), [.control])
        app.frame([.text("inboxz")])
        app.frame()
        #expect(app.shows("No targets match “inboxz”"))
        app.key(.backspace)
        #expect(app.shows("Overflowing Inbox"))
        #expect(!app.shows("Monday Alarm"))
        app.press("×")
        #expect(app.shows("Monday Alarm"))
        #expect(app.session.page == .manage)
    }

    @Test("Manage filters its rows as the grid does, and Escape clears before it goes back")
    func manageFilters() throws {
        let app = try ScreenHarness()
        app.key(.character("l"), [.control])
        app.frame([.text("ÉMAIL")])
        app.frame()
        // "This could have been an email." is the meeting's message.
        #expect(app.shows("Pointless Meeting"))
        #expect(!app.shows("Monday Alarm"))
        #expect(app.session.widgetCenters(labelled: "Edit").count == 1)
        app.key(.escape)
        #expect(app.session.page == .manage)
        #expect(app.session.widgetCenters(labelled: "Edit").count > 1)
        app.key(.escape)
        #expect(app.session.page == .main)
    }

    @Test("the search starts empty each time the page opens")
    func startsEmpty() throws {
        let app = try ScreenHarness()
        app.key(.character("m"), [.control])
        app.frame([.text("printer")])
        app.key(.escape)
        app.key(.escape)
        app.key(.character("m"), [.control])
        #expect(app.shows("Monday Alarm"))
    }

    @Test("Ctrl+F goes to the search with a card focused, and Space then types instead of choosing the card")
    func ctrlF() throws {
        let app = try ScreenHarness()
        let before = app.session.library.selectedID
        app.key(.character("m"), [.control])
        app.key(.right)
        app.key(.character("f"), [.control])
        app.frame([.text("pointless"), .keyDown(.space, modifiers: [], isRepeat: false), .text(" "), .text("meeting")])
        app.frame()
        #expect(app.session.page == .allTargets, "Space typed into the search")
        #expect(app.session.library.selectedID == before)
        #expect(app.shows("Pointless Meeting") && app.shows("1 of 8 targets"))
    }

    @Test("? types into the search on these pages instead of opening help; on the punch screen it opens help")
    func questionMarkTypes() throws {
        let app = try ScreenHarness()
        app.frame([.keyDown(.other("?"), modifiers: [.shift], isRepeat: false), .text("?")])
        #expect(app.session.helpShown, "it reached the help key on the punch screen")
        app.frame([.keyDown(.other("?"), modifiers: [.shift], isRepeat: false)])
        #expect(!app.session.helpShown)
        app.key(.character("m"), [.control])
        app.frame([.keyDown(.other("?"), modifiers: [.shift], isRepeat: false), .text("?")])
        app.frame()
        #expect(!app.session.helpShown)
        #expect(app.shows("2 of 8 targets"), "two messages hold a question mark")
    }

    @Test("while a searched page shows, typed text is the page's and text input stays on")
    func takesTypedText() throws {
        let app = try ScreenHarness()
        #expect(!app.session.takesTypedText, "the punch screen takes keys, not text")
        #expect(!app.frame().textInput)
        app.key(.character("m"), [.control])
        #expect(app.session.takesTypedText)
        #expect(app.frame().textInput)
    }
}

@Suite("Long lists in the app")
struct LongListTests {
    @Test("after Add, Manage scrolls to the new row and highlights it, and the highlight fades")
    func highlightAfterAdd() throws {
        let app = try ScreenHarness()
        try add((1...30).map { ("Target \($0)", "") }, to: app)
        let file = app.folder.file("zebra.png")
        try Data(TestPNG.solid(width: 16, height: 16, rgba: (20, 200, 20, 255))).write(to: file)
        app.key(.character("l"), [.control])
        #expect(!app.shows("Target 30"), "the last rows start out of view")
        app.press("Add target")
        // The dropped file names the target "Zebra".
        app.frame([.fileDropped(path: file.path)])
        app.key(.enter)
        app.frame()
        #expect(app.session.page == .manage)
        #expect(app.shows("Zebra"), "the new row is scrolled into view")
        let accent = app.session.ui?.theme.accent
        let highlighted = { (app.session.ui?.commands ?? []).contains { command in
            if case .stroke(_, _, let color, _) = command { return color.withAlpha(1) == accent }
            return false
        } }
        #expect(highlighted())
        for _ in 0..<150 { app.frame() }
        #expect(!highlighted(), "gone after two seconds")
        #expect(app.shows("Zebra"))
    }

    @Test("an Add from a searched Manage it does not match clears the search, so the new row shows; one that matches keeps it")
    func addClearsSearchItDoesNotMatch() throws {
        let app = try ScreenHarness()
        let file = app.folder.file("zebra.png")
        try Data(TestPNG.solid(width: 16, height: 16, rgba: (20, 200, 20, 255))).write(to: file)
        app.key(.character("l"), [.control])
        app.frame([.text("printer")])
        app.press("Add target")
        app.frame([.fileDropped(path: file.path)])
        app.key(.enter)
        app.frame()
        #expect(app.session.page == .manage)
        #expect(app.shows("Zebra") && app.shows("9 targets · 4 of 4 favorites on the main screen"), "the search was cleared")
        app.frame([.text("zeb")])
        app.press("Add target")
        app.frame([.fileDropped(path: file.path)])
        app.key(.enter)
        app.frame()
        #expect(app.shows("2 of 10 targets"), "the search that matches the new row is kept: \(app.session.visibleLabels)")
    }

    @Test("the wheel moves Manage three rows a notch, and End and Home jump to its ends")
    func wheelAndEnds() throws {
        let app = try ScreenHarness()
        try add((1...30).map { ("Target \($0)", "") }, to: app)
        app.key(.character("l"), [.control])
        let ui = try #require(app.session.ui)
        app.frame([.pointerMoved(x: 640, y: 400), .wheel(dx: 0, dy: -1)])
        // Rows are 92 points tall with 10 between them, at a scale of 1.
        #expect(ui.scrollOffset("manage") == 3 * 102)
        app.key(.end)
        #expect(app.shows("Target 30"))
        app.key(.home)
        #expect(ui.scrollOffset("manage") == 0)
        #expect(app.shows("Monday Alarm"))
    }

    @Test("a touch swipe scrolls Manage and presses nothing")
    func swipeScrollsManage() throws {
        let app = try ScreenHarness()
        try add((1...30).map { ("Target \($0)", "") }, to: app)
        app.key(.character("l"), [.control])
        let ui = try #require(app.session.ui)
        // Starting on a row's Edit button: a swipe, not a press.
        let edit = try #require(app.session.widgetCenters(labelled: "Edit").dropFirst(2).first)
        app.frame([.fingerDown(id: 1, x: edit.x, y: edit.y)])
        var y = edit.y
        for _ in 0..<8 {
            y -= 30
            app.frame([.fingerMoved(id: 1, x: edit.x, y: y)])
        }
        app.frame([.fingerUp(id: 1, x: edit.x, y: y)])
        app.frame()
        #expect(ui.scrollOffset("manage") >= 200)
        #expect(app.session.page == .manage, "the Edit under the finger was not pressed")
    }

    @Test("the grid opens with the focus on the selected card, and the d-pad moves along its row")
    func gridFocusStartsOnSelection() throws {
        let app = try ScreenHarness()
        let targets = app.session.library.targets
        app.session.library.select(targets[2].id)
        app.key(.character("m"), [.control])
        let ui = try #require(app.session.ui)
        #expect(ui.focused == cardID(targets[2].id))
        app.frame([.gamepadButton(id: 0, button: .dpadRight, pressed: true), .gamepadButton(id: 0, button: .dpadRight, pressed: false)])
        app.frame()
        #expect(ui.focused == cardID(targets[3].id))
        app.frame([.gamepadButton(id: 0, button: .a, pressed: true), .gamepadButton(id: 0, button: .a, pressed: false)])
        app.frame()
        #expect(app.session.page == .main)
        #expect(app.session.library.selectedID == targets[3].id)
    }
}
