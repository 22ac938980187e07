import PunchScene
import Testing

@Suite("Score pops in a flurry")
struct ScorePopFlurryTests {
    @Test("a flurry of hits on one spot keeps its score pops side by side: one to a place, the newest replacing the oldest")
    func flurryNeverHeaps() {
        var effects = PunchEffects()
        for index in 0..<20 {
            _ = effects.punch(PunchImpact(windowX: 400, windowY: 300, targetPoint: (0.5, 0.5), strength: 300 + index * 30))
            let slots = effects.scorePops.map(\.slot)
            #expect(Set(slots).count == slots.count, "two pops in one place after hit \(index + 1): \(slots)")
            #expect(slots.count <= 3)
            // The newest always shows.
            #expect(effects.scorePops.last?.strength == 300 + index * 30)
            for _ in 0..<6 { effects.step(1 / 120) }
        }
    }

    @Test("hits spaced out use the middle place each time, the old pop gone from it")
    func spacedHitsUseTheMiddle() {
        var effects = PunchEffects()
        for _ in 0..<3 {
            _ = effects.punch(PunchImpact(windowX: 400, windowY: 300, targetPoint: (0.5, 0.5)))
            #expect(effects.scorePops.last?.slot == 1)
            for _ in 0..<72 { effects.step(1 / 120) }
        }
        #expect(effects.scorePops.count <= 1)
    }
}
