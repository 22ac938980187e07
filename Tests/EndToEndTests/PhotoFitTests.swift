import Foundation
import TestSupport
import Testing

/// Photo fit through the built executable: a photo cropped, zoomed and panned in the
/// form with the mouse, a pinch and the keyboard, saved, and still cropped after a
/// relaunch, in `targets list --json` and on the punch screen; and the crop from a shell.
@Suite("Photo fit, end to end")
struct PhotoFitTests {
    /// A 400x400 photo in four quadrants: red, green / blue, yellow.
    static func quadrants() -> [UInt8] {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(400 * 400 * 4)
        for y in 0..<400 {
            for x in 0..<400 {
                switch (x < 200, y < 200) {
                case (true, true): pixels += [230, 30, 30, 255]
                case (false, true): pixels += [30, 200, 60, 255]
                case (true, false): pixels += [40, 60, 220, 255]
                case (false, false): pixels += [250, 220, 40, 255]
                }
            }
        }
        return TestPNG.encode(width: 400, height: 400, rgba: pixels)
    }

    /// The crop of the last target, as `targets list --json` says.
    static func lastCrop(_ cli: CLI) throws -> [String: Double] {
        let result = try cli.run("targets", "list", "--json")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        let crop = try #require(items.last?["crop"] as? [String: Double])
        return crop
    }

    /// How many pixels of the square of `radius` around (x, y) are close to `color`.
    static func share(of color: (Int, Int, Int), in shot: Screenshot, x: Int, y: Int, radius: Int) -> Double {
        var near = 0, all = 0
        for py in stride(from: y - radius, to: y + radius, by: 3) {
            for px in stride(from: x - radius, to: x + radius, by: 3) {
                let p = shot.pixel(px, py)
                all += 1
                if abs(Int(p[0]) - color.0) < 40 && abs(Int(p[1]) - color.1) < 40 && abs(Int(p[2]) - color.2) < 40 { near += 1 }
            }
        }
        return Double(near) / Double(max(1, all))
    }

    static let yellow = (250, 220, 40), red = (230, 30, 30)

    @Test("a photo zoomed by wheel and pinch and panned by keys in the form is saved cropped, and is still after a relaunch")
    func cropSurvivesRelaunch() throws {
        let run = HeadlessRun()
        let photo = try run.cli.file("quadrants.png", Self.quadrants())
        // The preview's middle at 1280x720 (its crop frame spans most of 40...530 x 120...556).
        var lines = [
            "0.10 drop \(photo)",
            "0.40 screenshot $DIR/form-whole.png",
            "0.50 move 285 338",
            "0.55 wheel 0 3",
            // Two fingers pinch apart to twice their distance.
            "0.70 touchdown 1 245 338",
            "0.70 touchdown 2 325 338",
            "0.75 touchmove 1 225 338",
            "0.75 touchmove 2 345 338",
            "0.80 touchmove 1 205 338",
            "0.80 touchmove 2 365 338",
            "0.85 touchup 1 205 338",
            "0.85 touchup 2 365 338",
            "1.00 click \"Picture crop\"",
        ]
        // Then the arrows, with the preview focused, to the photo's lower right corner.
        for index in 0..<30 {
            let time = 1.1 + Double(index) * 0.02
            lines.append(String(format: "%.2f key Right", time))
            lines.append(String(format: "%.2f key Down", time + 0.01))
        }
        lines += ["1.80 screenshot $DIR/form-cropped.png", "1.90 key Return", "2.40 quit"]
        let saved = try run.run(lines.joined(separator: "\n"))
        #expect(saved.status == 0, "\(saved.standardError)")
        let added = try #require(try run.cli.list().last)
        #expect(!added.builtin && added.name == "Quadrants")

        let crop = try Self.lastCrop(run.cli)
        let x = try #require(crop["x"]), y = try #require(crop["y"]), width = try #require(crop["width"]), height = try #require(crop["height"])
        // Wheel (1.15³) and pinch (×2) zoomed about 3×, keeping the square's shape; the
        // arrows took it to the lower right corner.
        #expect(width > 0.25 && width < 0.4, "\(crop)")
        #expect(abs(width - height) < 0.001, "\(crop)")
        #expect(abs(x + width - 1) < 0.001 && abs(y + height - 1) < 0.001, "\(crop)")

        // Relaunched: the crop is still there, and the punch screen shows only the yellow corner.
        let relaunched = try run.run("0.50 screenshot $DIR/main.png\n0.60 quit")
        #expect(relaunched.status == 0, "\(relaunched.standardError)")
        #expect(try Self.lastCrop(run.cli) == crop)
        let main = try Screenshot(run.folder.file("main.png").path)
        #expect(Self.share(of: Self.yellow, in: main, x: 640, y: 340, radius: 150) > 0.95)
        // Uncropped, the same picture shows its red quarter up and left of the middle.
        #expect(try run.cli.run("targets", "edit", String(added.id), "--crop", "full").status == 0)
        #expect(try run.run("0.50 screenshot $DIR/whole.png\n0.60 quit").status == 0)
        let whole = try Screenshot(run.folder.file("whole.png").path)
        #expect(Self.share(of: Self.red, in: whole, x: 560, y: 260, radius: 50) > 0.9)
        #expect(Self.share(of: Self.yellow, in: whole, x: 640, y: 340, radius: 150) < 0.4)
    }

    @Test("Square, a dragged corner and Reset in the form, saved by Enter from the crop's buttons")
    func squareAndReset() throws {
        let run = HeadlessRun()
        // A wide photo: Square takes its middle square.
        var pixels: [UInt8] = []
        for _ in 0..<(200 * 400) { pixels += [90, 140, 200, 255] }
        let photo = try run.cli.file("wide_view.png", TestPNG.encode(width: 400, height: 200, rgba: pixels))
        #expect(try run.run("0.10 drop \(photo)\n0.40 click \"Square\"\n0.60 key Return\n1.00 quit").status == 0)
        var crop = try Self.lastCrop(run.cli)
        #expect(crop == ["x": 0.25, "y": 0, "width": 0.5, "height": 1], "\(crop)")
        // Its top-left corner dragged a quarter of the frame in: still square, the
        // lower right corner where it was. (The frame, 200 photo pixels, spans 332
        // window pixels from (93, 146) at 1280x720: the form ends above the toasts' band.)
        let dragged = try run.run("""
            0.10 key Ctrl+L
            0.40 text "Wide"
            0.70 click "Edit"
            1.00 down 94 147
            1.05 move 140 193
            1.10 move 177 230
            1.15 up 177 230
            1.30 key Return
            1.70 quit
            """)
        #expect(dragged.status == 0, "\(dragged.standardError)")
        crop = try Self.lastCrop(run.cli)
        let x = try #require(crop["x"]), y = try #require(crop["y"]), width = try #require(crop["width"]), height = try #require(crop["height"])
        #expect(abs(x + width - 0.75) < 0.002 && abs(y + height - 1) < 0.002, "\(crop)")
        #expect(abs(width - 0.375) < 0.02 && abs(height - 2 * width) < 0.002, "\(crop)")
        // Edit it: Reset brings the whole photo back, and Enter after it saves.
        let id = try #require(try run.cli.list().last?.id)
        let edited = try run.run("0.10 key Ctrl+L\n0.40 text \"Wide\"\n0.70 click \"Edit\"\n1.00 click \"Reset\"\n1.20 key Return\n1.60 quit")
        #expect(edited.status == 0, "\(edited.standardError)")
        crop = try Self.lastCrop(run.cli)
        #expect(crop == ["x": 0, "y": 0, "width": 1, "height": 1], "\(crop)")
        #expect(try run.cli.list().last?.id == id)
    }

    @Test("targets edit --crop sets and lists the crop; nonsense is a usage error; built-in art refuses a crop")
    func cropFromTheShell() throws {
        let cli = CLI()
        let photo = try cli.file("boss.png", TestPNG.solid(width: 60, height: 40, rgba: (200, 80, 60, 255)))
        let added = try cli.run("targets", "add", "--name", "Boss", "--image", photo, "--crop", "0.1,0.2,0.5,0.5")
        #expect(added.status == 0, "\(added.standardError)")
        #expect(try Self.lastCrop(cli) == ["x": 0.1, "y": 0.2, "width": 0.5, "height": 0.5])
        let id = try #require(try cli.list().last?.id)
        #expect(try cli.run("targets", "edit", String(id), "--crop", "0,0,1,0.5").status == 0)
        #expect(try Self.lastCrop(cli) == ["x": 0, "y": 0, "width": 1, "height": 0.5])
        for bad in ["0.5,0.5,0.6,0.2", "0,0,0.05,0.5", "a,b,c,d", "0,0,1", "-0.1,0,0.5,0.5", "nan,0,0.5,0.5"] {
            let refused = try cli.run("targets", "edit", String(id), "--crop", bad)
            #expect(refused.status == 2 && refused.standardError.contains("--crop"), "\(bad): \(refused.standardError)")
        }
        #expect(try Self.lastCrop(cli) == ["x": 0, "y": 0, "width": 1, "height": 0.5], "a refused crop changes nothing")
        // Built-in art: the same edit reaches the target (a name change works), the crop is refused.
        let art = try #require(try cli.list().first { $0.builtin })
        let refused = try cli.run("targets", "edit", String(art.id), "--crop", "0,0,0.5,0.5")
        #expect(refused.status == 1 && refused.standardError.contains("built-in art"), "\(refused.standardError)")
        #expect(try cli.run("targets", "edit", String(art.id), "--name", "Renamed art").status == 0)
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(try cli.run("targets", "list", "--json").standardOutput.utf8))
            as? [[String: Any]])
        let artRow = try #require(listed.first { $0["id"] as? Int == art.id })
        #expect(artRow["name"] as? String == "Renamed art")
        #expect(artRow["crop"] as? [String: Double] == ["x": 0, "y": 0, "width": 1, "height": 1])
    }

    @Test("a cropped target's thumbnail is made once from the photo, kept as a file of its own, read back on the next launch, and shows the crop")
    func croppedThumbnailKept() throws {
        let run = HeadlessRun()
        let photo = try run.cli.file("quadrants.png", Self.quadrants())
        // The yellow quadrant only.
        let added = try run.cli.run("targets", "add", "--name", "Yellow", "--image", photo, "--crop", "0.5,0.5,0.5,0.5")
        #expect(added.status == 0, "\(added.standardError)")
        let thumbnails = URL(fileURLWithPath: run.cli.dataDirectory).appendingPathComponent("thumbnails")
        func names() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: thumbnails.path)) ?? []).sorted() }
        #expect(names().count == 1 && names().allSatisfy { $0.hasSuffix(".whole.thumb") }, "\(names())")
        // More targets shows every card: the crop's thumbnail is made and kept.
        let first = try run.run("0.30 key Ctrl+M\n0.80 screenshot $DIR/grid.png\n0.90 quit")
        #expect(first.status == 0, "\(first.standardError)")
        let kept = try #require(names().first { $0.hasSuffix(".crop-5000-5000-5000-5000.thumb") }, "\(names())")
        let file = thumbnails.appendingPathComponent(kept)
        // A JPEG (the photo is opaque), decoded here by ImageMagick under a name it knows.
        let copy = run.folder.file("kept-thumbnail.jpg")
        try FileManager.default.copyItem(at: file, to: copy)
        let decoded = try Screenshot(copy.path)
        #expect(decoded.width == 200 && decoded.height == 200, "the yellow quadrant is 200 px, under a thumbnail's 256")
        let middle = decoded.pixel(100, 100)
        #expect(abs(Int(middle[0]) - 250) < 30 && abs(Int(middle[1]) - 220) < 30 && middle[2] < 90, "\(middle)")
        // The next launch reads the file (it is not written again) and the card is yellow.
        let written = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 1.1)
        let second = try run.run("0.30 key Ctrl+M\n0.80 screenshot $DIR/grid-again.png\n0.90 quit")
        #expect(second.status == 0, "\(second.standardError)")
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date == written)
        let grid = try Screenshot(run.folder.file("grid-again.png").path)
        let yellowPixels = stride(from: 0, to: grid.height, by: 4).reduce(0) { count, y in
            count + stride(from: 0, to: grid.width, by: 4).filter { x in
                let p = grid.pixel(x, y)
                return abs(Int(p[0]) - 250) < 30 && abs(Int(p[1]) - 220) < 30 && p[2] < 90
            }.count
        }
        #expect(yellowPixels > 200, "the card shows the yellow quadrant (\(yellowPixels) samples)")
        let others = stride(from: 0, to: grid.height, by: 4).reduce(0) { count, y in
            count + stride(from: 0, to: grid.width, by: 4).filter { x in
                let p = grid.pixel(x, y)
                return abs(Int(p[0]) - 30) < 30 && abs(Int(p[1]) - 200) < 30 && abs(Int(p[2]) - 60) < 30
            }.count
        }
        #expect(others == 0, "no green from the quadrant the crop leaves out")
    }

    @Test("arrows in the Name field stay the field's; with the preview focused a gamepad's trigger zooms and its stick pans")
    func gamepadAndFieldArrows() throws {
        let run = HeadlessRun()
        let photo = try run.cli.file("quadrants.png", Self.quadrants())
        // The form opens on Name: the arrows move its caret (the X lands inside the
        // name), and the crop is left whole.
        let typed = try run.run("""
            0.10 drop \(photo)
            0.30 key Left
            0.32 key Left
            0.34 key Left
            0.40 text "X"
            0.50 key Return
            0.90 quit
            """)
        #expect(typed.status == 0, "\(typed.standardError)")
        #expect(try run.cli.list().last?.name == "QuadraXnts")
        #expect(try Self.lastCrop(run.cli) == ["x": 0, "y": 0, "width": 1, "height": 1])
        // The right trigger held half a second zooms by about √2, then the left stick
        // held right half a second moves the crop right by three steps.
        let padded = try run.run("""
            0.10 drop \(photo)
            0.30 click "Picture crop"
            0.50 padaxis righttrigger 1
            1.00 padaxis righttrigger 0
            1.10 padaxis leftx 1
            1.60 padaxis leftx 0
            1.80 key Return
            2.20 quit
            """)
        #expect(padded.status == 0, "\(padded.standardError)")
        let crop = try Self.lastCrop(run.cli)
        let x = try #require(crop["x"]), width = try #require(crop["width"]), height = try #require(crop["height"])
        #expect(width > 0.62 && width < 0.8 && abs(width - height) < 0.001, "\(crop)")
        #expect(x > (1 - width) / 2 + 0.05, "the stick moved it right: \(crop)")
    }
}
