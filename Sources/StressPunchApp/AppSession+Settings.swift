import AppModel
import ImmediateUI
import Localization
import StressCore

/// The user's settings: applied the moment they change, on any screen, and saved
/// key by key (a command-line override is never written back unless the user
/// changes that setting here).
extension AppSession {
    /// Applies `new` now and saves the keys that differ from what shows.
    public func changeSettings(_ new: UserSettings) {
        let old = settings
        guard new != old else { return }
        settings = new
        if new.fullscreen != old.fullscreen { controller.requestFullscreenToggle() }
        applySettings()
        var changed: [StoredSetting: String] = [:]
        for key in UserSettings.Key.allCases where new.value(key) != old.value(key) {
            changed.merge(new.stored(key)) { $1 }
        }
        library.saveSettings(changed)
    }

    /// F11 and the Settings screen's switch: the window changes, and the next
    /// launch starts the same way (a kiosk is always fullscreen and keeps no choice).
    func toggleFullscreen() {
        guard policy.showsLibraryButtons else {
            controller.requestFullscreenToggle()
            return
        }
        var new = settings
        new.fullscreen.toggle()
        changeSettings(new)
    }

    /// M on the punch screen, or a policy (a kiosk's operator menu), turned the sound
    /// on or off: on the desktop it is remembered like the switch (a kiosk keeps its own).
    func setSound(on: Bool) {
        guard on != settings.sound else { return }
        settings.sound = on
        if policy.showsLibraryButtons { library.saveSettings(settings.stored(.sound)) }
    }

    /// Hands the settings to the punch scene and the UI.
    func applySettings() {
        // The app started in the language its settings named (RunningApp); this is a
        // change made on the Settings screen, heard on the very next frame.
        if settings.language != spokenLanguageSetting {
            spokenLanguageSetting = settings.language
            if let note = Localization.use(setting: settings.language) { ui?.showToast(note, kind: .error) }
        }
        ui?.reduceMotion = settings.reduceMotion
        let high = settings.contrast.isHigh(desktopPrefersHigh: desktopPrefersHighContrast)
        ui?.theme = high ? .highContrast : UITheme()
        // A new contrast: the backdrop is not among the frame's changes, so everything is drawn again.
        if stage.apply(settings, highContrast: high) { forgetDrawnFrame() }
    }

    /// A sound's volume under the user's volume setting.
    func scaledVolume(_ volume: Float) -> Float {
        volume * Float(settings.volume) / 100
    }
}
