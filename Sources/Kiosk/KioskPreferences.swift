import Localization
import StressCore

/// What the kiosk operator chose: how long the kiosk waits before it resets itself,
/// and the target it resets to. Saved as library settings, so they are kept with the
/// library and survive a restart.
public struct KioskPreferences: Sendable, Equatable {
    public static let idleSecondsKey = StoredSetting.kioskIdleSeconds
    public static let defaultTargetKey = StoredSetting.kioskDefaultTarget
    public static let mutedKey = StoredSetting.kioskMuted
    public static let summaryKey = StoredSetting.kioskSummaryOnQuit
    public static let keepMarksKey = StoredSetting.kioskKeepMarks
    public static let defaultIdleSeconds = 60
    /// What an operator may choose (`KioskIdleTime`, the rule the command line checks too).
    public static let idleSecondsRange = KioskIdleTime.range
    /// The choices the operator menu steps through.
    public static let idleChoices = [30, 60, 120, 300, 600]

    /// Seconds without input before the kiosk resets.
    public var idleSeconds: Int
    /// The target the kiosk returns to (nil: the one selected when the kiosk started).
    public var defaultTargetID: Int64?
    /// The operator turned the sound off.
    public var muted: Bool
    /// The operator wants the session summary (and its cool-down) when quitting.
    public var summaryOnQuit = false
    /// Marks stay through idle resets (an event keeping a running tally); by
    /// default every visitor starts with a clean target.
    public var keepMarks = false

    public init(idleSeconds: Int = KioskPreferences.defaultIdleSeconds, defaultTargetID: Int64? = nil, muted: Bool = false) {
        self.idleSeconds = idleSeconds
        self.defaultTargetID = defaultTargetID
        self.muted = muted
    }

    /// Reads saved settings; a missing or damaged value falls back to its default.
    public init(settings: (StoredSetting) -> String?) {
        let idle = settings(Self.idleSecondsKey).flatMap { Int($0) }
        idleSeconds = idle.map { min(max($0, Self.idleSecondsRange.lowerBound), Self.idleSecondsRange.upperBound) }
            ?? Self.defaultIdleSeconds
        defaultTargetID = settings(Self.defaultTargetKey).flatMap { Int64($0) }.flatMap { $0 > 0 ? $0 : nil }
        muted = settings(Self.mutedKey) == "1"
        summaryOnQuit = settings(Self.summaryKey) == "1"
        keepMarks = settings(Self.keepMarksKey) == "1"
    }

    /// The settings to save.
    public var settings: [StoredSetting: String] {
        [Self.idleSecondsKey: String(idleSeconds), Self.defaultTargetKey: defaultTargetID.map(String.init) ?? "",
         Self.mutedKey: muted ? "1" : "0", Self.summaryKey: summaryOnQuit ? "1" : "0", Self.keepMarksKey: keepMarks ? "1" : "0"]
    }

    /// The next idle choice after the current one (wrapping), for the operator menu.
    public func nextIdleChoice() -> Int {
        Self.idleChoices.first { $0 > idleSeconds } ?? Self.idleChoices[0]
    }

    /// "60 s", "2 min".
    public static func describe(seconds: Int) -> String {
        // TRANSLATORS: a time, short: "60 s" (seconds), "2 min" (minutes).
        seconds < 120 || seconds % 60 != 0 ? tr("%d s", seconds) : tr("%d min", seconds / 60)
    }
}
