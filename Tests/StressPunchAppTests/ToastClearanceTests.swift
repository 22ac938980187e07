import ImmediateUI
import Input
import Raster
import Testing

/// A long toast (the full-disk one) over each page with buttons at its bottom: the
/// page ends above the toast band, so nothing a user must reach is under it.
@Suite("Toasts never cover a page's controls")
struct ToastClearanceTests {
    static let fullDisk = "Punches are not being saved: the disk is full. Free some space; they are kept until then."

    /// Every text drawn on the page (before the toasts), and the toast's own box.
    func pageTexts(_ app: ScreenHarness) -> (texts: [(String, Rect)], toast: Rect?) {
        var texts: [(String, Rect)] = []
        var toast: Rect?
        var clips: [Rect] = []
        for command in app.session.ui?.commands ?? [] {
            switch command {
            case .pushClip(let rect): clips.append(clips.last.map { $0.intersection(rect) } ?? rect)
            case .popClip: _ = clips.popLast()
            case .text(let string, let rect, _, _, _, _):
                // What shows of it: a list row scrolled under its clip's edge shows only in part.
                let shown = clips.last.map { $0.intersection(rect) } ?? rect
                if string == Self.fullDisk { toast = rect } else if toast == nil, shown.width > 0, shown.height > 0 { texts.append((string, shown)) }
            default: break
            }
        }
        return (texts, toast)
    }

    @Test("the full-disk toast covers no label of the Add form, Manage, Settings or Stats, at 480x360, 1280x720 and in portrait",
          arguments: [(480, 360), (1280, 720), (720, 1280), (640, 480)])
    func toastClearsEveryPage(size: (Int, Int)) throws {
        let pages: [(String, Key)] = [("Add", .character("n")), ("Manage", .character("l")), ("Settings", .other(",")),
                                      ("Stats", .character("t"))]
        for (name, key) in pages {
            let app = try ScreenHarness(width: size.0, height: size.1)
            app.key(key, [.control])
            app.session.ui?.showToast(Self.fullDisk, kind: .error, duration: 8)
            app.frame()
            app.frame()
            let (texts, toast) = pageTexts(app)
            let box = try #require(toast, "\(name) at \(size): the toast did not show")
            #expect(texts.count > 3, "\(name) at \(size): the page is not there")
            for (text, rect) in texts where !text.isEmpty && rect.width > 0 {
                let covered = rect.minX < box.maxX && box.minX < rect.maxX && rect.minY < box.maxY && box.minY < rect.maxY
                #expect(!covered, "\(name) at \(size.0)x\(size.1): the toast \(box) covers “\(text)” \(rect)")
            }
        }
    }
}

private extension Rect {
    /// The part of this rectangle inside `other` (empty, not negative, when apart).
    func intersection(_ other: Rect) -> Rect {
        let left = max(minX, other.minX), top = max(minY, other.minY)
        return Rect(x: left, y: top, width: max(0, min(maxX, other.maxX) - left), height: max(0, min(maxY, other.maxY) - top))
    }
}
