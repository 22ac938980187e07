import Foundation
import ImmediateUI
import Raster
import Testing

/// The high-contrast theme's promise, measured as WCAG 2 defines contrast: every text
/// and focus colour at 7:1 or more against every ground it is drawn on.
@Suite("High contrast")
struct ThemeContrastTests {
    /// WCAG 2's relative luminance of an opaque colour.
    static func luminance(_ color: Color) -> Double {
        func channel(_ value: Float) -> Double {
            let c = Double(value)
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(color.r) + 0.7152 * channel(color.g) + 0.0722 * channel(color.b)
    }

    static func contrast(_ a: Color, _ b: Color) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// What is drawn on what, by name: the widgets' text, the focus ring on every ground
    /// it can stand on, a warning, the star, text on the accent and on the reds.
    static func pairs(_ theme: UITheme) -> [(String, Color, Color)] {
        let grounds = [("backgroundDeep", theme.backgroundDeep), ("background", theme.background), ("card", theme.card),
                       ("cardHover", theme.cardHover), ("fieldBackground", theme.fieldBackground)]
        var pairs: [(String, Color, Color)] = []
        for (name, ground) in grounds {
            pairs.append(("text on \(name)", theme.text, ground))
            pairs.append(("textMuted on \(name)", theme.textMuted, ground))
            pairs.append(("focusRing on \(name)", theme.focusRing, ground))
            pairs.append(("warning on \(name)", theme.warning, ground))
            pairs.append(("highlight on \(name)", theme.highlight, ground))
        }
        pairs.append(("textOnAccent on accent", theme.textOnAccent, theme.accent))
        pairs.append(("textOnAccent on accentHover", theme.textOnAccent, theme.accentHover))
        pairs.append(("text on destructive", theme.text, theme.destructive))
        pairs.append(("text on destructiveHover", theme.text, theme.destructiveHover))
        pairs.append(("text on errorSurface", theme.text, theme.errorSurface))
        return pairs
    }

    @Test("every text and focus colour of the high-contrast theme is at 7:1 or more on its grounds")
    func highContrastIsSevenToOne() {
        for (name, foreground, ground) in Self.pairs(.highContrast) {
            let ratio = Self.contrast(foreground, ground)
            #expect(ratio >= 7, "\(name): \(ratio):1")
        }
    }

    @Test("the measure can fail: the ordinary theme has pairs under 7:1, and black on black is 1:1")
    func measureCanFail() {
        #expect(Self.pairs(UITheme()).contains { Self.contrast($0.1, $0.2) < 7 })
        #expect(abs(Self.contrast(Color(hex: 0), Color(hex: 0)) - 1) < 1e-9)
        #expect(abs(Self.contrast(Color(hex: 0xFFFFFF), Color(hex: 0)) - 21) < 1e-6)
    }
}
