import CSDL2
import Localization

/// Starts SDL's subsystems once, with the hints the app relies on.
public enum SDLRuntime {
    /// Starts video, events and game controllers. Audio is started by `SDLAudio`, so a
    /// machine without sound still gets a window.
    /// `keepDisplayAwake`: a kiosk must never blank or start a screensaver.
    public static func startVideo(keepDisplayAwake: Bool = false) throws(PlatformError) {
        // Touch must not also arrive as mouse clicks (every tap would punch twice),
        // and the mouse must not pretend to be a finger.
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        // A kiosk must never blank; a desktop app lets the screensaver run.
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, keepDisplayAwake ? "0" : "1")
        // Closing the window is a request the app answers (a kiosk asks for the PIN),
        // not an automatic quit; SIGINT / SIGTERM still arrive as SDL_QUIT.
        SDL_SetHint(SDL_HINT_QUIT_ON_LAST_WINDOW_CLOSE, "0")
        // Our frames are already finished pixels: present them through the driver's
        // own framebuffer (XShm on X11), not through a GL texture, which on machines
        // without a GPU means a software GL (llvmpipe) copying every frame again.
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        // Gamepads keep working when the window is not focused (kiosk setups).
        SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")
        // SDLInput updates the gamepads itself, woken by GamepadWake: left to SDL, the
        // update makes a resting loop wake every 3 s and answer a pad up to 3 s late.
        SDL_SetHint(SDL_HINT_AUTO_UPDATE_JOYSTICKS, "0")
        if SDL_WasInit(SDL_INIT_VIDEO) == 0 && SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0 {
            // TRANSLATORS: %s is SDL's own reason (in English); DISPLAY and --headless are a variable and an option, keep them.
            throw PlatformError(tr("cannot start the video system (%s); is a display available? Set DISPLAY or run with --headless", lastError()))
        }
        if SDL_WasInit(SDL_INIT_GAMECONTROLLER) == 0 {
            // Not fatal: the app works without gamepads.
            _ = SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER | SDL_INIT_HAPTIC)
        }
    }

    public static func shutdown() {
        SDL_Quit()
    }

    static func lastError() -> String {
        guard let message = SDL_GetError() else { return tr("unknown error") }
        let text = String(cString: message)
        return text.isEmpty ? tr("unknown error") : text
    }
}

/// Why a platform service could not start.
public struct PlatformError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
