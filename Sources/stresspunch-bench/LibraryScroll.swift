import AppShell
import Foundation
import Platform
import TargetStore

/// library_scroll_10k: the real app's Manage screen at 1920x1080 over a library of
/// 10,000 targets, scrolled by the mouse wheel every frame; the figure is the median
/// time of a whole frame (input, UI for the visible rows, drawing on all cores,
/// presenting).
enum LibraryScroll {
    static func measure(frames: Int) throws -> Double {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stresspunch-scroll-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        setenv("SDL_AUDIODRIVER", "dummy", 1)
        let data = folder.appendingPathComponent("data")
        do {
            // 10,000 targets in one transaction (one by one would be 10,000 commits).
            let store = try TargetStore(dataDirectory: data)
            let assets = ["alarm-clock", "printer", "inbox", "meeting", "loading-wheel", "coffee-pot", "wifi-router", "deadline"]
            try store.connection.write { db in
                for index in 0..<10_000 {
                    try db.execute(
                        "INSERT INTO target (name, message, asset_name, sort_order, created_at) VALUES (?, ?, ?, ?, 0)",
                        [.text("Target \(index + 1)"), .text("Message number \(index + 1), punch it."),
                         .text(assets[index % assets.count]), .integer(Int64(100 + index))])
                }
            }
        }
        let app = try RunningApp(options: AppOptions(dataDirectory: data, size: WindowSize(width: 1920, height: 1080)), headless: true)
        defer { app.shutdown() }
        let injector = SDLEventInjector()
        injector.key(named: "L", modifiers: [.control], pressed: true, windowID: app.window.id)
        injector.key(named: "L", modifiers: [.control], pressed: false, windowID: app.window.id)
        var time = 0.0
        for _ in 0..<10 {
            _ = app.frame(frameTime: 1.0 / 60, time: time)
            time += 1.0 / 60
        }
        injector.mouseMove(x: 960, y: 600, windowID: app.window.id)
        var times: [Double] = []
        for _ in 0..<frames {
            injector.wheel(dy: -3, windowID: app.window.id)
            let start = AudioLatencyProbe.now()
            _ = app.frame(frameTime: 1.0 / 60, time: time)
            times.append(AudioLatencyProbe.now() - start)
            time += 1.0 / 60
        }
        return median(times)
    }
}
