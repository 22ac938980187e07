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

/// A shadow is not drawn where the opaque card drawn right after it hides it.
@Suite("Shadows under their cards")
struct ShadowUnderCardTests {
    /// The same commands with a command that draws nothing after each shadow, so no
    /// shadow is followed by its card: every shadow is drawn whole.
    static func unspared(_ commands: [DrawCommand]) -> [DrawCommand] {
        commands.flatMap { command -> [DrawCommand] in
            guard case .shadow = command else { return [command] }
            return [command, .rect(Rect(x: 0, y: 0, width: 0, height: 0), color: .clear, cornerRadius: 0)]
        }
    }


    @Test("the frame is the same with each card's shadow spared under it, worked out or from masks")
    func sparedShadowsGiveTheSameFrame() {
        let harness = UIHarness()
        let build: (UIContext) -> Void = { ui in
            ui.panel(Rect(x: 20.5, y: 10.25, width: 900, height: 80))
            _ = ui.button("Add target", in: Rect(x: 940.3, y: 20, width: 200, height: 56))
            ui.panel(Rect(x: 100.7, y: 300.2, width: 290.4, height: 200.9))
            ui.fillRect(Rect(x: 30, y: 620, width: 400, height: 80), color: Color(hex: 0x203040, alpha: 0.5), cornerRadius: 8)
            ui.scrollList("rows", count: 40, rowHeight: 92, spacing: 10, padding: 4, in: Rect(x: 450, y: 100.5, width: 800, height: 500)) { _, rect in
                ui.panel(rect)
            }
        }
        harness.frame([], build)
        let commands = harness.ui.commands
        #expect(commands.contains { if case .shadow = $0 { return true } else { return false } })
        let spared = Canvas(width: 1280, height: 720), whole = Canvas(width: 1280, height: 720)
        for canvas in [spared, whole] { canvas.clear(Color(hex: 0x1E2540)) }
        UIRenderer.execute(commands, on: spared, glyphs: harness.glyphs)
        UIRenderer.execute(Self.unspared(commands), on: whole, glyphs: harness.glyphs)
        #expect(spared.differingPixels(from: whole) == 0)
        // The second frame draws the shadows that held still from masks.
        harness.frame([], build)
        let masked = Canvas(width: 1280, height: 720)
        masked.clear(Color(hex: 0x1E2540))
        harness.ui.render(on: masked)
        #expect(masked.differingPixels(from: whole) == 0)
    }
}
