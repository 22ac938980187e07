// PunchScene owns the punch: what a hit does (the squash, shake, flash and sprites,
// sounds and rumble asked of the platform), how the picture bends and drawing the main
// screen. A punch that lands goes to the library (AppModel), which counts and saves
// it. It must not build the library's screens, know kiosk rules, or touch SDL.

import AppModel
import Input
import Raster
import StressCore

/// The main screen's behaviour: turns mouse clicks, fingers, gamepad presses and keys
/// into punches, steps the animations at the fixed rate, and keeps the gamepad
/// reticles. Drawing is `MainSceneRenderer`'s job; platform work goes out as
/// `AppRequest`s.
public final class PunchController {
    public let library: LibraryModel
    /// What saves the punches: the library's (read here by the headless summary).
    public var recorder: PunchRecorder { library.recorder }
    public private(set) var effects: PunchEffects
    public private(set) var layout: MainLayout
    public private(set) var reticles: [Reticle] = []
    public private(set) var requests: [AppRequest] = []
    public var configuration: AppConfiguration
    private var random: SeededRandom
    /// The user's settings, the session's: the tool a punch hits with is read here.
    public let settings: LiveSettings
    /// The selected picture as the last frame showed it (its size places the picture).
    public var selectedPicture: RasterImage?
    /// Where a punch finds the picture it is tested against, for the target selected
    /// when it comes (transparent areas miss): a favorite switched to earlier in the
    /// same frame is tested as itself, not as the picture the last frame showed. A
    /// picture still loading is tested as its placeholder; without a lookup, the last
    /// frame's picture stands in.
    public let pictures: (any TargetPictureLookup)?
    private var nextReticleColor = 0
    /// Punches that hit the target since launch: the one count of them (the session's
    /// summary and the headless summary read it).
    public private(set) var punchesLanded = 0
    /// Rumbles asked of gamepads since launch.
    public private(set) var rumblesRequested = 0
    /// The squash before the last step, to interpolate between steps when drawing.
    public private(set) var previousSquash: Float = 0
    /// Seconds of fixed steps so far: when input happened, for strengths and combos.
    public private(set) var clock: Double = 0
    private var strength = StrengthTracker()
    /// The running combo: how many hits, when the last landed (on `clock`) and on
    /// which target (a chain stays on one).
    private var chain = (combo: 0, lastHitAt: -Double.infinity, target: Int64?.none)
    public var combo: Int { chain.combo }
    /// How long a trigger pull may rest part way before it punches at that depth.
    public static let triggerSettleSeconds = 0.08
    /// Punches within this long of each other chain into a combo.
    public static let comboSeconds = 0.35
    /// The strength of the last punch that landed (tests and the summary read it).
    public private(set) var lastStrength = 0
    /// One punch that landed, for whoever keeps score (a challenge): how hard, which
    /// hit of its combo, and who threw it (a gamepad, or where on screen).
    public struct LandedPunch: Sendable, Equatable {
        public enum Input: Sendable, Equatable { case mouse, touch, keyboard, gamepad }
        public var strength: Int
        public var combo: Int
        public var gamepad: Int32?
        public var x: Float
        public var input: Input
        /// Where it landed in the picture (0...1 across and down): where its mark goes.
        public var u: Float = 0.5
        public var v: Float = 0.5
        /// What it hit with: its mark is that tool's.
        public var tool: PunchTool = .fist
        /// The target it hit, as it was when the punch came: its count, its mark, the
        /// kiosk's board and the games all read this, never "selected now" (the
        /// selection may change later in the same frame).
        public var targetID: Int64 = 0
        public var targetName: String = ""
        /// The picture's rectangle it was tested against (window pixels), and when it
        /// came (its event's time on the frame clock; the scene's clock without one).
        public var pictureRect = Rect(x: 0, y: 0, width: 0, height: 0)
        public var time: Double = 0
    }
    /// The punch being handled: what it came from, and when its event happened (set
    /// while `handle` or `punchMiddle` runs; nil: the scene's clock).
    private var handling = (input: LandedPunch.Input.mouse, time: Double?.none)
    /// The punches landed since the last `takeLanded` (fixed capacity: no allocation).
    private var landedPunches: [LandedPunch] = []

    /// Hands over the punches landed since the last call, oldest first.
    public func takeLanded(_ handler: (LandedPunch) -> Void) {
        for punch in landedPunches { handler(punch) }
        landedPunches.removeAll(keepingCapacity: true)
    }

    /// Wall-clock time, for when punches happened (the session sets a simulated one
    /// for headless runs).
    public var wallClock: () -> Double = { 0 }

    /// A gamepad's aim point.
    public struct Reticle: Sendable, Equatable {
        public var gamepad: Int32
        public var x: Float
        public var y: Float
        public var stickX: Float = 0
        public var stickY: Float = 0
        public var colorIndex: Int
        public var triggerHeld = false
        /// The deepest the trigger went in this pull, and whether it has punched yet:
        /// the punch fires at the deepest point, with the strength of that depth.
        public var triggerPeak: Float = 0
        public var triggerFired = false
        /// When the pull crossed the threshold (on the controller's clock).
        public var triggerArmedAt: Double = 0
        /// Brief pulse after a punch, 0...1.
        public var pulse: Float = 0
    }

    /// What punches hit with now: the user's setting.
    public var tool: PunchTool { settings.value.tool }
    /// Landed hits per tool since launch (the headless summary prints them).
    public private(set) var punchesByTool = [Int](repeating: 0, count: PunchTool.allCases.count)
    /// Rumble pulses still to come (a tool's pattern after its first pulse), on `clock`.
    private var pendingRumbles: [(at: Double, gamepad: Int32, pulse: RumblePulse)] = []

    /// `settings`: the session's (nil: the configuration's, held by this controller alone).
    public init(library: LibraryModel, configuration: AppConfiguration, settings: LiveSettings? = nil,
                pictures: (any TargetPictureLookup)? = nil, width: Int, height: Int) {
        self.library = library
        self.configuration = configuration
        self.settings = settings ?? LiveSettings(configuration.settings)
        self.pictures = pictures
        effects = PunchEffects(reduceMotion: configuration.reduceMotion, seed: configuration.randomSeed)
        random = SeededRandom(seed: configuration.randomSeed ^ 0xA5A5)
        layout = MainLayout(width: width, height: height, kiosk: configuration.kiosk)
        requests.reserveCapacity(16)
        landedPunches.reserveCapacity(64)
        pendingRumbles.reserveCapacity(Self.maxPendingRumbles)
    }

    /// Takes the requests made since the last call (the array keeps its capacity).
    public func drainRequests(into handler: (AppRequest) -> Void) {
        for request in requests { handler(request) }
        requests.removeAll(keepingCapacity: true)
    }

    /// The user's UI scale (Settings), 1...2: the layout is made again when it changes.
    public private(set) var uiScale: Float = 1

    /// Applies the Settings that shape the punch: motion, shake, squash and the UI's size.
    public func apply(_ settings: UserSettings) {
        effects.reduceMotion = settings.reduceMotion
        effects.shakeStrength = Float(settings.shake) / 100
        effects.squashStrength = Float(settings.squash) / 100
        effects.dents = settings.dent
        let scale = Float(settings.uiScale) / 100
        if scale != uiScale {
            uiScale = scale
            layout = MainLayout(width: layout.width, height: layout.height, kiosk: configuration.kiosk, uiScale: scale,
                                density: density)
        }
    }

    /// The desktop's pixels per 96-dpi pixel (`FrameInput.density`).
    public private(set) var density: Float = 1

    public func resize(width: Int, height: Int, density: Float = 1) {
        guard width != layout.width || height != layout.height || density != self.density else { return }
        let old = layout
        self.density = density
        layout = MainLayout(width: width, height: height, kiosk: configuration.kiosk, uiScale: uiScale, density: density)
        // Keep reticles at the same relative place.
        for index in reticles.indices {
            reticles[index].x = reticles[index].x / Float(max(1, old.width)) * Float(width)
            reticles[index].y = reticles[index].y / Float(max(1, old.height)) * Float(height)
        }
    }

    /// The picture's rectangle on screen right now (before squash).
    public var pictureRect: Rect {
        guard let picture = selectedPicture else { return layout.placeholderRect }
        return layout.pictureRect(imageWidth: picture.width, imageHeight: picture.height)
    }

    // MARK: Input

    /// Takes one input event that happened at `time` (nil: at the scene's clock). How
    /// hard a punch is comes from the motion before it, measured on the events' own
    /// times: moves that reach one frame together keep the intervals they were made at.
    public func handle(_ event: InputEvent, at time: Double? = nil) {
        let now = time ?? clock
        handling.time = time
        defer { handling.time = nil }
        switch event {
        case .pointerMoved(let x, let y):
            strength.pointerMoved(x: x, y: y, scale: layout.scale, now: now)
        case .pointerDown(let x, let y, let button) where button == 1:
            handling.input = .mouse
            punch(atX: x, y: y, gamepad: nil, strength: strength.mouseStrength(atX: x, y: y, scale: layout.scale, now: now))
        case .fingerMoved(_, let x, let y):
            strength.fingerMoved(x: x, y: y, scale: layout.scale, now: now)
        case .fingerDown(_, let x, let y, let pressure):
            handling.input = .touch
            punch(atX: x, y: y, gamepad: nil,
                  strength: strength.touchStrength(atX: x, y: y, pressure: pressure, scale: layout.scale, now: now))
        case .keyDown(let key, let modifiers, let isRepeat):
            handleKey(key, modifiers: modifiers, isRepeat: isRepeat, now: now)
        case .keyUp(.space, _):
            // Space punches when let go, as hard as it was held long.
            if let held = strength.spaceReleased(now: now) {
                handling.input = .keyboard
                let rect = pictureRect
                punch(atX: rect.center.x, y: rect.center.y, gamepad: nil, strength: PunchStrength.keyHold(seconds: held))
            }
        case .gamepadAdded(let id, _):
            addReticle(id)
        case .gamepadRemoved(let id):
            reticles.removeAll { $0.gamepad == id }
            pendingRumbles.removeAll { $0.gamepad == id }
            strength.forget(gamepad: id)
        case .gamepadButton(let id, let button, let pressed):
            if reticleIndex(id) == nil { addReticle(id) }
            guard pressed else { return }
            switch button {
            case .a: punchWithReticle(id, strength: strength.stickFlickStrength(gamepad: id, now: now))
            case .leftShoulder: library.selectFavorite(steppingBy: -1)
            case .rightShoulder: library.selectFavorite(steppingBy: 1)
            default: break
            }
        case .gamepadAxis(let id, let axis, let value):
            if reticleIndex(id) == nil { addReticle(id) }
            guard let index = reticleIndex(id) else { return }
            var reticle = reticles[index]
            switch axis {
            case .leftX:
                reticle.stickX = value
                strength.stickMoved(gamepad: id, axis: axis, value: value, now: now)
            case .leftY:
                reticle.stickY = value
                strength.stickMoved(gamepad: id, axis: axis, value: value, now: now)
            case .rightTrigger:
                // A pull punches once, at its deepest point: when it reaches the end or
                // starts to come back (or is let go at once), as hard as it went deep.
                // Hysteresis between 0.6 and 0.3 keeps one pull one punch.
                var fire = false
                if value > 0.6 && !reticle.triggerHeld {
                    reticle.triggerHeld = true
                    reticle.triggerFired = false
                    reticle.triggerPeak = value
                    reticle.triggerArmedAt = clock
                }
                if reticle.triggerHeld && !reticle.triggerFired {
                    reticle.triggerPeak = max(reticle.triggerPeak, value)
                    fire = value >= 0.98 || value < reticle.triggerPeak - 0.05
                }
                if value < 0.3 { reticle.triggerHeld = false }
                if fire {
                    reticle.triggerFired = true
                    reticles[index] = reticle
                    punchWithReticle(id, strength: PunchStrength.trigger(peak: reticle.triggerPeak))
                    return
                }
            default: break
            }
            reticles[index] = reticle
        default:
            break
        }
    }

    /// A punch asked for by a control (the focused target's Enter or pad A, a screen
    /// reader's "punch") at `time` on the frame clock: a quick tap of Space's, on the
    /// picture's middle.
    public func punchMiddle(at time: Double) {
        handling.time = time
        defer { handling.time = nil }
        strength.spacePressed(now: time)
        guard let held = strength.spaceReleased(now: time) else { return }
        handling.input = .keyboard
        let rect = pictureRect
        punch(atX: rect.center.x, y: rect.center.y, gamepad: nil, strength: PunchStrength.keyHold(seconds: held))
    }

    private func reticleIndex(_ gamepad: Int32) -> Int? {
        reticles.firstIndex { $0.gamepad == gamepad }
    }

    private func handleKey(_ key: Key, modifiers: KeyModifiers, isRepeat: Bool, now: Double) {
        switch key {
        case .space:
            if !isRepeat { strength.spacePressed(now: now) }
        case .character(let character) where modifiers.isEmpty:
            if let digit = character.wholeNumberValue, (1...4).contains(digit) {
                let favorites = library.favorites
                if digit <= favorites.count { library.select(favorites[digit - 1].id) }
            }
        default:
            break
        }
    }

    /// Asks the window to enter or leave fullscreen (F11, from any screen).
    public func requestFullscreenToggle() {
        requests.append(.toggleFullscreen)
    }

    /// Tells the platform the sound went off or on (the session's sound setting
    /// changed), in order with the sounds asked for around it.
    public func requestMuted(_ muted: Bool) {
        requests.append(.setMuted(muted))
    }

    /// The target changed by itself (the attract loop): it hops to say hello.
    public func introduceTarget() {
        effects.hop()
    }

    /// Asks the platform to end the app (after the kiosk PIN, say).
    public func requestQuit() {
        requests.append(.quit)
    }

    /// Gives the reticle of gamepad `id` the colour at `colorIndex` (a versus: its player's).
    public func setReticleColor(_ colorIndex: Int, forGamepad id: Int32) {
        guard let index = reticleIndex(id) else { return }
        reticles[index].colorIndex = colorIndex % MainSceneRenderer.reticleColors.count
    }

    private func addReticle(_ id: Int32) {
        let rect = pictureRect
        reticles.append(Reticle(gamepad: id, x: rect.center.x, y: rect.center.y,
                                colorIndex: nextReticleColor % MainSceneRenderer.reticleColors.count))
        nextReticleColor += 1
    }

    private func punchWithReticle(_ id: Int32, strength: Int) {
        guard let index = reticleIndex(id) else { return }
        reticles[index].pulse = 1
        punch(atX: reticles[index].x, y: reticles[index].y, gamepad: id, strength: strength)
    }

    // MARK: Punching

    /// A punch at window pixel (x, y), `strength` 0...999. It always shows a sprite; it
    /// counts, squashes, scores and sounds only when it lands on the target's picture
    /// (not its transparent margin). Strength sets the squash, the sound's volume and
    /// pitch (harder is louder and a little lower), and the rumble's strength and length.
    public func punch(atX x: Float, y: Float, gamepad: Int32?, strength: Int = 500) {
        // The target as it is at this event: later events of the frame may select another.
        // No target (an empty library): nothing to punch, not even a burst in the air.
        guard let target = library.selected else { return }
        var picture = selectedPicture
        if let pictures {
            if case .ready(let image) = pictures.shownPicture(of: target) { picture = image } else { picture = nil }
        }
        let rect = picture.map { layout.pictureRect(imageWidth: $0.width, imageHeight: $0.height) } ?? layout.placeholderRect
        var targetPoint: (x: Float, y: Float)?
        if rect.contains(Point(x, y)) {
            let u = (x - rect.minX) / rect.width, v = (y - rect.minY) / rect.height
            if Self.isOpaque(picture, atU: u, v: v) { targetPoint = (u, v) }
        }
        // A chain stays on one target: switching targets starts a new one.
        let chained = targetPoint != nil && clock - chain.lastHitAt <= Self.comboSeconds && target.id == chain.target
        let nextCombo = targetPoint == nil ? chain.combo : (chained ? chain.combo + 1 : 1)
        effects.scorePopRoom = (layout.scale, layout.width)
        let landed = effects.punch(PunchImpact(windowX: x, windowY: y, targetPoint: targetPoint, strength: strength, combo: nextCombo,
                                               tool: tool))
        guard landed else { return }
        chain = (nextCombo, clock, target.id)
        lastStrength = strength
        punchesLanded += 1
        library.recordPunch(on: target.id, strength: strength, combo: combo, at: wallClock())
        // Kept for a frame's scorekeeper; a session that never asks keeps only the latest.
        if landedPunches.count == 64 { landedPunches.removeFirst() }
        landedPunches.append(LandedPunch(strength: strength, combo: combo, gamepad: gamepad, x: x,
                                         input: gamepad == nil ? handling.input : .gamepad,
                                         u: targetPoint?.x ?? 0.5, v: targetPoint?.y ?? 0.5, tool: tool,
                                         targetID: target.id, targetName: target.name, pictureRect: rect, time: handling.time ?? clock))
        if let index = PunchTool.allCases.firstIndex(of: tool) { punchesByTool[index] += 1 }
        handling.input = .mouse
        let power = PunchStrength.unit(strength)
        let sound = SoundCue.hit(tool, variant: Int(random.next() % UInt64(tool.soundVariants)))
        let pitch = 1.04 - power * 0.14 + random.nextUnit() * 0.08
        let volume = 0.55 + power * 0.45
        requests.append(.playSound(sound, volume: volume, pitch: pitch))
        let big = strength >= PunchEffects.bigHitStrength
        // The big one lands in the chest: a sub-bass thump under the tool's own sound.
        if big { requests.append(.playSound(.bigThump, volume: 1, pitch: 1)) }
        if let gamepad {
            // ...and in the hands: a long, deep rumble after the tool's own.
            let pulses = tool.rumble(power: power) + (big ? [RumblePulse(delay: 0.06, strength: 1, milliseconds: 420)] : [])
            for pulse in pulses {
                if pulse.delay <= 0 {
                    rumblesRequested += 1
                    requests.append(.rumble(gamepad: gamepad, strength: pulse.strength, milliseconds: pulse.milliseconds))
                } else if pendingRumbles.count < Self.maxPendingRumbles {
                    pendingRumbles.append((clock + pulse.delay, gamepad, pulse))
                }
            }
        }
    }

    /// A flurry's later pulses beyond this many are dropped (the pad is busy anyway).
    static let maxPendingRumbles = 32

    /// Sends the rumble pulses whose time has come.
    private func sendDueRumbles() {
        guard !pendingRumbles.isEmpty else { return }
        var index = 0
        while index < pendingRumbles.count {
            let due = pendingRumbles[index]
            if due.at <= clock + 1e-9 {
                rumblesRequested += 1
                requests.append(.rumble(gamepad: due.gamepad, strength: due.pulse.strength, milliseconds: due.pulse.milliseconds))
                pendingRumbles.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    /// Whether the picture is solid enough at normalized (u, v) to count as a hit (one
    /// still loading counts as solid: its placeholder is what shows).
    private static func isOpaque(_ picture: RasterImage?, atU u: Float, v: Float) -> Bool {
        guard let picture else { return true }
        let px = min(picture.width - 1, max(0, Int(u * Float(picture.width))))
        let py = min(picture.height - 1, max(0, Int(v * Float(picture.height))))
        return picture[px, py] >> 24 > 40
    }

    // MARK: Simulation

    /// One fixed step of `dt` seconds.
    public func step(_ dt: Float) {
        clock += Double(dt)
        previousSquash = effects.squash.value
        effects.step(dt)
        sendDueRumbles()
        let speed = 900 * layout.scale
        for index in reticles.indices {
            var reticle = reticles[index]
            // A small dead zone, then a curve so fine aiming is easy and full tilt is fast.
            func shaped(_ value: Float) -> Float {
                let magnitude = abs(value)
                guard magnitude > 0.15 else { return 0 }
                let t = (magnitude - 0.15) / 0.85
                return (value < 0 ? -1 : 1) * t * t
            }
            reticle.x = max(0, min(Float(layout.width), reticle.x + shaped(reticle.stickX) * speed * dt))
            reticle.y = max(0, min(Float(layout.height), reticle.y + shaped(reticle.stickY) * speed * dt))
            reticle.pulse = max(0, reticle.pulse - dt * 5)
            reticles[index] = reticle
            // A pull held part way still punches, a moment after it stops going deeper.
            if reticle.triggerHeld && !reticle.triggerFired && clock - reticle.triggerArmedAt >= Self.triggerSettleSeconds {
                reticles[index].triggerFired = true
                punchWithReticle(reticle.gamepad, strength: PunchStrength.trigger(peak: reticle.triggerPeak))
            }
        }
    }

    /// Says the frame last prepared is on screen (the flash's pop lasts a frame at least).
    public func frameDrawn() {
        effects.frameDrawn()
    }

    /// Whether something is moving (the loop may sleep when nothing is).
    public var isAnimating: Bool {
        effects.isAnimating || !pendingRumbles.isEmpty || reticles.contains { $0.stickX != 0 || $0.stickY != 0 || $0.pulse > 0 }
    }
}
