// Where a score pop stands: beside its own hit, in the first of three places (on the
// hit, left of it, right of it) that no other pop on screen is in the way of. Several
// fingers at once each get their number by their own hit; a flurry on one spot fills
// the places side by side, the newest taking the place of the oldest.

import StressCore

extension ScorePop {
    /// Half the widest its text gets (at its spring-in's overshoot, a tenth more than
    /// its size: DejaVu Sans Bold's digits are 0.7 em, its "!" 0.44), in pixels at `s`.
    static func widestHalf(strength: Int, scale s: Float) -> Float {
        let size = (30 + 22 * PunchStrength.unit(strength)) * (strength >= PunchEffects.bigHitStrength ? 1.45 : 1) * s * 1.1
        return size * 1.3
    }

    /// The middle of its text: its place beside its own hit, moved in from the window's
    /// edges so that its widest text stays on screen (`windowWidth` 0: no edges).
    public func centre(scale s: Float, windowWidth: Int) -> Float {
        let wanted = x + Float(slot - 1) * Self.slotSpacing * s
        guard windowWidth > 0 else { return wanted }
        let half = Self.widestHalf(strength: strength, scale: s), width = Float(windowWidth)
        return width > 2 * half ? max(half, min(width - half, wanted)) : width / 2
    }

    /// Whether its text and `other`'s could touch at some moment of their lives: their
    /// widest texts side by side, and their lines (1.4 em boxes, the side places 22 pt
    /// higher, one risen up to 46 pt more than the other) level.
    func isInTheWay(of other: ScorePop, scale s: Float, windowWidth: Int) -> Bool {
        let halves = Self.widestHalf(strength: strength, scale: s) + Self.widestHalf(strength: other.strength, scale: s)
        guard abs(centre(scale: s, windowWidth: windowWidth) - other.centre(scale: s, windowWidth: windowWidth)) < halves else {
            return false
        }
        let lifted = { (pop: ScorePop) in pop.y - (pop.slot == 1 ? 0 : 22) * s }
        // A box is 1.4 em tall: half of it is 0.7 em, where half the text's width is 1.3 em.
        return abs(lifted(self) - lifted(other)) < halves * 0.7 / 1.3 + 46 * s
    }
}

extension PunchEffects {
    /// `pop` in its place: the first of on its hit, left, right that no pop still
    /// fresh is in the way of; when every place has one, the place whose youngest is
    /// oldest. What is in the way there (fading pops too) goes. A pop with no fresh
    /// one on screen starts a new flurry and clears what still fades of the last.
    mutating func placeScorePop(_ pop: ScorePop) -> ScorePop {
        let fresh = ScorePop.lifetime * 0.6
        let (s, width) = scorePopRoom
        if !scorePops.contains(where: { $0.age < fresh }) { scorePops.removeAll() }
        var chosen = pop
        var blockedSince = -Float.infinity
        for slot in [1, 0, 2] {
            var candidate = pop
            candidate.slot = slot
            let youngest = scorePops.filter { $0.age < fresh && $0.isInTheWay(of: candidate, scale: s, windowWidth: width) }
                .map(\.age).min()
            guard let youngest else {
                chosen = candidate
                break
            }
            if youngest > blockedSince {
                blockedSince = youngest
                chosen = candidate
            }
        }
        scorePops.removeAll { $0.isInTheWay(of: chosen, scale: s, windowWidth: width) }
        if scorePops.count >= Self.maxScorePops { scorePops.removeFirst() }
        return chosen
    }
}
