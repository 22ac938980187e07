// stresspunch-bench: our renderer against raw SDL2 and pixman on the main scene.
//
//   swift run -c release stresspunch-bench [--json] [--filter NAME] [--frames N] [--dump]
//
// Ours and the anchor run interleaved in one process (ours frame, anchor frame, ...)
// after a warm-up; each figure is the median frame time.

import CSDL2  // raw SDL: the anchor, SDL_ttf labels and PNG dumps (the app keeps SDL in Platform)
import Foundation
import PunchScene
import Raster
import Shaders

#if canImport(Glibc)
import Glibc
#endif

// MARK: Setup

// The import_24mp_rss child: one import in a fresh process, then exit (see ImportRSS).
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == ImportRSS.childFlag {
    ImportRSS.runChild(path: CommandLine.arguments[2], images: CommandLine.arguments[3])
}

// The rss_browse_10k child: browse the 10,000 in a fresh process, then exit (see RSSBrowse).
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == RSSBrowse.childFlag {
    RSSBrowse.runChild(data: CommandLine.arguments[2])
}

// The real-window latency child: the app on an X server of the bench's (see X11Latency).
if CommandLine.arguments.count == 5, CommandLine.arguments[1] == X11Latency.childFlag {
    X11Latency.runChild(scenario: CommandLine.arguments[2], data: CommandLine.arguments[3], rounds: Int(CommandLine.arguments[4]) ?? 1)
}

// The library_scroll_10k child: Manage scrolled over the 10,000 (see LibraryScroll).
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == LibraryScroll.childFlag {
    LibraryScroll.runChild(data: CommandLine.arguments[2], frames: Int(CommandLine.arguments[3]) ?? 120)
}

// The idle benches' child: the app at rest in a fresh process (see IdleBench).
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == IdleBench.childFlag {
    IdleBench.runChild(scenario: CommandLine.arguments[2], data: CommandLine.arguments[3])
}
let options = parseOptions()
let assets = SceneAssets()
let layout1080 = SceneLayout(scale: 1)
let layout4K = SceneLayout(scale: 2)
// Labels come from SDL_ttf once, outside the timed loop; with no font both skip text.
let labels1080 = LabelRenderer.render(SceneAssets.labelTexts, pointSize: layout1080.labelPointSize)
let labels4K = LabelRenderer.render(SceneAssets.labelTexts, pointSize: layout4K.labelPointSize)

func wanted(_ name: String) -> Bool { options.filter == nil || options.filter == name }

var benches: [Bench] = []
// Kept alive for the whole run (closures hold them too; this keeps deinit order plain).
var keepAlive: [AnyObject] = []

do {
    let canvas = Canvas(width: layout1080.width, height: layout1080.height)
    let scene = OursScene(layout: layout1080, assets: assets, labels: labels1080)
    let executor = BandExecutor(canvas: canvas)
    let anchor = try SDLSceneAnchor(layout: layout1080, assets: assets, labels: labels1080)
    keepAlive += [canvas, scene, executor, anchor]
    if wanted("compose_1080p") {
        benches.append(Bench(
            name: "compose_1080p", ours: { canvas.resetClip(); scene.render(into: canvas) },
            anchorName: "sdl2_software_renderer", anchor: { anchor.draw() },
            goal: "ratio <= 0.12", meets: { _, ratio in (ratio ?? 1) <= 0.12 },
            extras: {
                // The rotate stage of the frames timed (not the warm-up's).
                let times = anchor.rotateTimes.suffix(options.frames)
                anchor.rotateTimes.removeAll()
                return [("anchor_rotate_ms", median(Array(times)))]
            }))
    }
    if wanted("compose_1080p_mt") {
        benches.append(Bench(
            name: "compose_1080p_mt", ours: { executor.render(scene) },
            anchorName: "sdl2_software_renderer", anchor: { anchor.draw() },
            goal: "ratio <= 0.08", meets: { _, ratio in (ratio ?? 1) <= 0.08 }, threads: executor.threadCount))
    }
    if wanted("compose_1080p_marks") {
        // The same scene with 300 marks on the target, the painter asked for the marked
        // picture every frame as the app does (it draws them only when they change).
        let marked = OursScene(layout: layout1080, assets: assets, labels: labels1080)
        let painter = MarkPainter()
        let marks = BenchMarks.threeHundred()
        keepAlive += [marked, painter]
        benches.append(Bench(
            name: "compose_1080p_marks",
            ours: { marked.picture = painter.picture(assets.picture, with: marks); canvas.resetClip(); marked.render(into: canvas) },
            anchorName: "compose_1080p", anchor: { canvas.resetClip(); scene.render(into: canvas) },
            goal: "ratio <= 1.15", meets: { _, ratio in (ratio ?? 2) <= 1.15 }))
    }
    if wanted("scene_1080p") || wanted("scene_1080p_mt") || wanted("scene_1080p_dent") {
        // The real punch screen (see RealPunchScreen) against cairo drawing its primitives.
        let screen = try RealPunchScreen()
        let sceneCanvas = Canvas(width: RealPunchScreen.size.width, height: RealPunchScreen.size.height)
        keepAlive += [screen, sceneCanvas]
        if !options.json { print(screen.contents) }
        if options.breakdown {
            for (part, milliseconds) in screen.breakdown(frames: options.frames) { print("  " + pad(part, 44) + format(milliseconds) + " ms") }
        }
        if wanted("scene_1080p") {
            let cairo = try CairoPunchScreen(screen: screen, threads: 1)
            keepAlive.append(cairo)
            benches.append(Bench(
                name: "scene_1080p", ours: { sceneCanvas.resetClip(); screen.scene.render(into: sceneCanvas) },
                anchorName: "cairo_image", anchor: { cairo.draw() },
                goal: "ratio <= 0.36", meets: { _, ratio in (ratio ?? 1) <= 0.36 }))
            if options.dump {
                sceneCanvas.resetClip()
                screen.scene.render(into: sceneCanvas)
                cairo.draw()
                writePNG(pixels: UnsafeMutableRawPointer(sceneCanvas.pixels), width: sceneCanvas.width, height: sceneCanvas.height,
                         pitch: sceneCanvas.stride * 4, to: "/tmp/bench-scene-ours.png")
                cairo.writePNG(to: "/tmp/bench-scene-cairo.png")
            }
        }
        if wanted("scene_1080p_dent") {
            // The same frame mid-dent (the click's, 0.2 s on: springing back, its ripple
            // running out) against it flat: what bending the picture in its own pass costs.
            let dents = screen.dents
            benches.append(Bench(
                name: "scene_1080p_dent",
                ours: { screen.scene.frame.dents = dents; sceneCanvas.resetClip(); screen.scene.render(into: sceneCanvas) },
                anchorName: "scene_1080p_flat",
                anchor: { screen.scene.frame.dents = []; sceneCanvas.resetClip(); screen.scene.render(into: sceneCanvas) },
                goal: "ratio <= 1.3", meets: { _, ratio in (ratio ?? 2) <= 1.3 }))
        }
        if wanted("scene_1080p_mt") {
            let sceneExecutor = BandExecutor(canvas: sceneCanvas)
            let cairo = try CairoPunchScreen(screen: screen, threads: sceneExecutor.threadCount)
            keepAlive += [sceneExecutor, cairo]
            benches.append(Bench(
                name: "scene_1080p_mt", ours: { screen.scene.prepareItems(); sceneExecutor.render(screen.scene) },
                anchorName: "cairo_image", anchor: { cairo.draw() },
                goal: "ratio <= 0.36", meets: { _, ratio in (ratio ?? 1) <= 0.36 }, threads: sceneExecutor.threadCount))
            if options.dump {
                screen.scene.prepareItems()
                sceneExecutor.render(screen.scene)
                cairo.draw()
                writePNG(pixels: UnsafeMutableRawPointer(sceneCanvas.pixels), width: sceneCanvas.width, height: sceneCanvas.height,
                         pitch: sceneCanvas.stride * 4, to: "/tmp/bench-scene-mt-ours.png")
                cairo.writePNG(to: "/tmp/bench-scene-mt-cairo.png")
            }
        }
    }
    if options.breakdown {
        // Where ours spends a single-thread 1080p frame, part by part (no anchor).
        for (part, milliseconds) in scene.breakdown(canvas, frames: options.frames) {
            print(pad(part, 12) + format(milliseconds) + " ms")
        }
        // And what handing a frame to the band threads costs by itself, and per band.
        final class NothingRenderer: BandRenderer { func render(into band: Canvas) {} }
        final class TimedScene: BandRenderer, @unchecked Sendable {
            // @unchecked: each band thread writes only its own slot of `times`, a plain
            // buffer (an Array property would be one shared value written from two threads).
            let scene: OursScene
            let times = UnsafeMutablePointer<Double>.allocate(capacity: 8)
            init(_ scene: OursScene) {
                self.scene = scene
                times.initialize(repeating: 0, count: 8)
            }
            deinit { times.deallocate() }
            func render(into band: Canvas) {
                let start = nowMilliseconds()
                scene.render(into: band)
                times[min(7, band.band.y * 2 / max(1, band.height))] = nowMilliseconds() - start
            }
        }
        let nothing = NothingRenderer()
        let timed = TimedScene(scene)
        var roundTrips: [Double] = [], bands: [[Double]] = [[], []], whole: [Double] = []
        for _ in 0..<options.frames {
            var start = nowMilliseconds()
            executor.render(nothing)
            roundTrips.append(nowMilliseconds() - start)
            start = nowMilliseconds()
            executor.render(timed)
            whole.append(nowMilliseconds() - start)
            bands[0].append(timed.times[0]); bands[1].append(timed.times[1])
        }
        // The same after 20 ms idle (as between frames in the interleaved bench, while
        // the anchor draws): the worker's core may have gone to sleep meanwhile.
        var idleTrips: [Double] = [], idleWhole: [Double] = []
        for _ in 0..<options.frames {
            usleep(20_000)
            var start = nowMilliseconds()
            executor.render(nothing)
            idleTrips.append(nowMilliseconds() - start)
            usleep(20_000)
            start = nowMilliseconds()
            executor.render(timed)
            idleWhole.append(nowMilliseconds() - start)
        }
        print(pad("executor", 12) + format(median(roundTrips)) + " ms (empty frame), "
            + format(median(idleTrips)) + " ms after 20 ms idle")
        print(pad("mt frame", 12) + format(median(idleWhole)) + " ms after 20 ms idle")
        print(pad("mt frame", 12) + format(median(whole)) + " ms; top half " + format(median(bands[0]))
            + " ms, bottom half " + format(median(bands[1])) + " ms")
        exit(0)
    }
    if options.dump {
        canvas.resetClip()
        scene.render(into: canvas)
        anchor.draw()
        writePNG(pixels: UnsafeMutableRawPointer(canvas.pixels), width: canvas.width, height: canvas.height,
                 pitch: canvas.stride * 4, to: "/tmp/bench-ours.png")
        if let pixels = anchor.surface.pointee.pixels {
            writePNG(pixels: pixels, width: layout1080.width, height: layout1080.height,
                     pitch: Int(anchor.surface.pointee.pitch), to: "/tmp/bench-anchor.png")
        }
    }

    if wanted("compose_4k_mt") {
        let canvas4K = Canvas(width: layout4K.width, height: layout4K.height)
        let scene4K = OursScene(layout: layout4K, assets: assets, labels: labels4K)
        let executor4K = BandExecutor(canvas: canvas4K)
        let anchor4K = try SDLSceneAnchor(layout: layout4K, assets: assets, labels: labels4K)
        keepAlive += [canvas4K, scene4K, executor4K, anchor4K]
        benches.append(Bench(
            name: "compose_4k_mt", ours: { executor4K.render(scene4K) },
            anchorName: "sdl2_software_renderer", anchor: { anchor4K.draw() },
            goal: "ours <= 6.9 ms", meets: { ours, _ in ours <= 6.9 }, threads: executor4K.threadCount))
    }

    if wanted("affine_blit") || options.dump {
        let oursCanvas = Canvas(width: layout1080.width, height: layout1080.height)
        let pixmanCanvas = Canvas(width: layout1080.width, height: layout1080.height)
        // Same background under both, so OVER does the same work at the edges.
        oursCanvas.clear(Color(hex: 0x1E2540))
        pixmanCanvas.clear(Color(hex: 0x1E2540))
        let blit = OursAffineBlit(picture: assets.picture, transform: layout1080.pictureTransform)
        guard let pixman = PixmanAffineAnchor(picture: assets.picture, transform: layout1080.pictureTransform,
                                              destination: pixmanCanvas)
        else { throw AnchorError.sdl("pixman setup failed") }
        keepAlive += [oursCanvas, pixmanCanvas, blit, pixman]
        if wanted("affine_blit") {
            benches.append(Bench(
                name: "affine_blit", ours: { blit.render(into: oursCanvas) },
                anchorName: "pixman", anchor: { pixman.draw() },
                goal: "ratio <= 0.20", meets: { _, ratio in (ratio ?? 1) <= 0.20 }))
        }
        if options.dump {
            blit.render(into: oursCanvas)
            pixman.draw()
            writePNG(pixels: UnsafeMutableRawPointer(oursCanvas.pixels), width: oursCanvas.width, height: oursCanvas.height,
                     pitch: oursCanvas.stride * 4, to: "/tmp/bench-affine-ours.png")
            writePNG(pixels: UnsafeMutableRawPointer(pixmanCanvas.pixels), width: pixmanCanvas.width,
                     height: pixmanCanvas.height, pitch: pixmanCanvas.stride * 4, to: "/tmp/bench-affine-pixman.png")
            // Same geometry check: how far ours and pixman are apart, channel by channel.
            var worst: UInt32 = 0, differing = 0
            for index in 0..<(oursCanvas.width * oursCanvas.height) {
                let a = oursCanvas.pixels[index], b = pixmanCanvas.pixels[index]
                var largest: UInt32 = 0
                for shift in stride(from: 0, through: 24, by: 8) {
                    let x = (a >> UInt32(shift)) & 0xFF, y = (b >> UInt32(shift)) & 0xFF
                    largest = max(largest, x > y ? x - y : y - x)
                }
                worst = max(worst, largest)
                if largest > 2 { differing += 1 }
            }
            print("affine_blit ours vs pixman: largest channel difference \(worst), pixels off by more than 2: \(differing)")
        }
    }

    if wanted("import_24mp") || wanted("import_webp_4k") || wanted("import_24mp_rss") {
        let imports = try ImportBench()
        keepAlive.append(imports)
        if wanted("import_24mp") {
            benches.append(Bench(
                name: "import_24mp", ours: { imports.importOnce(imports.jpegURL) },
                anchorName: "turbojpeg_decode_floor", anchor: { imports.turboJPEGScaled() },
                goal: "ratio <= 1.5", meets: { _, ratio in (ratio ?? 2) <= 1.5 }))
        }
        if wanted("import_webp_4k") {
            benches.append(Bench(
                name: "import_webp_4k", ours: { imports.importOnce(imports.webpURL) },
                anchorName: "libwebp_decode_floor", anchor: { imports.libwebpScaled() },
                goal: "ratio <= 1.5", meets: { _, ratio in (ratio ?? 2) <= 1.5 }))
        }
    }
} catch {
    FileHandle.standardError.write("stresspunch-bench: \(error)\n".data(using: .utf8) ?? Data())
    exit(1)
}

/// Imports take a tenth of a second or more each: fewer rounds keep the run short.
let importFrames = min(options.frames, 21)

let latencyBenches = ["punch_to_present", "punch_to_audio", "punch_to_present_x11", "punch_to_sound_pulse", "punch_to_audio_after_rest", "library_scroll_10k", "import_24mp_rss", "rss_browse_10k", "startup_10k"] + IdleBench.scenarios + ["punch_frame_1080p"]
if benches.isEmpty, let filter = options.filter, !latencyBenches.contains(filter) {
    FileHandle.standardError.write("stresspunch-bench: no bench named \(filter)\n".data(using: .utf8) ?? Data())
    exit(2)
}

// MARK: Run

if !options.json {
    print("stresspunch-bench: median of \(options.frames) interleaved frames after 5 warm-up frames, "
        + "\(ProcessInfo.processInfo.activeProcessorCount) cores")
    // Other work on the machine skews the _mt figures most: say how busy it was.
    if let load = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) {
        print("load average before the run: " + load.split(separator: " ").prefix(3).joined(separator: " "))
    }
    print(pad("bench", 26) + pad("ours ms", 10) + pad("anchor", 24) + pad("anchor ms", 11) + pad("ratio", 8)
        + pad("goal", 16) + "met")
}
for bench in benches {
    let result = run(bench, frames: bench.name.hasPrefix("import_") ? importFrames : options.frames)
    if options.json {
        print(jsonLine(result))
    } else {
        let met = bench.meets(result.ours, result.ratio) ? "yes" : "no"
        print(pad(bench.name, 26) + pad(format(result.ours), 10) + pad(bench.anchorName ?? "-", 24)
            + pad(result.anchor.map(format) ?? "-", 11) + pad(result.ratio.map(format) ?? "-", 8)
            + pad(bench.goal, 16) + met)
        if let note = noteLine(result) { print(note) }
    }
    fflush(nil)  // all streams: one line at a time even into a pipe
}

// MARK: Peak memory of one import (a child process, no anchor)

if wanted("import_24mp_rss"), let imports = keepAlive.lazy.compactMap({ $0 as? ImportBench }).first {
    do {
        let megabytes = try ImportRSS.measure(file: imports.jpegURL, images: imports.folder.appendingPathComponent("images"), runs: 5)
        if options.json {
            print("{\"bench\": \"import_24mp_rss\", \"ours_mb\": \(format(megabytes))}")
        } else {
            print(pad("import_24mp_rss", 26) + pad(format(megabytes) + " MB", 10) + pad("-", 24) + pad("-", 11) + pad("-", 8)
                + pad("<= 64 MB", 16) + (megabytes <= 64 ? "yes" : "no"))
        }
        fflush(nil)
    } catch {
        FileHandle.standardError.write("stresspunch-bench: import memory: \(error)\n".data(using: .utf8) ?? Data())
        exit(1)
    }
}
if !options.json, let imports = keepAlive.lazy.compactMap({ $0 as? ImportBench }).first {
    print("imports: the 24 MP JPEG decodes at DCT scale \(imports.jpegScale)")
    for (url, name) in [(imports.jpegURL, "import_24mp"), (imports.webpURL, "import_webp_4k")] where wanted(name) {
        print("  \(name) by stage: " + imports.stages(url, rounds: 5).map { "\($0.0) \(format($0.1)) ms" }.joined(separator: ", "))
    }
}

// MARK: The library at 10,000 targets (the real app, no anchor)

if wanted("library_scroll_10k") {
    do {
        let figures = try LibraryScroll.measure(frames: max(120, options.frames))
        let milliseconds = figures.medianMilliseconds
        if options.json {
            print("{\"bench\": \"library_scroll_10k\", \"ours_ms\": \(format(milliseconds)), \"max_ms\": \(format(figures.slowestMilliseconds))}")
        } else {
            print(pad("library_scroll_10k", 26) + pad(format(milliseconds), 10) + pad("-", 24) + pad("-", 11) + pad("-", 8)
                + pad("<= 2 ms", 16) + (milliseconds <= 2 ? "yes" : "no"))
            print("  \(figures.frames) frames, slowest \(format(figures.slowestMilliseconds)) ms; \(figures.thumbnailsRead) distinct "
                + "thumbnails read from their files, \(figures.thumbnailsMade) made; scrolled to \(figures.lastVisible)")
        }
        fflush(nil)
    } catch {
        FileHandle.standardError.write("stresspunch-bench: library scroll: \(error)\n".data(using: .utf8) ?? Data())
        exit(1)
    }
}

// MARK: Memory and startup at 10,000 targets (the real app; see LibraryMemory)

if wanted("rss_browse_10k") {
    do {
        let figures = try RSSBrowse.measure()
        if options.json {
            print("{\"bench\": \"rss_browse_10k\", \"ours_mb\": \(format(figures.residentMB))}")
        } else {
            print(pad("rss_browse_10k", 26) + pad(format(figures.residentMB) + " MB", 10) + pad("-", 24) + pad("-", 11) + pad("-", 8)
                + pad("<= 200 MB", 16) + (figures.residentMB <= 200 ? "yes" : "no"))
            print("  peak \(format(figures.peakMB)) MB over \(figures.framesScrolled) scrolled frames; "
                + "\(figures.thumbnailsRead) thumbnails read from their files, \(figures.thumbnailsMade) made")
        }
        fflush(nil)
    } catch {
        FileHandle.standardError.write("stresspunch-bench: rss_browse_10k: \(error)\n".data(using: .utf8) ?? Data())
        BenchLibrary.remove()
        exit(1)
    }
}
if wanted("startup_10k") {
    do {
        let times = try Startup.measure(runs: max(5, min(options.frames, 11)))
        let ratio = times.tenThousand / times.builtins
        if options.json {
            print("{\"bench\": \"startup_10k\", \"ours_ms\": \(format(times.tenThousand)), \"anchor\": \"startup_8\", "
                + "\"anchor_ms\": \(format(times.builtins)), \"ratio\": \(format(ratio))}")
        } else {
            print(pad("startup_10k", 26) + pad(format(times.tenThousand), 10) + pad("startup_8", 24) + pad(format(times.builtins), 11)
                + pad(format(ratio), 8) + pad("ratio <= 1.3", 16) + (ratio <= 1.3 ? "yes" : "no"))
        }
        fflush(nil)
    } catch {
        FileHandle.standardError.write("stresspunch-bench: startup_10k: \(error)\n".data(using: .utf8) ?? Data())
        BenchLibrary.remove()
        exit(1)
    }
}
BenchLibrary.remove()

// MARK: Punch latency (the real app, no anchor)

if wanted("punch_to_present") || wanted("punch_to_audio") {
    do {
        let latency = try PunchLatency.measure(punches: options.frames)
        let audioGoal = latency.bufferMilliseconds + 2
        let rows: [(String, Double, String, Bool)] = [
            ("punch_to_present", latency.presentMilliseconds, "<= 8.3 ms", latency.presentMilliseconds <= 8.3),
            ("punch_to_audio", latency.audioMilliseconds, "<= " + String(format: "%.1f", audioGoal) + " ms",
             latency.audioMilliseconds <= audioGoal),
        ]
        for (name, milliseconds, goal, met) in rows where wanted(name) {
            if options.json {
                print("{\"bench\": \"\(name)\", \"ours_ms\": \(format(milliseconds))}")
            } else {
                print(pad(name, 26) + pad(format(milliseconds), 10) + pad("-", 24) + pad("-", 11) + pad("-", 8)
                    + pad(goal, 16) + (met ? "yes" : "no"))
            }
        }
        fflush(nil)
    } catch {
        FileHandle.standardError.write("stresspunch-bench: punch latency: \(error)\n".data(using: .utf8) ?? Data())
        exit(1)
    }
}

// MARK: Punch latency through a real X window (the real loop; see X11Latency)

// punch_to_sound_pulse: a click through the X window until its sound reaches a real
// PulseAudio sink's monitor, median of 9 (see PulseSink).
for (name, goal) in [("punch_to_present_x11", 4.2), ("punch_to_sound_pulse", 30), ("punch_to_audio_after_rest", 7.3)] where wanted(name) {
    do {
        let rounds = name == "punch_to_present_x11" ? max(5, min(options.frames, 15))
            : name == "punch_to_sound_pulse" ? 9 : max(1, X11Latency.restRounds)
        let figures = try X11Latency.measure(scenario: name, rounds: rounds)
        let milliseconds = median(figures.milliseconds)
        // After a rest the device must have closed before each click and opened for it.
        let rested = name != "punch_to_audio_after_rest" || (figures.rests >= rounds && figures.wakes >= rounds)
        let met = milliseconds <= goal && rested
        if options.json {
            print("{\"bench\": \"\(name)\", \"ours_ms\": \(format(milliseconds)), \"max_ms\": \(format(figures.milliseconds.max() ?? .nan)), "
                + "\"samples\": \(figures.milliseconds.count)}")
        } else {
            print(pad(name, 26) + pad(format(milliseconds), 10) + pad("-", 24) + pad("-", 11) + pad("-", 8)
                + pad("<= \(goal) ms", 16) + (met ? "yes" : "no"))
            var note = "  \(figures.milliseconds.count) clicks: " + figures.milliseconds.map(format).joined(separator: " ")
            if name == "punch_to_audio_after_rest" {
                note += "; after \(format(X11Latency.restSeconds)) s at rest each; the device closed \(figures.rests) times and opened \(figures.wakes)"
            }
            print(note)
        }
        fflush(nil)
    } catch {
        FileHandle.standardError.write("stresspunch-bench: \(name): \(error)\n".data(using: .utf8) ?? Data())
        exit(1)
    }
}

// The import benches' photos (about 40 MB) and the scene's library go with the run.
for case let imports as ImportBench in keepAlive { imports.removeFiles() }
for case let screen as RealPunchScreen in keepAlive { screen.removeFiles() }

// MARK: Cost that follows change: at rest, and a frame after a punch (see IdleBench)
runIdleBenches()
