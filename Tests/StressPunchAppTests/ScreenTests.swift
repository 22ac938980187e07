import AppModel
import Challenges
import Foundation
import ImmediateUI
import Input
import Kiosk
import LibraryUI
import OperatorLock
import Pictures
import PolicySeam
import Raster
import RenderTestSupport
import StressCore
import StressPunchApp
import TargetStore
import Testing
import TestSupport

/// A whole session with the fake font, driven through its frame contract: widgets are
/// found by their label in the frame's draw commands and pressed there, so these tests
/// walk every screen without a window, and a label that moved is still found (one
/// that vanished fails the test instead of clicking empty space).
final class ScreenHarness {
    let folder = TemporaryDirectory("screens")
    let store: TargetStore
    let session: AppSession
    private var time = 0.0
    /// The window's size, 1280x720 unless a test asks for another.
    let width: Int, height: Int

    /// `policy`: a policy of the test's own instead of the desktop's or the kiosk's.
    init(kiosk: Bool = false, pin: String? = nil, width: Int = 1280, height: Int = 720, policy custom: (any SessionPolicy)? = nil) throws {
        self.width = width
        self.height = height
        store = try TargetStore(dataDirectory: folder.url)
        if let pin { try OperatorPIN(store: store).set(pin) }
        let policy: any SessionPolicy = custom ?? (kiosk
            ? KioskPolicy(store: store, pictureRoot: folder.url, synchronous: true) : DesktopPolicy())
        session = try AppSession(
            store: store, codec: TestPNGCodec(), builtinPictureURL: { _ in nil }, burst: nil, glyphs: BoxGlyphSource(),
            configuration: AppConfiguration(kiosk: kiosk), width: width, height: height, synchronousPictures: true, policy: policy)
        session.wallClock = { Date(timeIntervalSince1970: 1_800_000_000) }
        frame()
    }

    /// What the next frames' input says besides their events, as the shell's does:
    /// whether a screen reader listens, whether each frame is drawn (said in the next
    /// one's input), a canvas replaced and notices to show (said once).
    var screenReaderListens = false
    var drawsFrames = false
    var replacesCanvas = false
    var notices: [FrameInput.Notice] = []

    @discardableResult
    func frame(_ events: [InputEvent] = []) -> FrameOutput {
        var input = FrameInput(events: events, elapsed: 1.0 / 60, time: time, width: width, height: height)
        input.screenReaderListens = screenReaderListens
        input.lastFrameDrawn = drawsFrames
        input.canvasReplaced = replacesCanvas
        input.notices = notices
        replacesCanvas = false
        notices = []
        let output = session.frame(input)
        time += 1.0 / 60
        return output
    }

    /// Clicks the widget labelled `label`, then builds two frames: the UI reports the
    /// click in the frame after the press (its widgets learn of it when built), and
    /// the screen it led to is built in the next.
    /// `first`: the first of several (a list's top row) rather than the topmost.
    func press(_ label: String, first: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) {
        let points = session.widgetCenters(labelled: label)
        guard let point = first ? points.first : points.last else {
            Issue.record("no “\(label)” on screen; it shows \(session.visibleLabels)", sourceLocation: sourceLocation)
            return
        }
        frame([.pointerMoved(x: point.x, y: point.y), .pointerDown(x: point.x, y: point.y, button: 1),
               .pointerUp(x: point.x, y: point.y, button: 1)])
        frame()
        frame()
    }

    func key(_ key: Key, _ modifiers: KeyModifiers = []) {
        frame([.keyDown(key, modifiers: modifiers, isRepeat: false), .keyUp(key, modifiers: modifiers)])
        frame()
        frame()
    }

    func shows(_ label: String) -> Bool { session.widgetCenter(labelled: label) != nil }
}

@Suite("Screens, driven by label through the frame contract")
struct ScreenTests {
    @Test("the main screen leads to every target and back, and to Manage and back")
    func mainScreenNavigation() throws {
        let app = try ScreenHarness()
        #expect(app.session.page == .main)
        app.press("More targets")
        #expect(app.session.page == .allTargets)
        #expect(app.shows("All targets"))
        app.press("Back")
        #expect(app.session.page == .main)
        app.press("Manage")
        #expect(app.session.page == .manage)
        #expect(app.shows("Manage library"))
        app.press("Back")
        #expect(app.session.page == .main)
    }

    @Test("choosing a card in the grid selects its target and goes back to punching")
    func chooseInGrid() throws {
        let app = try ScreenHarness()
        let last = try #require(app.session.library.targets.last)
        #expect(app.session.library.selectedID != last.id)
        app.press("More targets")
        app.press(last.name)
        #expect(app.session.page == .main)
        #expect(app.session.library.selectedID == last.id)
    }

    @Test("Delete asks first, deletes on Delete, and Undo brings the target back")
    func deleteAndUndo() throws {
        let app = try ScreenHarness()
        let first = try #require(app.session.library.targets.first)
        let count = app.session.library.targets.count
        app.press("Manage")
        app.press("Delete", first: true)
        #expect(app.shows("Delete “\(first.name)”?"))
        #expect(app.session.library.targets.count == count, "nothing is deleted before the answer")
        app.press("Delete")
        #expect(app.session.library.targets.count == count - 1)
        #expect(!app.shows("Delete “\(first.name)”?"))
        app.press("Undo")
        #expect(app.session.library.targets.count == count)
        #expect(app.session.library.targets.contains { $0.name == first.name })
    }

    @Test("after a delete the focus stays in the list, on the row that took its place: the next Tab does not go back to Back")
    func deleteKeepsFocusInTheList() throws {
        let app = try ScreenHarness()
        let second = try #require(app.session.library.targets.dropFirst().first)
        app.press("Manage")
        app.press("Delete", first: true)
        app.press("Delete")
        app.frame()
        // The focus is on the next row's Delete: Enter asks about that row.
        app.key(.enter)
        #expect(app.shows("Delete “\(second.name)”?"), "\(app.session.visibleLabels)")
        app.press("Cancel")
        app.key(.tab)
        app.key(.enter)
        #expect(app.session.page == .manage, "the Tab after a delete went to Back")
    }

    @Test("a toast has its own space: Manage's rows neither move nor hide when one comes or goes")
    func toastsKeepTheirOwnSpace() throws {
        let app = try ScreenHarness()
        app.press("Manage")
        app.frame()
        let before = app.session.widgetCenters(labelled: "Edit")
        app.session.ui?.showToast("Something to say", duration: 3)
        app.frame()
        app.frame()
        #expect(app.session.widgetCenters(labelled: "Edit") == before)
    }

    @Test("Cancel in the delete dialog keeps the target")
    func cancelDelete() throws {
        let app = try ScreenHarness()
        let count = app.session.library.targets.count
        app.press("Manage")
        app.press("Delete", first: true)
        app.press("Cancel")
        #expect(app.session.page == .manage)
        #expect(app.session.library.targets.count == count)
        #expect(app.shows("Manage library"))
    }

    @Test("Restore defaults asks first and brings a deleted built-in back")
    func restoreDefaults() throws {
        let app = try ScreenHarness()
        let count = app.session.library.targets.count
        app.press("Manage")
        app.press("Delete", first: true)
        app.press("Delete")
        app.frame()
        app.session.library.endAllUndo()
        #expect(app.session.library.targets.count == count - 1)
        app.press("Restore defaults")
        #expect(app.shows("Restore the built-in targets?"))
        app.press("Restore")
        #expect(app.session.library.targets.count == count)
    }

    @Test("Add target opens the form, Cancel leaves it for Manage; with changes Escape asks and a second Escape discards")
    func editorLeaving() throws {
        let app = try ScreenHarness()
        app.press("Manage")
        app.press("Add target")
        #expect(app.session.page == .editor)
        #expect(app.shows("New target"))
        app.press("Cancel")
        #expect(app.session.page == .manage)
        app.press("Add target")
        app.frame([.text("Mondays")])
        #expect(app.session.editor?.name == "Mondays", "the form opens with Name focused")
        app.key(.escape)
        #expect(app.shows("Discard changes?"))
        #expect(app.session.page == .editor)
        app.key(.escape)
        #expect(app.session.page == .manage)
        #expect(app.session.editor == nil)
    }

    @Test("the form says how many of the message's 200 characters are left, in the warning colour near the end")
    func messageCharactersLeft() throws {
        let app = try ScreenHarness()
        app.press("Manage")
        app.press("Add target")
        #expect(app.shows("200 left"))
        app.key(.tab)
        app.frame([.text(String(repeating: "a", count: 57))])
        app.frame()
        #expect(app.session.editor?.message.count == 57)
        #expect(app.shows("143 left"))
        #expect(!CharactersLeft(count: 57, limit: 200).isNearLimit)
        #expect(!CharactersLeft(count: 179, limit: 200).isNearLimit)
        #expect(CharactersLeft(count: 180, limit: 200).isNearLimit)
        #expect(CharactersLeft(count: 250, limit: 200).text == "0 left")
    }

    @Test("Choose picture opens the picker over the form; Cancel goes back to the same form")
    func pickerOverForm() throws {
        let app = try ScreenHarness()
        app.press("Manage")
        app.press("Edit", first: true)
        let form = try #require(app.session.editor)
        app.press("Choose picture…")
        #expect(app.session.page == .picker)
        #expect(app.session.picker != nil)
        #expect(app.shows("Choose a picture"))
        app.press("Cancel")
        #expect(app.session.page == .editor)
        #expect(app.session.editor === form)
        #expect(app.session.picker == nil)
    }

    @Test("a fifth favorite is refused with the rule's reason in a toast")
    func fifthFavorite() throws {
        let app = try ScreenHarness()
        let favorites = app.session.library.favorites.count
        try #require(favorites == FavoriteRule.limit)
        app.press("Manage")
        app.press("☆", first: true)
        #expect(app.session.library.favorites.count == favorites)
        #expect(app.shows(FavoriteRule.refusalReason))
    }

    @Test("a kiosk's main screen has no library buttons; Ctrl+L asks for the PIN, and the right one opens Manage")
    func kioskUnlock() throws {
        let app = try ScreenHarness(kiosk: true, pin: "2468")
        #expect(!app.shows("More targets") && !app.shows("Manage"))
        app.key(.character("l"), [.control])
        #expect(app.session.page == .main)
        #expect(app.shows("Operator PIN"))
        for digit in "2468" { app.press(String(digit)) }
        app.press("✓")
        #expect(app.session.page == .manage)
        // The operator's screens lead back to the operator menu, and Lock locks.
        app.press("Back")
        #expect(app.session.page == .operatorMenu)
        #expect(app.shows("Kiosk operator"))
        app.press("Lock")
        #expect(app.session.page == .main)
        #expect(app.session.policySummary?.contains("kiosk: locked") == true)
    }

    @Test("a wrong PIN keeps the kiosk locked and says so")
    func kioskWrongPIN() throws {
        let app = try ScreenHarness(kiosk: true, pin: "2468")
        app.key(.character("l"), [.control])
        for digit in "1111" { app.press(String(digit)) }
        app.press("✓")
        #expect(app.session.page == .main)
        #expect(app.shows("Operator PIN"))
        #expect(app.session.visibleLabels.contains { $0.contains("Wrong PIN") })
    }

    @Test("kiosk reset-lockout from a shell reaches a running kiosk: its locked pad takes the PIN again within a second or two")
    func resetLockoutReachesARunningKiosk() throws {
        let app = try ScreenHarness(kiosk: true, pin: "2468")
        app.key(.character("l"), [.control])
        for _ in 0..<5 {
            for digit in "1111" { app.press(String(digit)) }
            app.press("✓")
        }
        for digit in "2468" { app.press(String(digit)) }
        app.press("✓")
        #expect(app.session.page == .main, "five wrong PINs lock the pad")
        // Another process clears the lockout, as `kiosk reset-lockout` does.
        let shell = try TargetStore(dataDirectory: app.folder.url)
        try OperatorPIN(store: shell).resetLockout()
        for _ in 0..<150 { app.frame() }
        for digit in "2468" { app.press(String(digit)) }
        app.press("✓")
        #expect(app.session.page == .manage, "\(app.session.visibleLabels)")
    }

    @Test("End on the Stats chart goes to today, Home to the first day")
    func statsEndGoesToToday() throws {
        let app = try ScreenHarness()
        app.key(.character("t"), [.control])
        app.frame()
        // A day's tip: "Jan 15: no punches", "Jan 15: 3 punches · strongest 420".
        func tip() -> String? { app.session.visibleLabels.first { $0.range(of: #"^\S+ \d+: "#, options: .regularExpression) != nil } }
        for _ in 0..<10 where tip() == nil { app.key(.tab) }
        #expect(tip() != nil, "Tab never reached the chart")
        app.key(.end)
        app.frame()
        let today = DayTotal.shortLabel(DayTotal.day(of: 1_800_000_000))
        #expect(app.session.visibleLabels.contains { $0.hasPrefix(today + ":") }, "\(app.session.visibleLabels)")
        app.key(.home)
        app.frame()
        #expect(!app.session.visibleLabels.contains { $0.hasPrefix(today + ":") })
    }

    @Test("the frame's output names the selected target in the title and rests when nothing moves")
    func frameOutput() throws {
        let app = try ScreenHarness()
        let selected = try #require(app.session.library.selected)
        var output = app.frame()
        #expect(output.title == "StressPunch — \(selected.name)")
        #expect(output.scene != nil)
        // Past the first launch's hint (a toast for 7 s), nothing moves.
        for _ in 0..<480 { output = app.frame() }
        #expect(output.nextWakeUp > 0, "at rest the shell may sleep")
        app.key(.space)
        output = app.frame()
        #expect(output.nextWakeUp == 0, "a punch animates")
        #expect(output.requests.isEmpty || output.requests.allSatisfy { if case .playSound = $0 { return true }; return false })
    }
}

@Suite("The Stats screen")
struct StatsScreenTests {
    @Test("Stats on the main screen opens the charts with the library's numbers; Back returns; Ctrl+T opens them too")
    func statsScreen() throws {
        let app = try ScreenHarness()
        let target = try #require(app.session.library.selected)
        for strength in [420, 870] {
            app.session.controller.punch(atX: app.session.controller.pictureRect.center.x, y: app.session.controller.pictureRect.center.y,
                                         gamepad: nil, strength: strength)
            app.frame()
        }
        // Let the punch recorder save (it writes about twice a second).
        for _ in 0..<60 { app.frame() }
        app.press("Stats")
        #expect(app.session.page == .stats)
        app.frame()
        #expect(app.shows("Your punches") && app.shows("Most punched") && app.shows("Hardest hits"))
        #expect(app.shows("2 punches in 30 days · strongest 870 · best combo 2"), "\(app.session.visibleLabels)")
        #expect(app.session.widgetCenters(labelled: target.name).count == 2, "the target is in both rankings")
        #expect(app.shows("870"))
        app.press("Back")
        #expect(app.session.page == .main)
        app.key(.character("t"), [.control])
        #expect(app.session.page == .stats)
        app.key(.escape)
        #expect(app.session.page == .main)
    }

    @Test("at 480x360 and in portrait the rankings keep readable rows, and End scrolls the last of them into view",
          arguments: [(480, 360), (720, 1280), (600, 960)])
    func statsScrollsWhenSmall(width: Int, height: Int) throws {
        let app = try ScreenHarness(width: width, height: height)
        // Five targets punched, so each ranking has all its rows.
        let targets = Array(app.session.library.targets.prefix(5))
        #expect(targets.count == 5)
        for (index, target) in targets.enumerated() {
            app.session.library.select(target.id)
            for _ in 0..<3 { app.frame() }
            let center = app.session.controller.pictureRect.center
            app.session.controller.punch(atX: center.x, y: center.y, gamepad: nil, strength: 300 + 100 * index)
            app.frame()
        }
        for _ in 0..<60 { app.frame() }
        app.key(.character("t"), [.control])
        app.frame()
        let names = Set(targets.map(\.name))
        func nameRows() -> [Rect] {
            (app.session.ui?.commands ?? []).compactMap { command in
                if case .text(let text, let rect, _, _, _, _) = command, names.contains(text) { return rect }
                return nil
            }
        }
        let rows = nameRows()
        #expect(rows.count == 10, "every punched target in both rankings: \(rows.count)")
        let scale = app.session.controller.layout.scale
        for row in rows {
            #expect(row.height >= 30 * scale, "a ranking row squeezed to \(row.height) px: \(row)")
            #expect(row.width >= 60 * scale, "a ranking name squeezed to \(row.width) px: \(row)")
        }
        // End scrolls to the bottom: the last ranking's last row shows whole.
        app.key(.end)
        app.frame()
        let shown = names.reduce(0) { $0 + app.session.widgetCenters(labelled: $1).count }
        #expect(shown == 10, "after End both rankings show whole: \(shown) of 10 rows")
    }

    @Test("the focused day's bar tells its numbers, moved by the arrow keys")
    func focusedBarSaysItsNumbers() throws {
        let app = try ScreenHarness()
        let center = app.session.controller.pictureRect.center
        app.session.controller.punch(atX: center.x, y: center.y, gamepad: nil, strength: 640)
        for _ in 0..<60 { app.frame() }
        app.key(.character("t"), [.control])
        app.frame()
        // Tab into the chart, then to its last bar (today).
        var said: String?
        for _ in 0..<40 where said == nil {
            app.key(.tab)
            said = app.session.visibleLabels.first { $0.contains(": 1 punch · strongest 640") }
        }
        #expect(said != nil, "no bar said its numbers: \(app.session.visibleLabels)")
    }

    @Test("a kiosk has no Stats button, and Ctrl+T does not open them")
    func kioskHasNoStats() throws {
        let app = try ScreenHarness(kiosk: true, pin: "2468")
        #expect(!app.shows("Stats"))
        app.key(.character("t"), [.control])
        #expect(app.session.page == .main)
    }
}

@Suite("Challenges: the rush and the session summary")
struct ChallengeTests {
    /// Lands `count` punches in the middle of the target, a frame apart.
    private func punch(_ app: ScreenHarness, _ count: Int, strength: Int = 500) {
        let center = app.session.controller.pictureRect.center
        for _ in 0..<count {
            app.session.controller.punch(atX: center.x, y: center.y, gamepad: nil, strength: strength)
            app.frame()
        }
    }

    private func requests(_ output: FrameOutput) -> [AppRequest] { output.requests }

    @Test("a rush counts down, counts punches for 30 s, shows the result with a new best, keeps it, and Again starts another")
    func rush() throws {
        let app = try ScreenHarness()
        app.press("Rush")
        #expect(app.session.page == .rush)
        #expect(app.shows("3") && app.shows("0:30"))
        punch(app, 3)  // during the countdown: not counted
        for _ in 0..<200 { app.frame() }  // past "Go!"
        #expect(app.shows("0 punches"))
        punch(app, 12, strength: 777)
        #expect(app.shows("12 punches"))
        for _ in 0..<(30 * 60) { app.frame() }
        #expect(app.shows("New best!"), "\(app.session.visibleLabels)")
        #expect(app.shows("12") && app.shows("777"))
        #expect(try app.store.setting(.rushBestPunches) == "12")
        app.press("Again")
        #expect(app.session.page == .rush)
        for _ in 0..<(34 * 60) { app.frame() }
        // An Again left to run out: nothing celebrated, the record said calmly.
        #expect(app.shows("No punches this time") && !app.shows("Time!") && app.shows("Your best is 12 punches."))
        app.press("Done")
        #expect(app.session.page == .main)
        #expect(try app.store.setting(.rushBestPunches) == "12", "a worse rush keeps the record")
    }

    @Test("a click that lands before the rush's bell counts, though its frame's steps run past the end")
    func punchBeforeTheBellCounts() throws {
        let app = try ScreenHarness()
        app.press("Rush")
        // Up to the rush's last second, then to about 30 ms before its end.
        var frames = 0
        while !app.shows("0:01") && frames < 40 * 60 { app.frame(); frames += 1 }
        #expect(app.shows("0:01"))
        for _ in 0..<58 { app.frame() }
        #expect(app.session.page == .rush && !app.shows("Time!") && !app.shows("New best!"))
        let center = app.session.controller.pictureRect.center
        // One late frame: the click first, then 100 ms of steps that ring the bell.
        _ = app.session.frame(FrameInput(events: [.pointerDown(x: center.x, y: center.y, button: 1),
                                                  .pointerUp(x: center.x, y: center.y, button: 1)],
                                         elapsed: 0.1, time: 1000, width: app.width, height: app.height))
        #expect(app.session.controller.punchesLanded == 1)
        for _ in 0..<10 { app.frame() }
        #expect(try app.store.setting(.rushBestPunches) == "1", "the punch before the bell is the rush's")
    }

    @Test("pad A answers a result card with its default, Again; with no target a rush does not start")
    func padOnCardsAndEmptyLibrary() throws {
        let app = try ScreenHarness()
        app.key(.character("r"), [.control])
        for _ in 0..<(34 * 60) { app.frame() }
        // No punch landed: the calm result, with the same buttons.
        #expect(app.shows("No punches this time") && !app.shows("Time!") && !app.shows("New best!"))
        app.frame([.gamepadButton(id: 0, button: .a, pressed: true), .gamepadButton(id: 0, button: .a, pressed: false)])
        app.frame()
        app.frame()
        #expect(app.session.page == .rush && app.shows("0:30"), "A starts the next rush")
        app.key(.escape)
        for target in app.session.library.targets { try app.store.delete(id: target.id) }
        try app.session.library.reload()
        app.key(.character("r"), [.control])
        #expect(app.session.page == .main)
        #expect(app.session.visibleLabels.contains { $0.hasPrefix("Add a target first") })
    }

    @Test("Escape ends a rush early without a result; Ctrl+R starts one from any screen")
    func rushEscape() throws {
        let app = try ScreenHarness()
        app.press("Manage")
        app.key(.character("r"), [.control])
        #expect(app.session.page == .rush)
        app.key(.escape)
        #expect(app.session.page == .main)
        #expect(try app.store.setting(.rushBestPunches) == nil)
    }

    @Test("leaving after 20 punches shows the session's summary; Quit, or Ctrl+Q again, then quits")
    func summaryOnLeaving() throws {
        let app = try ScreenHarness()
        punch(app, 21, strength: 640)
        var output = app.session.frame(FrameInput(events: [.keyDown(.character("q"), modifiers: [.control], isRepeat: false)],
                                                  elapsed: 1.0 / 60, time: 99, width: 1280, height: 720))
        #expect(!output.requests.contains(.quit))
        app.frame()
        #expect(app.session.page == .summary)
        #expect(app.shows("Nice session") && app.shows("21") && app.shows("640"))
        // Escape goes back to punching; leaving again shows it no more.
        app.key(.escape)
        #expect(app.session.page == .main)
        output = app.session.frame(FrameInput(events: [.windowCloseRequested], elapsed: 1.0 / 60, time: 100, width: 1280, height: 720))
        #expect(output.requests.contains(.quit))
    }

    @Test("the breathing cool-down runs 30 s, can be skipped, and then quits")
    func breathing() throws {
        let app = try ScreenHarness()
        punch(app, 20)
        app.key(.character("q"), [.control])
        app.press("Breathe for 30 s")
        #expect(app.shows("Breathe in"))
        var quit = false
        for _ in 0..<(31 * 60) where !quit { quit = app.frame().requests.contains(.quit) }
        #expect(quit, "the cool-down ends by quitting")
    }

    @Test("fewer than 20 punches, or a kiosk, leaves at once")
    func noSummary() throws {
        let app = try ScreenHarness()
        punch(app, 5)
        let output = app.session.frame(FrameInput(events: [.keyDown(.character("q"), modifiers: [.control], isRepeat: false)],
                                                  elapsed: 1.0 / 60, time: 9, width: 1280, height: 720))
        #expect(output.requests.contains(.quit))
        let kiosk = try ScreenHarness(kiosk: true, pin: "2468")
        #expect(!kiosk.shows("Rush"))
    }
}

@Suite("Versus")
struct VersusTests {
    // The joining punches (one from each player) take seats and do not score: the
    // race starts once both are in.
    @Test("the first two sources to punch are the players; a touch screen's halves are left and right; a third is ignored")
    func seats() {
        let run = VersusRun()
        run.step(VersusRun.countdownSeconds + 0.1)
        run.landed(strength: 500, from: .gamepad(7))
        run.landed(strength: 600, from: .mouse)
        run.landed(strength: 500, from: .gamepad(7))
        run.landed(strength: 600, from: .mouse)
        run.landed(strength: 900, from: .gamepad(9))  // a third player: not counted
        run.landed(strength: 400, from: .keyboard)   // the mouse's player at the desk
        #expect(run.scores == [1, 2])
        #expect(run.label(0) == "Player 1 · pad" && run.label(1) == "Player 2 · mouse")
        let touch = VersusRun()
        touch.step(VersusRun.countdownSeconds + 0.1)
        touch.landed(strength: 500, from: .touchRight)
        touch.landed(strength: 500, from: .touchLeft)
        touch.landed(strength: 500, from: .touchRight)
        touch.landed(strength: 500, from: .touchRight)
        touch.landed(strength: 500, from: .touchLeft)
        #expect(touch.scores == [1, 2] && touch.winner == 1)
        // Beside a pad, a touch takes the seat that is left, whichever half it is on.
        let mixed = VersusRun()
        mixed.step(VersusRun.countdownSeconds + 0.1)
        mixed.landed(strength: 500, from: .gamepad(3))
        mixed.landed(strength: 500, from: .touchLeft)
        mixed.landed(strength: 500, from: .gamepad(3))
        mixed.landed(strength: 500, from: .touchLeft)
        mixed.landed(strength: 500, from: .touchLeft)
        #expect(mixed.scores == [1, 2] && mixed.label(1) == "Player 2 · left half")
    }

    @Test("with one player the race waits, its clock held, and names no winner; a second player's punch starts it")
    func waitsForASecondPlayer() {
        let run = VersusRun()
        run.step(VersusRun.countdownSeconds + 0.1)
        #expect(run.isWaitingForPlayers)
        for _ in 0..<50 {
            run.landed(strength: 700, from: .mouse)
            run.step(1)
        }
        #expect(run.phase == .running && run.isWaitingForPlayers && run.secondsLeft == 30 && run.scores == [0, 0])
        run.landed(strength: 300, from: .gamepad(1))
        #expect(!run.isWaitingForPlayers)
        run.step(VersusRun.duration + 1)
        #expect(run.phase == .finished)
    }

    @Test("in a versus each pad's reticle wears its player's colour: a pad beside the mouse is Player 2's orange")
    func reticleWearsItsPlayersColour() throws {
        let app = try ScreenHarness()
        app.frame([.gamepadAdded(id: 4, name: "Pad")])
        app.key(.character("b"), [.control])
        for _ in 0..<200 { app.frame() }
        let center = app.session.controller.pictureRect.center
        app.frame([.pointerDown(x: center.x, y: center.y, button: 1)])
        app.frame([.pointerUp(x: center.x, y: center.y, button: 1)])
        app.frame()
        app.frame()
        #expect(app.shows("Player 1 · mouse"), "\(app.session.visibleLabels)")
        let reticle = try #require(app.session.controller.reticles.first { $0.gamepad == 4 })
        #expect(reticle.colorIndex == 1, "the pad is Player 2: its reticle must be Player 2's colour")
    }

    @Test("punches before Go! and after time do not count; the winner card names the winner, Again restarts")
    func versusFlow() throws {
        let app = try ScreenHarness()
        app.key(.character("b"), [.control])
        #expect(app.session.page == .versus)
        let left = Point(app.session.controller.pictureRect.minX + 10, app.session.controller.pictureRect.center.y)
        let right = Point(app.session.controller.pictureRect.maxX - 10, app.session.controller.pictureRect.center.y)
        func tap(_ point: Point, _ id: Int64) {
            app.frame([.fingerDown(id: id, x: point.x, y: point.y), .fingerUp(id: id, x: point.x, y: point.y)])
        }
        tap(left, 1)  // countdown
        for _ in 0..<200 { app.frame() }
        tap(right, 5)  // the two players join
        tap(left, 6)
        for id in 0..<3 { tap(right, 10 + Int64(id)) }
        tap(left, 20)
        #expect(app.shows("Player 1 · left half") && app.shows("Player 2 · right half"))
        for _ in 0..<(31 * 60) { app.frame() }
        #expect(app.shows("Player 2 wins!") && app.shows("By 2 punches."), "\(app.session.visibleLabels)")
        app.press("Again")
        #expect(app.session.page == .versus && app.shows("0:30"))
    }
}

@Suite("The session summary in a kiosk")
struct KioskSummaryTests {
    @Test("off by default: the operator's PIN quits at once; with the operator's switch on, the summary shows first")
    func operatorSwitch() throws {
        for switchedOn in [false, true] {
            let folder = TemporaryDirectory("kiosk-summary")
            let store = try TargetStore(dataDirectory: folder.url)
            try OperatorPIN(store: store).set("2468")
            if switchedOn { try store.setSettings([KioskPreferences.summaryKey: "1"]) }
            let session = try AppSession(
                store: store, codec: TestPNGCodec(), builtinPictureURL: { _ in nil }, burst: nil, glyphs: BoxGlyphSource(),
                configuration: AppConfiguration(kiosk: true), width: 1280, height: 720, synchronousPictures: true,
                policy: KioskPolicy(store: store, pictureRoot: folder.url, synchronous: true))
            var time = 0.0
            func frame(_ events: [InputEvent] = []) -> FrameOutput {
                time += 1.0 / 60
                return session.frame(FrameInput(events: events, elapsed: 1.0 / 60, time: time, width: 1280, height: 720))
            }
            _ = frame()
            let center = session.controller.pictureRect.center
            for _ in 0..<25 { session.controller.punch(atX: center.x, y: center.y, gamepad: nil, strength: 500); _ = frame() }
            _ = frame([.keyDown(.character("q"), modifiers: [.control], isRepeat: false)])
            var quit = false
            for digit in "2468" { quit = quit || frame([.keyDown(.character(digit), modifiers: [], isRepeat: false)]).requests.contains(.quit) }
            quit = quit || frame([.keyDown(.enter, modifiers: [], isRepeat: false)]).requests.contains(.quit)
            for _ in 0..<3 { quit = quit || frame().requests.contains(.quit) }
            if switchedOn {
                #expect(!quit && session.page == .summary, "the summary shows first: \(session.page)")
            } else {
                #expect(quit, "the operator quits at once")
            }
        }
    }
}

@Suite("Today's strongest")
struct TodaysStrongestTests {
    @Test("the board fills with the day's five strongest, says when a punch makes it, and starts empty after local midnight")
    func boardAndMidnight() throws {
        let folder = TemporaryDirectory("board")
        let store = try TargetStore(dataDirectory: folder.url)
        try OperatorPIN(store: store).set("2468")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let evening = try #require(calendar.date(from: DateComponents(year: 2027, month: 3, day: 4, hour: 23, minute: 59, second: 50)))
        var now = evening
        let policy = KioskPolicy(store: store, pictureRoot: folder.url, synchronous: true)
        let session = try AppSession(
            store: store, codec: TestPNGCodec(), builtinPictureURL: { _ in nil }, burst: nil, glyphs: BoxGlyphSource(),
            configuration: AppConfiguration(kiosk: true), width: 1280, height: 720, synchronousPictures: true, policy: policy)
        session.wallClock = { now }
        var time = 0.0
        func frame() { time += 1.0 / 60; _ = session.frame(FrameInput(events: [], elapsed: 1.0 / 60, time: time, width: 1280, height: 720)) }
        func labels() -> [String] { session.visibleLabels }
        frame()
        let center = session.controller.pictureRect.center
        for strength in [300, 910, 450, 620, 780, 500, 990] {
            session.controller.punch(atX: center.x, y: center.y, gamepad: nil, strength: strength)
            frame()
        }
        #expect(session.library.todaysStrongest.board.map(\.strength) == [990, 910, 780, 620, 500])
        #expect(labels().contains("990 · #1 today!"))
        // Past midnight the board is a new day's, empty, and the saved one was yesterday's.
        now = evening.addingTimeInterval(20)
        for _ in 0..<70 { frame() }
        #expect(session.library.todaysStrongest.board.isEmpty)
        for _ in 0..<60 { frame() }
        let yesterday = DayTotal.day(of: evening.timeIntervalSince1970, calendar: calendar)
        #expect(try store.strongHits(on: yesterday).map(\.strength) == [990, 910, 780, 620, 500])
    }
}

@Suite("Screens at rest")
struct RestingScreenTests {
    @Test("Manage, the grid, Settings and Stats rest between inputs; a focused text field wakes only for its caret's blink")
    func screensRest() throws {
        let app = try ScreenHarness()
        // Past the first launch's hint (a toast for 7 s).
        for _ in 0..<480 { _ = app.frame() }
        for shortcut: Character in ["l", "m", "t", ","] {
            let key: Key = shortcut == "," ? .other(",") : .character(shortcut)
            _ = app.frame([.keyDown(key, modifiers: [.control], isRepeat: false)])
            var output = app.frame()
            for _ in 0..<30 { output = app.frame() }
            #expect(output.nextWakeUp > 0, "Ctrl+\(shortcut): \(app.session.page) should rest")
        }
        // The grid's search field takes the typing: its caret blinks within a second.
        _ = app.frame([.keyDown(.character("m"), modifiers: [.control], isRepeat: false)])
        _ = app.frame([.text("pr")])
        var output = app.frame()
        for _ in 0..<40 { output = app.frame() }
        #expect(output.nextWakeUp > 0 && output.nextWakeUp <= 1, "a caret blinks twice a second: \(output.nextWakeUp)")
        #expect(app.session.ui?.nextChange != nil, "the caret asks for its next blink")
    }
}
