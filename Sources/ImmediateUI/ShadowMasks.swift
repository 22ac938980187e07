// Soft shadows that hold still are drawn from a mask worked out once. A shadow under
// something that changes every frame (the attract loop's pulsing invitation) is drawn
// again inside that thing's damage each frame, and its blur is the costliest thing
// per pixel the UI draws.

import Raster
import Shaders

/// The masks of the shadows drawn in the same place two frames running, made on the
/// main thread when a frame ends and only read while its bands draw. A shadow that
/// moves every frame (a scrolled card) never gets one.
struct ShadowMasks {
    struct Key: Hashable {
        var rect: Rect
        var radius: Float
        var blur: Float
        var offset: Point
    }

    private(set) var masks: [Key: ShadowMask] = [:]
    /// Shadows of the last frame and this one (swapped each frame, kept allocated).
    private var seenBefore: Set<Key> = []
    private var seenNow: Set<Key> = []
    /// At most this many masks are kept (each at most `ShadowMask`'s pixel limit).
    static let capacity = 16

    /// Takes note of the frame's shadows: those also in the last frame get a mask,
    /// masks of shadows gone are let go.
    mutating func update(with commands: [DrawCommand]) {
        seenNow.removeAll(keepingCapacity: true)
        for command in commands {
            guard case let .shadow(rect, radius, blur, offset, _) = command else { continue }
            let key = Key(rect: rect, radius: radius, blur: blur, offset: offset)
            seenNow.insert(key)
            if masks[key] == nil, masks.count < Self.capacity, seenBefore.contains(key),
               let mask = ShadowMask(of: rect, radius: radius, blur: blur, offset: offset) {
                masks[key] = mask
            }
        }
        if masks.count > 0 {
            for key in masks.keys where !seenNow.contains(key) { masks[key] = nil }
        }
        swap(&seenBefore, &seenNow)
    }

    func mask(_ rect: Rect, radius: Float, blur: Float, offset: Point) -> ShadowMask? {
        masks.isEmpty ? nil : masks[Key(rect: rect, radius: radius, blur: blur, offset: offset)]
    }
}
