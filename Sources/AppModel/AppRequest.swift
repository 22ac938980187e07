import StressCore

/// What the app asks of the platform after handling input or a step. The run loop
/// drains these each frame; the controller never calls the platform itself.
public enum AppRequest: Sendable, Equatable {
    case playSound(SoundCue, volume: Float, pitch: Float)
    case rumble(gamepad: Int32, strength: Float, milliseconds: Int)
    /// Fullscreen on if off, off if on: the window knows which it is.
    case toggleFullscreen
    case setMuted(Bool)
    case quit
}

/// How the app was started.
public struct AppConfiguration: Sendable {
    /// The user's settings for this run: the saved ones with the command line's
    /// overrides (--mute, --reduce-motion, --fullscreen) on top.
    public var settings: UserSettings
    public var muted: Bool {
        get { !settings.sound }
        set { settings.sound = !newValue }
    }
    public var reduceMotion: Bool {
        get { settings.reduceMotion }
        set { settings.reduceMotion = newValue }
    }
    public var kiosk: Bool
    /// Seed for the little random variations (sprite tilt, pitch): fixed in headless
    /// runs so the same script renders the same frames.
    public var randomSeed: UInt64
    /// The desktop asks for high contrast (GNOME's accessibility setting, a
    /// HighContrast GTK theme): what the `contrast` setting's "system" follows.
    public var desktopPrefersHighContrast: Bool

    public init(muted: Bool = false, reduceMotion: Bool = false, kiosk: Bool = false, randomSeed: UInt64 = 0x5EED,
                settings: UserSettings = UserSettings(), desktopPrefersHighContrast: Bool = false) {
        self.settings = settings
        self.desktopPrefersHighContrast = desktopPrefersHighContrast
        self.kiosk = kiosk
        self.randomSeed = randomSeed
        if muted { self.settings.sound = false }
        if reduceMotion { self.settings.reduceMotion = true }
    }
}
