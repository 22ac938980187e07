import AppModel

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
            title = page == .main ? "Punching" : page == .rush ? "The 30-second rush" : "Versus"
            mouse = [line("Click the picture", "punch it; a faster swing hits harder"),
                     line("Click a favorite", "punch that target instead"),
                     line("Wash", "clean the marks off (Ctrl+Z brings them back)")]
            touch = [line("Tap the picture", "punch it; every finger is a punch"),
                     line("Press harder", "hit harder, where the screen can tell")]
            keys = [line("Space", "punch the middle; hold longer to hit harder"),
                    line("Q / E", "the previous / next tool"),
                    line("1 – 4", "pick favorite 1 to 4"),
                    line("W", "wash the marks off"),
                    line("M", "sound on or off")]
            pad = [line("Left stick", "aim your reticle"),
                   line("A, right trigger", "punch where you aim"),
                   line("Click L / R stick", "the previous / next tool (shown by your reticle)"),
                   line("LB / RB", "previous / next favorite"),
                   line("X", "wash the marks off")]
            if page == .main {
                // The strip and the wheel are the punch screen's; a game shows only the target.
                mouse.insert(contentsOf: [line("Click a tool", "hit with it: fist, slap, pillow, pie, tomato, mallet"),
                                          line("Wheel", "the previous / next tool")], at: 2)
                touch.insert(line("Tap a tool", "hit with it, from the strip of round buttons"), at: 1)
            } else {
                keys.append(line("Esc", "end the game early"))
            }
        case .allTargets:
            title = "More targets"
            mouse = [line("Click a card", "choose it and go back to punch"), line("Wheel, scrollbar", "scroll")]
            touch = [line("Tap a card", "choose it"), line("Swipe", "scroll"),
                     line("Tap the search", "type with the on-screen keyboard")]
            keys = [line("Type, Ctrl+F", "search names and messages"), line("Arrows, Tab", "move between cards"),
                    line("Enter", "choose the focused card, or the first match"), line("Home / End", "the first / last card"),
                    line("Esc", "clear the search, then back")]
            pad = [line("D-pad", "move between cards"), line("A", "choose"), line("X", "search"), line("B", "back")]
        case .manage:
            title = "Manage targets"
            mouse = [line("☆ / ★", "make a favorite (four at most)"), line("Edit, Delete", "change or remove a target"),
                     line("Wheel, scrollbar", "scroll")]
            touch = [line("Tap a button", "as a click"), line("Swipe", "scroll"),
                     line("Tap the search", "type with the on-screen keyboard")]
            keys = [line("Type, Ctrl+F", "search names and messages"), line("Tab, arrows", "move between buttons"),
                    line("Enter", "press the focused button"), line("Home / End", "the first / last row"),
                    line("Ctrl+Z", "undo a delete"), line("Esc", "clear the search, then back")]
            pad = [line("D-pad", "move"), line("A", "press"), line("X", "search"), line("Y", "undo a delete"), line("B", "back")]
        case .editor:
            title = "Add or edit a target"
            // Six one-line entries a column at most: what fits the overlay at 1280x720.
            mouse = [line("Drop a picture", "on the window to use it"), line("Choose picture…", "browse for one"),
                     line("Drag the picture", "move it in the frame"), line("Wheel, − / +", "zoom in or out"),
                     line("Drag a corner", "resize the crop"), line("Square, Reset", "square crop; whole again")]
            touch = [line("Tap a field", "type with the on-screen keyboard"), line("Drag the picture", "move it in the frame"),
                     line("Pinch", "zoom in or out"), line("Drag a corner", "resize the crop")]
            keys = [line("Tab", "next field or the picture"), line("Enter", "save"),
                    line("Arrows, + / −", "on the picture: move, zoom"), line("Shift+arrows", "stretch a free crop"),
                    line("Ctrl+C / Ctrl+V", "copy and paste"), line("Esc", "cancel (asks first)")]
            pad = [line("D-pad", "move between fields"), line("A", "press or edit"),
                   line("Left / right stick", "move / stretch the crop"), line("LT / RT", "zoom out / in"), line("B", "cancel")]
        case .picker:
            title = "Choose a picture"
            mouse = [line("Click a folder", "open it"), line("Click a picture", "use it")]
            touch = [line("Tap", "open or use"), line("Swipe", "scroll")]
            keys = [line("Arrows, Tab", "move"), line("Enter", "open or use"), line("Home / End", "the first / last"),
                    line("Esc", "back to the form")]
            pad = [line("D-pad", "move"), line("A", "open or use"), line("B", "back to the form")]
        case .stats:
            title = "Your punches"
            mouse = [line("Point at a bar", "that day's numbers")]
            touch = [line("Tap a bar", "that day's numbers")]
            keys = [line("Arrows", "move from day to day"), line("Esc", "back")]
            pad = [line("D-pad", "move from day to day"), line("B", "back")]
        case .settings:
            title = "Settings"
            mouse = [line("Click a row", "switch it on or off"), line("− / +", "change a number")]
            touch = [line("Tap", "as a click")]
            keys = [line("Tab, arrows", "move"), line("Enter, Space", "switch or press"), line("Esc", "back")]
            pad = [line("D-pad", "move"), line("A", "switch or press"), line("B", "back")]
        case .summary:
            title = "Your session"
            mouse = [line("Click a button", "breathe, or quit")]
            touch = [line("Tap a button", "as a click")]
            keys = [line("Enter", "the highlighted button"), line("Ctrl+Q", "quit now")]
            pad = [line("A", "the highlighted button")]
        case .operatorMenu:
            title = "Operator menu"
            mouse = [line("Click a button", "as it says")]
            touch = [line("Tap a button", "as it says")]
            keys = [line("Tab, arrows, Enter", "move and press"), line("Esc", "close")]
            pad = [line("D-pad, A", "move and press"), line("B", "close")]
        }
        pad.append(line("Back", "this help"))
        // Where typing lands in a search or a field, `?` is typed there: only F1 opens
        // the help, and these pages say so rather than promise a key that types.
        let questionMarkTypes = page == .manage || page == .allTargets || page == .editor
        var anywhere = [questionMarkTypes
            ? line("F1", page == .editor ? "this help (? types into the field)" : "this help (? types into the search)")
            : line("F1 or ?", "this help")]
        if desktop {
            anywhere += [line("Ctrl+L", "manage"), line("Ctrl+M", "every target"), line("Ctrl+N", "add a target"),
                         line("Ctrl+T", "stats"), line("Ctrl+R", "a rush"), line("Ctrl+B", "versus"),
                         line("Ctrl+,", "settings"), line("Ctrl+Z", "undo a delete"), line("F11", "fullscreen"), line("Ctrl+Q", "quit")]
        }
        sections = [(.mouse, mouse), (.touch, touch), (.keyboard, keys), (.gamepad, pad)]
        self.anywhere = anywhere
    }
}
