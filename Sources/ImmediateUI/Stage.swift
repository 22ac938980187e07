// Stage owns the bottom of the z-order: a surface under every widget (the punch
// screen's target) that a press reaches only when nothing drawn above it claims it.

import Raster

/// What a frame put above the stage, kept as it was drawn so a press arriving later
/// is tested against what the user saw and aimed at.
struct StageHitMap {
    /// A region that takes presses: a control, or a panel's background, in its clip.
    struct Claim {
        var rect: Rect
        var clip: Rect
    }

    /// Being built this frame.
    var claims: [Claim] = []
    var stage: Claim?
    /// The last frame finished (the one on screen).
    var shownClaims: [Claim] = []
    var shownStage: Claim?
    var shownUnderModal = false
    var hasShownAFrame = false

    /// The frame being built is finished: it is what a press is tested against now.
    mutating func show(underModal: Bool) {
        swap(&claims, &shownClaims)
        claims.removeAll(keepingCapacity: true)
        shownStage = stage
        stage = nil
        shownUnderModal = underModal
        hasShownAFrame = true
    }
}

extension UIContext {
    /// Puts the stage under this frame's widgets, over `rect` (in the current clip).
    /// Submit it first, as ImGui and microui submit the surface a window's widgets sit
    /// on: every control submitted after it is above it.
    public func stage(_ rect: Rect) {
        stageHits.stage = StageHitMap.Claim(rect: rect, clip: currentClip)
    }

    /// Says `rect` belongs to what is above the stage although no control fills it:
    /// a panel's background (the favorites bar between its cards), a strip's margin.
    public func claim(_ rect: Rect) {
        stageHits.claims.append(StageHitMap.Claim(rect: rect, clip: currentClip))
    }

    /// Whether a press at `point` reaches the stage of the frame on screen: inside the
    /// stage, no control or claimed panel over it, no modal open. Every press of a frame
    /// is asked about as it arrives, so a click and the key after it keep their order.
    /// A finger's press is tested with the touch margins widgets take for fingers.
    /// Before any frame was shown there is nothing above the stage to hit.
    public func pressReachesStage(_ point: Point, byTouch: Bool) -> Bool {
        // Asked with the screen's point; what was drawn above the stage is kept left to right.
        let point = mirrorsLayout ? mirrored(point) : point
        let hits = stageHits
        guard hits.hasShownAFrame else { return true }
        guard let stage = hits.shownStage, stage.rect.contains(point), stage.clip.contains(point), !hits.shownUnderModal else {
            return false
        }
        return !hits.shownClaims.contains { claim in
            let rect = byTouch ? touchTarget(claim.rect) : claim.rect, clip = byTouch ? touchTarget(claim.clip) : claim.clip
            return rect.contains(point) && clip.contains(point)
        }
    }
}

extension UIContext {
    /// The stage's target as a control the keyboard, a pad and a screen reader reach:
    /// in Tab's order where it is called, its focus ring around `focusRect`, and true
    /// when Enter, pad A or a screen reader's "punch" asked for a punch. It claims
    /// nothing, so a press on the stage still punches where it lands.
    public func stageControl(_ label: String, name: String, description: @autoclosure () -> String, focusRect: Rect) -> Bool {
        guard !isInputBlocked else { return false }
        let stageID = id(label)
        describe(stageID, role: .image, name: name, rect: focusRect, states: [.focusable], description: description(),
                 action: "punch")
        registerFocusable(stageID, focusRect, spatial: false)
        var punched = takeAccessiblePress(for: stageID)
        if focused == stageID {
            if takeActivation() { punched = true }
            if focusVisible {
                focusRing = FocusRingPlacement(rect: focusRect, radius: theme.cornerRadius * scale, clip: currentClip,
                                               overlay: drawingOverlay, prominent: true)
            }
        }
        return punched
    }
}

extension UIContext {
    /// A control only a screen reader sees, over what draws it itself (a game's clock,
    /// which Escape or pad B leaves): a push button named `name` over `rect`, true when
    /// the reader pressed it this frame. Nothing is drawn and nothing is claimed.
    public func accessibleButton(_ label: String, name: String, rect: Rect) -> Bool {
        guard !isInputBlocked else { return false }
        let buttonID = id(label)
        describe(buttonID, role: .pushButton, name: name, rect: rect, states: [], action: "press")
        return takeAccessibilityRequest(for: buttonID, { $0 == .press }) != nil
    }
}
