// Accessibility owns the app's side of the AT-SPI bridge: it hands each frame's
// accessible tree (built by the UI) to the C bridge when it changed and someone
// listens, and collects what a screen reader asks back as input events for the next
// frame. The bridge's own thread speaks D-Bus; nothing here waits for it.

import CAccessibilityBridge
import ImmediateUI
import Input
import Locking
import Foundation
import Raster

/// The window as the accessibility tree's frame shows it.
public struct AccessibleWindow: Sendable, Equatable {
    public var name: String
    /// Its position on the screen and size, in the screen's coordinates.
    public var x: Int, y: Int, width: Int, height: Int
    /// The window has the keyboard focus.
    public var isActive: Bool

    public init(name: String, x: Int, y: Int, width: Int, height: Int, isActive: Bool) {
        self.name = name
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.isActive = isActive
    }
}

/// The one bridge of the process (the C side keeps global state).
public final class AccessibilityBridge {
    /// What the bridge's thread and the app's share.
    final class Inbox: @unchecked Sendable {
        let requests = Locked<[AccessibilityRequest]>([])
        /// Requests refused since the app last asked (the queue was full).
        let refused = Locked(0)
        let wake: @Sendable () -> Void
        init(wake: @escaping @Sendable () -> Void) { self.wake = wake }
    }

    private let inbox: Inbox
    private var published: (nodes: [AccessibleNode], window: AccessibleWindow)?
    /// The window's pixels per screen coordinate (2 on a 2x Wayland output), for extents.
    public var pixelsPerPoint: Float = 1

    /// Starts the bridge when there is a session bus (nil otherwise, silently). It
    /// exports nothing until the desktop says an assistive technology wants it
    /// (org.a11y.Status); `wake` is called from the bridge's thread when a request
    /// arrives or listening starts, to wake the app's loop.
    public static func start(appName: String, wake: @escaping @Sendable () -> Void) -> AccessibilityBridge? {
        let inbox = Inbox(wake: wake)
        let context = Unmanaged.passRetained(inbox).toOpaque()
        let started = sp_a11y_start(appName, { context, id, kind, text, value -> Int32 in
            guard let context else { return 0 }
            let inbox = Unmanaged<Inbox>.fromOpaque(context).takeUnretainedValue()
            let action: AccessibilityRequest.Action
            switch kind {
            case Int32(SP_REQUEST_PRESS.rawValue): action = .press
            case Int32(SP_REQUEST_FOCUS.rawValue): action = .focus
            case Int32(SP_REQUEST_SET_TEXT.rawValue): action = .setText(text.map { String(cString: $0) } ?? "")
            case Int32(SP_REQUEST_SET_VALUE.rawValue): action = .setValue(value)
            default: return 0
            }
            // Queued, not dropped: each lands in its own frame (see takeRequests), up to
            // a bound, past which the client is told no.
            let taken = inbox.requests.withLock { queue -> Bool in
                guard queue.count < AccessibilityBridge.mostQueued else { return false }
                queue.append(AccessibilityRequest(widget: id, action: action))
                return true
            }
            if !taken { inbox.refused.withLock { $0 += 1 } }
            inbox.wake()
            return taken ? 1 : 0
        }, { context, _ in
            guard let context else { return }
            Unmanaged<Inbox>.fromOpaque(context).takeUnretainedValue().wake()
        }, context)
        guard started != 0 else {
            Unmanaged<Inbox>.fromOpaque(context).release()
            return nil
        }
        return AccessibilityBridge(inbox: inbox, context: context)
    }

    /// The retained inbox the C callbacks get, let go of by `stop`.
    private var context: UnsafeMutableRawPointer?

    private init(inbox: Inbox, context: UnsafeMutableRawPointer) {
        self.inbox = inbox
        self.context = context
    }

    /// True once an assistive technology asked for the tree: build and publish it.
    public var isListening: Bool { sp_a11y_is_listening() != 0 }

    /// The most requests waiting for their frames. AT-SPI answers DoAction before the
    /// app sees it (at-spi2-atk replies first so no client waits on the app), so a
    /// refusal past the bound cannot ride on the answer: the app says it instead, once
    /// the queue has drained (`takeRefused`), and nothing vanishes without a word.
    static let mostQueued = 256

    /// How many requests were refused since the last call, once none waits any more
    /// (0 while some still wait, so a flood is said once, whole).
    public func takeRefused() -> Int {
        guard inbox.requests.withLock({ $0.isEmpty }) else { return 0 }
        return inbox.refused.withLock { count in
            defer { count = 0 }
            return count
        }
    }

    /// This frame's share of what was asked, oldest first: the first waiting request
    /// of each widget (a widget takes one press a frame, as from a mouse), the rest
    /// left for the frames after, in order. The loop owes a frame while any wait.
    public func takeRequests() -> [AccessibilityRequest] {
        inbox.requests.withLock { pending in
            var taken: [AccessibilityRequest] = [], left: [AccessibilityRequest] = []
            var widgets = Set<UInt64>()
            for request in pending {
                if widgets.insert(request.widget).inserted { taken.append(request) } else { left.append(request) }
            }
            pending = left
            return taken
        }
    }

    /// Hands the frame's tree to the bridge, unless it is the one handed last time.
    public func publish(_ nodes: [AccessibleNode], window: AccessibleWindow) {
        if let published, published.nodes == nodes, published.window == window { return }
        published = (nodes, window)
        // The strings live until the call returns; the bridge copies what it keeps.
        var owned: [UnsafeMutablePointer<CChar>?] = []
        owned.reserveCapacity(nodes.count * 4)
        func keep(_ text: String?) -> UnsafePointer<CChar>? {
            guard let text else { return nil }
            let copy = strdup(text)
            owned.append(copy)
            return UnsafePointer(copy)
        }
        defer { owned.forEach { free($0) } }
        let scale = max(0.01, pixelsPerPoint)
        let converted = nodes.map { node in
            sp_a11y_node(
                id: node.id, parent: node.parent, role: node.role.rawValue, states: node.states.rawValue,
                name: keep(node.name), description: keep(node.description.isEmpty ? nil : node.description),
                action: keep(node.action),
                x: Int32((node.rect.minX / scale).rounded()), y: Int32((node.rect.minY / scale).rounded()),
                width: Int32((node.rect.width / scale).rounded()), height: Int32((node.rect.height / scale).rounded()),
                text: keep(node.text), caret: Int32(clamping: node.caret), has_value: node.value == nil ? 0 : 1,
                value: node.value?.current ?? 0, minimum: node.value?.minimum ?? 0, maximum: node.value?.maximum ?? 0,
                step: node.value?.step ?? 0)
        }
        converted.withUnsafeBufferPointer { buffer in
            sp_a11y_publish(buffer.baseAddress, Int32(buffer.count), window.name, Int32(clamping: window.x),
                            Int32(clamping: window.y), Int32(clamping: window.width), Int32(clamping: window.height),
                            window.isActive ? 1 : 0)
        }
    }

    /// Stops the bridge's thread (at exit).
    public func stop() {
        guard let context else { return }
        sp_a11y_stop()
        Unmanaged<Inbox>.fromOpaque(context).release()
        self.context = nil
    }
}
