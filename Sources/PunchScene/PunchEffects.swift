import Localization
import Raster
import StressCore

/// Where and how a punch landed, as the simulation sees it.
public struct PunchImpact: Sendable, Equatable {
    /// Point in normalized target space: (0, 0) top-left, (1, 1) bottom-right of the
    /// target picture; nil when the punch missed the target.
    public var targetPoint: (x: Float, y: Float)?
    /// Window position in pixels, where the sprite appears.
    public var windowX: Float
    public var windowY: Float
    /// How hard, 0...999 (see `PunchStrength`).
    public var strength: Int
    /// Which hit of a combo this is (1 for a punch on its own).
    public var combo: Int
    /// What it hit with.
    public var tool: PunchTool

    public init(windowX: Float, windowY: Float, targetPoint: (x: Float, y: Float)?, strength: Int = 500, combo: Int = 1,
                tool: PunchTool = .fist) {
        self.tool = tool
        self.windowX = windowX
        self.windowY = windowY
        self.targetPoint = targetPoint
        self.strength = strength
        self.combo = combo
    }

    public static func == (a: PunchImpact, b: PunchImpact) -> Bool {
        a.windowX == b.windowX && a.windowY == b.windowY && a.strength == b.strength && a.combo == b.combo && a.tool == b.tool
            && a.targetPoint?.x == b.targetPoint?.x && a.targetPoint?.y == b.targetPoint?.y
    }
}

/// One punch sprite on screen: it pops in with an overshoot, holds, and fades out.
public struct PunchSprite: Sendable, Equatable {
    public var x: Float
    public var y: Float
    public var age: Float = 0
    /// A little random tilt so repeated punches do not look stamped.
    public var rotation: Float
    public var tint: Int
    /// What hit: each tool's sprite moves its own way (see `ToolImpact`).
    public var toolKind: PunchTool = .fist
    /// Where the pieces it throws go (fixed when it lands, so a replay matches).
    public var seed: UInt64 = 0
    /// How big it is against its tool's usual size: a haymaker's sprite is larger.
    public var sizeFactor: Float = 1
    /// How many pieces it throws (more for a harder hit; see `PunchTool.bitCount(strength:)`).
    public var bitCount = 0

    /// The fist's lifetime; `duration` is this sprite's.
    public static let lifetime: Float = 0.55
    public var duration: Float { toolKind.spriteLifetime }
    static let popDuration: Float = 0.16

    /// Size factor (overshoots above 1 while popping in).
    public var scale: Float {
        if age < Self.popDuration { return 0.35 + 0.65 * Easing.easeOutBack(age / Self.popDuration, overshoot: 2.2) }
        return 1 + (age - Self.popDuration) * 0.15
    }

    /// Opacity: full, then a smooth fade over the last part of its life.
    public var opacity: Float {
        let fadeStart = Self.lifetime * 0.45
        if age < fadeStart { return 1 }
        return 1 - Easing.easeInCubic((age - fadeStart) / (Self.lifetime - fadeStart))
    }

    public var isFinished: Bool { age >= duration }
}

/// The score that pops up near a hit ("742!"): it springs in, drifts up and fades.
/// The text is made once, when the punch lands, so drawing it allocates nothing.
public struct ScorePop: Sendable, Equatable {
    public var x: Float
    public var y: Float
    public var strength: Int
    public var text: String
    public var age: Float = 0
    /// Which of three places beside its own hit it takes (0 left, 1 on it, 2 right), so
    /// pops of a quick flurry sit side by side instead of on top of each other.
    public var slot: Int = 1
    /// The big one (950 and up): its number is punched in larger.
    public var isBig: Bool { strength >= PunchEffects.bigHitStrength }

    public static let lifetime: Float = 0.9
    /// How far apart the three places' middles are, in points: a big "999!" (the widest
    /// number, 1.45 times the largest size, a tenth more at its spring-in's overshoot)
    /// and a largest ordinary one beside it do not touch (DejaVu Sans Bold's digits are
    /// 0.7 em, its "!" 0.44; 2.6 em counted), so the big one's place is never taken by
    /// the next hit's.
    public static let slotSpacing: Float = 182

    /// Where its text goes in a window `windowWidth` pixels wide at `scale` (its box,
    /// `outline` pixels of outline included each side) and how big; nil when too small
    /// to draw. The box is kept inside the window.
    /// Its text starts no higher than `top` (under the header's title and message).
    public func placement(scale s: Float, reduceMotion: Bool, windowWidth: Int, top: Float = 0)
        -> (box: PixelRect, size: Int, outline: Int)? {
        // The big one's number is punched in larger.
        let size = Int((30 + 22 * PunchStrength.unit(strength)) * (isBig ? 1.45 : 1) * s * self.scale(reduceMotion: reduceMotion))
        guard size > 2 else { return nil }
        let width = Int(Float(size) * 4), height = Int(Float(size) * 1.4)
        // The text is about 2.6 em wide, centred in the box.
        let textHalf = Int(Float(size) * 1.3)
        // Its place beside its own hit, in from the window's edges (ScorePopLayout.swift).
        let centre = Int(self.centre(scale: s, windowWidth: windowWidth).rounded())
        let left = max(textHalf, min(windowWidth - textHalf, centre)) - width / 2
        // The box is 1.4 em tall around a 1 em line: its text starts a fifth of an em in.
        let raised = Int(y - (64 + Float(slot == 1 ? 0 : 22) + rise(reduceMotion: reduceMotion)) * s) - height / 2
        let boxTop = max(raised, Int(top) - Int(Float(size) * 0.2))
        return (PixelRect(x: left, y: boxTop, width: width, height: height), size, max(1, size / 14))
    }
    /// When its spring-in is fullest (a held hit shows it so).
    public static let peakAge: Float = 0.1

    /// Size factor: a springy pop-in, or none with reduced motion.
    public func scale(reduceMotion: Bool) -> Float {
        guard !reduceMotion else { return 1 }
        let t = min(1, age / 0.18)
        return 0.5 + 0.5 * Easing.easeOutBack(t, overshoot: 2.4)
    }

    /// How far it has risen, in points (none with reduced motion).
    public func rise(reduceMotion: Bool) -> Float {
        reduceMotion ? 0 : 46 * Easing.easeOutCubic(min(1, age / Self.lifetime))
    }

    public var opacity: Float {
        let fadeStart = Self.lifetime * 0.55
        if age < fadeStart { return 1 }
        return 1 - Easing.easeInCubic((age - fadeStart) / (Self.lifetime - fadeStart))
    }

    public var isFinished: Bool { age >= Self.lifetime }
}

/// Everything animated by punches: the sprites, the target's squash spring toward the
/// hit point, the impact flash and a small screen shake. Stepped at the fixed rate.
///
/// Sprites live in a fixed-capacity buffer, so punching allocates nothing.
public struct PunchEffects: Sendable {
    public static let maxSprites = 24
    public static let maxScorePops = 8
    /// How long after the last hit a combo still shows.
    public static let comboShowSeconds: Float = 0.9

    public private(set) var sprites: [PunchSprite] = []
    public private(set) var squash = Spring()
    /// Where the last hit landed on the target (normalized), the squash's anchor.
    public private(set) var squashAnchor: (x: Float, y: Float) = (0.5, 0.5)
    /// 0...1: how bright the hit's pop is now (a frame or two, then gone).
    public private(set) var flash: Float = 0
    /// The flash is the big one's impact frame: the target drawn as a bright silhouette.
    public private(set) var flashIsImpact = false
    private var flashPeak: Float = 0
    private var flashAge: Float = .infinity
    /// A frame has shown the flash: a pop is never gone before anyone saw it.
    private var flashDrawn = false
    /// The shake now, as fractions of its reach (-1...1 at most; the picture's
    /// transform turns them into pixels and a turn): trauma² on smooth noise.
    public private(set) var shake: (x: Float, y: Float) = (0, 0)
    public private(set) var shakeTurn: Float = 0
    /// 0...1: what hits have added and time has not yet taken away (Eiserloh's
    /// trauma). The shake is its square, so a tap barely moves and a haymaker rocks.
    public private(set) var trauma: Float = 0
    private var shakeTime: Float = 0
    private let shakeNoise: [SmoothNoise]
    /// Seconds the scene still holds after a strong hit (hit-stop): nothing moves until
    /// it runs out, then everything goes on with the energy the hit gave it.
    public private(set) var hitStop: Float = 0
    public var reduceMotion: Bool
    /// The picture dents where it is hit (the `dent` setting; never under reduce motion).
    public var dents = true
    /// The dents still springing back, oldest first (at most `maxDents`).
    public private(set) var hitDents: [HitDent] = []
    public static let maxDents = 4
    /// The user's shake and squash strength (Settings), 0...2 of the usual.
    public var shakeStrength: Float = 1
    public var squashStrength: Float = 1
    /// Seconds since the last flash began: a flash starts at most three times a
    /// second however fast the punches come (the photosensitivity limit).
    private var sinceFlash: Float = .infinity
    public static let minimumFlashInterval: Float = 1.0 / 3
    private var random: SeededRandom
    /// Score pops on screen, oldest first.
    public internal(set) var scorePops: [ScorePop] = []
    /// The scale and the window's width the pops are drawn at, so a new one is placed
    /// where no other is in its way (the controller keeps them; 0 wide: no edges).
    public var scorePopRoom: (scale: Float, windowWidth: Int) = (1, 0)
    /// The combo counter: the running combo (2 or more shows as "×N"), its text, and
    /// how long ago its last hit landed.
    private var counter = (combo: 0, text: "", age: Float(0))
    public var combo: Int { counter.combo }
    public var comboText: String { counter.text }
    public var comboAge: Float { counter.age }

    /// A hit this strong is the big one: an impact frame, a deeper thump, a longer
    /// rumble and a larger number.
    public static let bigHitStrength = 950
    /// How much of a second trauma loses: a haymaker's shake is gone in half a second.
    static let traumaDecay: Float = 1.5
    /// How many pieces all sprites may have in the air at once (the oldest sprites go first).
    public static let maxBitsAlive = 120

    public init(reduceMotion: Bool = false, seed: UInt64 = 0x5EED_F00D) {
        self.reduceMotion = reduceMotion
        random = SeededRandom(seed: seed)
        // Its own seeds, so the shake draws nothing from the sprites' generator.
        shakeNoise = (0..<3).map { SmoothNoise(seed: seed ^ (0x7A3D_0000 + UInt64($0))) }
        sprites.reserveCapacity(Self.maxSprites)
        hitDents.reserveCapacity(Self.maxDents)
        scorePops.reserveCapacity(Self.maxScorePops)
    }

    /// 0...1: how much of the combo counter shows (it fades after the chain ends).
    public var comboOpacity: Float {
        guard combo >= 2 else { return 0 }
        let fadeStart = Self.comboShowSeconds * 0.6
        if comboAge < fadeStart { return 1 }
        return max(0, 1 - (comboAge - fadeStart) / (Self.comboShowSeconds - fadeStart))
    }

    /// How long a hit of `strength` holds the scene: nothing up to 500, rising fast
    /// to 80 ms at 999 (a fighting game's hitstop: the weight of a blow is felt in the
    /// pause). A freeze is not motion, so reduced motion keeps it, at most 50 ms.
    public static func hitStopSeconds(strength: Int, reduceMotion: Bool) -> Float {
        guard strength > 500 else { return 0 }
        let t = min(1, Float(strength - 500) / 499)
        let hold = 0.08 * t * (2 - t)
        return reduceMotion ? min(0.05, hold) : hold
    }

    /// Registers a punch. Returns true when it hit the target.
    @discardableResult
    public mutating func punch(_ impact: PunchImpact) -> Bool {
        let tilt = (random.nextUnit() - 0.5) * 0.6
        var sprite = PunchSprite(x: impact.windowX, y: impact.windowY, rotation: tilt, tint: Int(random.next() % 3))
        // Exactly 0 at 500, so an ordinary punch looks as it always did.
        let harder = Float(impact.strength - 500) / 999
        sprite.sizeFactor = 1 + 0.5 * harder
        sprite.bitCount = impact.tool.bitCount(strength: impact.strength)
        if impact.tool != .fist {
            sprite.toolKind = impact.tool
            sprite.seed = random.next()
        } else {
            // The fist's pieces take their seed from its tilt and place, not from the
            // generator, so the fist's sprites turn and tint as they always did.
            sprite.seed = UInt64(tilt.bitPattern) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(impact.windowX.bitPattern) << 32
                ^ UInt64(impact.windowY.bitPattern)
        }
        let hold = impact.targetPoint == nil ? 0 : Self.hitStopSeconds(strength: impact.strength, reduceMotion: reduceMotion)
        // A held hit shows its contact at once: the tool already on the target, not
        // frozen on its way in; a swinging tool always lands at once (its wind-up is a smear).
        if hold > 0 || impact.tool.swings { sprite.age = impact.tool.contactAge }
        makeRoom(forBits: sprite.bitCount)
        sprites.append(sprite)
        guard let point = impact.targetPoint else { return false }
        hitStop = max(hitStop, hold)
        if dents && !reduceMotion {
            if hitDents.count == Self.maxDents { hitDents.removeFirst() }
            hitDents.append(HitDent(u: point.x, v: point.y, tool: impact.tool, strength: impact.strength))
        }
        // Blend the anchor toward the new hit so stacked punches move smoothly.
        let weight: Float = squash.isSettled ? 1 : 0.5
        squashAnchor = (squashAnchor.x + (point.x - squashAnchor.x) * weight,
                        squashAnchor.y + (point.y - squashAnchor.y) * weight)
        // Kicks add up but the squash is capped so a flurry does not flatten the target.
        // Strength scales the kick: a tap 0.7x, a haymaker 1.6x (the last term is 0 at
        // 500, so an ordinary punch squashes as it always did).
        let power = 0.6 + 0.75 * PunchStrength.unit(impact.strength) + 0.55 * harder
        let impulse: Float = (reduceMotion ? 1.2 : 4.2) * power * squashStrength
        if squashStrength > 0, squash.value < (reduceMotion ? 0.05 : 0.3) * max(1, power) * squashStrength {
            if hold > 0 {
                // The hold shows the blow landed: part of the kick as a dent already
                // made, the rest as speed it goes on with when the hold ends.
                squash.value += impulse * 0.03
                squash.kick(impulse * 0.75)
            } else {
                squash.kick(impulse)
            }
        }
        let big = impact.strength >= Self.bigHitStrength
        if sinceFlash >= Self.minimumFlashInterval {
            // Reduced motion keeps a gentle glow instead of a pop; the big one's pop is
            // the target as a bright silhouette (its impact frame).
            flashPeak = reduceMotion ? min(0.3, 0.18 + 0.12 * power) : big ? 1 : min(1, 0.55 + 0.45 * power)
            flashIsImpact = big && !reduceMotion
            flashAge = 0
            flashDrawn = false
            flash = flashPeak
            sinceFlash = 0
        }
        if !reduceMotion { trauma = min(1, trauma + 0.2 + 0.55 * PunchStrength.unit(impact.strength)) }
        updateShake()
        // Beside its own hit, in the first of its three places no other pop is in the
        // way of (ScorePopLayout.swift): fingers far apart each get their number by
        // their hit, and a flurry on one spot sits side by side, never in heaps.
        // TRANSLATORS: the number that springs from a punch: how hard it was, 0 to 999.
        var pop = placeScorePop(ScorePop(x: impact.windowX, y: impact.windowY, strength: impact.strength,
                                         text: tr("%d!", impact.strength)))
        // Held at its fullest, not at the small size it springs in from.
        if hold > 0 { pop.age = ScorePop.peakAge }
        scorePops.append(pop)
        if impact.combo != counter.combo {
            counter.combo = impact.combo
            // TRANSLATORS: punches landed one after another in quick succession (2 or more), shown big on the stage.
            counter.text = counter.combo >= 2 ? trn("×%d combo", "×%d combo", counter.combo) : ""
        }
        counter.age = 0
        return true
    }

    /// Drops the oldest sprites until one throwing `bits` more pieces fits under both caps.
    private mutating func makeRoom(forBits bits: Int) {
        if sprites.count == Self.maxSprites { sprites.removeFirst() }
        var alive = sprites.reduce(0) { $0 + $1.bitCount }
        while alive + bits > Self.maxBitsAlive, !sprites.isEmpty {
            alive -= sprites.removeFirst().bitCount
        }
    }

    /// A small hop from the middle of the target's base, no burst, no flash: a new
    /// target introducing itself (the kiosk's attract loop). Nothing with reduced motion.
    public mutating func hop() {
        guard !reduceMotion, squash.isSettled else { return }
        squashAnchor = (0.5, 0.5)
        squash.kick(-2.2)
    }

    /// Advances all effects by one fixed step.
    public mutating func step(_ dt: Float) {
        // The pop runs on real time: it is the first frame or two of a hit, held or not.
        flashAge += dt
        sinceFlash += dt
        updateFlash()
        if hitStop > 0 {
            hitStop = max(0, hitStop - dt)
            return
        }
        for index in sprites.indices { sprites[index].age += dt }
        sprites.removeAll { $0.isFinished }
        for index in scorePops.indices { scorePops[index].age += dt }
        scorePops.removeAll { $0.isFinished }
        for index in hitDents.indices { hitDents[index].age += dt }
        hitDents.removeAll { $0.isFinished }
        if counter.combo > 0 {
            counter.age += dt
            if counter.age >= Self.comboShowSeconds { counter.combo = 0; counter.text = "" }
        }
        squash.step(dt)
        trauma = max(0, trauma - dt * Self.traumaDecay)
        shakeTime += dt
        updateShake()
    }

    /// The flash's envelope: a pop at its peak for one frame at least (12 ms, and drawn
    /// once), then gone; the big one's silhouette two frames at 60 Hz (34 ms). Never
    /// a fade through grey. The glow of reduced motion fades gently over 150 ms instead.
    private mutating func updateFlash() {
        guard flashAge.isFinite else { flash = 0; return }
        if reduceMotion {
            flash = max(0, flashPeak * (1 - flashAge / 0.15))
        } else {
            let shortest: Float = flashIsImpact ? 0.034 : 0.012
            // A window not drawing (hidden) must not keep it, and the loop awake, for ever.
            let over = flashAge >= shortest && (flashDrawn || flashAge >= 0.1)
            flash = over ? 0 : flashPeak
        }
        if flash == 0 { flashAge = .infinity; flashIsImpact = false }
    }

    /// Says a frame with the flash in it has been drawn (the session, after each frame).
    public mutating func frameDrawn() {
        if flash > 0 { flashDrawn = true }
    }

    /// The shake from trauma: its square on three smooth noises (about 12 wiggles a
    /// second: a jolt, not a buzz), scaled by the user's setting; none with reduced motion.
    private mutating func updateShake() {
        let amount = reduceMotion ? 0 : trauma * trauma * shakeStrength
        guard amount > 0 else { shake = (0, 0); shakeTurn = 0; return }
        let t = shakeTime * 12
        shake = (amount * shakeNoise[0].value(at: t), amount * shakeNoise[1].value(at: t + 17))
        shakeTurn = amount * shakeNoise[2].value(at: t + 31)
    }

    /// The squash as horizontal and vertical scale factors (wider and shorter).
    public var squashScale: (x: Float, y: Float) {
        let s = max(-0.12, min(0.35, squash.value))
        return (1 + s * 0.55, 1 - s)
    }

    public var isAnimating: Bool {
        !sprites.isEmpty || !squash.isSettled || flash > 0 || trauma > 0 || hitStop > 0 || !hitDents.isEmpty || !scorePops.isEmpty || combo > 0
    }
}
