import Input
import Raster
import Testing

/// The help's "Anywhere" keys: all of them, each written out whole, at every size.
@Suite("Help lists every key that works anywhere, none cut off")
struct HelpAnywhereTests {
    @Test("F1's Anywhere strip shows all eleven desktop keys in full at 480x360, 640x480, 1280x720 and in portrait",
          arguments: [(480, 360), (640, 480), (1280, 720), (720, 1280)])
    func everyKeyWhole(size: (Int, Int)) throws {
        let app = try ScreenHarness(width: size.0, height: size.1)
        app.key(.f1)
        let ui = try #require(app.session.ui)
        var texts: [(String, Rect, FontDescription)] = []
        var inStrip = false
        for command in ui.commands {
            guard case .text(let string, let rect, let font, _, _, _) = command else { continue }
            if string == "Anywhere" { inStrip = true; continue }
            if inStrip && string == "Mouse" { break }  // the first card: the strip is done
            if inStrip { texts.append((string, rect, font)) }
        }
        let label = "\(size.0)x\(size.1)"
        for key in ["F1 or ?", "Ctrl+L", "Ctrl+N", "Ctrl+Z", "F11", "Ctrl+Q"] {
            #expect(texts.contains { $0.0 == key }, "\(label): \(key) is missing from \(texts.map(\.0))")
        }
        #expect(texts.count == 22, "\(label): \(texts.count / 2) of 11 keys shown")
        for (text, rect, font) in texts {
            #expect(ui.textWidth(text, font: font) <= rect.width + 0.5, "\(label): “\(text)” cut to \(rect.width) px")
        }
    }
}
