import Foundation
import TestSupport
import Testing

/// The size a headless run draws at when its command line names none.
@Suite("A headless run's size, end to end")
struct HeadlessSizeTests {
    @Test("without --size a headless run is 1280x720, the desktop's first size, not shrunk to SDL's offscreen display")
    func defaultSize() throws {
        let cli = CLI()
        let shot = cli.folder.file("shot.png").path
        let script = try cli.file("script.txt", Array("0.10 screenshot \(shot)\n0.20 quit\n".utf8))
        let result = try StressPunchProcess.run(["--headless", "--script", script, "--data-dir", cli.dataDirectory])
        #expect(result.status == 0, "\(result.standardError)")
        let picture = try Screenshot(shot)
        #expect(picture.width == 1280 && picture.height == 720, "\(picture.width)x\(picture.height)")
    }
}
