import Input
import Raster
import Testing

/// The clock, the counter and the players' scores while a challenge runs sit on the
/// hidden favorites bar's band: never on the target's message or its picture.
@Suite("A challenge's clock and scores keep off the message and the picture")
struct ChallengeHUDPlacementTests {
    static let message = String(String(repeating: "Three hours and twelve slides left about synergy, please make it stop. ", count: 3).prefix(200))

    func overlaps(_ a: Rect, _ b: Rect) -> Bool { a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY }

    @Test("Rush and Versus at 480x360, 1280x720 and in portrait", arguments: [(480, 360), (1280, 720), (720, 1280)], [true, false])
    func hudClearsMessageAndPicture(size: (Int, Int), rush: Bool) throws {
        let app = try ScreenHarness(width: size.0, height: size.1)
        let target = try #require(app.session.library.selected)
        try app.store.update(id: target.id, message: Self.message)
        try app.session.library.reload()
        app.key(.character(rush ? "r" : "b"), [.control])
        for _ in 0..<200 { app.frame() }  // past the countdown, which stands on the picture on purpose
        let commands = app.session.ui?.commands ?? []
        var message: Rect?
        var hud: [(String, Rect)] = []
        for command in commands {
            guard case .text(let string, let rect, _, _, _, _) = command else { continue }
            if string == Self.message { message = rect }
            // The clock ("0:30"), the counter ("0 punches"), the players' labels and scores.
            if string.contains(":") && string.count <= 5 || string.hasSuffix("punches") || string.hasPrefix("Player") || Int(string) != nil {
                hud.append((string, rect))
            }
        }
        let label = "\(rush ? "Rush" : "Versus") at \(size.0)x\(size.1)"
        #expect(hud.count >= (rush ? 2 : 3), "\(label): \(app.session.visibleLabels)")
        let picture = app.session.controller.pictureRect
        for (text, rect) in hud {
            if let message { #expect(!overlaps(rect, message), "\(label): “\(text)” \(rect) on the message \(message)") }
            #expect(!overlaps(rect, picture), "\(label): “\(text)” \(rect) on the picture \(picture)")
        }
    }
}
