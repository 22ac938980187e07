// ImmediateUI owns the app's immediate-mode UI: one `UIContext` holding all UI state
// (ids, hot/active/focus, layout, scroll positions, text editing, modal, toasts),
// widgets that emit plain `DrawCommand`s, and `UIRenderer`, which executes them with
// Raster. It reads input only as `InputEvent` values and must not import SDL, read
// files or the clock: the caller passes each frame's events, size and time.
//
// A frame of a screen (sizes in points, rects in window pixels):
//
//     ui.begin(input: events, width: w, height: h, time: t)
//     ui.beginColumn(in: ui.bounds, padding: 24)
//     ui.label("Manage library", style: .title)
//     ui.scrollList("library", count: targets.count, rowHeight: 88, spacing: 8) { index, rect in
//         ui.pushID(targets[index].id)              // ids follow the target, not the row
//         ui.beginRow(in: rect, padding: 12)
//         ui.image(thumbnail, in: ui.nextRect(64), cornerRadius: ui.px(8))
//         ui.label(targets[index].name, in: ui.nextRect(leaving: 48 + 10 + 90))
//         if case .changed(let on) = ui.toggle("favorite", isOn: targets[index].favorite) {
//             if !store.setFavorite(on, ...) { ui.showToast("Four favorites at most", kind: .error) }
//         }
//         if ui.button("Delete", style: .destructive).clicked { pendingDelete = targets[index].id }
//         ui.endLayout()
//         ui.popID()
//     }
//     ui.endLayout()
//     if pendingDelete != nil {
//         switch ui.confirmDialog("delete", title: "Delete target?", message: "...", confirmLabel: "Delete") {
//         case .confirmed: ...; pendingDelete = nil
//         case .cancelled: pendingDelete = nil
//         case .pending: break
//         }
//     }
//     if ui.backRequested { screen = .main }
//     ui.end()
//     ui.render(on: canvas)              // or UIRenderer.execute(ui.commands, on:, glyphs:)
//
// A click reaches a widget the frame after its press (the press goes to the topmost
// widget under it once the whole frame is known); keys activate at once.
// [SECTION] index of this file: state, frame (begin/end), ids, drawing, clipping.
// Interaction.swift: updateControl, focus and navigation. Layout.swift: rows, columns.
// Widgets.swift, TextField.swift, Scrolling.swift, Overlays.swift: the widgets.

import Input
import Raster

/// What a widget answers: a small set of things that happened to it this frame.
public struct UIResult: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Pressed and released inside, tapped, or activated with Enter / Space / pad A.
    public static let clicked = UIResult(rawValue: 1)
    /// The value changed this frame (a text field's text).
    public static let changed = UIResult(rawValue: 2)
    /// Enter was pressed in a text field.
    public static let submitted = UIResult(rawValue: 4)
    /// A text field that was edited lost focus or took Enter: commit the edit now
    /// (ImGui's `IsItemDeactivatedAfterEdit`).
    public static let deactivatedAfterEdit = UIResult(rawValue: 8)

    public var clicked: Bool { contains(.clicked) }
    public var changed: Bool { contains(.changed) }
    public var submitted: Bool { contains(.submitted) }
    public var deactivatedAfterEdit: Bool { contains(.deactivatedAfterEdit) }
}

/// Text the platform can copy to and paste from (SDL's clipboard in the app).
public protocol Clipboard: AnyObject {
    var text: String? { get set }
}

/// A clipboard inside the process, for tests and headless runs.
public final class InMemoryClipboard: Clipboard {
    public var text: String?
    public init(text: String? = nil) { self.text = text }
}

/// Owns all UI state between frames; used from one thread (the UI thread).
///
/// Why one large type: as in microui and Dear ImGui, every widget reads and writes the
/// same per-frame state (hot, active, focus, the id stack, clips, layers), so the
/// context is one class; its jobs live in files of their own as extensions
/// (Interaction, Layout, Widgets, TextField, Scrolling, Overlays), and this file
/// keeps only the state and the frame's begin and end.
public final class UIContext {
    // MARK: Configuration

    public var theme: UITheme
    /// Measures text while laying out (button widths, caret positions).
    public let glyphs: any GlyphSource
    public var clipboard: (any Clipboard)?
    /// When set, used instead of the scale derived from the window size.
    public var scaleOverride: Float?
    /// `--reduce-motion`: flicks stop where the finger lifts and toasts do not fade.
    public var reduceMotion = false

    // MARK: Frame

    /// Pixels per point: 1 at 1280x720, 3 at 3840x2160.
    public internal(set) var scale: Float = 1
    /// The window, in pixels.
    public internal(set) var bounds = Rect(x: 0, y: 0, width: 1280, height: 720)
    /// Seconds, as the caller's clock gave them to `begin`.
    public internal(set) var time: Double = 0
    /// Seconds since the previous frame (0...0.1).
    public internal(set) var deltaTime: Float = 0
    /// Frames begun so far.
    public internal(set) var frameNumber = 0
    var hasBegun = false
    var events: [InputEvent] = []
    /// Parallel to `events`: taken by a widget (a text field's keys, an activation).
    var consumed: [Bool] = []

    // MARK: Pointer (mouse, or the first finger down)

    public internal(set) var pointer = Point(-1, -1)
    public internal(set) var pointerHeld = false
    /// True when the pointer is a finger: hit areas grow to touch size, nothing hovers.
    public internal(set) var pointerIsTouch = false
    var primaryFinger: Int64?
    /// A press this frame, waiting for `end()` to give it to the topmost widget under it.
    var pendingPress: Point?
    /// A release waiting for the active widget (carried one frame when the press came
    /// in the same frame).
    var pendingRelease: Point?
    var releaseThisFrame: Point?
    /// Where the held press started, for drag thresholds.
    var pressOrigin: Point?
    var wheel = Point(0, 0)
    var wheelTaken = false
    /// A list took this frame's page keys (Page Up/Down, Home/End) for the page.
    var pageKeysTaken = false
    var stickDirection: NavDirection?
    var stickSteps: [NavDirection] = []
    /// The right stick's vertical push (-1...1), which scrolls the focused list.
    var scrollStick: Float = 0

    // MARK: Interaction

    var idStack: [WidgetID] = []
    /// The widget under the pointer last frame (topmost: last submitted).
    public internal(set) var hovered: WidgetID?
    /// The widget being pressed.
    public internal(set) var active: WidgetID?
    /// The widget keys go to.
    public internal(set) var focused: WidgetID?
    /// True after keyboard or pad navigation; a pointer press hides the ring again.
    public internal(set) var focusVisible = false
    var hoverCandidate: WidgetID?
    var pressCandidate: (id: WidgetID, focusable: Bool)?
    /// The stage under the widgets and what lies above it, per frame (see Stage).
    var stageHits = StageHitMap()
    var activeWasSeen = false
    var focusables: [Focusable] = []
    /// Where the first arrow or d-pad press lands with nothing focused, when a screen
    /// names a control for it (set each frame while building; the punch screen's first
    /// favorite, which Tab, in reading order, reaches only after the header and tools).
    public var arrowEntry: WidgetID?
    var focusedRectLastFrame: Rect?
    /// The scroll region the focused widget sat in last frame (Page Up/Down scroll it).
    var focusedScroll: WidgetID?
    var focusRing: FocusRingPlacement?
    var pendingFocus: WidgetID?
    var reveal: (scroll: WidgetID, top: Float, bottom: Float)?
    public internal(set) var lastItem: WidgetID?
    /// The last widget's result included `.deactivatedAfterEdit`.
    public internal(set) var isItemDeactivatedAfterEdit = false
    var backPressed = false
    var backTaken = false

    // MARK: Layout, clip, scroll

    var layouts: [LayoutFrame] = []
    var clipStack: [Rect] = []
    var currentClip = Rect(x: 0, y: 0, width: 1280, height: 720)
    var scrollStates: [WidgetID: ScrollState] = [:]
    var scrollStack: [ScrollFrameInfo] = []

    // MARK: Text editing, modal, toasts

    var editing: TextEditState?
    /// The focused text field was built this frame; one that was not is gone (its
    /// page left), and its editing state goes with it at `end`.
    var editingSeen = false
    /// The focused text field's rect this frame: the platform should have text input
    /// (and the IME candidate window near this rect) on while it is set.
    public internal(set) var textInputRect: Rect?
    var composition = ""
    var compositionCursor = 0
    var modalLastFrame: WidgetID?
    var modalThisFrame: WidgetID?
    var insideModal: WidgetID?
    var focusBeforeModal: WidgetID?
    var toasts: [Toast] = []
    var actionToastThisFrame = false
    var actionToastHeight: Float = 0
    /// The top of what toasts must not cover this frame (the favorites bar, say); nil
    /// for the bottom of the window. Set by the screen after `begin`.
    public var toastClearance: Float?
    /// How tall last frame's toast stack was (0 with none): a screen can leave that
    /// much room at its bottom so no row sits under a toast.
    public internal(set) var toastStackHeight: Float = 0

    // MARK: Output

    var baseCommands: [DrawCommand] = []
    /// How soon what this frame built changes by itself (a scroll gliding, the spinner
    /// turning, the caret blinking, a highlight fading), in seconds; nil when it
    /// holds still until input comes. The shell sleeps that long at most.
    public private(set) var nextChange: Double?
    /// Widgets whose name is not drawn as text (icon buttons), with where they are and
    /// the clip they were drawn in: what a screen reader, or a script's
    /// `click "Settings"`, finds them by.
    public private(set) var namedWidgets: [(label: String, rect: Rect, clip: Rect)] = []
    var overlayCommands: [DrawCommand] = []
    /// Where the overlays (modals, tooltips, toasts) begin in the finished frame's list.
    var overlayCommandStart = 0
    /// Right-to-left: the frame is laid out left to right and mirrored (Mirroring.swift).
    public var mirrorsLayout = false
    var translatedBlocks: [TranslatedBlock] = []
    /// Widgets describe themselves for a screen reader this frame (while one listens).
    public var buildsAccessibleTree = false
    /// This frame's widgets as a screen reader sees them (see AccessibleTree), in
    /// reading order, parents before children; complete after `end()`.
    public internal(set) var accessibleNodes: [AccessibleNode] = []
    /// Parallel to `accessibleNodes`: built inside an open modal (or a toast, over one).
    var accessibleNodeInModal: [Bool] = []
    /// The open containers (dialog, list, row) being described into, and the ids given out.
    var accessibleParents: [UInt64] = []
    var accessibleIDs: Set<UInt64> = []
    /// Shadows and pictures that held still since the last frame: drawn from their masks and held pixels.
    var shadowMasks = ShadowMasks()
    var heldPictures = HeldPictures()
    var drawingOverlay = false
    /// Scratch for `describe(into:)`: the clips open at each command.
    var describedClips: [PixelRect] = []

    public init(glyphs: any GlyphSource, theme: UITheme = UITheme(), clipboard: (any Clipboard)? = nil) {
        self.glyphs = glyphs
        self.theme = theme
        self.clipboard = clipboard
        baseCommands.reserveCapacity(512)
        overlayCommands.reserveCapacity(64)
        describedClips.reserveCapacity(16)
        focusables.reserveCapacity(128)
        idStack.reserveCapacity(16)
        layouts.reserveCapacity(16)
        clipStack.reserveCapacity(16)
    }

    // MARK: [SECTION] Frame

    /// The scale for a window: 1 at 1280x720, proportional to the smaller ratio.
    public static func scale(width: Int, height: Int) -> Float {
        max(0.5, min(Float(width) / 1280, Float(height) / 720))
    }

    /// Starts a frame: takes this frame's input events, the window size in pixels and
    /// the time in seconds.
    public func begin(input: [InputEvent], width: Int, height: Int, time: Double) {
        if hasBegun { _ = end() }
        hasBegun = true
        frameNumber += 1
        deltaTime = frameNumber == 1 ? 0 : Float(max(0, min(0.1, time - self.time)))
        self.time = time
        bounds = Rect(x: 0, y: 0, width: Float(max(1, width)), height: Float(max(1, height)))
        scale = scaleOverride ?? Self.scale(width: width, height: height)
        currentClip = bounds
        clipStack.removeAll(keepingCapacity: true)
        idStack.removeAll(keepingCapacity: true)
        layouts.removeAll(keepingCapacity: true)
        scrollStack.removeAll(keepingCapacity: true)
        baseCommands.removeAll(keepingCapacity: true)
        namedWidgets.removeAll(keepingCapacity: true)
        accessibleNodes.removeAll(keepingCapacity: true)
        accessibleNodeInModal.removeAll(keepingCapacity: true)
        accessibleParents.removeAll(keepingCapacity: true)
        accessibleIDs.removeAll(keepingCapacity: true)
        nextChange = nil
        overlayCommands.removeAll(keepingCapacity: true)
        focusables.removeAll(keepingCapacity: true)
        arrowEntry = nil
        drawingOverlay = false
        hoverCandidate = nil
        pressCandidate = nil
        activeWasSeen = false
        focusRing = nil
        lastItem = nil
        isItemDeactivatedAfterEdit = false
        modalThisFrame = nil
        insideModal = nil
        backTaken = false
        wheelTaken = false
        pageKeysTaken = false
        textInputRect = nil
        toastClearance = nil
        layouts.append(LayoutFrame(content: bounds, axis: .vertical, spacing: theme.spacing * scale))
        translatedBlocks.removeAll(keepingCapacity: true)
        readInput(mirrorsLayout ? Self.mirroredInput(input, width: width) : input)
    }

    /// Ends the frame: gives a press to the topmost widget under it, moves focus for
    /// Tab / arrows / d-pad, and returns the frame's draw commands (valid until the
    /// next `begin`).
    @discardableResult
    public func end() -> [DrawCommand] {
        guard hasBegun else { return baseCommands }
        hasBegun = false
        resolvePointer()
        resolveNavigation()
        takeAccessibleFocusRequests()
        if let pendingFocus {
            focused = pendingFocus
            self.pendingFocus = nil
        }
        stageHits.show(underModal: modalThisFrame != nil)
        modalLastFrame = modalThisFrame
        if !editingSeen { editing = nil }
        editingSeen = false
        if let ring = focusRing, !ring.overlay { appendFocusRing(ring, to: &baseCommands) }
        overlayCommandStart = baseCommands.count
        baseCommands.append(contentsOf: overlayCommands)
        if let ring = focusRing, ring.overlay { appendFocusRing(ring, to: &baseCommands) }
        drawToasts()
        if mirrorsLayout { mirrorFinishedFrame() }
        finishAccessibleTree()
        shadowMasks.update(with: baseCommands)
        heldPictures.update(with: baseCommands, width: Int(bounds.width))
        return baseCommands
    }

    /// The commands of the last finished frame. Let go of any copy before the next
    /// `begin`, or the storage cannot be reused and the frame allocates.
    public var commands: [DrawCommand] { baseCommands }

    /// Executes the last finished frame's commands on `canvas` (no copy of the list).
    public func render(on canvas: Canvas) {
        UIRenderer.execute(baseCommands, on: canvas, glyphs: glyphs, shadows: shadowMasks, pictures: heldPictures)
    }

    private func appendFocusRing(_ ring: FocusRingPlacement, to list: inout [DrawCommand]) {
        // Cards carry a selection border of their own: their focus ring stands further
        // off and is thicker, so the two never read as one.
        let gap = (ring.prominent ? theme.focusRingGap * 1.5 : theme.focusRingGap) * scale
        let width = (ring.prominent ? theme.focusRingWidth * 1.5 : theme.focusRingWidth) * scale
        let grown = ring.clip.insetBy(-(gap + width))
        list.append(.pushClip(grown))
        list.append(.focusRing(ring.rect.insetBy(-gap), cornerRadius: ring.radius + gap, color: theme.focusRing, width: width))
        list.append(.popClip)
    }

    // MARK: [SECTION] Input

    func readInput(_ input: [InputEvent]) {
        events = input
        consumed.removeAll(keepingCapacity: true)
        consumed.append(contentsOf: repeatElement(false, count: input.count))
        wheel = Point(0, 0)
        backPressed = false
        stickSteps.removeAll(keepingCapacity: true)
        releaseThisFrame = nil
        if let carried = pendingRelease {
            releaseThisFrame = carried
            pendingRelease = nil
        }
        for event in input {
            switch event {
            case let .pointerMoved(x, y):
                pointer = Point(x, y)
                pointerIsTouch = false
            case let .pointerDown(x, y, button) where button == 1:
                pointerIsTouch = false
                press(at: Point(x, y))
            case let .pointerUp(x, y, button) where button == 1:
                release(at: Point(x, y))
            case let .fingerDown(id, x, y, _) where primaryFinger == nil:
                primaryFinger = id
                pointerIsTouch = true
                press(at: Point(x, y))
            case let .fingerMoved(id, x, y) where id == primaryFinger:
                pointer = Point(x, y)
            case let .fingerUp(id, x, y) where id == primaryFinger:
                primaryFinger = nil
                release(at: Point(x, y))
            case let .wheel(dx, dy):
                wheel = wheel + Point(dx, dy)
            case .keyDown(.escape, _, _), .gamepadButton(_, .b, true):
                backPressed = true
            case let .textEditing(text, cursor):
                composition = text
                compositionCursor = cursor
            case .text:
                composition = ""
            case let .gamepadAxis(_, axis, value) where axis == .leftX || axis == .leftY:
                stickNavigation(axis: axis, value: value)
            case let .gamepadAxis(_, .rightY, value):
                scrollStick = abs(value) > 0.2 ? value : 0
            case .focusChanged(false):
                pointerHeld = false
                primaryFinger = nil
            default:
                break
            }
        }
    }

    private func press(at point: Point) {
        pointer = point
        pointerHeld = true
        pressOrigin = point
        if pendingPress == nil { pendingPress = point }
        focusVisible = false
    }

    private func release(at point: Point) {
        pointer = point
        pointerHeld = false
        if pendingPress != nil {
            // Pressed and released in one frame: the press is resolved at end(), the
            // release reaches the widget next frame.
            pendingRelease = point
        } else {
            releaseThisFrame = point
        }
    }

    /// A stick pushed past 0.6 acts as one d-pad press until it comes back under 0.3.
    private func stickNavigation(axis: GamepadAxis, value: Float) {
        if abs(value) < 0.3 {
            stickDirection = nil
            return
        }
        guard abs(value) > 0.6 else { return }
        let direction: NavDirection = axis == .leftX ? (value > 0 ? .right : .left) : (value > 0 ? .down : .up)
        if stickDirection != direction {
            stickDirection = direction
            stickSteps.append(direction)
        }
    }

    /// True while a text field has focus: the platform should start text input.
    public var wantsTextInput: Bool { textInputRect != nil }

    /// True when Escape or pad B was pressed this frame and no open modal took it:
    /// the screen should go back.
    public var backRequested: Bool { backPressed && !backTaken && modalLastFrame == nil && modalThisFrame == nil }

    // MARK: [SECTION] Ids

    /// The id `label` gets inside the current id stack.
    public func id(_ label: String) -> WidgetID { WidgetID.of(label, in: idStack.last) }

    /// Pushes a scope: ids made until `popID` are mixed with it (a list row's target id).
    public func pushID(_ label: String) { idStack.append(id(label)) }
    public func pushID(_ number: Int64) { idStack.append(WidgetID.of(number, in: idStack.last)) }
    public func pushID(_ number: Int) { pushID(Int64(number)) }
    public func popID() { _ = idStack.popLast() }

    // MARK: [SECTION] Drawing

    /// Appends a command to the current layer (the overlay inside a modal).
    /// Asks for another frame within `seconds` (0: the display's next), for what moves
    /// by itself.
    public func needsFrame(in seconds: Double) {
        nextChange = min(nextChange ?? .infinity, max(0, seconds))
    }

    /// Records that the widget in `rect` is called `label` though no text says so.
    func name(_ label: String, _ rect: Rect) {
        namedWidgets.append((label, rect, currentClip))
    }

    public func draw(_ command: DrawCommand) {
        if drawingOverlay {
            overlayCommands.append(command)
        } else {
            baseCommands.append(command)
        }
    }

    /// Draws what `body` draws above the rest of the frame, the focus ring included: a
    /// tooltip, which the ring of the control it describes must not cross.
    public func drawAbove(_ body: () -> Void) {
        let wasOverlay = drawingOverlay
        drawingOverlay = true
        defer { drawingOverlay = wasOverlay }
        body()
    }

    public func fillRect(_ rect: Rect, color: Color, cornerRadius: Float = 0) {
        draw(.rect(rect, color: color, cornerRadius: cornerRadius))
    }
}
