// Theme owns the palette and the base sizes (in points, before the UI scale) of the
// app's look: dark indigo backgrounds, indigo cards, warm orange and yellow accents.

import Raster

/// Colours and metrics every widget reads; zero-config: `UITheme()` is the app's look.
public struct UITheme: Sendable {
    public var backgroundDeep = Color(hex: 0x242640)
    public var background = Color(hex: 0x2E3152)
    public var card = Color(hex: 0x3A3D63)
    /// A card under the pointer or pressed: slightly lighter.
    public var cardHover = Color(hex: 0x46497A)
    public var accent = Color(hex: 0xFF9F6E)
    public var accentHover = Color(hex: 0xFFB58D)
    public var highlight = Color(hex: 0xFFD27A)
    public var text = Color(hex: 0xFFF6E8)
    public var textMuted = Color(hex: 0xC9CCEB)
    /// Text on the accent colour (dark, for contrast on orange).
    public var textOnAccent = Color(hex: 0x242640)
    public var destructive = Color(hex: 0xE5484D)
    /// Text that says what is wrong, readable on the dark background.
    public var warning = Color(hex: 0xFF8A8E)
    public var destructiveHover = Color(hex: 0xF06468)
    /// An error toast's ground: deeper than `destructive`, so its text reads at 6:1
    /// (on the button red it was 3.6:1).
    public var errorSurface = Color(hex: 0xB3262B)
    /// Sky blue, as desktop focus rings are: no warm accent (the selection's orange,
    /// the favorite star's yellow) can be mistaken for it.
    public var focusRing = Color(hex: 0x7CC4FF)
    public var selection = Color(hex: 0xFF9F6E, alpha: 0.45)
    public var fieldBackground = Color(hex: 0x242640)
    public var scrim = Color(hex: 0x101120, alpha: 0.6)
    public var shadow = Color(r: 0, g: 0, b: 0, a: 0.45)
    /// A line round every button and field (high contrast: a control on a card of
    /// nearly its own colour still shows its edges); nil for none.
    public var controlOutline: Color?

    // Sizes in points; the context multiplies them by its scale.
    public var fontSize: Float = 20
    public var titleFontSize: Float = 26
    public var iconFontSize: Float = 24
    public var controlHeight: Float = 48
    public var cornerRadius: Float = 12
    public var padding: Float = 14
    public var spacing: Float = 10
    /// The smallest hit area a finger gets, each way.
    public var minimumTouchTarget: Float = 44
    public var focusRingWidth: Float = 3
    public var focusRingGap: Float = 3

    public var starOn = "★"
    public var starOff = "☆"

    public init() {}

    /// High contrast: near-black grounds, white text, yellow accents and a cyan focus
    /// ring, each text and focus colour at 7:1 or more against every ground it is drawn
    /// on (WCAG's AAA; ThemeContrastTests measures each pair). Sizes stay as they are:
    /// "size of everything" makes them larger.
    public static var highContrast: UITheme {
        var theme = UITheme()
        theme.backgroundDeep = Color(hex: 0x000000)
        theme.background = Color(hex: 0x0A0A0A)
        theme.card = Color(hex: 0x1A1A1A)
        theme.cardHover = Color(hex: 0x2E2E2E)
        theme.accent = Color(hex: 0xFFD400)
        theme.accentHover = Color(hex: 0xFFE566)
        theme.highlight = Color(hex: 0xFFE14D)
        theme.text = Color(hex: 0xFFFFFF)
        theme.textMuted = Color(hex: 0xE6E6E6)
        theme.textOnAccent = Color(hex: 0x000000)
        theme.destructive = Color(hex: 0x9E0000)
        theme.destructiveHover = Color(hex: 0xB00000)
        theme.warning = Color(hex: 0xFFA3A3)
        theme.errorSurface = Color(hex: 0x8A0000)
        theme.focusRing = Color(hex: 0x00E5FF)
        theme.selection = Color(hex: 0xFFD400, alpha: 0.45)
        theme.fieldBackground = Color(hex: 0x000000)
        theme.scrim = Color(hex: 0x000000, alpha: 0.8)
        theme.focusRingWidth = 4
        theme.controlOutline = Color(hex: 0xBFBFBF)
        return theme
    }
}
