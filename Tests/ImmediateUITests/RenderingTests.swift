import ImmediateUI
import Input
import Raster
import RenderTestSupport
import Testing

@Suite("Executing draw commands")
struct RenderingTests {
    /// A panel with a primary button, a focused text field and a toggled-on star.
    func buildPanel(_ ui: UIContext, text: inout String) {
        ui.panel(Rect(x: 10, y: 10, width: 340, height: 200))
        ui.beginColumn(in: Rect(x: 10, y: 10, width: 340, height: 200), spacing: 12, padding: 16)
        ui.label("New target", style: .title)
        ui.textField("name", text: &text, placeholder: "Name")
        ui.beginRow(height: 48)
        ui.button("Punch", icon: "🥊", style: .primary)
        _ = ui.toggle("favorite", isOn: true)
        ui.endLayout()
        ui.endLayout()
    }

    @Test("a small panel with a button, a focused text field and a toggle matches its snapshot")
    func goldenPanel() {
        let harness = UIHarness(width: 360, height: 220)
        harness.ui.scaleOverride = 1
        var text = "Büro 🥊"
        harness.frame(key(.tab)) { buildPanel($0, text: &text) }
        let commands = harness.frame { buildPanel($0, text: &text) }
        #expect(harness.ui.focused == WidgetID.of("name"))
        let canvas = Canvas(width: 360, height: 220)
        canvas.clear(harness.ui.theme.backgroundDeep)
        UIRenderer.execute(commands, on: canvas, glyphs: harness.glyphs)
        expectGolden(canvas, "panel")
    }

    @Test("clips nest and unbalanced ones are closed, leaving the canvas as it came")
    func clipsBalance() {
        let canvas = Canvas(width: 100, height: 100)
        let glyphs = BoxGlyphSource()
        UIRenderer.execute([
            .pushClip(Rect(x: 0, y: 0, width: 50, height: 50)),
            .rect(Rect(x: 0, y: 0, width: 100, height: 100), color: .white, cornerRadius: 0),
            .pushClip(Rect(x: 40, y: 40, width: 60, height: 60)),
            .popClip,
        ], on: canvas, glyphs: glyphs)
        #expect(canvas[10, 10] == 0xFFFF_FFFF)
        #expect(canvas[60, 60] == 0)
        #expect(canvas.clip == PixelRect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test("an image command fills its rounded rect with the picture")
    func image() {
        let canvas = Canvas(width: 40, height: 40)
        let picture = RasterImage(width: 8, height: 4, fill: Color(hex: 0x00FF00))
        UIRenderer.execute([.image(picture, Rect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 8, fit: .fill, opacity: 1)],
                           on: canvas, glyphs: BoxGlyphSource())
        #expect(canvas[20, 20] == 0xFF00_FF00)
        #expect(canvas[0, 0] >> 24 < 128)  // a rounded corner
        let fitted = Canvas(width: 40, height: 40)
        UIRenderer.execute([.image(picture, Rect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 0, fit: .fit, opacity: 1)],
                           on: fitted, glyphs: BoxGlyphSource())
        #expect(fitted[20, 20] == 0xFF00_FF00)
        #expect(fitted[20, 2] == 0)  // letterboxed above
    }

    @Test("a frame reuses its command storage")
    func reusesStorage() {
        let harness = UIHarness()
        let build = { (ui: UIContext) in for index in 0..<50 { ui.button("b\(index)") } }
        let first = harness.frame([], build)
        let second = harness.frame([], build)
        #expect(first == second)
        #expect(first.count == 100)
    }
}
