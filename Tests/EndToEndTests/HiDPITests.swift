import Foundation
import TestSupport
import Testing

/// The brightness (0–255) of each pixel of a screenshot's `rect`, row by row.
func luma(_ shot: Screenshot, x: Int, y: Int, width: Int, height: Int) -> [[Int]] {
    var rows: [[Int]] = []
    for row in y..<(y + height) {
        var line: [Int] = []
        for column in x..<(x + width) {
            let pixel = shot.pixel(column, row)
            let red = Int(pixel[0]) * 54, green = Int(pixel[1]) * 183, blue = Int(pixel[2]) * 19
            line.append((red + green + blue) >> 8)
        }
        rows.append(line)
    }
    return rows
}

/// The step between horizontal neighbours that only the sharpest 0.1 % exceed. Text
/// drawn at an output's full resolution steps nearly from background to ink in one
/// pixel; drawn at half and scaled up, its steps are about halved.
func edgeStep(_ picture: [[Int]]) -> Int {
    var steps: [Int] = []
    for row in picture where row.count > 1 {
        for index in 1..<row.count { steps.append(abs(row[index] - row[index - 1])) }
    }
    guard !steps.isEmpty else { return 0 }
    steps.sort()
    return steps[min(steps.count - 1, steps.count * 999 / 1000)]
}

/// The same picture as if it had been drawn at half the size and scaled up by the
/// compositor: 2x2 box averages, then bilinear back to the full size. The control a
/// crisp frame must beat.
func halvedAndScaledUp(_ picture: [[Int]]) -> [[Int]] {
    let height = picture.count / 2, width = (picture.first?.count ?? 0) / 2
    guard width > 1, height > 1 else { return picture }
    var half = Array(repeating: Array(repeating: 0.0, count: width), count: height)
    for y in 0..<height {
        for x in 0..<width {
            let top = picture[2 * y][2 * x] + picture[2 * y][2 * x + 1]
            let bottom = picture[2 * y + 1][2 * x] + picture[2 * y + 1][2 * x + 1]
            half[y][x] = Double(top + bottom) / 4
        }
    }
    // Where each full-size pixel's centre falls among the half-size ones.
    func source(_ index: Int, _ count: Int) -> (Int, Int, Double) {
        let position = min(Double(count - 1), max(0, (Double(index) + 0.5) / 2 - 0.5))
        let low = Int(position)
        return (low, min(count - 1, low + 1), position - Double(low))
    }
    var result = Array(repeating: Array(repeating: 0, count: 2 * width), count: 2 * height)
    for y in 0..<(2 * height) {
        let (y0, y1, fy) = source(y, height)
        for x in 0..<(2 * width) {
            let (x0, x1, fx) = source(x, width)
            let top: Double = half[y0][x0] * (1 - fx) + half[y0][x1] * fx
            let bottom: Double = half[y1][x0] * (1 - fx) + half[y1][x1] * fx
            let value: Double = top * (1 - fy) + bottom * fy
            result[y][x] = Int(value.rounded())
        }
    }
    return result
}

/// The mean difference per channel (0–255) of two pictures of one size.
func meanDifference(_ a: Screenshot, _ b: Screenshot) -> Double {
    guard a.width == b.width, a.height == b.height, !a.rgba.isEmpty, a.rgba.count == b.rgba.count else { return 255 }
    var total = 0
    for index in a.rgba.indices where index % 4 != 3 { total += abs(Int(a.rgba[index]) - Int(b.rgba[index])) }
    return Double(total) / Double(a.rgba.count / 4 * 3)
}

extension RealWindowTests {
    /// The app's first window on a fresh library and a 4K screen, once at rest:
    /// its size, its smallest size, and a capture of it.
    static func firstWindow(resources: String?, environment: [String: String] = [:], capture file: String) throws
        -> (width: Int, height: Int, hints: String, shot: Screenshot) {
        let display = try VirtualDisplay(screen: "3840x2160x24")
        // A desktop: its window manager also holds the server open, which a bare Xvfb
        // resets (dropping the resources) when its last client leaves.
        let manager = try display.startWindowManager()
        defer { kill(manager.processIdentifier, SIGKILL); manager.waitUntilExit() }
        let cli = CLI()
        if let resources {
            let file = cli.folder.file("resources")
            try Data(resources.utf8).write(to: file)
            try display.tool("/usr/bin/xrdb", ["-nocpp", "-merge", file.path])
        }
        let app = try display.launch(["--data-dir", cli.dataDirectory, "--mute"], environment: environment)
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let windowID = try #require(try display.waitForWindow(named: "StressPunch"), "the window never appeared")
        // The entrance plays out; the desktop window then rests.
        usleep(2_500_000)
        let size = try geometry(display, windowID)
        let hints = try display.tool("/usr/bin/xprop", ["-id", windowID, "WM_NORMAL_HINTS"])
        try display.tool("/usr/bin/import", ["-window", windowID, file])
        return (size.width, size.height, hints, try Screenshot(file))
    }

    @Test("at 192 dpi (Xft.dpi as GNOME and KDE set it, or GDK_SCALE=2) the first window and its smallest size are twice as large, and it shows the 96-dpi window at twice the detail")
    func doubleDensityOnX11() throws {
        let folder = TemporaryDirectory("hidpi")
        let standard = try Self.firstWindow(resources: nil, capture: folder.file("standard.png").path)
        #expect((standard.width, standard.height) == (1280, 720))
        #expect(standard.hints.contains("minimum size: 480 by 360"))
        for (name, resources, environment) in [("Xft.dpi", "Xft.dpi: 192\n", [String: String]()),
                                               ("GDK_SCALE", nil, ["GDK_SCALE": "2"])] {
            let captured = folder.file("double.png").path
            let double = try Self.firstWindow(resources: resources, environment: environment, capture: captured)
            #expect((double.width, double.height) == (2560, 1440), "\(name): the first window is \(double.width)x\(double.height)")
            #expect(double.hints.contains("minimum size: 960 by 720"), "\(name): \(double.hints)")
            // Halved, the 2x window is the 1x one: the same layout, every part twice as large.
            let halved = folder.file("halved.png").path, corner = folder.file("corner.png").path
            _ = try ToolProcess.run("/usr/bin/convert", [captured, "-filter", "box", "-resize", "50%", halved])
            _ = try ToolProcess.run("/usr/bin/convert", [captured, "-crop", "1280x720+0+0", "+repage", corner])
            let scaled = meanDifference(try Screenshot(halved), standard.shot)
            // The control: the 2x window's corner at its own size is far from the 1x window.
            let unscaled = meanDifference(try Screenshot(corner), standard.shot)
            #expect(scaled < 6 && unscaled > 3 * scaled, "\(name): halved differs by \(scaled), its corner by \(unscaled)")
        }
    }
}
