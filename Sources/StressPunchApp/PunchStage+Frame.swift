import Localization
import PunchScene
import Raster
import StressCore

/// The stage's scene frame: built here from what the stage owns, with the little the
/// screens around it decide passed in.
extension PunchStage {
    /// What the screens around the stage decide about this frame.
    struct FrameContext {
        /// The frame clock, and how far the present lies between the last two fixed
        /// steps (0..<1).
        var time: Double
        var interpolation: Float
        /// Whether the scene shows behind this screen (the punch screen and its games).
        var showsScene: Bool
        /// A versus hides the combo: one counter would mix both players' chains.
        var showsCombo: Bool
        /// A policy's screen hides the target's message.
        var hidesMessage: Bool
        /// The policy's slow breathing of the target (0: still), before it is snapped to
        /// whole half pixels of the picture.
        var breath: Float
    }

    /// Captures everything the bands will draw for the stage.
    func prepareFrame(_ context: FrameContext) {
        let reducesMotion = settings.value.reduceMotion
        var state: MainSceneFrame.PictureState = library.targets.isEmpty ? .noTarget : .failed
        if let target = library.selected { state = pictures.shownPicture(of: target) }
        var isSticker = false
        if case .ready(let image) = state {
            // Hits test the picture itself; the frame shows it with its marks.
            controller.selectedPicture = image
            isSticker = settings.value.photoFrame && image.isOpaque
            let framed = isSticker ? photoSticker.sticker(for: image) : image
            state = .ready(markedPicture(framed, time: context.time))
        } else {
            controller.selectedPicture = nil
        }

        var frame = renderer.frame
        frame.layout = controller.layout
        frame.picture = state
        frame.pictureIsSticker = isSticker
        frame.pictureRect = controller.pictureRect
        frame.time = context.time
        frame.flash = controller.effects.flash
        frame.flashIsImpact = controller.effects.flashIsImpact
        frame.sprites = controller.effects.sprites
        frame.scorePops = controller.effects.scorePops
        frame.comboText = context.showsCombo ? controller.effects.comboText : ""
        frame.comboOpacity = context.showsCombo ? controller.effects.comboOpacity : 0
        frame.reducesMotion = reducesMotion
        frame.reticles = controller.reticles
        frame.tool = controller.tool
        frame.showsScene = context.showsScene
        // An empty library's offer says what is missing; the header keeps quiet.
        frame.title = library.selected?.name ?? (library.targets.isEmpty ? "" : tr("No target selected"))
        frame.message = context.hidesMessage ? "" : library.selected?.message ?? ""
        if case .ready(let image) = state {
            frame.pictureTransform = MainSceneFrame.pictureTransform(
                image: image, rect: frame.pictureRect, effects: controller.effects,
                previousSquash: controller.previousSquash, interpolation: context.interpolation,
                breath: MainSceneFrame.visibleBreath(context.breath, pictureHeight: frame.pictureRect.height))
            let side = min(frame.pictureRect.width, frame.pictureRect.height)
            frame.dents = controller.effects.hitDents.map {
                $0.pictureDent(imageWidth: image.width, imageHeight: image.height, transform: frame.pictureTransform, side: side)
            }
        } else {
            frame.dents = []
        }
        renderer.frame = frame
        renderer.preparePaints()
    }

    /// Whether the stage moves by itself (the scene's animations, a wash's wipe).
    var isAnimating: Bool { controller.isAnimating || washing != nil }
}
