import AppModel
import ImmediateUI
import Input
import PunchScene
import Raster
import StressCore

/// The punch screen, whole, with one owner: the punch scene's controller and renderer,
/// the layout (with its scale and density), the selected target's picture through the
/// one lookup it was given, the marks and their painting, the photo sticker, the wash
/// with its Undo, and the tool strip and Wash button. It takes input events with their
/// times, lands a control's punch (`punch(at:)`), builds its own scene frame, and hands
/// back the punches that landed and what it asks of the session (`Request`): the
/// session owns the settings, which the stage reads (the tool, the photo frame) and
/// never keeps.
public final class PunchStage {
    /// What the stage asks of the session, which owns the settings.
    public enum Request: Equatable, Sendable {
        /// The user chose a tool (the strip, Q / E, the wheel, a pad's stick click).
        case chooseTool(PunchTool)
        /// M on the punch screen: sound off if on, on if off.
        case toggleSound
    }

    public let controller: PunchController
    public let renderer: MainSceneRenderer
    let library: LibraryModel
    let settings: LiveSettings
    let pictures: any TargetPictureLookup
    let ui: UIContext?
    /// The marks on the targets, and the picture with them drawn on.
    let markBook: MarkBook
    let markPainter = MarkPainter()
    let photoSticker = PhotoSticker()
    /// A wash's wipe running on a target (frame time it began).
    var washing: (id: Int64, start: Double)?
    /// The last wash, while its Undo is offered: the marks it took.
    var pendingWashUndo: (id: Int64, name: String, old: [Mark], until: Double)?
    /// Wheel travel not yet a whole notch (a touchpad scrolls in fractions), for choosing a tool.
    var toolWheelCarry: Float = 0
    /// What the stage asked of the session since it last took them (see `takeRequests`).
    var requests: [Request] = []

    init(library: LibraryModel, settings: LiveSettings, pictures: any TargetPictureLookup, ui: UIContext?,
         configuration: AppConfiguration, burst: RasterImage?, toolArt: [PunchTool: ToolArt], glyphs: (any GlyphSource)?,
         width: Int, height: Int) {
        self.library = library
        self.settings = settings
        self.pictures = pictures
        self.ui = ui
        markBook = MarkBook(library: library)
        controller = PunchController(library: library, configuration: configuration, settings: settings, pictures: pictures,
                                     width: width, height: height)
        renderer = MainSceneRenderer(layout: controller.layout, burst: burst, glyphs: glyphs, toolArt: toolArt)
        requests.reserveCapacity(8)
    }

    /// The punch screen's layout for the drawable's size, the desktop's density and
    /// the user's scale.
    public var layout: MainLayout { controller.layout }
    /// Where the selected target's picture is (before a squash moves it).
    public var pictureRect: Rect { controller.pictureRect }

    public func resize(width: Int, height: Int, density: Float) {
        controller.resize(width: width, height: height, density: density)
    }

    // MARK: Input

    /// One input event that reached the punch screen, at `time` on the frame clock (nil:
    /// the scene's clock).
    public func handle(_ event: InputEvent, at time: Double?) {
        if case .keyDown(.character("m"), [], false) = event { requests.append(.toggleSound) }
        controller.handle(event, at: time)
    }

    /// A punch asked for by a control (the focused target's Enter or pad A, a screen
    /// reader's "punch") at `time`: a quick tap's strength, on the target's middle.
    public func punch(at time: Double) {
        controller.punchMiddle(at: time)
    }

    /// Hands over the punches landed since the last call, oldest first, each one's
    /// mark already left on the target it hit (`now`: the simulation's clock).
    func takeLanded(now: Double, _ handler: (PunchController.LandedPunch) -> Void) {
        controller.takeLanded { punch in
            markLanded(punch, now: now)
            handler(punch)
        }
    }

    /// Hands over what the stage asked since the last call, in order.
    func takeRequests(_ handler: (Request) -> Void) {
        guard !requests.isEmpty else { return }
        let taken = requests
        requests.removeAll(keepingCapacity: true)
        taken.forEach(handler)
    }

    /// Q / E, the wheel (where `wheelChooses`: the punch screen itself) and a pad's L3 /
    /// R3 choose the tool. True when the event was one of them.
    func chooseTool(by event: InputEvent, wheelChooses: Bool) -> Bool {
        switch event {
        case .keyDown(.character("q"), [], let isRepeat), .keyDown(.character("e"), [], let isRepeat):
            if !isRepeat, case .keyDown(.character(let key), _, _) = event { stepTool(by: key == "q" ? -1 : 1) }
            return true
        case .gamepadButton(_, .leftStick, true):
            stepTool(by: -1)
            return true
        case .gamepadButton(_, .rightStick, true):
            stepTool(by: 1)
            return true
        case .wheel(_, let dy) where wheelChooses:
            // Wheel up (away from you) goes back along the strip, down goes on.
            toolWheelCarry += dy
            let notches = Int(toolWheelCarry.rounded(.towardZero))
            guard notches != 0 else { return true }
            toolWheelCarry -= Float(notches)
            stepTool(by: -notches)
            return true
        default:
            return false
        }
    }

    /// The tool `steps` along the strip (wrapping).
    private func stepTool(by steps: Int) {
        requests.append(.chooseTool(settings.value.tool.stepped(by: steps)))
    }

    // MARK: Clocks

    /// One fixed step: the marks' saves (`now`: the simulation's clock), then the scene.
    func step(_ dt: Float, now: Double) {
        markBook.saveDue(now: now)
        controller.step(dt)
    }

    /// Says the frame last prepared is on screen.
    func frameDrawn() {
        controller.frameDrawn()
    }

    /// Applies the settings that shape the punch and the stage's colours; true when
    /// the contrast changed (the backdrop is not among a frame's changes, so
    /// everything must be drawn again).
    func apply(_ settings: UserSettings, highContrast: Bool) -> Bool {
        controller.apply(settings)
        guard renderer.highContrast != highContrast else { return false }
        renderer.highContrast = highContrast
        return true
    }

    /// Saves the marks still in memory (on the way out).
    func flush() {
        markBook.flush()
    }
}
