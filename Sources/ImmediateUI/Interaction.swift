// Interaction owns the one function every widget calls, `updateControl`: hover,
// press, release, click, keyboard/pad activation and focus for an id and a rect,
// microui-style. It also resolves each frame's press (topmost widget wins) and
// focus navigation: Tab / Shift+Tab in order of appearance, arrows and the d-pad
// spatially, nearest widget in that direction.

import Input
import Raster

/// A direction for arrow keys, the d-pad and the left stick.
public enum NavDirection: Sendable, Hashable {
    case up, down, left, right
}

/// A widget that can take focus this frame.
struct Focusable {
    var id: WidgetID
    var rect: Rect
    /// The scroll region it sits in and its rect in that region's content coordinates.
    var scroll: WidgetID?
    var contentTop: Float
    var contentBottom: Float
    /// In a grid: its item's index and the grid's columns and count.
    var grid: (index: Int, columns: Int, count: Int)?
    /// Arrows and the d-pad can land on it (the stage's target only takes Tab: it is
    /// under everything, and a pad aims at it with the stick).
    var spatial = true
}

/// Where this frame's focus ring goes.
struct FocusRingPlacement {
    var rect: Rect
    var radius: Float
    var clip: Rect
    var overlay: Bool
    /// Thicker and further off, for cards with a selection border.
    var prominent: Bool
}

/// What `updateControl` found for a widget this frame.
public struct ControlState: Sendable, Hashable {
    /// Under the pointer (and nothing on top of it).
    public var isHot = false
    /// Being pressed and held.
    public var isActive = false
    /// Keys go to it.
    public var isFocused = false
    /// Clicked, tapped or activated with Enter / Space / pad A this frame.
    public var clicked = false
    /// Blocked by a modal above it: draw it, but it takes no input.
    public var isBlocked = false
    /// Disabled by its caller: drawn dimmed, no input, no focus.
    public var isDisabled = false
}

extension UIContext {
    // MARK: [SECTION] updateControl

    /// True while a modal is open and this widget is not inside it.
    public var isInputBlocked: Bool {
        (modalLastFrame != nil || modalThisFrame != nil) && insideModal == nil
    }

    /// `rect` grown to the touch target size when the pointer is a finger.
    func hitRect(_ rect: Rect) -> Rect {
        pointerIsTouch ? touchTarget(rect) : rect
    }

    /// `rect` grown to the touch target size.
    func touchTarget(_ rect: Rect) -> Rect {
        let minimum = theme.minimumTouchTarget * scale
        let growX = max(0, (minimum - rect.width) / 2), growY = max(0, (minimum - rect.height) / 2)
        return Rect(x: rect.minX - growX, y: rect.minY - growY, width: rect.width + 2 * growX, height: rect.height + 2 * growY)
    }

    /// True when `point` hits `rect` inside the current clip.
    func hits(_ rect: Rect, _ point: Point) -> Bool {
        // The clip is widened the same way, so an edge row keeps its touch margin.
        hitRect(rect).contains(point) && hitRect(currentClip).contains(point)
    }

    /// Hover, press, click, activation and focus for one widget: the shared step of
    /// every widget. `focusable` widgets join Tab and arrow navigation; `activatesOnKeys`
    /// lets Enter / Space / pad A click it while focused. Draws nothing except that it
    /// remembers where to put the focus ring (`ringRadius` in pixels).
    @discardableResult
    public func updateControl(
        _ id: WidgetID, _ rect: Rect, focusable: Bool = true, activatesOnKeys: Bool = true, ringRadius: Float? = nil,
        prominentRing: Bool = false
    ) -> ControlState {
        lastItem = id
        isItemDeactivatedAfterEdit = false
        var state = ControlState()
        if isInputBlocked {
            state.isBlocked = true
            if focused == id { focused = nil }
            return state
        }
        claim(rect)
        if !pointerIsTouch, hits(rect, pointer) {
            hoverCandidate = id
        }
        if let press = pendingPress, hits(rect, press) {
            pressCandidate = (id, focusable)
        }
        if focusable {
            registerFocusable(id, rect)
        }
        state.isHot = hovered == id && !pointerIsTouch && (active == nil || active == id)
        if active == id {
            activeWasSeen = true
            state.isActive = pointerHeld
            if let release = releaseThisFrame {
                if hits(rect, release) { state.clicked = true }
            }
        }
        // A screen reader's press clicks it and brings the focus (ring and all) here.
        if takeAccessiblePress(for: id) { state.clicked = true }
        if focused == id {
            state.isFocused = true
            if activatesOnKeys && takeActivation() { state.clicked = true }
            if focusVisible {
                focusRing = FocusRingPlacement(
                    rect: rect, radius: ringRadius ?? theme.cornerRadius * scale, clip: currentClip, overlay: drawingOverlay,
                    prominent: prominentRing)
            }
        }
        // What a click does shows only in the frames after it: one is owed at once.
        if state.clicked { needsFrame(in: 0) }
        return state
    }

    func registerFocusable(_ id: WidgetID, _ rect: Rect, spatial: Bool = true) {
        var item = Focusable(id: id, rect: rect, scroll: nil, contentTop: 0, contentBottom: 0, spatial: spatial)
        if let region = scrollStack.last {
            item.scroll = region.id
            let shift = region.offset - region.viewport.minY
            item.contentTop = rect.minY + shift
            item.contentBottom = rect.maxY + shift
            if let grid = region.grid {
                item.grid = (grid.index(of: rect, viewport: region.viewport, offset: region.offset), grid.columns, grid.count)
            }
        }
        focusables.append(item)
        if id == focused {
            focusedRectLastFrame = rect
            focusedScroll = item.scroll
        }
    }

    /// Takes this frame's first unused Enter, Space or pad A press.
    func takeActivation() -> Bool {
        takeFirstPress { event in
            switch event {
            case .keyDown(.enter, _, _), .keyDown(.space, _, _), .gamepadButton(_, .a, true): return true
            default: return false
            }
        }
    }

    /// Takes this frame's first unused event `matches` accepts, as a press of the
    /// focused widget (the focus ring shows: it was the keyboard or the pad).
    func takeFirstPress(_ matches: (InputEvent) -> Bool) -> Bool {
        for index in events.indices where !consumed[index] && matches(events[index]) {
            consumed[index] = true
            focusVisible = true
            return true
        }
        return false
    }

    /// Takes this frame's Enter that no widget used: the form's or dialog's default
    /// button (Save) answers it, from any field. A focused button keeps its own Enter
    /// (it took it first), and a screen under an open modal gets none.
    public func takeDefaultAction() -> Bool {
        guard !isInputBlocked else { return false }
        for index in events.indices where !consumed[index] {
            if case .keyDown(.enter, let modifiers, false) = events[index], modifiers.isEmpty || modifiers == [.control] {
                consumed[index] = true
                return true
            }
        }
        return false
    }

    /// Focuses `id` from this very frame (a form opening on its first field), so keys
    /// typed together with the shortcut that opened it already land there.
    public func focusNow(_ id: WidgetID, visible: Bool = true) {
        focused = id
        pendingFocus = nil
        if visible { focusVisible = true }
    }

    /// Moves focus to `id` at the end of this frame (a screen opening on its first field).
    public func setFocus(_ id: WidgetID?, visible: Bool = false) {
        pendingFocus = id
        if id == nil { focused = nil }
        if visible { focusVisible = true }
    }

    // MARK: [SECTION] End of frame

    /// Gives a pending press to the topmost widget under it, and ends a release.
    func resolvePointer() {
        hovered = pointerIsTouch ? nil : hoverCandidate
        if releaseThisFrame != nil || !activeWasSeen && !pointerHeld {
            active = nil
        }
        releaseThisFrame = nil
        // A release that came with its press reaches its widget next frame: now.
        if pendingRelease != nil { needsFrame(in: 0) }
        guard pendingPress != nil else { return }
        pendingPress = nil
        if let candidate = pressCandidate {
            active = candidate.id
            if candidate.focusable {
                focused = candidate.id
            } else if editing != nil {
                // Pressing something that takes no focus still ends text editing.
                focused = nil
            }
        } else {
            // A press on empty space clears focus (and commits a text field).
            active = nil
            focused = nil
        }
    }

    /// Applies this frame's unused Tab, arrow, d-pad and stick presses, in order.
    func resolveNavigation() {
        // A reveal is for the frame after the move; a region not built then never takes it.
        reveal = nil
        for index in events.indices where !consumed[index] {
            switch events[index] {
            case let .keyDown(.tab, modifiers, _):
                moveFocus(sequential: modifiers.contains(.shift) ? -1 : 1)
            case .keyDown(.up, _, _), .gamepadButton(_, .dpadUp, true): moveFocus(.up)
            case .keyDown(.down, _, _), .gamepadButton(_, .dpadDown, true): moveFocus(.down)
            // The pad's left and right arrive swapped when the layout mirrors; the keys are swapped here.
            case .keyDown(.left, _, _): moveFocus(mirrorsLayout ? .right : .left)
            case .keyDown(.right, _, _): moveFocus(mirrorsLayout ? .left : .right)
            case .gamepadButton(_, .dpadLeft, true): moveFocus(.left)
            case .gamepadButton(_, .dpadRight, true): moveFocus(.right)
            default: continue
            }
        }
        for direction in stickSteps { moveFocus(direction) }
    }

    /// Tab order: the order widgets appeared in this frame, wrapping around.
    func moveFocus(sequential step: Int) {
        focusVisible = true
        guard !focusables.isEmpty else { return }
        guard let current = focused, let index = focusables.firstIndex(where: { $0.id == current }) else {
            focus(step > 0 ? focusables[0] : focusables[focusables.count - 1])
            return
        }
        let next = (index + step + focusables.count) % focusables.count
        focus(focusables[next])
    }

    /// Spatial: the nearest widget whose centre lies in `direction` from the focused one,
    /// counting distance off the axis twice as heavily as along it. In a grid, by item
    /// instead (see `moveInGrid`).
    func moveFocus(_ direction: NavDirection) {
        focusVisible = true
        guard !focusables.isEmpty else { return }
        let current = focused.flatMap { id in focusables.first(where: { $0.id == id }) }
        var leavingGrid: WidgetID?
        if let current, let grid = current.grid {
            switch moveInGrid(current, grid: grid, direction) {
            case .handled: return
            case .leave: leavingGrid = current.scroll
            }
        }
        let currentRect = current?.rect ?? focusedRectLastFrame
        guard let from = currentRect, focused != nil else {
            // From nowhere: where the screen says, else into the page's grid if it has
            // one (its first item), as the eye reads it; else the first control.
            let first = focusables.first { $0.spatial } ?? focusables[0]
            focus(focusables.first { $0.id == arrowEntry } ?? focusables.first { $0.grid != nil } ?? first)
            return
        }
        var best: Focusable?
        var bestScore = Float.infinity
        for candidate in focusables where candidate.id != focused && candidate.spatial
            && (leavingGrid == nil || candidate.scroll != leavingGrid) {
            let to = candidate.rect
            let along: Float, across: Float
            switch direction {
            case .down:
                along = to.center.y - from.center.y
                across = gap(from.minX, from.maxX, to.minX, to.maxX)
            case .up:
                along = from.center.y - to.center.y
                across = gap(from.minX, from.maxX, to.minX, to.maxX)
            case .right:
                along = to.center.x - from.center.x
                across = gap(from.minY, from.maxY, to.minY, to.maxY)
            case .left:
                along = from.center.x - to.center.x
                across = gap(from.minY, from.maxY, to.minY, to.maxY)
            }
            guard along > 1 else { continue }
            let score = along + 2 * across
            if score < bestScore {
                bestScore = score
                best = candidate
            }
        }
        if let best { focus(best) }
    }

    private enum GridMove { case handled, leave }

    /// The d-pad in a grid moves as the eye expects: left and right within the row,
    /// up and down by a whole row (down into a shorter last row lands on its last
    /// item), and stops at the edges rather than wandering off to a header button.
    /// Only up from the first row leaves the grid, for what is above it (a search
    /// field, Back).
    private func moveInGrid(_ current: Focusable, grid: (index: Int, columns: Int, count: Int), _ direction: NavDirection) -> GridMove {
        let index = grid.index, columns = grid.columns, count = grid.count
        let row = index / columns, lastRow = (count - 1) / columns
        let target: Int
        switch direction {
        case .left: target = index % columns == 0 ? index : index - 1
        case .right: target = index % columns == columns - 1 || index + 1 >= count ? index : index + 1
        case .down: target = row >= lastRow ? index : min(count - 1, index + columns)
        case .up:
            guard row > 0 else { return .leave }
            target = index - columns
        }
        guard target != index else { return .handled }
        if let item = focusables.first(where: { $0.scroll == current.scroll && $0.grid?.index == target }) {
            focus(item)
            return .handled
        }
        // Not built this frame (it cannot be: one row either side always is); stay put.
        return .handled
    }

    /// How far apart two intervals are (0 when they overlap).
    private func gap(_ a0: Float, _ a1: Float, _ b0: Float, _ b1: Float) -> Float {
        max(0, max(b0 - a1, a0 - b1))
    }

    private func focus(_ item: Focusable) {
        focused = item.id
        focusedRectLastFrame = item.rect
        focusedScroll = item.scroll
        if let scroll = item.scroll {
            reveal = (scroll, item.contentTop, item.contentBottom)
        }
    }
}
