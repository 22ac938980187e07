import Foundation
import TestSupport
import Testing

@Suite("The punch, end to end through headless scripts", .serialized)
struct PunchTests {
    /// A user target with a big opaque picture selected, so the middle of the window
    /// is solidly on the target.
    func runWithPhoto() throws -> HeadlessRun {
        let run = HeadlessRun()
        let picture = try run.cli.file("photo.png", TestPNG.solid(width: 400, height: 300, rgba: (40, 160, 220, 255)))
        let added = try run.cli.run("targets", "add", "--name", "Photo", "--image", picture)
        #expect(added.status == 0)
        let id = try #require(try run.cli.list().last?.id)
        #expect(try run.cli.run("targets", "select", String(id)).status == 0)
        return run
    }

    func selectedPunches(_ run: HeadlessRun) throws -> Int {
        try run.cli.list().first { $0.selected }?.punches ?? -1
    }

    @Test("a click on the target changes the pixels around it and counts a punch")
    func clickOnTarget() throws {
        let run = try runWithPhoto()
        let result = try run.run("""
            0.20 screenshot $DIR/before.png
            0.30 click 640 380
            0.35 screenshot $DIR/after.png
            0.40 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        let before = try Screenshot(run.folder.file("before.png").path)
        let after = try Screenshot(run.folder.file("after.png").path)
        #expect(after.changedPixels(comparedTo: before, aroundX: 640, y: 380, radius: 60) > 2000)
        #expect(try selectedPunches(run) == 1)
    }

    @Test("a click off the target shows the sprite but does not count")
    func clickOffTarget() throws {
        let run = try runWithPhoto()
        let result = try run.run("""
            0.20 screenshot $DIR/before.png
            0.30 click 60 60
            0.35 screenshot $DIR/after.png
            0.40 quit
            """)
        #expect(result.status == 0)
        let before = try Screenshot(run.folder.file("before.png").path)
        let after = try Screenshot(run.folder.file("after.png").path)
        #expect(after.changedPixels(comparedTo: before, aroundX: 60, y: 60, radius: 40) > 500)
        #expect(try selectedPunches(run) == 0)
        #expect(HeadlessRun.punchesLanded(result) == 0)
    }

    @Test("a tap counts once, and two fingers at once count twice")
    func touches() throws {
        let run = try runWithPhoto()
        let result = try run.run("""
            0.20 touch 640 380
            0.40 touchdown 1 560 360
            0.40 touchdown 2 720 400
            0.45 touchup 1 560 360
            0.45 touchup 2 720 400
            0.60 quit
            """)
        #expect(result.status == 0)
        #expect(HeadlessRun.punchesLanded(result) == 3)
        #expect(try selectedPunches(run) == 3)
    }

    @Test("a gamepad's A button punches at its reticle and asks for rumble; the stick moves the reticle off the target")
    func gamepad() throws {
        let run = try runWithPhoto()
        let result = try run.run("""
            0.20 pad a
            0.30 padaxis righttrigger 1
            0.35 padaxis righttrigger 0
            0.40 padaxis leftx -1
            1.40 padaxis leftx 0
            1.45 pad a
            1.60 screenshot $DIR/pad.png
            1.70 quit
            """)
        #expect(result.status == 0, "\(result.standardError)")
        // A and the trigger land in the middle; after a second hard left the reticle
        // has left the picture, so the last A only shows a sprite.
        #expect(HeadlessRun.punchesLanded(result) == 2)
        // One pulse each, and the full pull (999, the big one) its long rumble after.
        #expect(HeadlessRun.rumbleRequests(result) == 3)
        // The virtual pad's own rumble hook proves the request went through SDL.
        #expect((HeadlessRun.rumblesDelivered(result) ?? 0) >= 1)
        #expect(try selectedPunches(run) == 2)
    }

    @Test("keys 1 to 4 select favorites 1 to 4")
    func numberKeysSelectFavorites() throws {
        let run = HeadlessRun()
        let favorites = try run.cli.list().filter(\.favorite)
        for (index, favorite) in favorites.enumerated() {
            let result = try run.run("0.10 key \(index + 1)\n0.20 quit\n")
            #expect(result.status == 0)
            #expect(try run.cli.list().first { $0.selected }?.id == favorite.id)
        }
    }

    @Test("the same script on the same data gives byte-identical screenshots")
    func deterministic() throws {
        let script = """
            0.10 click 640 380
            0.15 click 700 300
            0.18 touch 500 420
            0.25 screenshot $DIR/shot.png
            0.30 quit
            """
        var shots: [Data] = []
        for _ in 0..<2 {
            let run = try runWithPhoto()
            #expect(try run.run(script).status == 0)
            shots.append(try Data(contentsOf: run.folder.file("shot.png")))
        }
        #expect(shots[0] == shots[1])
    }

    @Test("a malformed line stops the run before anything happens, naming its line")
    func malformedScript() throws {
        let run = HeadlessRun()
        let result = try run.run("""
            0.10 screenshot $DIR/never.png
            0.20 clack 5 5
            0.30 quit
            """)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("stresspunch: script line 2"))
        #expect(!FileManager.default.fileExists(atPath: run.folder.file("never.png").path))
    }

    @Test("unknown key names are refused with their line")
    func unknownKey() throws {
        let result = try HeadlessRun().run("0.10 key Ctrl+Frobnicate\n")
        #expect(result.status == 1)
        #expect(result.standardError.contains("script line 1"))
    }
}
