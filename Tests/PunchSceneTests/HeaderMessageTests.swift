import AppModel
import PunchScene
import Raster
import RenderTestSupport
import Testing

/// The target's message under its name on the main screen, drawn with the fake font.
@Suite("The main screen's message")
struct HeaderMessageTests {
    /// The message's colour, which the fake font's solid boxes draw exactly.
    static let messageInk: UInt32 = 0xFFC9_CCEB

    /// Bands of rows in the title area holding message ink: one per drawn line.
    static func lineBands(message: String) -> Int {
        let layout = MainLayout(width: 1280, height: 720)
        let renderer = MainSceneRenderer(layout: layout, burst: nil, glyphs: BoxGlyphSource())
        renderer.frame.title = "Target"
        renderer.frame.message = message
        renderer.preparePaints()
        let canvas = Canvas(width: 1280, height: 720)
        renderer.render(into: canvas)
        let area = layout.titleArea.enclosingPixels
        var bands = 0, inBand = false
        for y in area.y..<min(720, area.y + 200) {
            let inked = (area.x..<(area.x + area.width)).contains { canvas[$0, y] == messageInk }
            if inked && !inBand { bands += 1 }
            inBand = inked
        }
        return bands
    }

    @Test("at the 480x360 minimum and on narrow windows the tool strip and the picture start below the name and message",
          arguments: ["480x360", "800x600", "1024x640", "720x1280", "1280x720", "3840x2160"])
    func stripAndPictureBelowTheMessage(size: String) {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        for uiScale: Float in [1, 2] {
            let layout = MainLayout(width: parts[0], height: parts[1], uiScale: uiScale)
            #expect(layout.toolStrip.minY >= layout.titleArea.maxY, "\(size) at \(uiScale): the strip covers the message")
            #expect(layout.stage.minY >= layout.titleArea.maxY, "\(size) at \(uiScale): the picture covers the message")
        }
    }

    @Test("a message that fits stays one line")
    func shortMessage() {
        #expect(Self.lineBands(message: "Mondays.") == 1)
    }

    @Test("a long message wraps to three lines and no more")
    func longMessageWraps() {
        // 80 words of the fake font's 10 px boxes: far more than three lines of the title area.
        #expect(Self.lineBands(message: String(repeating: "word ", count: 80)) == 3)
        #expect(Self.lineBands(message: String(repeating: "word ", count: 20)) == 2)
    }
}
