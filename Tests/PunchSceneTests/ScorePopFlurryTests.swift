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

    @Test("a flurry of hits a little apart keeps every number apart and on screen, at the smallest window and at 1280x720",
          arguments: [(Float(0.5), 480), (Float(1), 1280)])
    func scatteredFlurryStaysApart(scale: Float, width: Int) {
        var effects = PunchEffects()
        effects.scorePopRoom = (scale, width)
        // Hits 10 to 60 px apart, strong and weak, a big one among them, near the left edge too.
        let spots: [(Float, Int)] = [(240, 502), (250, 562), (230, 439), (262, 999), (40, 700), (60, 310), (48, 960)]
        for (x, strength) in spots {
            _ = effects.punch(PunchImpact(windowX: x, windowY: 200, targetPoint: (0.5, 0.5), strength: strength))
            for _ in 0..<8 { effects.step(1 / 120) }
            // Drawn text about 2.6 em wide (DejaVu Sans Bold: digits 0.7 em, "!" 0.44).
            let texts = effects.scorePops.compactMap { pop -> (Float, Float)? in
                guard let placed = pop.placement(scale: scale, reduceMotion: false, windowWidth: width) else { return nil }
                let centre = Float(placed.box.x) + Float(placed.box.width) / 2, half = Float(placed.size) * 1.3
                return (centre - half, centre + half)
            }
            for (a, first) in texts.enumerated() {
                #expect(first.0 >= 0 && first.1 <= Float(width), "a number off screen: \(first)")
                for second in texts.dropFirst(a + 1) {
                    #expect(first.1 <= second.0 || second.1 <= first.0, "numbers overlap: \(first) and \(second) after \(x)")
                }
            }
        }
    }

    @Test("fingers far apart at once: each score pop stands beside its own hit, not in a row beside the first",
          arguments: [[Float(380), 640, 900], [900, 640, 380], [200, 1080, 640]])
    func fingersApartKeepTheirPops(hits: [Float]) {
        var effects = PunchEffects()
        effects.scorePopRoom = (1, 1280)
        for x in hits { _ = effects.punch(PunchImpact(windowX: x, windowY: 360, targetPoint: (0.5, 0.5), strength: 400)) }
        for _ in 0..<12 { effects.step(1 / 120) }
        #expect(effects.scorePops.count == 3)
        for (pop, hit) in zip(effects.scorePops, hits) {
            guard let placed = pop.placement(scale: 1, reduceMotion: false, windowWidth: 1280) else { continue }
            let centre = Float(placed.box.x) + Float(placed.box.width) / 2
            #expect(abs(centre - hit) < 40, "\(pop.text) stands \(abs(centre - hit)) px from its hit at \(hit) (hits \(hits))")
        }
    }

    @Test("a pop of a hit near the picture's top stays under the header's line, at its peak and as it rises")
    func staysUnderTheHeader() {
        var effects = PunchEffects()
        _ = effects.punch(PunchImpact(windowX: 240, windowY: 120, targetPoint: (0.5, 0.1), strength: 700))
        for _ in 0..<100 {
            for pop in effects.scorePops {
                let free = pop.placement(scale: 0.5, reduceMotion: false, windowWidth: 480)
                let kept = pop.placement(scale: 0.5, reduceMotion: false, windowWidth: 480, top: 100)
                guard let free, let kept else { continue }
                // Its text (from a fifth of an em into the box) starts at 100 or below.
                #expect(Float(kept.box.y) + Float(kept.size) * 0.2 >= 99)
                // The control: unclamped, the same pop rises above the line.
                if pop.age > 0.5 { #expect(free.box.y < 90, "the hit was not near the header") }
            }
            effects.step(1 / 120)
        }
    }
}
