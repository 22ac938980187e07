import AppModel
import AppShell
import Assets
import Foundation
import ImmediateUI
import LaunchOptions
import PictureCodecs
import Pictures
import Platform
import PunchScene
import Raster
import Shaders
import StressPunchApp
import TargetStore

/// scene_1080p and scene_1080p_mt, ours: the real punch screen as the app draws it;
/// scene_1080p_dent: the same with the punch's dent, against it flat.
///
/// The real app (headless, 1920x1080) opens a library whose selected target is a
/// photo (so it is framed as a sticker with its soft shadow), is punched once at the
/// picture's centre, and 0.2 s later (the burst grown to full size, the squash still
/// moving the picture, the flash over) the session prepares one frame. What it
/// returns, the app's own `MainSceneRenderer` with the UI's draw commands as its
/// overlay, is then drawn again and again: the backdrop with its glow, the sticker's
/// shadow, the squashed, rotated photo, the burst, the header's name and message, the
/// tool strip, the favorites bar and the buttons. Only the score pop and the combo
/// are taken out of that frame, so the two sides draw the same list (cairo gets
/// exactly these; see `CairoPunchScreen`).
final class RealPunchScreen {
    static let size = (width: 1920, height: 1080)
    let folder: URL
    let app: RunningApp
    let scene: MainSceneRenderer
    let commands: [DrawCommand]
    let burst: RasterImage
    /// The dent the punch left, as the captured frame had it (the scene itself is flat).
    let dents: [PictureDent]

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("stresspunch-scene-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let data = folder.appendingPathComponent("data")
        do {
            let store = try TargetStore(dataDirectory: data)
            try store.setSettings([AppSession.firstHintKey: "shown"])
            let photo = PictureBitmap(width: SceneAssets.pictureSize, height: SceneAssets.pictureSize, pixels: SceneAssets.makePicture())
            let bytes = try SDLPictureCodec().encode(photo, as: .jpeg)
            let target = try store.insert(
                name: "Monday Standup", message: "Ten people, one printer, no agenda.",
                picture: .imported(ImportedPicture(bytes: bytes, format: .jpeg, width: photo.width, height: photo.height)))
            try store.select(id: target.id)
        }
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        setenv("SDL_AUDIODRIVER", "dummy", 1)
        var options = AppOptions(dataDirectory: data, size: WindowSize(width: Self.size.width, height: Self.size.height))
        options.mute = true
        // Not in audio lockstep: that would hold SDL's audio lock waiting for frames this
        // app no longer runs once its frame is captured, and stall the benches after.
        app = try RunningApp(options: options, headless: true, lockstepAudio: false)
        guard let url = AssetCatalog.pictureURL(named: AssetCatalog.punchBurstPictureName),
              let file = try? Data(contentsOf: url),
              let bitmap = try? SDLPictureCodec().decode([UInt8](file), fileName: url.path)
        else { throw AnchorError.sdl("the punch burst picture is not in the asset bundle") }
        burst = RasterImage(width: bitmap.width, height: bitmap.height, rgba: bitmap.pixels)

        var time = 0.0
        for _ in 0..<20 {
            _ = app.frame(frameTime: 1.0 / 60, time: time)
            time += 1.0 / 60
        }
        let center = app.session.controller.pictureRect.center
        let injector = SDLEventInjector()
        injector.mouseButton(x: Int(center.x), y: Int(center.y), pressed: true, windowID: app.window.id)
        injector.mouseButton(x: Int(center.x), y: Int(center.y), pressed: false, windowID: app.window.id)
        for _ in 0..<12 {
            _ = app.frame(frameTime: 1.0 / 60, time: time)
            time += 1.0 / 60
        }
        let output = app.session.frame(FrameInput(events: [], elapsed: 0, time: time, width: Self.size.width, height: Self.size.height))
        guard let scene = output.scene, case .ready = scene.frame.picture, !scene.frame.sprites.isEmpty,
              let ui = app.session.ui
        else { throw AnchorError.sdl("the punch screen did not show the photo and its burst") }
        scene.frame.scorePops = []
        scene.frame.comboOpacity = 0
        scene.frame.flash = 0
        // The click's dent, 0.2 s on: scene_1080p_dent draws it; the others draw the
        // picture flat, as cairo does.
        dents = scene.frame.dents
        guard !dents.isEmpty else { throw AnchorError.sdl("the punch left no dent in the picture") }
        scene.frame.dents = []
        self.scene = scene
        commands = ui.commands
        // The captured renderer and commands are all that is drawn from here on; the
        // app saves and closes its audio now, so nothing of it runs beside the benches.
        app.shutdown()
    }

    func removeFiles() { try? FileManager.default.removeItem(at: folder) }

    /// Where ours spends a single-thread frame (`--breakdown`): the whole frame, then
    /// what it costs less each part left out (medians of `frames`).
    func breakdown(frames: Int) -> [(String, Double)] {
        let canvas = Canvas(width: Self.size.width, height: Self.size.height)
        let whole = scene.frame, overlay = scene.overlay, cover = scene.cover
        func time(_ change: (MainSceneRenderer) -> Void) -> Double {
            scene.frame = whole
            scene.overlay = overlay
            scene.cover = cover
            scene.drawsUnderPicture = false
            change(scene)
            var times: [Double] = []
            for index in 0..<(frames + 5) {
                canvas.resetClip()
                let start = nowMilliseconds()
                scene.render(into: canvas)
                if index >= 5 { times.append(nowMilliseconds() - start) }
            }
            return median(times)
        }
        let full = time { _ in }
        let parts: [(String, Double)] = [
            ("whole frame", full),
            ("the UI (tool strip, favorites, buttons)", full - time { $0.overlay = nil; $0.cover = [] }),
            ("the sticker's shadow", full - time { $0.frame.pictureIsSticker = false }),
            ("the burst", full - time { $0.frame.sprites = [] }),
            ("saved by not drawing under the photo", time { $0.drawsUnderPicture = true } - full),
            ("the header", full - time { $0.frame.title = ""; $0.frame.message = "" }),
            ("scene without UI, shadow, burst, header", time {
                $0.overlay = nil; $0.cover = []; $0.frame.pictureIsSticker = false; $0.frame.sprites = []; $0.frame.title = ""; $0.frame.message = ""
            }),
        ]
        scene.frame = whole
        scene.overlay = overlay
        scene.cover = cover
        scene.drawsUnderPicture = false
        return parts
    }

    /// What the frame holds, for the readable table (and for checking both sides draw it).
    var contents: String {
        var counts: [String: Int] = [:]
        for command in commands {
            switch command {
            case .rect: counts["rects", default: 0] += 1
            case .shadow: counts["shadows", default: 0] += 1
            case .image: counts["images", default: 0] += 1
            case .text: counts["texts", default: 0] += 1
            case .pushClip: counts["clips", default: 0] += 1
            case .popClip: break
            case .focusRing, .stroke: counts["strokes", default: 0] += 1
            }
        }
        let ui = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        return "scene: backdrop + glow, sticker shadow, photo, \(scene.frame.sprites.count) burst, header; UI: \(ui)"
    }
}
