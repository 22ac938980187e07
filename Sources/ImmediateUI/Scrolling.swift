// Scrolling owns virtualized scroll lists and grids: only the rows in view (plus one
// above and below, so arrow keys can reach the next row) are handed to the caller,
// so a frame costs O(visible rows) however long the list. Scrolling comes from the
// wheel (about three rows a notch), pointer drags and touch flicks (with inertia that
// settles), the scrollbar (its thumb dragged, its track clicked for a page), Page
// Up/Down, Home/End (Ctrl or not: to the first or last item, taking the focus along
// when it is in the list), and keyboard or pad focus moves, which bring the newly
// focused row into view. Every list and grid gets all of it from here.

import Foundation
import Raster

/// A scroll region's position between frames.
struct ScrollState {
    var offset: Float = 0
    /// Pixels per second, positive scrolling toward the end.
    var velocity: Float = 0
    var dragging = false
    var lastDragY: Float = 0
    /// What the press on the scrollbar is doing, while it lasts.
    var barPress: ScrollbarPress?
    /// Home or End moved the list while focus was in it: focus that end's item once built.
    var edgeFocus: ScrollEdge?
    /// An item to bring into view when the region is next built (`scrollToItem`).
    var revealIndex: Int?
    /// Scrolled to the very end last frame: it stays there when the viewport shrinks
    /// (a toast arriving) or rows are added, so the last row never ends up cut off.
    var atEnd = false
}

/// A press on a scrollbar: dragging the thumb from where it was grabbed, or a click
/// on the track, which jumps a page once.
enum ScrollbarPress {
    case thumb(pointerY: Float, offset: Float)
    case track
}

enum ScrollEdge {
    case first, last
}

/// The scroll region a widget is being built in (for focus and reveal bookkeeping).
struct ScrollFrameInfo {
    var id: WidgetID
    var viewport: Rect
    var offset: Float
    /// Where this region's focusables start in `focusables` (for Home / End).
    var firstFocusable: Int
    /// For grids (nil for lists): what arrow keys need to move by item.
    var grid: GridGeometry?
}

/// A grid's geometry, so a focused item's index can be told from its rect and the
/// arrows can move left and right within a row and up and down by a row.
struct GridGeometry {
    var columns: Int
    var count: Int
    var padding: Float
    var columnStride: Float
    var rowStride: Float

    /// The item at `rect` (window pixels) in a region at `viewport` scrolled by `offset`.
    func index(of rect: Rect, viewport: Rect, offset: Float) -> Int {
        let row = Int(((rect.minY - viewport.minY + offset - padding) / rowStride).rounded())
        let column = Int(((rect.minX - viewport.minX - padding) / columnStride).rounded())
        return max(0, row) * columns + max(0, min(columns - 1, column))
    }
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
    /// Where the scrollbar may be grabbed (zero width when everything fits).
    let scrollbarStrip: Rect

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
            label, count: count, minimumItemWidth: nil, itemHeight: rowHeight, spacing: spacing, padding: padding,
            rect: rect)
    }

    /// Starts a virtualized grid of `count` items at least `minimumItemWidth` points wide
    /// and `itemHeight` points tall, as many columns as fit. Arrow keys and the d-pad
    /// move by item: left and right within a row, up and down by a row, stopping at
    /// the edges (up from the first row leaves the grid for what is above it).
    public func beginScrollGrid(
        _ label: String, count: Int, minimumItemWidth: Float, itemHeight: Float, spacing: Float = 12,
        padding: Float = 0, in rect: Rect? = nil
    ) -> ScrollListFrame {
        beginScrollRegion(
            label, count: count, minimumItemWidth: minimumItemWidth, itemHeight: itemHeight, spacing: spacing,
            padding: padding, rect: rect)
    }

    /// Ends the list or grid begun with `frame`: its scrollbar (drawn, and taking
    /// drags and track clicks), and the focus Home or End asked for.
    public func endScrollList(_ frame: ScrollListFrame) {
        if let info = scrollStack.last, info.id == frame.id {
            focusEdgeItem(of: frame, from: info.firstFocusable)
        }
        scrollbar(frame)
        popID()
        popClip()
        endDescribing()
        _ = scrollStack.popLast()
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

    /// Starts a scrolled page: content `contentHeight` pixels tall, built by the caller
    /// from `frame.rect(for: 0)` (whose top moves with the scroll), then
    /// `endScrollList`. For a screen of ordinary controls (settings, a form) that may
    /// not fit its window: the wheel moves about three rows of `rowHeight` points a
    /// notch, Page Up/Down and Home/End work, and a control focused by Tab or the
    /// d-pad is scrolled into view, as in any list.
    public func beginScrollPage(_ label: String, contentHeight: Float, rowHeight: Float = 48, in rect: Rect) -> ScrollListFrame {
        beginScrollRegion(
            label, count: 1, minimumItemWidth: nil, itemHeight: contentHeight / max(scale, 0.01), spacing: 0, padding: 0,
            rect: rect, wheelRowHeight: rowHeight)
    }

    /// A page of controls laid out in `body` that scrolls when they are taller than it
    /// (a small window, a large "size of everything"): `build` gets the rectangle to lay
    /// them out in, `contentHeight` pixels tall, moved by the scroll. The region reaches
    /// `bleed` points past the body on every side, so the cards' shadows are not cut,
    /// and is built the same whether it scrolls or not (the controls keep their ids,
    /// and with them the focus, when a change of size makes it scroll).
    public func scrollPage(_ label: String, contentHeight: Float, in body: Rect, bleed: Float = 10, build: (Rect) -> Void) {
        let edge = bleed * scale
        let viewport = Rect(x: body.minX - edge, y: body.minY - edge, width: body.width + 2 * edge, height: body.height + 2 * edge)
        let frame = beginScrollPage(label, contentHeight: contentHeight + 2 * edge, in: viewport)
        let item = frame.rect(for: 0)
        build(Rect(x: body.minX, y: item.minY + edge, width: max(1, min(body.width, item.width - 2 * edge)), height: contentHeight))
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
        state.atEnd = false
        scrollStates[key] = state
    }

    /// Brings item `index` of region `label` into view when the region is next built
    /// (this frame, if called before it): scrolled as little as needed, or centred
    /// when it is far away. A new row just added, the selected card of a grid.
    public func scrollToItem(_ label: String, index: Int) {
        let key = id(label)
        var state = scrollStates[key] ?? ScrollState()
        state.revealIndex = index
        state.atEnd = false
        scrollStates[key] = state
    }

    /// True when region `label` is neither dragged nor gliding.
    public func isScrollSettled(_ label: String) -> Bool {
        guard let state = scrollStates[id(label)] else { return true }
        return !state.dragging && state.velocity == 0
    }

    // MARK: Stepping a region

    /// The scrollbar's grab strip, in points: wider than the bar drawn, so a mouse need
    /// not be exact; when the content overflows, items leave it free.
    static let scrollbarGutter: Float = 14

    func beginScrollRegion(
        _ label: String, count: Int, minimumItemWidth: Float?, itemHeight: Float, spacing: Float, padding: Float,
        rect: Rect?, wheelRowHeight: Float? = nil
    ) -> ScrollListFrame {
        let regionID = id(label)
        let viewport = rect ?? takeRect(nil)
        let pad = padding * scale, gap = spacing * scale, height = max(1, itemHeight * scale)
        let rows = { (columns: Int) in (max(0, count) + columns - 1) / columns }
        func columns(inWidth width: Float) -> Int {
            guard let minimumItemWidth else { return 1 }
            return max(1, Int(((width + gap) / (minimumItemWidth * scale + gap)).rounded(.down)))
        }
        func contentHeight(_ rowCount: Int) -> Float {
            rowCount == 0 ? 2 * pad : 2 * pad + Float(rowCount) * height + Float(rowCount - 1) * gap
        }
        // Items keep clear of the scrollbar, but only when there is one to keep clear of.
        var innerWidth = max(1, viewport.width - 2 * pad)
        var columnCount = columns(inWidth: innerWidth)
        var gutter: Float = 0
        if contentHeight(rows(columnCount)) > viewport.height + 0.5 {
            gutter = Self.scrollbarGutter * scale
            innerWidth = max(1, viewport.width - 2 * pad - gutter)
            columnCount = columns(inWidth: innerWidth)
        }
        let itemWidth = max(1, (innerWidth - Float(columnCount - 1) * gap) / Float(columnCount))
        let rowCount = rows(columnCount)
        let content = contentHeight(rowCount)
        let maxOffset = max(0, content - viewport.height)
        let stride = height + gap
        let strip = gutter > 0
            ? Rect(x: viewport.maxX - gutter, y: viewport.minY, width: gutter, height: viewport.height)
            : Rect(x: viewport.maxX, y: viewport.minY, width: 0, height: viewport.height)

        var state = scrollStates[regionID] ?? ScrollState()
        if state.atEnd && !state.dragging && state.velocity == 0 { state.offset = maxOffset }
        if !isInputBlocked {
            let wheelStride = wheelRowHeight.map { $0 * scale } ?? stride
            scrollInput(regionID, viewport: viewport, strip: strip, rowStride: wheelStride, maxOffset: maxOffset, state: &state)
        }
        if let target = reveal, target.scroll == regionID {
            if target.top - gap < state.offset { state.offset = target.top - gap }
            if target.bottom + gap > state.offset + viewport.height { state.offset = target.bottom + gap - viewport.height }
            state.velocity = 0
            reveal = nil
        }
        if let index = state.revealIndex {
            state.revealIndex = nil
            let top = pad + Float(max(0, min(count - 1, index)) / columnCount) * stride
            if top < state.offset || top + height > state.offset + viewport.height {
                // Out of view: centred, so what is around it shows too.
                state.offset = top + height / 2 - viewport.height / 2
            }
            state.velocity = 0
        }
        let clamped = max(0, min(maxOffset, state.offset))
        if clamped != state.offset {
            state.offset = clamped
            state.velocity = 0
        }
        state.atEnd = maxOffset > 0 && state.offset >= maxOffset - 0.5
        scrollStates[regionID] = state

        let firstRow = max(0, Int(((state.offset - pad) / stride).rounded(.down)) - 1)
        let lastRow = min(rowCount, Int(((state.offset + viewport.height - pad) / stride).rounded(.up)) + 1)
        let visible = min(count, firstRow * columnCount)..<min(count, max(firstRow, lastRow) * columnCount)

        pushClip(viewport)
        // A list or grid of items is a list to a screen reader; a scrolled page of
        // controls is just their panel.
        beginDescribing(regionID, role: wheelRowHeight == nil ? .list : .panel, name: "", rect: viewport)
        idStack.append(regionID)
        let grid = minimumItemWidth == nil ? nil : GridGeometry(
            columns: columnCount, count: count, padding: pad, columnStride: itemWidth + gap, rowStride: stride)
        scrollStack.append(ScrollFrameInfo(
            id: regionID, viewport: viewport, offset: state.offset, firstFocusable: focusables.count, grid: grid))
        return ScrollListFrame(
            id: regionID, viewport: viewport, visibleRange: visible, columns: columnCount, itemWidth: itemWidth,
            itemHeight: height, spacing: gap, padding: pad, offset: state.offset, contentHeight: content,
            scrollbarStrip: strip)
    }

    /// Wheel, keys, drag, flick and inertia for one region.
    private func scrollInput(
        _ regionID: WidgetID, viewport: Rect, strip: Rect, rowStride: Float, maxOffset: Float, state: inout ScrollState
    ) {
        if !wheelTaken, wheel.y != 0, !pointerIsTouch, hits(viewport, pointer) {
            // Wheel up (positive) shows earlier rows. Three rows a notch, as desktop lists
            // scroll (and the README says), but never a whole page, or the eye loses its place.
            let notch = min(3 * rowStride, max(rowStride, viewport.height * 0.9))
            state.offset -= wheel.y * notch
            state.velocity = 0
            wheelTaken = true
        }
        // Keys go to the list the focus is in; with the focus elsewhere (a search field,
        // the header's buttons) or nowhere, to the page's first list.
        let focusInRegion = focused != nil && focusedScroll != nil
        let ownsKeys = focusInRegion ? focusedScroll == regionID : !pageKeysTaken
        if !focusInRegion { pageKeysTaken = true }
        if ownsKeys {
            for index in events.indices where !consumed[index] {
                switch events[index] {
                case .keyDown(.pageDown, _, _):
                    state.offset += viewport.height * 0.9
                case .keyDown(.pageUp, _, _):
                    state.offset -= viewport.height * 0.9
                case .keyDown(.home, let modifiers, _) where !modifiers.contains(.shift):
                    state.offset = 0
                    if focusInRegion { state.edgeFocus = .first }
                case .keyDown(.end, let modifiers, _) where !modifiers.contains(.shift):
                    state.offset = maxOffset
                    if focusInRegion { state.edgeFocus = .last }
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
        let barID = WidgetID.of("scrollbar", in: regionID)
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
        } else if pointerHeld, let origin = pressOrigin, active != regionID, active != barID, editing?.id != active,
            hits(viewport, origin), !(strip.width > 0 && !pointerIsTouch && hits(strip, origin)),
            abs(pointer.y - origin.y) > threshold
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
        if state.dragging || scrollStick != 0 { needsFrame(in: 0) }
        if !state.dragging, state.velocity != 0 {
            needsFrame(in: 0)
            state.offset += state.velocity * deltaTime
            state.velocity *= Float(exp(-4 * Double(deltaTime)))
            if abs(state.velocity) < 20 * scale { state.velocity = 0 }
        }
    }

    // MARK: The scrollbar

    /// Draws the bar and takes the mouse on it: a press on the thumb drags it, a press
    /// on the track jumps a page toward the press. Touch scrolls the content instead
    /// (a thin bar is no finger target), so for a finger it only shows.
    private func scrollbar(_ frame: ScrollListFrame) {
        let viewport = frame.viewport, strip = frame.scrollbarStrip
        guard strip.width > 0, var state = scrollStates[frame.id] else { return }
        let maxOffset = max(1, frame.contentHeight - viewport.height)
        let inset = 3 * scale
        let track = Rect(x: strip.minX, y: viewport.minY + inset, width: strip.width, height: max(1, viewport.height - 2 * inset))
        let thumbHeight = min(track.height, max(32 * scale, track.height * viewport.height / frame.contentHeight))
        let travel = max(1, track.height - thumbHeight)
        func thumbTop(_ offset: Float) -> Float { track.minY + travel * min(1, max(0, offset / maxOffset)) }

        let barID = WidgetID.of("scrollbar", in: frame.id)
        var control = ControlState()
        if !pointerIsTouch {
            control = updateControl(barID, strip, focusable: false, activatesOnKeys: false)
        }
        if active == barID && !control.isBlocked {
            if state.barPress == nil {
                let y = pressOrigin?.y ?? pointer.y
                let top = thumbTop(state.offset)
                if y >= top && y <= top + thumbHeight {
                    state.barPress = .thumb(pointerY: y, offset: state.offset)
                } else {
                    // One page toward the press, as GNOME and KDE scrollbars do.
                    state.offset += (y < top ? -1 : 1) * viewport.height * 0.9
                    state.barPress = .track
                }
                state.velocity = 0
                state.dragging = false
            }
            if case .thumb(let startY, let startOffset)? = state.barPress, pointerHeld {
                state.offset = startOffset + (pointer.y - startY) * maxOffset / travel
            }
            state.offset = max(0, min(maxOffset, state.offset))
        } else {
            state.barPress = nil
        }
        scrollStates[frame.id] = state

        // The bar grows under the pointer and while held, like GTK's and Breeze's.
        let engaged = control.isHot || state.barPress != nil
        let width = (engaged ? 8 : 5) * scale
        let x = strip.maxX - width - 3 * scale
        if engaged {
            draw(.rect(Rect(x: x - 1 * scale, y: track.minY, width: width + 2 * scale, height: track.height),
                       color: theme.backgroundDeep.withAlpha(0.55), cornerRadius: (width + 2 * scale) / 2))
        }
        let thumbColor: Color
        if case .thumb? = state.barPress {
            thumbColor = theme.accent
        } else {
            thumbColor = theme.textMuted.withAlpha(engaged ? 0.8 : 0.5)
        }
        draw(.rect(Rect(x: x, y: thumbTop(state.offset), width: width, height: thumbHeight), color: thumbColor,
                   cornerRadius: width / 2))
    }

    // MARK: Home and End with the focus in the list

    /// After Home or End moved a list holding the focus, focuses the item at that end
    /// (the first control of the first or last row), now that it has been built.
    private func focusEdgeItem(of frame: ScrollListFrame, from start: Int) {
        guard var state = scrollStates[frame.id], let edge = state.edgeFocus else { return }
        state.edgeFocus = nil
        scrollStates[frame.id] = state
        var best: Focusable?
        for item in focusables[min(start, focusables.count)...] where item.scroll == frame.id {
            guard let current = best else { best = item; continue }
            let higher = item.contentTop < current.contentTop - 0.5
            let lower = item.contentTop > current.contentTop + 0.5
            let sameRow = !higher && !lower
            switch edge {
            case .first where higher || (sameRow && item.rect.minX < current.rect.minX): best = item
            case .last where lower || (sameRow && item.rect.minX < current.rect.minX): best = item
            default: break
            }
        }
        if let best { focusNow(best.id, visible: false) }
    }
}
