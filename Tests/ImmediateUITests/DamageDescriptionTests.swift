import ImmediateUI
import Raster
import Testing

/// The UI's draw commands as damage tracking sees them (`UIContext.describe(into:)`).
@Suite("UI damage descriptions")
struct DamageDescriptionTests {
    static func described(_ harness: UIHarness, _ build: (UIContext) -> Void) -> DisplayList {
        harness.frame([], build)
        var list = DisplayList()
        harness.ui.describe(into: &list)
        return list
    }

    @Test("a hovered button damages its own rectangle and nothing else; the same frame again damages nothing")
    func hoverDamagesTheButton() {
        let harness = UIHarness()
        let rect = Rect(x: 100, y: 100, width: 200, height: 48)
        let build: (UIContext) -> Void = { ui in
            _ = ui.button("Far", in: Rect(x: 800, y: 500, width: 200, height: 48))
            _ = ui.button("Save", in: rect)
        }
        let before = Self.described(harness, build)
        var damage = Damage()
        damage.compute(from: before, to: Self.described(harness, build), width: 1280, height: 720)
        #expect(damage.isEmpty)
        harness.frame([.pointerMoved(x: 150, y: 120)], build)
        let hovered = Self.described(harness, build)
        damage.compute(from: before, to: hovered, width: 1280, height: 720)
        #expect(!damage.isEmpty)
        for damaged in damage.rects {
            #expect(damaged.intersects(rect.insetBy(-24).enclosingPixels), "\(damaged) is the button's")
            #expect(!damaged.intersects(PixelRect(x: 800, y: 500, width: 200, height: 48)))
        }
    }

    @Test("the same drawing in another clip is a change, and drawing clipped away touches nothing")
    func clipsCount() {
        let harness = UIHarness()
        func build(clip: Rect) -> (UIContext) -> Void {
            { ui in
                ui.pushClip(clip)
                ui.fillRect(Rect(x: 10, y: 10, width: 100, height: 100), color: Color(hex: 0x445566))
                ui.popClip()
            }
        }
        let wide = Self.described(harness, build(clip: Rect(x: 0, y: 0, width: 1280, height: 720)))
        let narrow = Self.described(harness, build(clip: Rect(x: 0, y: 0, width: 50, height: 720)))
        #expect(wide.entries.count == 1 && narrow.entries.count == 1)
        #expect(wide.entries[0].key != narrow.entries[0].key)
        #expect(narrow.entries[0].bounds.maxX <= 50, "bounds stay inside the clip")
        let away = Self.described(harness, build(clip: Rect(x: 600, y: 600, width: 50, height: 50)))
        #expect(away.entries[0].bounds.isEmpty)
    }

    @Test("pictures and focus rings are drawn across their whole width; fills and text may be cut anywhere")
    func exactness() {
        let harness = UIHarness()
        let picture = RasterImage(width: 8, height: 8, fill: Color(hex: 0x808080))
        let list = Self.described(harness) { ui in
            ui.fillRect(Rect(x: 0, y: 0, width: 50, height: 50), color: Color(hex: 0x112233))
            ui.draw(.image(picture, Rect(x: 60, y: 0, width: 40, height: 40), cornerRadius: 4, fit: .fill, opacity: 1))
            ui.draw(.text("Hi", Rect(x: 0, y: 60, width: 100, height: 30), font: ui.font(16), color: Color(hex: 0xFFFFFF),
                          alignment: .leading, maxLines: 1))
            ui.draw(.focusRing(Rect(x: 200, y: 200, width: 50, height: 20), cornerRadius: 4, color: Color(hex: 0xFFFFFF), width: 3))
        }
        #expect(list.entries.map(\.exactUnderClip) == [true, false, true, false])
    }
}
