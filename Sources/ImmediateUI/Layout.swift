// Layout owns where widgets go: a stack of rows and columns with spacing and padding
// that hand out the next rectangle, microui-style. Sizes given to layout calls are in
// points (multiplied by the UI scale); rectangles are always window pixels, and every
// widget also takes an explicit `in:` rectangle for free placement.

import Raster

public enum LayoutAxis: Sendable, Hashable {
    /// A row: children left to right, each as tall as the row.
    case horizontal
    /// A column: children top to bottom, each as wide as the column.
    case vertical
}

struct LayoutFrame {
    /// The area inside the padding.
    var content: Rect
    var axis: LayoutAxis
    /// Pixels.
    var spacing: Float
    /// Pixels used along the axis so far.
    var used: Float = 0
    var count = 0

    init(content: Rect, axis: LayoutAxis, spacing: Float) {
        self.content = content
        self.axis = axis
        self.spacing = spacing
    }

    var remaining: Float {
        let total = axis == .horizontal ? content.width : content.height
        return max(0, total - used - (count > 0 ? spacing : 0))
    }

    /// The next rect `extent` pixels long along the axis (nil: the rest).
    mutating func take(_ extent: Float?) -> Rect {
        let start = used + (count > 0 ? spacing : 0)
        let length = max(0, min(extent ?? remaining, remaining))
        used = start + length
        count += 1
        switch axis {
        case .horizontal:
            return Rect(x: content.minX + start, y: content.minY, width: length, height: content.height)
        case .vertical:
            return Rect(x: content.minX, y: content.minY + start, width: content.width, height: length)
        }
    }
}

extension UIContext {
    // MARK: [SECTION] Layout

    /// Points to pixels at the current scale.
    public func px(_ points: Float) -> Float { points * scale }

    /// Starts a row: in `rect` when given, else the next `height` points (nil: the rest)
    /// of the enclosing layout. `spacing` and `padding` are points (nil: the theme's).
    public func beginRow(height: Float? = nil, in rect: Rect? = nil, spacing: Float? = nil, padding: Float = 0) {
        beginLayout(.horizontal, extent: height, rect: rect, spacing: spacing, padding: padding)
    }

    /// Starts a column: in `rect` when given, else the next `width` points (nil: the
    /// rest) of the enclosing layout.
    public func beginColumn(width: Float? = nil, in rect: Rect? = nil, spacing: Float? = nil, padding: Float = 0) {
        beginLayout(.vertical, extent: width, rect: rect, spacing: spacing, padding: padding)
    }

    /// Ends the innermost row or column.
    public func endLayout() {
        if layouts.count > 1 { layouts.removeLast() }
    }

    func beginLayout(_ axis: LayoutAxis, extent: Float?, rect: Rect?, spacing: Float?, padding: Float) {
        let outer = rect ?? nextRect(extent)
        let content = outer.insetBy(padding * scale)
        layouts.append(LayoutFrame(content: content, axis: axis, spacing: (spacing ?? theme.spacing) * scale))
    }

    /// The next rect of the current layout: `points` long along its axis (nil: all that
    /// is left), full size across it.
    public func nextRect(_ points: Float? = nil) -> Rect {
        takeRect(points.map { $0 * scale })
    }

    /// The next rect of the current layout taking all that is left but `points` (and one
    /// spacing) for what follows: the name column between a thumbnail and buttons.
    public func nextRect(leaving points: Float) -> Rect {
        guard let frame = layouts.last else { return bounds }
        return takeRect(max(0, frame.remaining - points * scale - frame.spacing))
    }

    /// What is left of the current layout, without taking it.
    public var remainingRect: Rect {
        guard var frame = layouts.last else { return bounds }
        return frame.take(nil)
    }

    /// The current layout's axis.
    public var layoutAxis: LayoutAxis { layouts.last?.axis ?? .vertical }

    /// The next rect, `pixels` long along the axis.
    func takeRect(_ pixels: Float?) -> Rect {
        guard !layouts.isEmpty else { return bounds }
        return layouts[layouts.count - 1].take(pixels)
    }

    /// A widget's rect: `explicit` when given, else the next layout rect sized by the
    /// widget's own preference (pixels) along the layout's axis.
    func widgetRect(_ explicit: Rect?, preferredWidth: Float, preferredHeight: Float) -> Rect {
        if let explicit { return explicit }
        return takeRect(layoutAxis == .horizontal ? preferredWidth : preferredHeight)
    }
}

extension UIContext {
    // MARK: [SECTION] Clipping

    /// Clips drawing and hit-testing to `rect` (within the current clip) until `popClip`.
    public func pushClip(_ rect: Rect) {
        clipStack.append(currentClip)
        currentClip = intersect(currentClip, rect)
        draw(.pushClip(currentClip))
    }

    public func popClip() {
        currentClip = clipStack.popLast() ?? bounds
        draw(.popClip)
    }

    func intersect(_ a: Rect, _ b: Rect) -> Rect {
        let left = max(a.minX, b.minX), top = max(a.minY, b.minY)
        let right = min(a.maxX, b.maxX), bottom = min(a.maxY, b.maxY)
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }
}
