import CAccessibilityBridge
import Foundation

/// The desktop's accessibility preferences that change how the app draws.
public enum DesktopPreferences {
    /// The desktop asks for high contrast: GNOME's accessibility setting, or a
    /// HighContrast GTK theme (GTK_THEME, as GTK itself honours it).
    public static var prefersHighContrast: Bool {
        if let theme = ProcessInfo.processInfo.environment["GTK_THEME"], theme.lowercased().contains("highcontrast") {
            return true
        }
        return sp_desktop_prefers_high_contrast() != 0
    }
}
