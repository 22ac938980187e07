import AppModel
import Localization

/// What every input does on one page, by device: the help overlay's content (F1,
/// `?`, a gamepad's Back). Plain data, so a test can check that a page's help names
/// what the page really answers to.
public struct HelpSheet: Sendable, Equatable {
    public struct Line: Sendable, Equatable {
        /// The input: "Space", "Ctrl+L", "A", "Tap".
        public let input: String
        /// What it does.
        public let does: String
    }

    public enum Device: String, Sendable, CaseIterable {
        case mouse = "Mouse"
        case touch = "Touch"
        case keyboard = "Keyboard"
        case gamepad = "Gamepad"

        /// The device's name as the help shows it, in the user's language (the raw
        /// value stays English: it names the case).
        public var title: String {
            switch self {
            // TRANSLATORS: a heading of the help: what the mouse does on this page.
            case .mouse: return trc("input device", "Mouse")
            // TRANSLATORS: a heading of the help: what a touch screen does on this page.
            case .touch: return trc("input device", "Touch")
            case .keyboard: return trc("input device", "Keyboard")
            case .gamepad: return trc("input device", "Gamepad")
            }
        }
    }

    public let title: String
    public let sections: [(device: Device, lines: [Line])]
    /// The keys that work on every screen (shown along the bottom).
    public let anywhere: [Line]

    public static func == (a: HelpSheet, b: HelpSheet) -> Bool {
        a.title == b.title && a.sections.map(\.device) == b.sections.map(\.device) && a.sections.map(\.lines) == b.sections.map(\.lines)
            && a.anywhere == b.anywhere
    }

    /// The help for `page`; `desktop` is false in a kiosk (no library keys there).
    public init(page: Page, desktop: Bool = true) {
        func line(_ input: String, _ does: String) -> Line { Line(input: input, does: does) }
        var mouse: [Line] = [], touch: [Line] = [], keys: [Line] = [], pad: [Line] = []
        switch page {
        case .main, .rush, .versus:
            // TRANSLATORS: the help's title for the punch screen ("Help — Punching").
            title = page == .main ? tr("Punching") : page == .rush ? tr("The 30-second rush") : tr("Versus")
            mouse = [line(tr("Click the picture"), tr("punch it; a faster swing hits harder")),
                     line(tr("Click a favorite"), tr("punch that target instead")),
                     // TRANSLATORS: the Wash button, as the help names it.
                     line(trc("button", "Wash"), tr("clean the marks off (Ctrl+Z brings them back)"))]
            touch = [line(tr("Tap the picture"), tr("punch it; every finger is a punch")),
                     line(tr("Press harder"), tr("hit harder, where the screen can tell"))]
            // TRANSLATORS: keys as the help lists them, with the names on the keys
            // (Space, Esc, Ctrl, Shift, Enter, Home, End, Tab; "Arrows" for the arrow keys).
            keys = [line(trc("key", "Space"), tr("punch the middle; hold longer to hit harder")),
                    line("Q / E", tr("the previous / next tool")),
                    line("1 – 4", tr("pick favorite 1 to 4")),
                    line("W", tr("wash the marks off")),
                    line("M", tr("sound on or off"))]
            // TRANSLATORS: a gamepad's sticks and triggers as the help lists them (A, B, X,
            // Y, LB, RB, LT, RT are the letters on the pad and stay as they are).
            pad = [line(trc("gamepad", "Left stick"), tr("aim your reticle")),
                   line(trc("gamepad", "A, right trigger"), tr("punch where you aim")),
                   line(trc("gamepad", "Click L / R stick"), tr("the previous / next tool (shown by your reticle)")),
                   line("LB / RB", tr("previous / next favorite")),
                   line("X", tr("wash the marks off"))]
            if page == .main {
                // The strip and the wheel are the punch screen's; a game shows only the target.
                mouse.insert(contentsOf: [line(tr("Click a tool"), tr("hit with it: fist, slap, pillow, pie, tomato, mallet")),
                                          line(tr("Wheel"), tr("the previous / next tool"))], at: 2)
                touch.insert(line(tr("Tap a tool"), tr("hit with it, from the strip of round buttons")), at: 1)
            } else {
                keys.append(line(trc("key", "Esc"), tr("end the game early")))
            }
        case .allTargets:
            title = tr("More targets")
            mouse = [line(tr("Click a card"), tr("choose it and go back to punch")), line(tr("Wheel, scrollbar"), tr("scroll"))]
            touch = [line(tr("Tap a card"), tr("choose it")), line(tr("Swipe"), tr("scroll")),
                     line(tr("Tap the search"), tr("type with the on-screen keyboard"))]
            keys = [line(trc("key", "Type, Ctrl+F"), tr("search names and messages")), line(trc("key", "Arrows, Tab"), tr("move between cards")),
                    line(trc("key", "Enter"), tr("choose the focused card, or the first match")), line(trc("key", "Home / End"), tr("the first / last card")),
                    line(trc("key", "Esc"), tr("clear the search, then back"))]
            pad = [line(trc("gamepad", "D-pad"), tr("move between cards")), line("A", tr("choose")), line("X", tr("search")), line("B", tr("back"))]
        case .manage:
            title = tr("Manage targets")
            mouse = [line("☆ / ★", tr("make a favorite (four at most)")),
                     // TRANSLATORS: the names of the two buttons on each row of Manage.
                     line(tr("Edit, Delete"), tr("change or remove a target")),
                     line(tr("Wheel, scrollbar"), tr("scroll"))]
            touch = [line(tr("Tap a button"), tr("as a click")), line(tr("Swipe"), tr("scroll")),
                     line(tr("Tap the search"), tr("type with the on-screen keyboard"))]
            keys = [line(trc("key", "Type, Ctrl+F"), tr("search names and messages")), line(trc("key", "Tab, arrows"), tr("move between buttons")),
                    line(trc("key", "Enter"), tr("press the focused button")), line(trc("key", "Home / End"), tr("the first / last row")),
                    line(trc("key", "Ctrl+Z"), tr("undo a delete")), line(trc("key", "Esc"), tr("clear the search, then back"))]
            pad = [line(trc("gamepad", "D-pad"), tr("move")), line("A", tr("press")), line("X", tr("search")), line("Y", tr("undo a delete")), line("B", tr("back"))]
        case .editor:
            title = tr("Add or edit a target")
            // Six one-line entries a column at most: what fits the overlay at 1280x720.
            mouse = [line(tr("Drop a picture"), tr("on the window to use it")),
                     // TRANSLATORS: the form's button that opens the picture picker.
                     line(tr("Choose picture…"), tr("browse for one")),
                     line(tr("Drag the picture"), tr("move it in the frame")), line(tr("Wheel, − / +"), tr("zoom in or out")),
                     line(tr("Drag a corner"), tr("resize the crop")),
                     // TRANSLATORS: the names of the crop's two buttons (a square crop; the whole picture).
                     line(tr("Square, Reset"), tr("square crop; whole again"))]
            touch = [line(tr("Tap a field"), tr("type with the on-screen keyboard")), line(tr("Drag the picture"), tr("move it in the frame")),
                     line(tr("Pinch"), tr("zoom in or out")), line(tr("Drag a corner"), tr("resize the crop"))]
            keys = [line(trc("key", "Tab"), tr("next field or the picture")), line(trc("key", "Enter"), tr("save")),
                    line(trc("key", "Arrows, + / −"), tr("on the picture: move, zoom")), line(trc("key", "Shift+arrows"), tr("stretch a free crop")),
                    line(trc("key", "Ctrl+C / Ctrl+V"), tr("copy and paste")), line(trc("key", "Esc"), tr("cancel (asks first)"))]
            pad = [line(trc("gamepad", "D-pad"), tr("move between fields")), line("A", tr("press or edit")),
                   line(trc("gamepad", "Left / right stick"), tr("move / stretch the crop")), line("LT / RT", tr("zoom out / in")), line("B", tr("cancel"))]
        case .picker:
            title = tr("Choose a picture")
            mouse = [line(tr("Click a folder"), tr("open it")), line(tr("Click a picture"), tr("use it"))]
            touch = [line(tr("Tap"), tr("open or use")), line(tr("Swipe"), tr("scroll"))]
            keys = [line(trc("key", "Arrows, Tab"), tr("move")), line(trc("key", "Enter"), tr("open or use")), line(trc("key", "Home / End"), tr("the first / last")),
                    line(trc("key", "Esc"), tr("back to the form"))]
            pad = [line(trc("gamepad", "D-pad"), tr("move")), line("A", tr("open or use")), line("B", tr("back to the form"))]
        case .stats:
            title = tr("Your punches")
            mouse = [line(tr("Point at a bar"), tr("that day's numbers"))]
            touch = [line(tr("Tap a bar"), tr("that day's numbers"))]
            keys = [line(trc("key", "Arrows"), tr("move from day to day")), line(trc("key", "Esc"), tr("back"))]
            pad = [line(trc("gamepad", "D-pad"), tr("move from day to day")), line("B", tr("back"))]
        case .settings:
            title = tr("Settings")
            mouse = [line(tr("Click a row"), tr("switch it on or off")), line("− / +", tr("change a number"))]
            touch = [line(tr("Tap"), tr("as a click"))]
            keys = [line(trc("key", "Tab, arrows"), tr("move")), line(trc("key", "Enter, Space"), tr("switch or press")), line(trc("key", "Esc"), tr("back"))]
            pad = [line(trc("gamepad", "D-pad"), tr("move")), line("A", tr("switch or press")), line("B", tr("back"))]
        case .summary:
            title = tr("Your session")
            mouse = [line(tr("Click a button"), tr("breathe, or quit"))]
            touch = [line(tr("Tap a button"), tr("as a click"))]
            keys = [line(trc("key", "Enter"), tr("the highlighted button")), line(trc("key", "Ctrl+Q"), tr("quit now"))]
            pad = [line("A", tr("the highlighted button"))]
        case .operatorMenu:
            title = tr("Operator menu")
            mouse = [line(tr("Click a button"), tr("as it says"))]
            touch = [line(tr("Tap a button"), tr("as it says"))]
            keys = [line(trc("key", "Tab, arrows, Enter"), tr("move and press")), line(trc("key", "Esc"), tr("close"))]
            pad = [line(trc("gamepad", "D-pad, A"), tr("move and press")), line("B", tr("close"))]
        }
        pad.append(line(trc("gamepad", "Back"), tr("this help")))
        // Where typing lands in a search or a field, `?` is typed there: only F1 opens
        // the help, and these pages say so rather than promise a key that types.
        let questionMarkTypes = page == .manage || page == .allTargets || page == .editor
        var anywhere = [questionMarkTypes
            ? line("F1", page == .editor ? tr("this help (? types into the field)") : tr("this help (? types into the search)"))
            : line(trc("key", "F1 or ?"), tr("this help"))]
        if desktop {
            anywhere += [line(trc("key", "Ctrl+L"), tr("manage")), line(trc("key", "Ctrl+M"), tr("every target")), line(trc("key", "Ctrl+N"), tr("add a target")),
                         line(trc("key", "Ctrl+T"), tr("stats")), line(trc("key", "Ctrl+R"), tr("a rush")), line(trc("key", "Ctrl+B"), tr("versus")),
                         line(trc("key", "Ctrl+,"), tr("settings")), line(trc("key", "Ctrl+Z"), tr("undo a delete")), line("F11", tr("fullscreen")), line(trc("key", "Ctrl+Q"), tr("quit"))]
        }
        sections = [(.mouse, mouse), (.touch, touch), (.keyboard, keys), (.gamepad, pad)]
        self.anywhere = anywhere
    }
}
