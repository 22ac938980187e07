// Scrolling owns virtualized scroll lists and grids: only the rows in view (plus one
// above and below, so arrow keys can reach the next row) are handed to the caller,
// so a frame costs O(visible rows) however long the list. Scrolling comes from the
// wheel, pointer drags and touch flicks (with inertia that settles), and keyboard or
// pad focus moves, which bring the newly focused row into view.

import Foundation
import Raster

/// A scroll region's position between frames.
struct ScrollState {
    var offset: Float = 0
    /// Pixels per second, positive scrolling toward the end.
    var velocity: Float = 0
    var dragging = false
    var lastDragY: Float = 0
}

/// The scroll region a widget is being built in (for focus and reveal bookkeeping).
struct ScrollFrameInfo {
    var id: WidgetID
    var viewport: Rect
    var offset: Float
}

/// One frame of a scroll list or grid: which items are in view and where they go.
public struct ScrollListFrame: Sendable {
    public let id: WidgetID
    /// The visible area, in window pixels (drawing and hit-testing are clipped to it).
    public let viewport: Rect
    /// The items to build this frame: those in view, plus one row either side.
    public let visibleRange: Range<Int>
    public let columns: Int
    /// Pixels.
    public let itemWidth: Float
    public let itemHeight: Float
    public let spacing: Float
    public let padding: Float
    /// Pixels scrolled from the top.
    public let offset: Float
    /// The full height of the content, in pixels.
    public let contentHeight: Float

    /// Where item `index` goes, in window pixels.
    public func rect(for index: Int) -> Rect {
        let row = index / columns, column = index % columns
        return Rect(
            x: viewport.minX + padding + Float(column) * (itemWidth + spacing),
            y: viewport.minY + padding - offset + Float(row) * (itemHeight + spacing),
            width: itemWidth, height: itemHeight)
    }
}

extension UIContext {
    // MARK: [SECTION] Scroll lists and grids

    /// Starts a virtualized list of `count` rows `rowHeight` points tall. Build the
    /// rows in `visibleRange` at `rect(for:)`, then call `endScrollList`. Row widgets'
    /// ids are scoped to the list; push each row's own id (its target id) as well.
    public func beginScrollList(
        _ label: String, count: Int, rowHeight: Float, spacing: Float = 0, padding: Float = 0, in rect: Rect? = nil
    ) -> ScrollListFrame {
        beginScrollRegion(
            label, count: count, columns: nil, minimumItemWidth: nil, itemHeight: rowHeight, spacing: spacing,
            padding: padding, rect: rect)
    }

    /// Starts a virtualized grid of `count` items at least `minimumItemWidth` points wide
    /// and `itemHeight` points tall, as many columns as fit.
    public func beginScrollGrid(
        _ label: String, count: Int, minimumItemWidth: Float, itemHeight: Float, spacing: Float = 12,
        padding: Float = 0, in rect: Rect? = nil
    ) -> ScrollListFrame {
        beginScrollRegion(
            label, count: count, columns: nil, minimumItemWidth: minimumItemWidth, itemHeight: itemHeight,
            spacing: spacing, padding: padding, rect: rect)
    }

    /// Ends the list or grid begun with `frame`, drawing its scroll indicator.
    public func endScrollList(_ frame: ScrollListFrame) {
        popID()
        popClip()
        _ = scrollStack.popLast()
        let viewport = frame.viewport
        guard frame.contentHeight > viewport.height + 0.5 else { return }
        let maxOffset = frame.contentHeight - viewport.height
        let thumb = max(24 * scale, viewport.height * viewport.height / frame.contentHeight)
        let y = viewport.minY + (viewport.height - thumb) * min(1, max(0, frame.offset / maxOffset))
        let width = 4 * scale
        draw(.rect(Rect(x: viewport.maxX - width - 2 * scale, y: y, width: width, height: thumb),
                   color: theme.textMuted.withAlpha(0.45), cornerRadius: width / 2))
    }

    /// A list calling `row(index, rect)` for each row in view.
    public func scrollList(
        _ label: String, count: Int, rowHeight: Float, spacing: Float = 0, padding: Float = 0, in rect: Rect? = nil,
        row: (Int, Rect) -> Void
    ) {
        let frame = beginScrollList(label, count: count, rowHeight: rowHeight, spacing: spacing, padding: padding, in: rect)
        for index in frame.visibleRange { row(index, frame.rect(for: index)) }
        endScrollList(frame)
    }

    /// A grid calling `item(index, rect)` for each item in view.
    public func scrollGrid(
        _ label: String, count: Int, minimumItemWidth: Float, itemHeight: Float, spacing: Float = 12,
        padding: Float = 0, in rect: Rect? = nil, item: (Int, Rect) -> Void
    ) {
        let frame = beginScrollGrid(
            label, count: count, minimumItemWidth: minimumItemWidth, itemHeight: itemHeight, spacing: spacing,
            padding: padding, in: rect)
        for index in frame.visibleRange { item(index, frame.rect(for: index)) }
        endScrollList(frame)
    }

    /// The scroll offset in pixels of the region `label` (in the current id scope).
    public func scrollOffset(_ label: String) -> Float { scrollStates[id(label)]?.offset ?? 0 }

    /// Sets the scroll offset of region `label`; it is clamped when the region is built.
    public func setScrollOffset(_ label: String, _ offset: Float) {
        let key = id(label)
        var state = scrollStates[key] ?? ScrollState()
        state.offset = offset
        state.velocity = 0
        scrollStates[key] = state
    }

    /// True when region `label` is neither dragged nor gliding.
    public func isScrollSettled(_ label: String) -> Bool {
        guard let state = scrollStates[id(label)] else { return true }
        return !state.dragging && state.velocity == 0
    }

    // MARK: Stepping a region

    func beginScrollRegion(
        _ label: String, count: Int, columns fixedColumns: Int?, minimumItemWidth: Float?, itemHeight: Float,
        spacing: Float, padding: Float, rect: Rect?
    ) -> ScrollListFrame {
        let regionID = id(label)
        let viewport = rect ?? takeRect(nil)
        let pad = padding * scale, gap = spacing * scale, height = max(1, itemHeight * scale)
        let innerWidth = max(1, viewport.width - 2 * pad)
        var columns = fixedColumns ?? 1
        if let minimumItemWidth {
            columns = max(1, Int(((innerWidth + gap) / (minimumItemWidth * scale + gap)).rounded(.down)))
        }
        let itemWidth = max(1, (innerWidth - Float(columns - 1) * gap) / Float(columns))
        let rows = (max(0, count) + columns - 1) / columns
        let contentHeight = rows == 0 ? 2 * pad : 2 * pad + Float(rows) * height + Float(rows - 1) * gap
        let maxOffset = max(0, contentHeight - viewport.height)

        var state = scrollStates[regionID] ?? ScrollState()
        if !isInputBlocked { scrollInput(regionID, viewport: viewport, state: &state) }
        if let target = reveal, target.scroll == regionID {
            if target.top - gap < state.offset { state.offset = target.top - gap }
            if target.bottom + gap > state.offset + viewport.height { state.offset = target.bottom + gap - viewport.height }
            state.velocity = 0
            reveal = nil
        }
        let clamped = max(0, min(maxOffset, state.offset))
        if clamped != state.offset {
            state.offset = clamped
            state.velocity = 0
        }
        scrollStates[regionID] = state

        let stride = height + gap
        let firstRow = max(0, Int(((state.offset - pad) / stride).rounded(.down)) - 1)
        let lastRow = min(rows, Int(((state.offset + viewport.height - pad) / stride).rounded(.up)) + 1)
        let visible = min(count, firstRow * columns)..<min(count, max(firstRow, lastRow) * columns)

        pushClip(viewport)
        idStack.append(regionID)
        scrollStack.append(ScrollFrameInfo(id: regionID, viewport: viewport, offset: state.offset))
        return ScrollListFrame(
            id: regionID, viewport: viewport, visibleRange: visible, columns: columns, itemWidth: itemWidth,
            itemHeight: height, spacing: gap, padding: pad, offset: state.offset, contentHeight: contentHeight)
    }

    /// Wheel, drag, flick and inertia for one region.
    private func scrollInput(_ regionID: WidgetID, viewport: Rect, state: inout ScrollState) {
        if !wheelTaken, wheel.y != 0, !pointerIsTouch, hits(viewport, pointer) {
            // Wheel up (positive) shows earlier rows.
            state.offset -= wheel.y * 60 * scale
            state.velocity = 0
            wheelTaken = true
        }
        let ownsKeys = focused == nil ? hits(viewport, pointer) : focusedScroll == regionID
        if ownsKeys {
            for index in events.indices where !consumed[index] {
                switch events[index] {
                case .keyDown(.pageDown, _, _):
                    state.offset += viewport.height * 0.9
                case .keyDown(.pageUp, _, _):
                    state.offset -= viewport.height * 0.9
                default:
                    continue
                }
                consumed[index] = true
                state.velocity = 0
            }
            if scrollStick != 0 && !state.dragging {
                state.offset += scrollStick * 1500 * scale * deltaTime
            }
        }
        let threshold = 8 * scale
        if state.dragging {
            if pointerHeld {
                let delta = pointer.y - state.lastDragY
                state.offset -= delta
                if deltaTime > 0 {
                    // Smoothed, so one uneven frame does not decide the flick.
                    state.velocity = 0.6 * (-delta / deltaTime) + 0.4 * state.velocity
                }
                state.lastDragY = pointer.y
                active = regionID
                activeWasSeen = true
            } else {
                state.dragging = false
                if reduceMotion { state.velocity = 0 }
                if active == regionID { active = nil }
            }
        } else if pointerHeld, let origin = pressOrigin, active != regionID, editing?.id != active,
            hits(viewport, origin), abs(pointer.y - origin.y) > threshold
        {
            // The finger or mouse moved far enough: this is a scroll, not a tap on a row.
            state.dragging = true
            state.offset -= pointer.y - origin.y
            state.lastDragY = pointer.y
            state.velocity = 0
            active = regionID
            activeWasSeen = true
            pendingPress = nil
        }
        if !state.dragging, state.velocity != 0 {
            state.offset += state.velocity * deltaTime
            state.velocity *= Float(exp(-4 * Double(deltaTime)))
            if abs(state.velocity) < 20 * scale { state.velocity = 0 }
        }
    }
}
