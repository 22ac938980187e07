import AppModel
import ImmediateUI
import Input
import StressCore
import StressPunchApp
import Testing

/// What a screen reader is told of each screen (the frame's accessible tree) and what
/// it can do back through it, on the session without a window or a bus: the bridge
/// only carries these nodes and requests (see the pyatspi end-to-end test for that).
@Suite("The accessible tree a screen reader reads")
struct AccessibleTreeTests {
    /// A session that builds its tree, on the punch screen.
    private func app(kiosk: Bool = false, width: Int = 1280, height: Int = 720) throws -> ScreenHarness {
        let app = try ScreenHarness(kiosk: kiosk, width: width, height: height)
        app.screenReaderListens = true
        app.frame()
        return app
    }

    private func tree(_ app: ScreenHarness) -> [AccessibleNode] { app.session.ui?.accessibleNodes ?? [] }

    private func node(_ app: ScreenHarness, _ name: String, role: AccessibleRole? = nil,
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> AccessibleNode {
        let found = tree(app).first { $0.name == name && (role == nil || $0.role == role) }
        return try #require(found, "no “\(name)” in the tree: \(tree(app).map(\.name))", sourceLocation: sourceLocation)
    }

    /// Sends what the bridge would, then the two frames a click takes.
    private func ask(_ app: ScreenHarness, _ node: AccessibleNode, _ action: AccessibilityRequest.Action) {
        app.frame([.accessibilityRequest(AccessibilityRequest(widget: node.id, action: action))])
        app.frame()
        app.frame()
    }

    private static let buttonRoles: Set<AccessibleRole> = [.pushButton, .toggleButton]

    @Test("nothing is described while no screen reader listens")
    func silentByDefault() throws {
        let app = try ScreenHarness()
        app.frame()
        #expect(app.session.ui?.accessibleNodes.isEmpty == true)
    }

    @Test("the punch screen names its buttons, its favorites (with their number and count) and the target")
    func punchScreenButtons() throws {
        let app = try app()
        let buttons = tree(app).filter { Self.buttonRoles.contains($0.role) && !$0.name.isEmpty }
        #expect(buttons.count >= 10, "\(buttons.map(\.name))")
        for name in ["Rush", "Versus", "Settings", "Stats", "More targets", "Manage"] {
            #expect(buttons.contains { $0.name == name }, "no \(name) button in \(buttons.map(\.name))")
        }
        for tool in PunchTool.allCases {
            let button = try node(app, tool.displayName, role: .toggleButton)
            #expect(button.states.contains(.checked) == (tool == .fist), "\(tool): only the chosen tool reads as checked")
        }
        let favorites = app.session.library.favorites
        #expect(!favorites.isEmpty)
        for (index, favorite) in favorites.enumerated() {
            let card = try node(app, favorite.name, role: .pushButton)
            #expect(card.description.hasPrefix("favorite \(index + 1), \(favorite.punchCount) punch"))
            #expect(card.states.contains(.selected) == (favorite.id == app.session.library.selectedID))
        }
        let selected = try #require(app.session.library.selected)
        let stage = try node(app, selected.name, role: .image)
        #expect(stage.action == "punch")
        #expect(stage.description.contains(selected.message))
        #expect(stage.states.contains(.focusable))
    }

    @Test("every screen's tree: unique ids, parents before children, every control named and on screen")
    func everyScreenIsWellFormed() throws {
        let app = try app()
        var screens: [(String, [AccessibleNode])] = [("main", tree(app))]
        for (open, back) in [("More targets", "Back"), ("Manage", "Back"), ("Stats", "Back"), ("Settings", "Back")] {
            app.press(open)
            screens.append((open, tree(app)))
            app.press(back)
        }
        app.key(.character("n"), [.control])
        screens.append(("Add form", tree(app)))
        app.key(.escape)
        app.key(.f1)
        screens.append(("Help", tree(app)))
        for (screen, nodes) in screens {
            #expect(nodes.count > 3, "\(screen) has almost nothing in its tree")
            var seen: Set<UInt64> = [0]
            for node in nodes {
                #expect(seen.contains(node.parent), "\(screen): “\(node.name)” comes before its parent")
                #expect(!seen.contains(node.id), "\(screen): “\(node.name)” has an id already used")
                seen.insert(node.id)
                if node.states.contains(.focusable) {
                    #expect(!node.name.isEmpty, "\(screen): a \(node.role) with no name")
                    #expect(node.rect.width > 0 && node.rect.height > 0, "\(screen): “\(node.name)” is not on screen")
                }
            }
        }
        // Each screen tells where the reader is, in a heading or a dialog's name.
        let help = try #require(screens.last?.1)
        #expect(help.contains { $0.role == .dialog && $0.states.contains(.modal) }, "Help is a modal dialog")
    }

    @Test("Tab's focus is the focused node, and a screen reader's focus request moves the keyboard's focus")
    func focusFollowsTab() throws {
        let app = try app()
        #expect(!tree(app).contains { $0.states.contains(.focused) })
        app.key(.tab)
        let focused = tree(app).filter { $0.states.contains(.focused) }
        #expect(focused.map(\.name) == ["Rush"], "the first Tab lands on the header's first button")
        let stats = try node(app, "Stats")
        ask(app, stats, .focus)
        #expect(tree(app).filter { $0.states.contains(.focused) }.map(\.name) == ["Stats"])
        #expect(app.session.ui?.focused?.rawValue == stats.id)
        #expect(app.session.page == .main, "focusing is not pressing")
    }

    @Test("pressing Manage through its action opens Manage, whose rows, stars and search field are in the tree")
    func pressManage() throws {
        let app = try app()
        ask(app, try node(app, "Manage"), .press)
        #expect(app.session.page == .manage)
        let search = try node(app, "Search", role: .entry)
        #expect(search.states.contains(.editable))
        #expect(tree(app).contains { $0.role == .list })
        let first = try #require(app.session.library.targets.first)
        let row = try node(app, first.name, role: .listItem)
        let star = try #require(tree(app).first { $0.parent == row.id && $0.role == .toggleButton })
        #expect(star.name == "Favorite")
        #expect(star.states.contains(.checked) == first.isFavorite)
        #expect(tree(app).contains { $0.parent == row.id && $0.name == "Edit" })
    }

    @Test("text set through EditableText lands in the search field and filters the list")
    func setSearchText() throws {
        let app = try app()
        app.press("Manage")
        let target = try #require(app.session.library.targets.last)
        ask(app, try node(app, "Search", role: .entry), .setText(target.name))
        #expect(try node(app, "Search", role: .entry).text == target.name)
        let rows = tree(app).filter { $0.role == .listItem }
        #expect(rows.map(\.name).contains(target.name))
        #expect(rows.count < app.session.library.targets.count, "the list was not filtered: \(rows.map(\.name))")
    }

    @Test("the stage's punch action lands a punch on the target")
    func punchAction() throws {
        let app = try app()
        let selected = try #require(app.session.library.selected)
        #expect(app.session.controller.punchesLanded == 0)
        ask(app, try node(app, selected.name, role: .image), .press)
        #expect(app.session.controller.punchesLanded == 1)
    }

    @Test("a stepper is a spin button whose value a screen reader sets straight")
    func stepperValue() throws {
        let app = try app()
        app.press("Settings")
        let stepper = try #require(tree(app).first { $0.role == .spinButton && $0.value != nil })
        let value = try #require(stepper.value)
        let wanted = min(value.maximum, value.current + 2 * value.step)
        #expect(wanted != value.current)
        ask(app, stepper, .setValue(wanted))
        let after = try #require(tree(app).first { $0.id == stepper.id }?.value)
        #expect(after.current == wanted)
    }

    @Test("an open dialog is all the tree holds, and a refusal is read out as an alert")
    func modalAndToast() throws {
        let app = try app()
        app.press("Manage")
        app.press("Delete", first: true)
        let alert = try #require(tree(app).first { $0.role == .alert && $0.states.contains(.modal) })
        #expect(alert.name.hasPrefix("Delete “"))
        let topLevel = tree(app).filter { $0.parent == 0 }
        #expect(topLevel.map(\.id) == [alert.id], "what the dialog covers is still in the tree: \(topLevel.map(\.name))")
        #expect(tree(app).contains { $0.parent == alert.id && $0.name == "Cancel" })
        app.press("Cancel")
        // A fifth favorite is refused with a toast: an alert node while it shows.
        let spare = try #require(app.session.library.targets.first { !$0.isFavorite })
        #expect(app.session.library.favorites.count == FavoriteRule.limit)
        ask(app, try #require(tree(app).first { $0.role == .toggleButton && $0.description == spare.name }), .press)
        #expect(tree(app).contains { ($0.role == .alert || $0.role == .notification) && $0.parent == 0 && !$0.name.isEmpty })
    }

    @Test("a kiosk's tree offers only what a visitor may use")
    func kioskTree() throws {
        let app = try app(kiosk: true)
        let names = Set(tree(app).map(\.name))
        for hidden in ["Manage", "Settings", "Stats", "More targets", "Rush", "Versus"] {
            #expect(!names.contains(hidden), "a kiosk exposes \(hidden)")
        }
        #expect(tree(app).contains { $0.role == .image && $0.action == "punch" })
    }
}

@Suite("The high-contrast setting")
struct HighContrastSettingTests {
    @Test("system follows the desktop, high and normal override it, and the Settings switch sets it for good")
    func contrastSetting() throws {
        let app = try ScreenHarness()
        #expect(app.session.settings.contrast == .system)
        #expect(app.session.ui?.theme.background == UITheme().background)
        app.session.desktopPrefersHighContrast = true
        #expect(app.session.ui?.theme.background == UITheme.highContrast.background, "system did not follow the desktop")
        var settings = app.session.settings
        settings.contrast = .normal
        app.session.changeSettings(settings)
        #expect(app.session.ui?.theme.background == UITheme().background)
        // The Settings screen's switch reads the colours as they are, and sets high or normal.
        app.press("Settings")
        app.press("High contrast")
        #expect(app.session.settings.contrast == .high)
        #expect(app.session.ui?.theme.focusRing == UITheme.highContrast.focusRing)
        app.session.library.waitForSaves()
        #expect(try app.store.setting(.user(.contrast)) == "high", "the choice was not kept")
    }
}
