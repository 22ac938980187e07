import Foundation
import TestSupport
import Testing

@Suite("The dent, end to end")
struct DentEndToEndTests {
    /// A screenshot 150 ms after a 700 touch at (600, 330), with the dent setting on or off.
    static func frameAfterHit(dent: Bool) throws -> Screenshot {
        let run = HeadlessRun()
        if !dent {
            let set = try run.cli.run("settings", "set", "dent", "off")
            #expect(set.status == 0, "\(set.standardError)")
        }
        let result = try run.run("""
            0.30 click 640 380
            2.00 touchdown 1 600 330 0.648
            2.01 touchup 1 600 330
            2.15 screenshot $DIR/dent.png
            2.30 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(HeadlessRun.punchesLanded(result) == 2)
        return try Screenshot(run.folder.file("dent.png").path)
    }

    @Test("with dent on the picture changes around the hit point and nowhere far from it; with it off it does not dent")
    func dentChangesOnlyAroundTheHit() throws {
        let on = try Self.frameAfterHit(dent: true), off = try Self.frameAfterHit(dent: false)
        var near = 0, far = 0
        for y in 0..<on.height {
            for x in 0..<on.width where on.pixel(x, y) != off.pixel(x, y) {
                let dx = Float(x - 600), dy = Float(y - 330)
                if (dx * dx + dy * dy).squareRoot() < 190 { near += 1 } else { far += 1 }
            }
        }
        // The dent is the only difference: the sprite, the number, the squash and the shake are the same.
        #expect(near > 2000, "the dent changed only \(near) pixels around the hit")
        #expect(far == 0, "\(far) pixels changed far from the hit")
        // Off, the same run twice draws the same frame (the difference above is the dent).
        let again = try Self.frameAfterHit(dent: false)
        #expect(again.rgba == off.rgba)
    }
}
