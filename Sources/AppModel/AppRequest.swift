/// What the app asks of the platform after handling input or a step. The run loop
/// drains these each frame; the controller never calls the platform itself.
public enum AppRequest: Sendable, Equatable {
    case playSound(name: String, volume: Float, pitch: Float)
    case rumble(gamepad: Int32, strength: Float, milliseconds: Int)
    /// Fullscreen on if off, off if on: the window knows which it is.
    case toggleFullscreen
    case setMuted(Bool)
    case quit
}

/// How the app was started.
public struct AppConfiguration: Sendable {
    public var muted: Bool
    public var reduceMotion: Bool
    public var kiosk: Bool
    /// Seed for the little random variations (sprite tilt, pitch): fixed in headless
    /// runs so the same script renders the same frames.
    public var randomSeed: UInt64

    public init(muted: Bool = false, reduceMotion: Bool = false, kiosk: Bool = false, randomSeed: UInt64 = 0x5EED) {
        self.muted = muted
        self.reduceMotion = reduceMotion
        self.kiosk = kiosk
        self.randomSeed = randomSeed
    }
}
