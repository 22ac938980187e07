import AppModel
import Foundation
import StressPunchApp
import Testing
import TestSupport

@Suite("Choosing a picture decodes it once")
struct PickerDecodeOnceTests {
    @Test("a picture the form and the picker have just shown is not decoded again when chosen; one changed on disk is")
    func chosenPictureDecodedOnce() throws {
        let app = try ScreenHarness()
        let file = app.folder.file("zebra.png")
        try Data(TestPNG.solid(width: 16, height: 16, rgba: (20, 200, 20, 255))).write(to: file)
        app.key(.character("l"), [.control])
        app.press("Add target")
        // Dropped on the form: its preview is the one decode.
        app.frame([.fileDropped(path: file.path)])
        app.frame()
        let shown = app.session.pictureCounts.thumbnailsMade
        #expect(shown >= 1)
        // Chosen again in the picker (which opens in its folder and shows its card).
        app.press("Choose picture…")
        #expect(app.session.page == .picker)
        app.press("zebra.png")
        #expect(app.session.page == .editor)
        #expect(app.session.pictureCounts.thumbnailsMade == shown, "chosen unchanged, it was decoded again")
        // Replaced on disk: looked at afresh.
        try Data(TestPNG.solid(width: 24, height: 24, rgba: (200, 20, 20, 255))).write(to: file)
        app.press("Choose picture…")
        app.press("zebra.png")
        #expect(app.session.pictureCounts.thumbnailsMade > shown, "a changed file was not looked at again")
    }
}
