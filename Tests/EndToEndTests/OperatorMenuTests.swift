import Foundation
import TestSupport
import Testing

/// The kiosk operator menu's settings look like settings: a label and a switch that
/// shows the state (a press flips it), the idle time with − and +; never a status
/// written on a button, where it was unclear what a press would change.
@Suite("The kiosk operator menu's settings, end to end")
struct OperatorMenuTests {
    /// Script lines that open the operator menu: the corner held, the PIN typed.
    static let unlock = "0.50 down 1240 30\n3.60 up 1240 30\n" + KioskRun.typed(KioskRun.pin, at: 3.8) + "\n"

    /// Pixels of the accent (the switches' colour when on) on the line of the text `label`.
    static func accentOnLine(of label: String, shot: Screenshot, texts: URL) throws -> Int {
        let box = try ManagePolishTests.box(of: label, in: texts)
        var count = 0
        for y in Int(box[1])..<Int(box[1] + box[3]) {
            for x in 0..<shot.width {
                let p = shot.pixel(x, y)
                if abs(Int(p[0]) - 0xFF) < 14 && abs(Int(p[1]) - 0x9F) < 14 && abs(Int(p[2]) - 0x6E) < 14 { count += 1 }
            }
        }
        return count
    }

    @Test("sound, the session summary and clean visitors are switches showing their state; the idle time steps with − and +")
    func settingsLookLikeSettings() throws {
        let kiosk = try KioskRun()
        let result = try kiosk.run(Self.unlock + """
            5.00 screenshot $DIR/before.png
            5.00 texts $DIR/before.jsonl
            5.20 click "Sound"
            5.40 click "Session summary on quit"
            5.60 click "Idle reset after +"
            5.80 screenshot $DIR/after.png
            5.80 texts $DIR/after.jsonl
            6.00 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(KioskRun.kioskLine(result).contains("screen operatorMenu"), "\(result.standardOutput)")
        let before = try EmptyLibraryTests.drawnTexts(kiosk.folder.file("before.jsonl"))
        for setting in ["Sound", "Session summary on quit", "Each visitor starts clean", "Idle reset after", "60 s"] {
            #expect(before.contains(setting), "\(setting) is not on the menu: \(before)")
        }
        for status in ["Sound is on", "Session summary on quit: off", "Idle reset after 60 s"] {
            #expect(!before.contains(status), "a status on a button: \(status)")
        }
        // The switches show their state: sound on (the accent), the summary off; a press flips each.
        let shotBefore = try Screenshot(kiosk.folder.file("before.png").path)
        let shotAfter = try Screenshot(kiosk.folder.file("after.png").path)
        let textsBefore = kiosk.folder.file("before.jsonl"), textsAfter = kiosk.folder.file("after.jsonl")
        #expect(try Self.accentOnLine(of: "Sound", shot: shotBefore, texts: textsBefore) > 300)
        #expect(try Self.accentOnLine(of: "Session summary on quit", shot: shotBefore, texts: textsBefore) < 50)
        #expect(try Self.accentOnLine(of: "Sound", shot: shotAfter, texts: textsAfter) < 50)
        #expect(try Self.accentOnLine(of: "Session summary on quit", shot: shotAfter, texts: textsAfter) > 300)
        let after = try EmptyLibraryTests.drawnTexts(textsAfter)
        #expect(after.contains("2 min"), "+ steps the idle time to the next choice: \(after)")
    }
}
