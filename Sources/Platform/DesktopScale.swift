import CSDL2
import CX11Desktop
import Foundation

/// How much larger than a 96-dpi screen the desktop wants things drawn, where the
/// window system leaves that to the app.
///
/// On Wayland the compositor says (an output scale): SDL sizes windows in points
/// and hands a 2x output a 2x drawable, which `SDLWindow.pixelScale` reports, so this
/// is 1 there. On X11 windows are sized in pixels and the desktop only publishes a
/// wish: `GDK_SCALE` (GTK's integer scale, which wins, as in GTK) or the `Xft.dpi`
/// resource (96 = 1x, 144 = 1.5x, 192 = 2x).
public enum DesktopScale {
    /// The largest scale taken; more is a typo, not a screen.
    static let largest: Float = 4

    /// The scale from GTK's variable and the X resource, 1 when neither says more.
    /// Values under 1 are ignored: the app never draws smaller than designed.
    public static func resolve(gdkScale: String?, xftDPI: Double?) -> Float {
        if let gdkScale, let scale = Int(gdkScale.trimmingCharacters(in: .whitespaces)), scale >= 1 {
            return min(largest, Float(scale))
        }
        if let xftDPI, xftDPI.isFinite, xftDPI > 96 {
            return min(largest, Float(xftDPI / 96))
        }
        return 1
    }

    /// This desktop's scale: read once SDL's video is up, and only on X11.
    static func current() -> Float {
        guard let driver = SDL_GetCurrentVideoDriver(), String(cString: driver) == "x11" else { return 1 }
        let dpi = xd_xft_dpi()
        return resolve(gdkScale: ProcessInfo.processInfo.environment["GDK_SCALE"], xftDPI: dpi > 0 ? dpi : nil)
    }
}
