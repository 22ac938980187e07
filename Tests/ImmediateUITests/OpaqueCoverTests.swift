import ImmediateUI
import Raster
import RenderTestSupport
import Testing

/// The UI tells the layer beneath which pixels it paints opaque, so that layer is not
/// drawn there: those pixels must come out the same whatever was under them.
@Suite("What the UI paints opaque")
struct OpaqueCoverTests {
    /// A frame like Manage's: a header panel, buttons, translucent and shadowed cards,
    /// and a scrolled list of rounded rows under its clip, at fractional positions.
    func buildFrame(_ harness: UIHarness) {
        harness.frame([.pointerMoved(x: 5, y: 5), .wheel(dx: 0, dy: -1)]) { ui in
            ui.panel(Rect(x: 20.5, y: 10.25, width: 900, height: 80))
            _ = ui.button("Add target", in: Rect(x: 940.3, y: 20, width: 200, height: 56))
            ui.fillRect(Rect(x: 30, y: 620, width: 400, height: 80), color: Color(hex: 0x203040, alpha: 0.5), cornerRadius: 8)
            ui.scrollList("rows", count: 40, rowHeight: 92, spacing: 10, padding: 4, in: Rect(x: 10, y: 100.5, width: 1200, height: 500)) { _, rect in
                ui.panel(rect, shadow: false)
            }
        }
    }

    @Test("pixels in the cover come out the same over any backdrop; a translucent card is not in it")
    func coverIsOverwritten() throws {
        let harness = UIHarness()
        buildFrame(harness)
        var cover: [PixelRect] = []
        harness.ui.opaqueCover(into: &cover)
        #expect(cover.count >= 8, "the header, the button and the visible rows: \(cover)")
        let plain = Canvas(width: 1280, height: 720), holed = Canvas(width: 1280, height: 720)
        plain.clear(Color(hex: 0x1E2540))
        holed.clear(Color(hex: 0x1E2540))
        // Garbage where the cover says the UI paints opaque.
        for rect in cover { holed.fill(rect, Color(hex: 0xFF00FF)) }
        harness.ui.render(on: plain)
        harness.ui.render(on: holed)
        var differing = 0
        for y in 0..<720 { for x in 0..<1280 where plain[x, y] != holed[x, y] { differing += 1 } }
        #expect(differing == 0, "\(differing) pixels show what was under the cover")
        // Not the translucent card, and nothing outside the list's clip.
        let translucent = PixelRect(x: 30, y: 620, width: 400, height: 80)
        #expect(!cover.contains { $0.intersects(translucent) })
        #expect(cover.allSatisfy { $0.maxY <= 601 }, "a row below the list's clip is in the cover")
    }

    @Test("the control: garbage outside the cover does show (the check can fail)")
    func outsideShows() {
        let harness = UIHarness()
        buildFrame(harness)
        let plain = Canvas(width: 1280, height: 720), holed = Canvas(width: 1280, height: 720)
        plain.clear(Color(hex: 0x1E2540))
        holed.clear(Color(hex: 0x1E2540))
        // A row's rounded corner and the gap between two rows are not covered.
        holed.fill(PixelRect(x: 10, y: 100, width: 1200, height: 500), Color(hex: 0xFF00FF))
        harness.ui.render(on: plain)
        harness.ui.render(on: holed)
        var differing = 0
        for y in 0..<720 { for x in 0..<1280 where plain[x, y] != holed[x, y] { differing += 1 } }
        #expect(differing > 1000)
    }
}
