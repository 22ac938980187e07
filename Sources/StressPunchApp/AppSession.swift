import Foundation
import ImmediateUI
import Input
import Raster
import StressCore
import TargetStore

/// One running app: the library, pictures, the punch controller and the renderer,
/// wired together. The run loop feeds it input and fixed steps, asks it to prepare
/// each frame, renders it in bands, and carries out its requests.
public final class AppSession {
    public let library: LibraryModel
    public let controller: PunchController
    public let renderer: MainSceneRenderer
    private let pictures: PictureCache
    private let recorder: PunchRecorder
    private let builtinPictureURL: (String) -> URL?
    /// The immediate-mode UI (nil without fonts: then only the punch screen runs).
    public let ui: UIContext?
    public private(set) var screen: AppScreen = .main
    /// This frame's input, handed to the UI when the frame is built.
    private var frameEvents: [InputEvent] = []

    public init(
        store: TargetStore, codec: any PictureCodec, builtinPictureURL: @escaping (String) -> URL?,
        burst: RasterImage?, glyphs: (any GlyphSource)?, configuration: AppConfiguration, width: Int, height: Int,
        synchronousPictures: Bool
    ) throws(TargetStoreError) {
        library = try LibraryModel(store: store)
        recorder = PunchRecorder(store: store)
        pictures = PictureCache(codec: codec, synchronous: synchronousPictures)
        self.builtinPictureURL = builtinPictureURL
        controller = PunchController(library: library, recorder: recorder, configuration: configuration, width: width, height: height)
        renderer = MainSceneRenderer(layout: controller.layout, burst: burst, glyphs: glyphs)
        ui = glyphs.map { UIContext(glyphs: $0) }
        ui?.reduceMotion = configuration.reduceMotion
        frameEvents.reserveCapacity(64)
        if let ui {
            renderer.overlay = { canvas in ui.render(on: canvas) }
        }
    }

    /// Routes one input event: the UI sees everything (it is built once a frame); the
    /// punch controller gets what the main screen's UI does not claim.
    public func handle(_ event: InputEvent) {
        if ui != nil && !(screen == .main && Self.isAimStick(event)) { frameEvents.append(event) }
        if case .keyDown(.character("m"), let modifiers, false) = event, modifiers == [.control] {
            screen = .allTargets
            return
        }
        guard screen == .main else { return }
        if let ui {
            switch event {
            case .pointerDown(let x, let y, _), .fingerDown(_, let x, let y):
                // The favorites bar's cards and button are not punching ground.
                if controller.layout.favoritesBar.contains(Point(x, y)) { return }
            case .keyDown(.space, _, _), .keyDown(.enter, _, _), .gamepadButton(_, .a, _):
                // With a widget focused by keyboard or pad, these activate it instead.
                if ui.focused != nil && ui.focusVisible { return }
            default:
                break
            }
        }
        controller.handle(event)
    }

    /// On the punch screen the left stick aims the reticle, so the UI must not also
    /// read it as a d-pad.
    private static func isAimStick(_ event: InputEvent) -> Bool {
        if case .gamepadAxis(_, let axis, _) = event { return axis == .leftX || axis == .leftY }
        return false
    }

    /// The thumbnail for a target's picture, made off the frame path.
    func thumbnail(for target: StressTarget) -> RasterImage? {
        pictureURL(for: target).flatMap { pictures.thumbnail(for: $0) }
    }

    /// Builds this frame's UI and carries out what it asked for.
    private func buildUI(time: Double) {
        guard let ui else { return }
        let layout = controller.layout
        ui.begin(input: frameEvents, width: layout.width, height: layout.height, time: time)
        frameEvents.removeAll(keepingCapacity: true)
        let screens = LibraryScreens(ui: ui, library: library, layout: layout, thumbnail: { [unowned self] in self.thumbnail(for: $0) })
        let action = screen == .main ? screens.favoritesBar() : screens.allTargets()
        _ = ui.end()
        switch action {
        case .none: break
        case .select(let id): library.select(id)
        case .show(let next): screen = next
        case .chooseAndReturn(let id):
            library.select(id)
            screen = .main
        }
    }

    public func step(_ dt: Float) {
        controller.step(dt)
    }

    public func resize(width: Int, height: Int) {
        controller.resize(width: width, height: height)
    }

    /// The file behind a target's picture.
    public func pictureURL(for target: StressTarget) -> URL? {
        switch target.picture {
        case .builtin(let assetName): return builtinPictureURL(assetName)
        case .stored: return library.store.pictureURL(for: target)
        }
    }

    /// Captures everything the bands will draw. `interpolation` (0..<1) is how far
    /// the present lies between the last two fixed steps.
    public func prepareFrame(interpolation: Float, time: Double) {
        buildUI(time: time)
        var state: MainSceneFrame.PictureState = .failed
        if let target = library.selected, let url = pictureURL(for: target) {
            switch pictures.entry(for: url) {
            case .ready(let image)?: state = .ready(image)
            case .failed?: state = .failed
            case nil: state = .loading
            }
        } else if library.selected == nil {
            state = .failed
        }
        if case .ready(let image) = state {
            controller.selectedPicture = image
        } else {
            controller.selectedPicture = nil
        }

        var frame = renderer.frame
        frame.layout = controller.layout
        frame.picture = state
        frame.pictureRect = controller.pictureRect
        frame.time = time
        frame.flash = controller.effects.flash
        frame.sprites = controller.effects.sprites
        frame.reticles = controller.reticles
        frame.showsScene = screen == .main
        frame.title = library.selected?.name ?? "No target selected"
        frame.message = library.selected?.message ?? ""
        if case .ready(let image) = state {
            frame.pictureTransform = Self.pictureTransform(
                image: image, rect: frame.pictureRect, effects: controller.effects,
                previousSquash: controller.previousSquash, interpolation: interpolation)
        }
        renderer.frame = frame
        renderer.preparePaints()
    }

    /// Picture pixels to canvas pixels: aspect-fit into `rect`, then the squash about
    /// the hit column at the target's base (it flattens toward the ground and leans
    /// away from the blow), then the shake.
    static func pictureTransform(
        image: RasterImage, rect: Rect, effects: PunchEffects, previousSquash: Float, interpolation: Float
    ) -> AffineTransform {
        let w = Float(image.width), h = Float(image.height)
        let fit = rect.width / w
        let squash = previousSquash + (effects.squash.value - previousSquash) * interpolation
        let s = max(-0.12, min(0.35, squash))
        let sx = 1 + s * 0.55, sy = 1 - s
        let anchor = Point(effects.squashAnchor.x * w, h)
        let lean = (effects.squashAnchor.x - 0.5) * s * -0.3
        return AffineTransform.translation(-anchor.x, -anchor.y)
            .then(.scale(sx, sy))
            .then(.rotation(lean))
            .then(.translation(anchor.x, anchor.y))
            .then(.scale(fit, fit))
            .then(.translation(rect.minX + effects.shake.x, rect.minY + effects.shake.y))
    }

    public func drainRequests(_ handler: (AppRequest) -> Void) {
        controller.drainRequests(into: handler)
    }

    /// Whether frames must keep coming (animation, a picture loading); otherwise the
    /// loop can sleep until input arrives.
    public var wantsContinuousFrames: Bool {
        controller.isAnimating || pictures.isLoading
    }

    /// Saves everything still in memory (punch counts, selection) before exit.
    public func shutdown() {
        recorder.flush()
        library.waitForSaves()
    }
}
