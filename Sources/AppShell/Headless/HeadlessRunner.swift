import Foundation
import ImmediateUI
import Input
import LaunchOptions
import Localization
import PictureCodecs
import Pictures
import Platform
import Raster
import StressCore
import StressPunchApp
import TargetStore

/// Runs the real app on SDL's offscreen video driver with a simulated clock, feeding
/// a script's input into SDL's own event queue (gamepad lines through a virtual
/// joystick) and writing screenshots. Frames come every 1/60 s of simulated time,
/// as fast as the machine can draw them; the same script gives the same pictures.
public struct HeadlessRunner {
    let script: URL
    let options: AppOptions

    public init(script: URL, options: AppOptions) {
        self.script = script
        self.options = options
    }
    static let framesPerSecond = 60.0

    public func run() throws {
        let text: String
        do {
            text = try String(contentsOf: script, encoding: .utf8)
        } catch {
            // TRANSLATORS: the first %s is the script file's path, the second why it could not be read.
            throw RunError(tr("cannot read the script %s: %s", script.path, error.localizedDescription))
        }
        let lines = try HeadlessScript.parse(text)
        for line in lines {
            var keyName: String?
            switch line.command {
            case .key(let name, _), .keyDown(let name, _, _), .keyUp(let name, _): keyName = name
            default: break
            }
            if let name = keyName, !SDLEventInjector.isKnownKey(name) {
                // TRANSLATORS: %s is a key name written in a headless script; the key names in brackets are script words, keep them.
                throw ScriptError(lineNumber: line.lineNumber, message: tr("'%s' is not a key name SDL knows (try Return, Escape, Tab, Left, a)", name))
            }
            if case .seed = line.command, line.time != 0 {
                // TRANSLATORS: about the `seed` command of a headless script, which must come at time 0.
                throw ScriptError(lineNumber: line.lineNumber, message: tr("a seed comes at time 0, before anything happens"))
            }
            if case .screenshot(let path) = line.command, !path.lowercased().hasSuffix(".png") {
                // TRANSLATORS: %s is the file path a headless script gave for a screenshot.
                throw ScriptError(lineNumber: line.lineNumber, message: tr("screenshots are PNG files: '%s' should end in .png", path))
            }
        }

        // Offscreen video and a non-device audio driver, unless the caller chose others
        // (tests choose the disk driver to capture what was played).
        setenv("SDL_VIDEODRIVER", "offscreen", 0)
        setenv("SDL_AUDIODRIVER", "dummy", 0)

        var options = options
        for line in lines { if case .seed(let seed) = line.command { options.randomSeed = seed } }
        let app = try RunningApp(options: options, headless: true)
        if options.checkDamage { app.damageCheck = DamageCheck() }
        var shutDown = false
        defer { if !shutDown { app.shutdown() } }
        let injector = SDLEventInjector()
        let windowID = app.window.id
        if lines.contains(where: { if case .pad = $0.command { return true }; if case .padAxis = $0.command { return true }; return false }) {
            _ = injector.attachGamepad()
        }

        let codec = SDLPictureCodec()
        var next = 0
        var pendingPadReleases: [GamepadButtonRelease] = []
        var frame = 0
        var frameMilliseconds: [Double] = []
        let frameTime = 1 / Self.framesPerSecond
        let lastTime = lines.last?.time ?? 0
        frameMilliseconds.reserveCapacity(Int(lastTime * Self.framesPerSecond) + 2)
        // A recording's frames, run as they were (see ScriptCommand.frame); after the
        // last of them, and in any other script, 60 frames a second.
        let recordedFrames = lines.indices.filter { if case .frame = lines[$0].command { return true } else { return false } }
        var recordedRun = 0
        // A recording (it has frame lines) holds the events its session saw: they go
        // straight into each frame. Other scripts go through SDL's event queue, so
        // they test the platform's translation too.
        let straight = !recordedFrames.isEmpty
        var fedStraight = 0, injected = 0
        var time = 0.0
        // Where the 60-a-second clock counts from: 0, or the last recorded frame.
        var clockStart = (frame: 0, time: 0.0)
        while true {
            var elapsed = frame == 0 ? 0 : frameTime
            // The line that ends this frame's input (a recorded frame), or none: by time.
            var frameLine: Int?
            if recordedRun < recordedFrames.count {
                let index = recordedFrames[recordedRun]
                recordedRun += 1
                frameLine = index
                time = lines[index].time
                if case .frame(let recorded) = lines[index].command { elapsed = recorded }
                clockStart = (frame, time)
            } else {
                // Counted, not summed, so the times stay k/60 exactly.
                time = clockStart.time + Double(frame - clockStart.frame) * frameTime
            }
            app.simulatedTime = time
            // Buttons pressed last frame are released now: the virtual pad is polled
            // once per frame, so a press and release in one frame would be missed.
            var released: [TimedInputEvent] = []
            if straight {
                if let pad = injector.gamepadID {
                    released = pendingPadReleases.map { TimedInputEvent(.gamepadButton(id: pad, button: $0.button, pressed: false), at: time) }
                }
            } else {
                if !pendingPadReleases.isEmpty { injector.markTime(time) }
                for release in pendingPadReleases { injector.gamepadButton(release.button, pressed: false) }
            }
            pendingPadReleases.removeAll()

            var screenshots: [String] = []
            var textReports: [String] = []
            var quit = false
            var fed = released
            while next < lines.count, frameLine.map({ next <= $0 }) ?? (lines[next].time <= time + 1e-9) {
                if next == frameLine {
                    next += 1
                    break
                }
                let line = lines[next]
                var command = line.command
                // A label is looked up on this frame's screen, then clicked or tapped there.
                if case .clickLabel(let label, let occurrence) = command {
                    let point = try widgetCenter(labelled: label, occurrence: occurrence, in: app, line: line.lineNumber)
                    command = .click(x: point.x, y: point.y)
                } else if case .touchLabel(let label, let occurrence) = command {
                    let point = try widgetCenter(labelled: label, occurrence: occurrence, in: app, line: line.lineNumber)
                    command = .touch(x: point.x, y: point.y)
                }
                let events = StraightInput.events(for: command, pad: injector.gamepadID, finger: Int64(1000 + next))
                if straight, let events {
                    fed += events.map { TimedInputEvent($0, at: line.time) }
                    if case .pad(let button) = command { pendingPadReleases.append(GamepadButtonRelease(button: button)) }
                    next += 1
                    continue
                }
                if events != nil { injected += 1 }
                let size = (app.canvas.width, app.canvas.height)
                // The line's input happened at the line's time, not the frame's.
                injector.markTime(line.time)
                switch command {
                case .click(let x, let y):
                    injector.mouseButton(x: x, y: y, pressed: true, windowID: windowID)
                    injector.mouseButton(x: x, y: y, pressed: false, windowID: windowID)
                case .touch(let x, let y):
                    let id = Int64(1000 + next)
                    injector.finger(id: id, x: x, y: y, phase: .down, width: size.0, height: size.1, windowID: windowID)
                    injector.finger(id: id, x: x, y: y, phase: .up, width: size.0, height: size.1, windowID: windowID)
                case .down(let x, let y): injector.mouseButton(x: pixel(x), y: pixel(y), pressed: true, windowID: windowID)
                case .up(let x, let y): injector.mouseButton(x: pixel(x), y: pixel(y), pressed: false, windowID: windowID)
                case .move(let x, let y): injector.mouseMove(x: pixel(x), y: pixel(y), windowID: windowID)
                case .wheel(let dx, let dy): injector.wheel(dx: dx, dy: dy, windowID: windowID)
                case .touchDown(let id, let x, let y, let pressure):
                    injector.finger(id: id, x: pixel(x), y: pixel(y), phase: .down, width: size.0, height: size.1, windowID: windowID,
                                    pressure: pressure)
                case .touchUp(let id, let x, let y):
                    injector.finger(id: id, x: pixel(x), y: pixel(y), phase: .up, width: size.0, height: size.1, windowID: windowID)
                case .touchMove(let id, let x, let y):
                    injector.finger(id: id, x: pixel(x), y: pixel(y), phase: .moved, width: size.0, height: size.1, windowID: windowID)
                case .pad(let button):
                    injector.gamepadButton(button, pressed: true)
                    pendingPadReleases.append(GamepadButtonRelease(button: button))
                case .padAxis(let axis, let value):
                    injector.gamepadAxis(axis, value: value)
                case .key(let name, let modifiers):
                    injector.key(named: name, modifiers: modifiers, pressed: true, windowID: windowID)
                    injector.key(named: name, modifiers: modifiers, pressed: false, windowID: windowID)
                case .keyDown(let name, let modifiers, let isRepeat):
                    injector.key(named: name, modifiers: modifiers, pressed: true, isRepeat: isRepeat, windowID: windowID)
                case .keyUp(let name, let modifiers):
                    injector.key(named: name, modifiers: modifiers, pressed: false, windowID: windowID)
                case .text(let text): injector.text(text, windowID: windowID)
                case .drop(let path): injector.drop(path: path, windowID: windowID)
                case .close: injector.windowClose(windowID: windowID)
                case .audioLost: injector.audioDeviceRemoved()
                case .audioBack: injector.audioDeviceAdded()
                // Not input: the runner's own, or the platform's (the window, the pad's socket).
                case .screenshot(let path): screenshots.append(path)
                case .texts(let path): textReports.append(path)
                case .padUnplug:
                    pendingPadReleases.removeAll()
                    injector.detachGamepad()
                case .padPlug: _ = injector.attachGamepad()
                case .resize(let width, let height): app.window.setSize(width: width, height: height)
                case .frame, .seed, .clickLabel, .touchLabel: break  // the frame is run below; the seed was taken at start; labels were resolved above
                case .quit: quit = true
                }
                next += 1
            }
            fedStraight += fed.count

            let started = DispatchTime.now().uptimeNanoseconds
            let keepRunning = app.frame(frameTime: elapsed, time: time, fed: fed)
            frameMilliseconds.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
            if case .failure(let error) = app.damageCheck?.report { throw error }
            for path in screenshots { try writeScreenshot(app.canvas, to: path, codec: codec) }
            for path in textReports { try writeTexts(app.session.ui?.placedTexts() ?? [], to: path) }
            app.audio.advanceSimulatedTime(to: time + frameTime)
            if quit || !keepRunning || (next >= lines.count && time >= lastTime) { break }
            frame += 1
        }
        let saveProblem = app.shutdown()
        shutDown = true
        // A one-line summary for whoever ran the script (tests read it too).
        let recorder = app.session.controller.recorder
        print("headless: \(frame + 1) frames, \(String(format: "%.2f", time)) s simulated, "
              + "\(app.session.controller.punchesLanded) punches landed, \(app.session.controller.rumblesRequested) rumble requests "
              + "(\(SDLEventInjector.rumbleRequests) reached the gamepad; SDL merges a repeat into a rumble still running)")
        if let kiosk = app.session.policySummary { print("headless: " + kiosk) }
        print(straight ? "headless: input fed straight to the session's frames (a recording): \(fedStraight) events, \(injected) through SDL"
            : "headless: input through SDL's event queue: \(injected) script lines")
        // How long frames took on this machine (wall time, for soak runs; not a benchmark).
        let sorted = frameMilliseconds.sorted()
        if let slowest = sorted.last {
            print(String(format: "headless: frames took %.1f ms at the median, %.1f ms at the 99th percentile, %.1f ms at most",
                         sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 99 / 100)], slowest))
        }
        let counts = app.frameCounts
        let drawn = max(1, counts.whole + counts.inPart)
        print("headless: \(counts.whole) frames drawn whole, \(counts.inPart) only where they changed, \(counts.notDrawn) not drawn "
              + "(nothing changed); " + String(format: "%.1f", Double(counts.pixels) / Double(drawn * app.canvas.width * app.canvas.height) * 100)
              + " % of the pixels of the frames drawn")
        print("headless: \(counts.presented) frames presented, \(counts.presentedWhole) of them whole")
        if case .success(let line) = app.damageCheck?.report { print("headless: damage check: " + line) }
        // Which tools hit, and which sounds played (a test can tell a pie's from a fist's).
        let tools = zip(PunchTool.allCases, app.session.controller.punchesByTool).filter { $0.1 > 0 }
        print("headless: punches by tool: " + (tools.isEmpty ? "none" : tools.map { "\($0.0.rawValue) \($0.1)" }.joined(separator: ", ")))
        print("headless: sounds played: " + (app.soundsPlayed.isEmpty ? "none" : app.soundsPlayed.map { "\($0.name) x\($0.count)" }.joined(separator: ", ")))
        print("headless: \(recorder.punchesSaved) punches saved, \(recorder.punchesOnDeletedTargets) on targets deleted before saving")
        if app.audio.devicesLost > 0 {
            print("headless: audio device lost \(app.audio.devicesLost) times, back \(app.audio.devicesRegained) times")
        }
        if let saveProblem { throw RunError(saveProblem) }
    }

    /// Where the widget a label line names is on the screen now, or the error that
    /// stops the run (with the labels that are there).
    private func widgetCenter(labelled label: String, occurrence: Int?, in app: RunningApp, line: Int) throws -> (x: Int, y: Int) {
        let points = app.session.widgetCenters(labelled: label)
        let chosen = occurrence.map { $0 <= points.count ? points[$0 - 1] : nil } ?? points.last
        guard let point = chosen else {
            let shown = app.session.visibleLabels.prefix(40).map { "“\($0)”" }.joined(separator: ", ")
            // TRANSLATORS: a headless script clicked a widget by its label: the first %s is that label, %d which of several, the last %s lists the labels on screen.
            let message = occurrence.map { tr("nothing labelled “%s” (number %d) is on screen, so the run stopped there; it shows %s", label, $0, shown) }
                // TRANSLATORS: a headless script clicked a widget by its label: the first %s is that label, the second lists the labels on screen.
                ?? tr("nothing labelled “%s” is on screen, so the run stopped there; it shows %s", label, shown)
            throw RunError(ScriptError(lineNumber: line, message: message).description)
        }
        return (Int(point.x.rounded()), Int(point.y.rounded()))
    }

    /// A script position as SDL's whole-pixel mouse and finger events carry it.
    private func pixel(_ value: Float) -> Int { Int(value.rounded()) }

    /// The frame's texts as JSON lines: `text`, `box`, `visible`, `inked` (each
    /// [x, y, width, height]) and `cut`.
    private func writeTexts(_ texts: [PlacedText], to path: String) throws {
        func numbers(_ rect: Rect) -> [Double] { [rect.minX, rect.minY, rect.width, rect.height].map { Double($0) } }
        struct Line: Encodable {
            let text: String
            let box, visible, inked: [Double]
            let cut, overlay: Bool
        }
        let encoder = JSONEncoder()
        var data = Data()
        for text in texts {
            let line = Line(text: text.text, box: numbers(text.box), visible: numbers(text.visible), inked: numbers(text.inked), cut: text.isCut,
                            overlay: text.isOverlay)
            data.append(try encoder.encode(line))
            data.append(0x0A)
        }
        let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
        do {
            try data.write(to: url)
        } catch {
            // TRANSLATORS: the file a headless script's `texts` line names, then why it could not be written.
            throw RunError(tr("cannot write the texts file %s: %s", url.path, error.localizedDescription))
        }
    }

    private func writeScreenshot(_ canvas: Canvas, to path: String, codec: SDLPictureCodec) throws {
        let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
        let image = RasterImage(copying: canvas)
        let bytes = try codec.encode(PictureBitmap(width: image.width, height: image.height, pixels: image.rgbaBytes()), as: .png)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            // TRANSLATORS: the first %s is the screenshot file's path, the second why it could not be written.
            throw RunError(tr("cannot write the screenshot %s: %s", url.path, error.localizedDescription))
        }
    }
}

private struct GamepadButtonRelease {
    let button: GamepadButton
}

public struct RunError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
