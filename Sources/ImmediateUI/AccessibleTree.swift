// AccessibleTree owns what the frame tells a screen reader: each widget built this
// frame as a node (role, name, description, rect, states, an entry's text, a
// stepper's value) under the dialog, list or row it was built in, in reading order.
// Widgets describe themselves while they are built (cheaply skipped when nobody
// listens); `end()` marks the focused node once focus has settled. What an assistive
// technology asks back (press, focus, set text, set value) arrives as input events and
// reaches the widget with that id the frame after, as a click does.

import Input
import Raster

/// What a node is, in AT-SPI's terms.
public enum AccessibleRole: Int32, Sendable, Hashable {
    case pushButton = 0, toggleButton, checkBox, slider, spinButton, entry, list, listItem, pageTab, heading,
         label, dialog, alert, image, notification, panel, pageTabList
}

/// A node's states, as AT-SPI has them.
public struct AccessibleStates: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let focusable = AccessibleStates(rawValue: 1 << 0)
    public static let focused = AccessibleStates(rawValue: 1 << 1)
    public static let selected = AccessibleStates(rawValue: 1 << 2)
    public static let checked = AccessibleStates(rawValue: 1 << 3)
    public static let enabled = AccessibleStates(rawValue: 1 << 4)
    public static let modal = AccessibleStates(rawValue: 1 << 5)
    public static let editable = AccessibleStates(rawValue: 1 << 6)
    public static let selectable = AccessibleStates(rawValue: 1 << 7)
    public static let checkable = AccessibleStates(rawValue: 1 << 8)
}

/// A stepper's or slider's number.
public struct AccessibleValue: Sendable, Hashable {
    public var current: Double
    public var minimum: Double
    public var maximum: Double
    public var step: Double

    public init(current: Double, minimum: Double, maximum: Double, step: Double) {
        self.current = current
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
    }
}

/// One widget as a screen reader sees it.
public struct AccessibleNode: Sendable, Hashable {
    /// The widget's id (its `WidgetID`), stable across frames.
    public var id: UInt64
    /// The dialog, list or row it was built in; 0 for the window.
    public var parent: UInt64
    public var role: AccessibleRole
    public var states: AccessibleStates
    public var name: String
    public var description: String
    /// The name of what it does when activated ("press", "toggle", "punch"); nil for none.
    public var action: String?
    /// Where it is, in window pixels.
    public var rect: Rect
    /// A text field's text and caret (characters); nil for other roles.
    public var text: String?
    public var caret: Int
    public var value: AccessibleValue?

    public init(id: UInt64, parent: UInt64 = 0, role: AccessibleRole, states: AccessibleStates = [.enabled], name: String,
                description: String = "", action: String? = nil, rect: Rect, text: String? = nil, caret: Int = 0,
                value: AccessibleValue? = nil) {
        self.id = id
        self.parent = parent
        self.role = role
        self.states = states
        self.name = name
        self.description = description
        self.action = action
        self.rect = rect
        self.text = text
        self.caret = caret
        self.value = value
    }
}

extension UIContext {
    // MARK: [SECTION] Describing widgets

    /// Adds `id` to this frame's tree (when one is being built), under the innermost
    /// open container. Widgets under an open modal are left out: a modal sheet is all a
    /// screen reader finds, as it is all the keyboard reaches.
    @discardableResult
    public func describe(
        _ id: WidgetID, role: AccessibleRole, name: @autoclosure () -> String, rect: Rect, states: AccessibleStates = [],
        description: @autoclosure () -> String = "", action: String? = nil, enabled: Bool = true,
        text: @autoclosure () -> String? = nil, caret: Int = 0, value: AccessibleValue? = nil
    ) -> UInt64? {
        // Names and descriptions are made only while a screen reader listens: built
        // every frame for every widget, their strings would cost the frame path.
        guard buildsAccessibleTree, !isInputBlocked else { return nil }
        let shown = intersect(rect, currentClip)
        // Scrolled out of sight: not there for the reader either (containers stay).
        guard shown.width > 0 && shown.height > 0 || accessibleContainerRoles.contains(role) else { return nil }
        // Ids are the bridge's keys: the same text twice in one place gets a second id.
        var raw = id.rawValue
        while raw == 0 || !accessibleIDs.insert(raw).inserted {
            raw = WidgetID.of(Int64(bitPattern: raw), in: WidgetID.of("again")).rawValue
        }
        var all = states
        if enabled { all.insert(.enabled) }
        // A name drawn with a bidi mark in front (to fix its direction) is read without it.
        let name = name()
        let plain = name.unicodeScalars.contains { $0 == "\u{200E}" || $0 == "\u{200F}" }
            ? String(String.UnicodeScalarView(name.unicodeScalars.filter { $0 != "\u{200E}" && $0 != "\u{200F}" })) : name
        accessibleNodes.append(AccessibleNode(
            id: raw, parent: accessibleParents.last ?? 0, role: role, states: all, name: plain,
            description: description(), action: action, rect: shown, text: text(), caret: caret, value: value))
        accessibleNodeInModal.append(insideModal != nil)
        return raw
    }

    /// Roles that hold others, kept in the tree even when their own rect is empty.
    private var accessibleContainerRoles: Set<AccessibleRole> { [.dialog, .alert, .list, .listItem, .panel, .pageTabList] }

    /// A toast, read out when it appears (a notification: also over an open modal).
    func describeToast(_ message: String, kind: ToastKind, rect: Rect) {
        guard buildsAccessibleTree else { return }
        var raw = WidgetID.of(message, in: WidgetID.of("toast")).rawValue
        while !accessibleIDs.insert(raw).inserted { raw = WidgetID.of(Int64(bitPattern: raw), in: WidgetID.of("again")).rawValue }
        accessibleNodes.append(AccessibleNode(
            id: raw, role: kind == .error ? .alert : .notification,
            states: [.enabled], name: message, rect: rect))
        accessibleNodeInModal.append(true)
    }

    /// At `end()`: leaves out what an open modal hides (widgets built before it opened
    /// this frame), names rows after their first named child, and marks the focus.
    func finishAccessibleTree() {
        guard buildsAccessibleTree else { return }
        if modalThisFrame != nil, accessibleNodeInModal.contains(false) {
            var kept: [AccessibleNode] = []
            kept.reserveCapacity(accessibleNodes.count)
            for (node, inModal) in zip(accessibleNodes, accessibleNodeInModal) where inModal { kept.append(node) }
            accessibleNodes = kept
        }
        for index in accessibleNodes.indices where accessibleNodes[index].role == .listItem && accessibleNodes[index].name.isEmpty {
            let row = accessibleNodes[index].id
            if let child = accessibleNodes[(index + 1)...].first(where: { $0.parent == row && !$0.name.isEmpty }) {
                accessibleNodes[index].name = child.name
            }
        }
        settleAccessibleFocus()
    }

    /// Builds `body` with `id` as the parent of what it describes (a dialog, a list, a row).
    public func describing<Result>(
        _ id: WidgetID, role: AccessibleRole, name: String, rect: Rect, states: AccessibleStates = [],
        description: String = "", _ body: () throws -> Result
    ) rethrows -> Result {
        beginDescribing(id, role: role, name: name, rect: rect, states: states, description: description)
        defer { endDescribing() }
        return try body()
    }

    /// Opens a container node; `endDescribing` closes it.
    public func beginDescribing(
        _ id: WidgetID, role: AccessibleRole, name: @autoclosure () -> String, rect: Rect, states: AccessibleStates = [],
        description: @autoclosure () -> String = ""
    ) {
        guard buildsAccessibleTree else { return }
        // A container left out (under a modal) still opens, so its end matches; what is
        // built in it hangs where it would have.
        let raw = describe(id, role: role, name: name(), rect: rect, states: states, description: description())
        accessibleParents.append(raw ?? accessibleParents.last ?? 0)
    }

    public func endDescribing() {
        guard buildsAccessibleTree else { return }
        _ = accessibleParents.popLast()
    }

    /// The text a screen reader reads for a heading or a line of text: described as a
    /// label (a heading for `.title`) without drawing anything.
    public func describeText(_ text: String, heading: Bool = false, in rect: Rect) {
        guard buildsAccessibleTree, !text.isEmpty else { return }
        // Seeded apart from the widgets' ids, so a label never takes the id of the
        // control it names (the stepper "Volume" beside its label "Volume").
        let seed = WidgetID.of("text", in: WidgetID(rawValue: accessibleParents.last ?? 0))
        describe(WidgetID.of(text, in: seed), role: heading ? .heading : .label, name: text, rect: rect)
    }

    // MARK: [SECTION] Requests

    /// Takes this frame's request of `action` kind for `id` (a press, a focus), if any.
    func takeAccessibilityRequest(for id: WidgetID, _ matches: (AccessibilityRequest.Action) -> Bool) -> AccessibilityRequest.Action? {
        for index in events.indices where !consumed[index] {
            if case .accessibilityRequest(let request) = events[index], request.widget == id.rawValue, matches(request.action) {
                consumed[index] = true
                return request.action
            }
        }
        return nil
    }

    /// A press asked through the accessibility bus for `id` this frame: it clicks the
    /// widget, and the focus (ring and all) goes there, so what a screen reader says
    /// and what the screen shows agree.
    func takeAccessiblePress(for id: WidgetID) -> Bool {
        guard takeAccessibilityRequest(for: id, { $0 == .press }) != nil else { return false }
        focused = id
        focusVisible = true
        return true
    }

    /// A focus asked through the accessibility bus this frame, for any widget: it moves
    /// at the end of the frame, as Tab would.
    func takeAccessibleFocusRequests() {
        for index in events.indices where !consumed[index] {
            if case .accessibilityRequest(let request) = events[index], request.action == .focus {
                consumed[index] = true
                if focusables.contains(where: { $0.id.rawValue == request.widget }) {
                    pendingFocus = WidgetID(rawValue: request.widget)
                    focusVisible = true
                }
            }
        }
    }

    /// The new text an accessibility client set on the field `id` this frame.
    func takeAccessibleText(for id: WidgetID) -> String? {
        if case .setText(let text)? = takeAccessibilityRequest(for: id, { if case .setText = $0 { true } else { false } }) {
            return text
        }
        return nil
    }

    /// The new value an accessibility client set on the stepper `id` this frame.
    public func takeAccessibleValue(for id: WidgetID) -> Double? {
        if case .setValue(let value)? = takeAccessibilityRequest(for: id, { if case .setValue = $0 { true } else { false } }) {
            return value
        }
        return nil
    }

    /// Marks the node that has the focus now that the frame's navigation settled.
    func settleAccessibleFocus() {
        guard buildsAccessibleTree else { return }
        let focusedRaw = focused?.rawValue
        for index in accessibleNodes.indices {
            if accessibleNodes[index].id == focusedRaw {
                accessibleNodes[index].states.insert(.focused)
            } else {
                accessibleNodes[index].states.remove(.focused)
            }
        }
    }
}
