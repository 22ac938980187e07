import Platform
import Testing

@Suite("The desktop's scale on X11")
struct DesktopScaleTests {
    @Test("GDK_SCALE wins over Xft.dpi, as in GTK; Xft.dpi counts in 96ths; nothing, less than 1x or nonsense is 1")
    func resolves() {
        #expect(DesktopScale.resolve(gdkScale: "2", xftDPI: 96) == 2)
        #expect(DesktopScale.resolve(gdkScale: nil, xftDPI: 192) == 2)
        #expect(DesktopScale.resolve(gdkScale: nil, xftDPI: 144) == 1.5)
        #expect(DesktopScale.resolve(gdkScale: nil, xftDPI: nil) == 1)
        #expect(DesktopScale.resolve(gdkScale: nil, xftDPI: 72) == 1)
        #expect(DesktopScale.resolve(gdkScale: "0", xftDPI: 192) == 2)
        #expect(DesktopScale.resolve(gdkScale: "two", xftDPI: nil) == 1)
        #expect(DesktopScale.resolve(gdkScale: "64", xftDPI: nil) == 4)
        #expect(DesktopScale.resolve(gdkScale: nil, xftDPI: .infinity) == 1)
    }
}
