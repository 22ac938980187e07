import AppModel
import PunchScene
import StressCore
import Testing

@Suite("What the settings do to a punch")
struct SettingsEffectsTests {
    /// Punches `count` times at `perSecond`, stepping at 120 Hz, and counts how many
    /// times the flash started again (rose from one step to the next).
    static func flashStarts(punches count: Int, perSecond: Double, reduceMotion: Bool) -> (starts: Int, peak: Float) {
        var effects = PunchEffects(reduceMotion: reduceMotion)
        var starts = 0, peak: Float = 0
        let stepsBetween = Int(120 / perSecond)
        for _ in 0..<count {
            let before = effects.flash
            effects.punch(PunchImpact(windowX: 100, windowY: 80, targetPoint: (0.5, 0.5), strength: 999))
            if effects.flash > before { starts += 1 }
            peak = max(peak, effects.flash)
            for _ in 0..<stepsBetween { effects.step(1.0 / 120) }
        }
        return (starts, peak)
    }

    @Test("ten punches a second flash at most three times a second")
    func flashRateLimited() {
        let fast = Self.flashStarts(punches: 20, perSecond: 10, reduceMotion: false)
        #expect(fast.starts >= 5 && fast.starts <= 7, "\(fast.starts) flashes in 2 s")
        let slow = Self.flashStarts(punches: 4, perSecond: 2, reduceMotion: false)
        #expect(slow.starts == 4, "punches half a second apart each flash")
    }

    @Test("reduced motion keeps the flash to a soft glow")
    func reducedMotionSoftFlash() {
        #expect(Self.flashStarts(punches: 3, perSecond: 2, reduceMotion: false).peak > 0.9)
        let soft = Self.flashStarts(punches: 3, perSecond: 2, reduceMotion: true).peak
        #expect(soft > 0 && soft <= 0.3)
    }

    @Test("shake 0 keeps the screen still; squash 200 squashes further than 100, 0 not at all")
    func shakeAndSquashStrength() {
        func peaks(shake: Float, squash: Float) -> (shake: Float, squash: Float) {
            var effects = PunchEffects()
            effects.shakeStrength = shake
            effects.squashStrength = squash
            effects.punch(PunchImpact(windowX: 100, windowY: 80, targetPoint: (0.5, 0.5), strength: 700))
            var shakePeak: Float = 0, squashPeak: Float = 0
            for _ in 0..<60 {
                effects.step(1.0 / 120)
                shakePeak = max(shakePeak, abs(effects.shake.x) + abs(effects.shake.y))
                squashPeak = max(squashPeak, 1 - effects.squashScale.y)
            }
            return (shakePeak, squashPeak)
        }
        let usual = peaks(shake: 1, squash: 1)
        #expect(usual.shake > 0 && usual.squash > 0)
        #expect(peaks(shake: 0, squash: 1).shake == 0)
        #expect(peaks(shake: 1, squash: 2).squash > usual.squash)
        #expect(peaks(shake: 1, squash: 0).squash == 0)
    }

    @Test("a larger UI size scales the main screen up, no further than still fits")
    func uiScale() {
        let usual = MainLayout(width: 1920, height: 1080)
        let larger = MainLayout(width: 1920, height: 1080, uiScale: 1.5)
        #expect(larger.scale > usual.scale * 1.2)
        let most = MainLayout(width: 1280, height: 720, uiScale: 2)
        #expect(most.scale > 1 && most.scale < 1.4, "at 1280x720 200 % stops where the picture still has room: \(most.scale)")
        #expect(most.stage.height > 200)
    }

    @Test("on a 2x desktop a small window is laid out as the same window at 1x, twice as large; a large one fills as before")
    func desktopDensity() {
        let small = MainLayout(width: 480, height: 360), smallDouble = MainLayout(width: 960, height: 720, density: 2)
        #expect(smallDouble.scale == small.scale * 2, "\(smallDouble.scale) against \(small.scale)")
        #expect(smallDouble.favoritesBar.height == small.favoritesBar.height * 2)
        // Without the density the 960x720 window would be drawn at 0.75: text half as large to the eye.
        #expect(MainLayout(width: 960, height: 720).scale < smallDouble.scale * 0.7)
        let full = MainLayout(width: 2560, height: 1440), fullDouble = MainLayout(width: 2560, height: 1440, density: 2)
        #expect(full.scale == fullDouble.scale)
    }
}
