import Foundation
import TestSupport
import Testing

/// Manage's list and a scrolling Settings reach down to the page's bottom margin at
/// any height: no empty strip is kept under a cut row (a toast, when one shows, clips
/// the list instead; ToastClearanceTests).
@Suite("Lists use the window's height, end to end")
struct ListHeightTests {
    /// How far above the window's bottom the lowest line of pixels holding a card's
    /// colour (the theme's 0x3A3D63: list rows, Settings' groups) is.
    static func emptyBand(_ shot: Screenshot) -> Int {
        for y in stride(from: shot.height - 1, through: 0, by: -1) {
            var card = 0
            for x in stride(from: 0, to: shot.width, by: 2) {
                let p = shot.pixel(x, y)
                if abs(Int(p[0]) - 0x3A) <= 3 && abs(Int(p[1]) - 0x3D) <= 3 && abs(Int(p[2]) - 0x63) <= 3 { card += 1 }
            }
            if card >= 20 { return shot.height - 1 - y }
        }
        return shot.height
    }

    /// The layout's scale at `width` x `height` (MainLayout's, landscape, 100 %).
    static func scale(_ width: Int, _ height: Int) -> Double { max(0.6, min(Double(width) / 1280, Double(height) / 720)) }

    @Test("Manage's list reaches the bottom margin at any height", arguments: ["1280x720", "1280x770", "1280x800", "1100x650", "480x360"])
    func manageReachesTheBottom(size: String) throws {
        let run = HeadlessRun()
        let result = try run.run("0.30 key Ctrl+L\n0.60 screenshot $DIR/manage.png\n0.70 quit\n", size: size)
        #expect(result.status == 0, "\(result.standardError)")
        let shot = try Screenshot(run.folder.file("manage.png").path)
        let band = Self.emptyBand(shot), s = Self.scale(shot.width, shot.height)
        // The bottom margin (28 points) and at most a gap between two rows (10).
        #expect(Double(band) <= 40 * s + 2, "\(size): \(band) px of empty band under the list")
    }

    @Test("Settings, scrolling at a large size of everything, reaches the bottom margin", arguments: ["1280x720", "1000x640"])
    func settingsReachesTheBottom(size: String) throws {
        let run = HeadlessRun()
        #expect(try run.cli.run("settings", "set", "ui-scale", "150").status == 0)
        let result = try run.run("0.30 key Ctrl+,\n0.60 screenshot $DIR/settings.png\n0.70 quit\n", size: size)
        #expect(result.status == 0, "\(result.standardError)")
        let shot = try Screenshot(run.folder.file("settings.png").path)
        let band = Self.emptyBand(shot)
        // The bottom margin (28 points) and at most the gap between two groups (18), at
        // up to 1.3 times.
        #expect(band <= 62, "\(size): \(band) px of empty band under the settings")
    }
}
