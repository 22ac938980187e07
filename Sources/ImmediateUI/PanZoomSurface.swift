// PanZoomSurface owns one widget: an area whose content the user moves and scales
// with every input there is: a mouse drag and the wheel, one finger dragging and
// two pinching, and while it has focus the arrows, Shift+arrows and +/− on the
// keyboard and a gamepad's sticks and triggers. It reports what was asked in plain
// numbers; what moves (a crop, a map) is the caller's.

import Foundation
import Input
import Raster

/// What the user asked of a pan-and-zoom surface this frame.
public struct PanZoomGesture: Sendable {
    /// How far the content under a dragging mouse or finger moved, in pixels
    /// (a pinch's middle moving counts too).
    public var drag = Point(0, 0)
    /// Where the one-pointer drag going on began (nil with none, and while pinching).
    public var dragStart: Point?
    /// The drag began this frame: the moment to decide what it moves.
    public var dragBegan = false
    /// The drag ended this frame (the button or the finger came up).
    public var dragEnded = false
    /// Scale asked this frame (1: none, above 1: closer), about `zoomCenter` in
    /// pixels (nil: the middle).
    public var zoom: Float = 1
    public var zoomCenter: Point?
    /// Steps to move the view by, right and down positive: one per arrow press, and
    /// a stick held all the way moves `PanZoomTracking.stepsPerSecond` a second.
    public var nudge = Point(0, 0)
    /// Steps to stretch by (Shift+arrows, the right stick): wider and taller positive.
    public var stretch = Point(0, 0)
    /// The widget's interaction state (focus, hover) for drawing it.
    public var control = ControlState()

    public init() {}

    /// Whether anything at all was asked.
    public var isEmpty: Bool {
        drag == Point(0, 0) && zoom == 1 && nudge == Point(0, 0) && stretch == Point(0, 0) && !dragBegan && !dragEnded
    }
}

/// What a surface remembers between frames; its caller keeps it (one per surface).
public struct PanZoomTracking: Sendable {
    /// A stick held all the way moves this many steps a second.
    public static let stepsPerSecond: Float = 6
    /// Fingers that came down on the surface, where they are now.
    var fingers: [Int64: Point] = [:]
    /// The first two fingers' distance and middle last time (a pinch going on).
    var pinch: (distance: Float, center: Point)?
    /// Where the single dragging pointer was last time.
    var lastPoint: Point?
    var dragStart: Point?
    var leftStick = Point(0, 0)
    var rightStick = Point(0, 0)
    var leftTrigger: Float = 0
    var rightTrigger: Float = 0

    public init() {}

    /// True while a drag or pinch is going on.
    public var isTouching: Bool { lastPoint != nil || pinch != nil || !fingers.isEmpty }
}

extension UIContext {
    /// A pan-and-zoom surface in `rect`, focusable (Tab reaches it), named `label`.
    /// While focused it takes the arrows and +/− (a focused text field keeps its own,
    /// since then this is not focused) and the left stick, which no longer moves the
    /// focus; the d-pad and Tab still do. Enter and Escape are left to the form.
    public func panZoomSurface(_ label: String, in rect: Rect, tracking: inout PanZoomTracking) -> PanZoomGesture {
        let widgetID = id(label)
        name(label, rect)
        var gesture = PanZoomGesture()
        let control = updateControl(widgetID, rect, activatesOnKeys: false, ringRadius: theme.cornerRadius * scale)
        gesture.control = control
        readSticks(&tracking)
        guard !control.isBlocked else {
            tracking.fingers.removeAll()
            tracking.pinch = nil
            tracking.lastPoint = nil
            return gesture
        }
        trackFingers(rect, &tracking, &gesture)
        // The mouse (a finger is followed above, by its own id).
        if tracking.fingers.isEmpty {
            if control.isActive && !pointerIsTouch {
                if tracking.lastPoint == nil {
                    // From the press: the pointer may have moved since, in its frame.
                    gesture.dragBegan = true
                    tracking.dragStart = pressOrigin ?? pointer
                    tracking.lastPoint = tracking.dragStart
                }
                if let last = tracking.lastPoint { gesture.drag = gesture.drag + (pointer - last) }
                tracking.lastPoint = pointer
            } else if tracking.lastPoint != nil {
                tracking.lastPoint = nil
                gesture.dragEnded = true
            }
        }
        gesture.dragStart = tracking.lastPoint == nil ? nil : tracking.dragStart
        if !wheelTaken, wheel.y != 0, !pointerIsTouch, hits(rect, pointer) {
            wheelTaken = true
            gesture.zoom *= powf(1.15, max(-10, min(10, wheel.y)))
            gesture.zoomCenter = pointer
        }
        if control.isFocused { takeKeys(&gesture, tracking: tracking) }
        return gesture
    }

    /// Fingers on the surface: one drags, two pinch (and their middle drags).
    private func trackFingers(_ rect: Rect, _ tracking: inout PanZoomTracking, _ gesture: inout PanZoomGesture) {
        for event in events {
            switch event {
            case let .fingerDown(id, x, y, _):
                guard hits(rect, Point(x, y)) else { continue }
                tracking.fingers[id] = Point(x, y)
                if tracking.fingers.count == 1 {
                    tracking.dragStart = Point(x, y)
                    tracking.lastPoint = Point(x, y)
                    gesture.dragBegan = true
                } else if tracking.lastPoint != nil {
                    // A second finger turns the drag into a pinch.
                    tracking.lastPoint = nil
                    gesture.dragEnded = true
                }
                tracking.pinch = Self.pinch(of: tracking.fingers)
            case let .fingerMoved(id, x, y):
                guard tracking.fingers[id] != nil else { continue }
                tracking.fingers[id] = Point(x, y)
                if let last = tracking.lastPoint, tracking.fingers.count == 1 {
                    gesture.drag = gesture.drag + (Point(x, y) - last)
                    tracking.lastPoint = Point(x, y)
                } else if let before = tracking.pinch, let now = Self.pinch(of: tracking.fingers) {
                    if before.distance > 1 { gesture.zoom *= now.distance / before.distance }
                    gesture.zoomCenter = now.center
                    gesture.drag = gesture.drag + (now.center - before.center)
                    tracking.pinch = now
                }
            case let .fingerUp(id, _, _):
                guard tracking.fingers.removeValue(forKey: id) != nil else { continue }
                tracking.pinch = Self.pinch(of: tracking.fingers)
                if tracking.fingers.isEmpty {
                    if tracking.lastPoint != nil { gesture.dragEnded = true }
                    tracking.lastPoint = nil
                }
                // The finger left after a pinch stays still until it moves again: no drag
                // starts from it, so lifting one finger never jumps the content.
            case .focusChanged(false):
                tracking.fingers.removeAll()
                tracking.pinch = nil
                tracking.lastPoint = nil
            default:
                continue
            }
        }
    }

    /// The distance and middle of the two lowest-numbered fingers (nil with fewer).
    private static func pinch(of fingers: [Int64: Point]) -> (distance: Float, center: Point)? {
        guard fingers.count >= 2 else { return nil }
        let ids = fingers.keys.sorted()
        guard let a = fingers[ids[0]], let b = fingers[ids[1]] else { return nil }
        let d = b - a
        return ((d.x * d.x + d.y * d.y).squareRoot(), Point((a.x + b.x) / 2, (a.y + b.y) / 2))
    }

    /// The pad's sticks and triggers, as they are now (events only come on change).
    private func readSticks(_ tracking: inout PanZoomTracking) {
        for event in events {
            guard case let .gamepadAxis(_, axis, value) = event else { continue }
            switch axis {
            case .leftX: tracking.leftStick.x = value
            case .leftY: tracking.leftStick.y = value
            case .rightX: tracking.rightStick.x = value
            case .rightY: tracking.rightStick.y = value
            case .leftTrigger: tracking.leftTrigger = value
            case .rightTrigger: tracking.rightTrigger = value
            }
        }
    }

    /// Arrows (Shift: stretch), +/− and the pad, while the surface has focus.
    private func takeKeys(_ gesture: inout PanZoomGesture, tracking: PanZoomTracking) {
        for index in events.indices where !consumed[index] {
            guard case let .keyDown(key, modifiers, _) = events[index], !modifiers.contains(.control), !modifiers.contains(.alt) else {
                continue
            }
            var step = Point(0, 0)
            switch key {
            case .left: step = Point(-1, 0)
            case .right: step = Point(1, 0)
            case .up: step = Point(0, -1)
            case .down: step = Point(0, 1)
            case .other("+"), .other("="), .other("Keypad +"): gesture.zoom *= 1.25
            case .other("-"), .other("Keypad -"): gesture.zoom /= 1.25
            default: continue
            }
            consumed[index] = true
            focusVisible = true
            if modifiers.contains(.shift) { gesture.stretch = gesture.stretch + step } else { gesture.nudge = gesture.nudge + step }
        }
        // The left stick pans here instead of moving the focus.
        stickSteps.removeAll(keepingCapacity: true)
        let dead: Float = 0.2
        func live(_ value: Float) -> Float { abs(value) < dead ? 0 : (value - (value > 0 ? dead : -dead)) / (1 - dead) }
        let pan = Point(live(tracking.leftStick.x), live(tracking.leftStick.y))
        let stretch = Point(live(tracking.rightStick.x), -live(tracking.rightStick.y))
        let pull = live(tracking.rightTrigger) - live(tracking.leftTrigger)
        let rate = PanZoomTracking.stepsPerSecond * deltaTime
        if pan != Point(0, 0) || stretch != Point(0, 0) || pull != 0 {
            gesture.nudge = gesture.nudge + pan * rate
            gesture.stretch = gesture.stretch + stretch * rate
            // Fully pulled, a trigger doubles (or halves) the scale in a second.
            gesture.zoom *= powf(2, pull * deltaTime)
            focusVisible = true
            needsFrame(in: 0)
        }
    }
}

extension UIContext {
    /// A small button beside a surface (zoom, Reset, Free / Square): clicked, tapped,
    /// or Space / pad A while focused. Enter is left alone, so it still reaches the
    /// form's default button (Save) from here. `icon` alone names it when `title` is
    /// nil; `lit` draws it as the chosen one of a set. `corners` rounds only the outer
    /// ends of a button that sits in a row of them (left, right or both).
    @discardableResult
    public func toolButton(
        _ label: String, title: String? = nil, icon: String? = nil, lit: Bool = false, enabled: Bool = true,
        corners: (left: Bool, right: Bool) = (true, true), in rect: Rect
    ) -> UIResult {
        let widgetID = id(label)
        if title == nil { name(label, rect) }
        var control = enabled
            ? updateControl(widgetID, rect, activatesOnKeys: false, ringRadius: theme.cornerRadius * scale) : disabledControl(widgetID, rect)
        if control.isFocused && takeSpaceOrPadA() { control.clicked = true }
        let radius = theme.cornerRadius * scale
        var color = lit ? theme.highlight : (control.isHot || control.isActive ? theme.cardHover : theme.card)
        if control.isActive { color = color.mixed(with: .black, 0.12) }
        if control.isBlocked { color = color.mixed(with: theme.backgroundDeep, 0.2) }
        if control.isDisabled { color = color.mixed(with: theme.backgroundDeep, 0.55) }
        draw(.rect(rect, color: color, cornerRadius: radius))
        // Square where it meets its neighbour, so a row reads as one pill.
        if !corners.left { draw(.rect(Rect(x: rect.minX, y: rect.minY, width: radius, height: rect.height), color: color, cornerRadius: 0)) }
        if !corners.right { draw(.rect(Rect(x: rect.maxX - radius, y: rect.minY, width: radius, height: rect.height), color: color, cornerRadius: 0)) }
        let ink = (lit ? theme.textOnAccent : theme.text).withAlpha(enabled ? 1 : 0.45)
        if let title {
            draw(.text(title, rect, font: font(theme.fontSize * 0.9, lit ? .bold : .regular), color: ink, alignment: .center, maxLines: 1))
        } else if let icon {
            draw(.text(icon, rect, font: font(theme.iconFontSize, .bold), color: ink, alignment: .center, maxLines: 1))
        }
        return control.clicked ? .clicked : []
    }

    /// Takes this frame's first unused Space or pad A press.
    func takeSpaceOrPadA() -> Bool {
        takeFirstPress { event in
            switch event {
            case .keyDown(.space, _, _), .gamepadButton(_, .a, true): return true
            default: return false
            }
        }
    }
}
