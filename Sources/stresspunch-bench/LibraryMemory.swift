import AppShell
import Foundation
import LaunchOptions
import PictureCodecs
import Pictures
import Platform
import TargetStore

/// A library of 10,000 targets with distinct pictures, made once per bench run in a
/// temp folder and shared by library_scroll_10k, rss_browse_10k and startup_10k.
///
/// The pictures are small (256x192 JPEGs, each a different colour with its number's
/// bits as bars) and go straight into the store's folders with their thumbnails as an
/// import leaves them (a picture this small is its own thumbnail), and the rows in
/// one transaction: importing 10,000 files one by one would take minutes.
enum BenchLibrary {
    static let count = 10_000
    static let pictureSize = (width: 256, height: 192)

    /// Set to a folder, the libraries are kept there and reused by later runs (making
    /// 20,000 files takes minutes on a busy disk); else they go at the end of the run.
    static let keptVariable = "STRESSPUNCH_BENCH_LIBRARY"
    static let kept = ProcessInfo.processInfo.environment[keptVariable].map { URL(fileURLWithPath: $0) }

    /// The folder holding `data/` (the 10,000) and `builtins/` (the 8 built-ins only).
    static let root = kept ?? FileManager.default.temporaryDirectory.appendingPathComponent("stresspunch-bench-library-\(getpid())")
    static var tenThousand: URL { root.appendingPathComponent("data") }
    static var builtinsOnly: URL { root.appendingPathComponent("builtins") }
    /// Written last: a kept folder without it was left half made.
    static var completeMarker: URL { root.appendingPathComponent("complete") }
    nonisolated(unsafe) private static var made = false

    /// Makes both libraries the first time it is called (unless kept ones are whole).
    static func prepare() throws {
        guard !made else { return }
        if kept != nil, FileManager.default.fileExists(atPath: completeMarker.path) {
            made = true
            return
        }
        // A half-made kept library is made again; only our two folders in it are touched.
        for folder in [tenThousand, builtinsOnly] { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        _ = try TargetStore(dataDirectory: builtinsOnly)
        let store = try TargetStore(dataDirectory: tenThousand)
        let codec = SDLPictureCodec()
        var names: [String] = []
        names.reserveCapacity(count)
        for index in 0..<count {
            let bytes = try codec.encode(picture(index), as: .jpeg)
            let name = String(format: "bench-%05d.jpg", index)
            try Data(bytes).write(to: store.pictures.directory.appendingPathComponent(name))
            if let thumbnail = store.thumbnails.url(forPicture: name) { try Data(bytes).write(to: thumbnail) }
            names.append(name)
        }
        try store.connection.write { db in
            for (index, name) in names.enumerated() {
                try db.execute(
                    "INSERT INTO target (name, message, image_file, sort_order, created_at) VALUES (?, ?, ?, ?, 0)",
                    [.text("Target \(index + 1)"), .text("Picture number \(index + 1), punch it."), .text(name),
                     .integer(Int64(100 + index))])
            }
        }
        try Data().write(to: completeMarker)
        made = true
    }

    static func remove() {
        if kept == nil { try? FileManager.default.removeItem(at: root) }
    }

    /// Picture `index`: a diagonal gradient of its own hue, its number in bars.
    static func picture(_ index: Int) -> PictureBitmap {
        let (width, height) = pictureSize
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        // The golden angle apart: neighbours in the grid never look alike.
        let hue = (Double(index) * 0.381_966).truncatingRemainder(dividingBy: 1)
        for y in 0..<height {
            for x in 0..<width {
                let p = (y * width + x) * 4
                let shade = Double(x + y) / Double(width + height)
                // The bars sit mid-height, where a square card's crop still shows them.
                let bit = y >= height / 2 - 12 && y < height / 2 + 12 && (index >> (x * 14 / width)) & 1 == 1
                pixels[p] = bit ? 250 : UInt8(255 * (0.5 + 0.5 * sin(2 * .pi * hue)) * (0.4 + 0.6 * shade))
                pixels[p + 1] = bit ? 250 : UInt8(255 * (0.5 + 0.5 * sin(2 * .pi * (hue + 0.33))) * (0.4 + 0.6 * shade))
                pixels[p + 2] = bit ? 250 : UInt8(255 * (0.5 + 0.5 * sin(2 * .pi * (hue + 0.67))) * (0.4 + 0.6 * shade))
            }
        }
        return PictureBitmap(width: width, height: height, pixels: pixels)
    }
}

/// rss_browse_10k: the real app (headless: the offscreen driver, pictures decoded as
/// they are shown) over the 10,000, scrolled by the wheel through More targets and
/// then Manage from the first target to the last; the figure is the resident memory
/// when it is done. In a child process of this binary, so nothing the benches before
/// left in this process's heap counts.
enum RSSBrowse {
    static let childFlag = "--rss-browse-child"

    struct Figures {
        var residentMB: Double
        var peakMB: Double
        var framesScrolled: Int
        var thumbnailsRead: Int
        var thumbnailsMade: Int
    }

    /// Runs in the child: browses, prints the figures on one line, exits.
    static func runChild(data: String) -> Never {
        do {
            let figures = try browse(data: URL(fileURLWithPath: data))
            print(String(format: "%.3f %.3f %d %d %d", figures.residentMB, figures.peakMB, figures.framesScrolled,
                         figures.thumbnailsRead, figures.thumbnailsMade))
            exit(0)
        } catch {
            FileHandle.standardError.write("stresspunch-bench: browse child: \(error)\n".data(using: .utf8) ?? Data())
            exit(1)
        }
    }

    static func browse(data: URL) throws -> Figures {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        setenv("SDL_AUDIODRIVER", "dummy", 1)
        let app = try RunningApp(options: AppOptions(dataDirectory: data, size: WindowSize(width: 1920, height: 1080)), headless: true)
        defer { app.shutdown() }
        let injector = SDLEventInjector()
        var time = 0.0
        func frame() {
            _ = app.frame(frameTime: 1.0 / 60, time: time)
            time += 1.0 / 60
        }
        var scrolled = 0
        // More targets (Ctrl+M), a notch a frame (three rows of cards, fewer than show);
        // then Manage (Ctrl+L), three notches a frame (nine rows, fewer than show).
        for (key, notches) in [("M", 1), ("L", 3)] {
            injector.key(named: key, modifiers: [.control], pressed: true, windowID: app.window.id)
            injector.key(named: key, modifiers: [.control], pressed: false, windowID: app.window.id)
            for _ in 0..<5 { frame() }
            injector.mouseMove(x: 960, y: 600, windowID: app.window.id)
            frame()
            for _ in 0..<20_000 {
                injector.wheel(dy: Float(-notches), windowID: app.window.id)
                frame()
                scrolled += 1
                if app.session.visibleLabels.contains("Target \(BenchLibrary.count)") { break }
            }
            guard app.session.visibleLabels.contains("Target \(BenchLibrary.count)") else {
                throw ImportBench.Failure.child
            }
        }
        let counts = app.session.pictureCounts
        return Figures(residentMB: Double(ImportRSS.status("VmRSS")) / 1024, peakMB: Double(ImportRSS.status("VmHWM")) / 1024,
                       framesScrolled: scrolled, thumbnailsRead: counts.thumbnailsRead, thumbnailsMade: counts.thumbnailsMade)
    }

    /// Browses in a child process and returns its figures.
    static func measure() throws -> Figures {
        try BenchLibrary.prepare()
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = [childFlag, BenchLibrary.tenThousand.path]
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(separator: " ").map { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard child.terminationStatus == 0, fields.count == 5, let resident = fields[0], let peak = fields[1],
              let frames = fields[2], let read = fields[3], let made = fields[4]
        else { throw ImportBench.Failure.child }
        return Figures(residentMB: resident, peakMB: peak, framesScrolled: Int(frames), thumbnailsRead: Int(read), thumbnailsMade: Int(made))
    }
}

/// startup_10k: the built `stresspunch` started on the 10,000-target library until its
/// first frame is presented (it says when: see `AppRunner.firstPresentVariable`),
/// against `startup_8`, the same on a library of the 8 built-ins. Launches alternate,
/// after one warm-up of each (the first open of a library makes its daily backup).
enum Startup {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The app binary beside this one in the build folder.
    static var appBinary: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("stresspunch")
    }

    /// Milliseconds from starting the process to its first presented frame.
    static func launch(data: URL) throws -> Double {
        let child = Process()
        child.executableURL = appBinary
        child.arguments = ["--data-dir", data.path, "--size", "1280x720", "--mute"]
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "offscreen"
        environment["SDL_AUDIODRIVER"] = "dummy"
        environment[AppRunner.firstPresentVariable] = "1"
        child.environment = environment
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        let start = nowMilliseconds()
        try child.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard child.terminationStatus == 0,
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("first-present-ms ") }),
              let presented = Double(line.dropFirst("first-present-ms ".count))
        else { throw Failure(description: "the app did not report its first frame (exit \(child.terminationStatus))") }
        return presented - start
    }

    static func measure(runs: Int) throws -> (tenThousand: Double, builtins: Double) {
        guard FileManager.default.isExecutableFile(atPath: appBinary.path) else {
            throw Failure(description: "no app at \(appBinary.path); build it first: swift build -c release --product stresspunch")
        }
        try BenchLibrary.prepare()
        _ = try launch(data: BenchLibrary.tenThousand)
        _ = try launch(data: BenchLibrary.builtinsOnly)
        var big: [Double] = [], small: [Double] = []
        for _ in 0..<runs {
            big.append(try launch(data: BenchLibrary.tenThousand))
            small.append(try launch(data: BenchLibrary.builtinsOnly))
        }
        return (median(big), median(small))
    }
}
