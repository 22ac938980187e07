import AppShell
import Foundation
import LaunchOptions
import Platform
import TargetStore

/// library_scroll_10k: the real app's Manage screen at 1920x1080 over the bench's
/// library of 10,000 targets with 10,000 distinct pictures and thumbnails (see
/// `BenchLibrary`), scrolled by the mouse wheel, three notches a frame, one frame
/// every 1/60 s; the figure is the median time of a whole frame (input, UI for the
/// visible rows, drawing on all cores, presenting).
///
/// The app runs as the interactive one does (not headless): thumbnails it has not
/// shown yet are read and decoded on its background queues while frames go on, so a
/// frame never waits for a file. It runs in a child process of the bench, so what
/// the benches before left in this process's heap and threads plays no part.
enum LibraryScroll {
    static let childFlag = "--scroll-child"

    struct Figures {
        var medianMilliseconds: Double
        var slowestMilliseconds: Double
        var frames: Int
        var thumbnailsRead: Int
        var thumbnailsMade: Int
        var lastVisible: String
    }

    static func measure(frames: Int) throws -> Figures {
        try BenchLibrary.prepare()
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = [childFlag, BenchLibrary.tenThousand.path, String(frames)]
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "offscreen"
        environment["SDL_AUDIODRIVER"] = "dummy"
        child.environment = environment
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        try child.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let fields = text.split(separator: " ", maxSplits: 5).map(String.init)
        guard child.terminationStatus == 0, fields.count == 6, let middle = Double(fields[0]), let slowest = Double(fields[1]),
              let count = Int(fields[2]), let read = Int(fields[3]), let made = Int(fields[4])
        else { throw ImportBench.Failure.child }
        return Figures(medianMilliseconds: middle, slowestMilliseconds: slowest, frames: count, thumbnailsRead: read,
                       thumbnailsMade: made, lastVisible: fields[5])
    }

    /// Runs in the child: scrolls, prints the figures on one line, exits.
    static func runChild(data: String, frames: Int) -> Never {
        do {
            let app = try RunningApp(options: AppOptions(dataDirectory: URL(fileURLWithPath: data), size: WindowSize(width: 1920, height: 1080)),
                                     headless: false)
            let injector = SDLEventInjector()
            injector.key(named: "L", modifiers: [.control], pressed: true, windowID: app.window.id)
            injector.key(named: "L", modifiers: [.control], pressed: false, windowID: app.window.id)
            var time = 0.0
            func frame() -> Double {
                let start = nowMilliseconds()
                _ = app.frame(frameTime: 1.0 / 60, time: time)
                time += 1.0 / 60
                let spent = nowMilliseconds() - start
                // Paced like the display: the background decodes run between frames.
                if spent < 1000.0 / 60 { usleep(UInt32((1000.0 / 60 - spent) * 1000)) }
                return spent
            }
            // Settle: Manage opens and its first rows' thumbnails arrive.
            for _ in 0..<60 { _ = frame() }
            injector.mouseMove(x: 960, y: 600, windowID: app.window.id)
            _ = frame()
            var times: [Double] = []
            for _ in 0..<frames {
                injector.wheel(dy: -3, windowID: app.window.id)
                times.append(frame())
            }
            let counts = app.session.pictureCounts
            let last = app.session.visibleLabels.last { $0.hasPrefix("Target ") } ?? "-"
            print(String(format: "%.3f %.3f %d %d %d ", median(times), times.max() ?? 0, times.count, counts.thumbnailsRead,
                         counts.thumbnailsMade) + last.replacingOccurrences(of: " ", with: "_"))
            fflush(nil)
            app.shutdown()
            exit(0)
        } catch {
            exit(1)
        }
    }
}
