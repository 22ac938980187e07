import Foundation
import TestSupport
import Testing

@Suite("Hit-stop, end to end")
struct HitStopEndToEndTests {
    /// Screenshots of the real app 20, 40 and 60 ms after a punch at 2.0 s that `punch`
    /// makes (a first, gentle punch at 0.3 s puts the first-launch hint away before).
    static func framesAfter(_ punch: String) throws -> [Screenshot] {
        let run = HeadlessRun()
        let result = try run.run("""
            0.30 click 640 380
            \(punch)
            2.02 screenshot $DIR/at20.png
            2.04 screenshot $DIR/at40.png
            2.06 screenshot $DIR/at60.png
            2.30 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(HeadlessRun.punchesLanded(result) == 2)
        return try ["at20", "at40", "at60"].map { try Screenshot(run.folder.file("\($0).png").path) }
    }

    static func differingPixels(_ a: Screenshot, _ b: Screenshot) -> Int {
        a.changedPixels(comparedTo: b, aroundX: a.width / 2, y: a.height / 2, radius: max(a.width, a.height), tolerance: 0)
    }

    @Test("a hard touch holds the whole scene still from 20 to 60 ms after it lands; a still click does not")
    func strongHitHoldsStill() throws {
        // Pressure 0.9 is a 914: strong, not yet the big one.
        let strong = try Self.framesAfter("2.00 touchdown 1 640 380 0.9\n2.01 touchup 1 640 380")
        #expect(strong.count == 3 && strong[0].width == 1280)
        #expect(Self.differingPixels(strong[0], strong[1]) == 0 && Self.differingPixels(strong[1], strong[2]) == 0,
                "the held frames differ")
        let still = try Self.framesAfter("2.00 click 640 380")
        let moved = Self.differingPixels(still[0], still[1]) + Self.differingPixels(still[1], still[2])
        #expect(moved > 1000, "a still click's frames go on moving: \(moved) pixels changed")
    }
}
