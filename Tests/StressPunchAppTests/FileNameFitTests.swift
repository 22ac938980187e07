import LibraryUI
import Raster
import RenderTestSupport
import Testing

@Suite("File names on picker cards")
struct FileNameFitTests {
    /// The fake font: every character half the font size wide (10 px at 20).
    let layout = TextLayout(source: BoxGlyphSource(), font: FontDescription(.regular, size: 20))

    @Test("a name too long for two lines is cut in its middle and keeps its extension whole")
    func keepsTheExtension() {
        let name = "holiday.photo.from.the.beach.2024.jpg"
        // 12 characters a line: the name takes four.
        #expect(layout.lineCount(of: name, width: 120) > 2)
        let fitted = FileNameFit.fitted(name, lines: 2, width: 120, layout: layout)
        #expect(fitted.hasSuffix("….jpg"), "\(fitted)")
        #expect(layout.lineCount(of: fitted, width: 120) <= 2)
        #expect(name.hasPrefix(String(fitted.dropLast("….jpg".count))))
        // As much of the name as fits: one character more would not.
        let longer = String(name.prefix(fitted.count - "….jpg".count + 1)) + "….jpg"
        #expect(layout.lineCount(of: longer, width: 120) > 2)
    }

    @Test("a name that fits, and one without an extension, are left as they are or cut at their end")
    func fitsOrHasNoExtension() {
        #expect(FileNameFit.fitted("cat.png", lines: 2, width: 120, layout: layout) == "cat.png")
        let fitted = FileNameFit.fitted(String(repeating: "x", count: 40), lines: 2, width: 120, layout: layout)
        #expect(fitted.hasSuffix("…") && layout.lineCount(of: fitted, width: 120) <= 2)
    }
}
