import Foundation
import TestSupport
import Testing

/// Help shows whole lines: what does not fit waits below, behind the scrollbar, and
/// is never drawn cut in half by the card's edge.
@Suite("Help shows whole lines, end to end")
struct HelpLinesTests {
    /// The overlay's texts whose ink the scroll's edge cuts: drawn, but not all of it shows.
    static func halfLines(_ url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["overlay"] as? Bool == true, let text = object["text"] as? String,
                  let visible = object["visible"] as? [Double], let inked = object["inked"] as? [Double],
                  visible.count == 4, inked.count == 4, inked[3] > 0 else { return nil }
            let top = visible[1], bottom = visible[1] + visible[3]
            // Wholly out of sight is no half line (nothing of it shows).
            guard visible[3] >= 0.5 else { return nil }
            let cut = inked[1] < top - 1 || inked[1] + inked[3] > bottom + 1
            return cut ? "\(text) (ink \(inked[1])...\(inked[1] + inked[3]), shown \(top)...\(bottom))" : nil
        }
    }

    @Test("Help over the punch screen and Manage, at rest and scrolled, shows no line cut in half",
          arguments: ["1280x720", "1024x600", "800x600", "480x360", "720x1280", "1920x1080"])
    func noHalfLines(size: String) throws {
        let run = HeadlessRun()
        let parts = size.split(separator: "x").compactMap { Int($0) }
        let (x, y) = (parts[0] / 2, parts[1] / 2)
        let result = try run.run("""
            7.50 key F1
            7.70 texts $DIR/main.jsonl
            7.80 move \(x) \(y)
            7.85 wheel 0 -1
            8.40 texts $DIR/scrolled.jsonl
            8.50 key F1
            8.60 key Ctrl+L
            8.80 key F1
            9.00 texts $DIR/manage.jsonl
            9.10 quit
            """, size: size)
        #expect(result.status == 0, "\(result.standardError)")
        for name in ["main", "scrolled", "manage"] {
            let half = try Self.halfLines(run.folder.file("\(name).jsonl"))
            #expect(half.isEmpty, "\(size), \(name): \(half)")
        }
    }
}
