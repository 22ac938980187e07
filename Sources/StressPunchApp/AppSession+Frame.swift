import AppModel
import Foundation
import ImmediateUI
import Input
import Localization
import PunchScene
import Raster
import StressCore

extension AppSession {
    /// With nothing moving, clocks still run (punch saves, their retries, a kiosk's
    /// idle reset): a frame this often at most keeps them going while a save waits...
    static let restingWakeUp = 0.1
    /// ...and when none does, as long as the policy allows (a kiosk's clocks count in
    /// steps; the desktop has none running at rest, so only input or the UI's next
    /// change wakes it). Nothing on screen moves by itself, or the UI would have said when.
    /// An idle kiosk's attract loop breathes slowly: 30 frames a second are enough.
    static let attractWakeUp = 1.0 / 30

    /// One frame: input, fixed steps, layout, UI and scene. See the type's comment.
    public func frame(_ input: FrameInput) -> FrameOutput {
        // What the shell says of the last frame and of the canvas comes first: the
        // damage counts from what the canvas holds.
        if input.lastFrameDrawn { frameDrawn() }
        if input.canvasReplaced { forgetDrawnFrame() }
        if let now = input.wallClock { wallClock = { now } }
        ui?.buildsAccessibleTree = input.screenReaderListens
        for notice in input.notices {
            ui?.showToast(notice.text, kind: notice.isError ? .error : .notice, duration: notice.duration)
        }
        // Input that came while the PIN pad was open, or that opened it, is secret.
        let wasSecret = takesSecretInput
        soundDeviceAvailable = input.soundDeviceAvailable
        for timed in input.events { handle(timed.event, at: timed.time) }
        takeDroppedFiles()
        // The hint says "click the picture · F1 for help": done with once either is done
        // (and it would lie over the help sheet it points to).
        if firstHintShowing && (page != .main || controller.punchesLanded > 0 || helpShown) {
            ui?.dismissToast(Self.firstHint)
            firstHintShowing = false
        }
        // A rest longer than the steps take in at once: nothing moved meanwhile (the
        // last frame said so) and no clock of the policy let the rest get this long,
        // so the clock jumps to now instead of stepping through the quiet.
        if frames.restedAfterLastFrame && input.elapsed > frames.timestep.maxFrameTime {
            simulatedTime += input.elapsed - frames.timestep.maxFrameTime
        }
        let steps = frames.timestep.advance(by: input.elapsed)
        for _ in 0..<steps { step(Float(frames.timestep.step)) }
        resize(width: input.width, height: input.height, density: input.density)
        var scene: MainSceneRenderer?
        if input.draws {
            prepareFrame(interpolation: Float(frames.timestep.interpolation), time: input.time)
            scene = renderer
            describeFrame(width: input.width, height: input.height)
        }
        var requests: [AppRequest] = []
        controller.drainRequests { request in
            if case .playSound(let cue, let volume, let pitch) = request {
                requests.append(.playSound(cue, volume: scaledVolume(volume), pitch: pitch))
            } else {
                requests.append(request)
            }
        }
        frames.settle(afterInput: !input.events.isEmpty, drew: input.draws)
        let nextWakeUp: Double
        if frames.framesOwed != nil {
            nextWakeUp = 0
        } else if !wantsContinuousFrames {
            // What the screen asked for (a caret's next blink), at most the resting pace.
            let savesWait = recorder.unsavedTotal > 0 || recorder.problem != nil || stage.markBook.hasUnsaved
            nextWakeUp = min(savesWait ? Self.restingWakeUp : policy.longestRest, ui?.nextChange ?? .infinity)
        } else if isOnlyAttracting {
            nextWakeUp = Self.attractWakeUp
        } else {
            nextWakeUp = 0
        }
        frames.restedAfterLastFrame = nextWakeUp > frames.timestep.maxFrameTime
        let listens = ui?.buildsAccessibleTree ?? false
        return FrameOutput(
            scene: scene, requests: requests, cursorVisible: wantsCursor, title: windowTitle,
            textInput: wantsTextInput, textInputArea: ui?.textInputRect ?? searchFieldArea, nextWakeUp: nextWakeUp,
            damage: input.draws ? frames.damage.rects : [], secretInput: wasSecret || takesSecretInput,
            accessibleNodes: listens ? ui?.accessibleNodes : nil)
    }

    /// Describes the frame just prepared (the scene, then the UI over it, as the bands
    /// draw them) and compares it with the last one drawn.
    func describeFrame(width: Int, height: Int) {
        frames.describe(width: width, height: height) { list in
            renderer.describe(into: &list)
            ui?.describe(into: &list)
        }
    }

    /// The frame last returned is now on the canvas (drawn inside its damage, or
    /// whole): the next frame's damage is counted from it.
    func frameDrawn() {
        frames.drawn()
        stage.frameDrawn()
    }

    /// The canvas no longer shows the last frame drawn (a new window surface, a new
    /// contrast): the next frame's damage is the whole canvas.
    func forgetDrawnFrame() {
        frames.forget()
    }

    /// "StressPunch — NAME", following the selection.
    public var windowTitle: String {
        // TRANSLATORS: the window's title; %s is the selected target's name.
        library.selected.map { tr("StressPunch — %s", $0.name) } ?? "StressPunch"
    }

    /// One fixed step (120 a second): saves' clocks, the punch scene, the policy's clocks.
    func step(_ dt: Float) {
        simulatedTime += Double(dt)
        recorder.tick(now: simulatedTime)
        stage.step(dt, now: simulatedTime)
        stepChallenge(Double(dt))
        policy.step(Double(dt), session: self)
    }

    func resize(width: Int, height: Int, density: Float = 1) {
        stage.resize(width: width, height: height, density: density)
    }

    /// Captures everything the bands will draw. `interpolation` (0..<1) is how far
    /// the present lies between the last two fixed steps.
    func prepareFrame(interpolation: Float, time: Double) {
        // What this frame's screens ask for is marked used, so no picture it shows is put out.
        pictures.beginFrame()
        collectBackgroundResults()
        keepScore()
        finishRushIfDone()
        policy.beginFrame(self, time: time)
        buildUI(time: time)
        policy.enforce(self)
        stage.prepareFrame(PunchStage.FrameContext(
            time: time, interpolation: interpolation, showsScene: showsPunchScene, showsCombo: page != .versus,
            hidesMessage: policy.hidesMessage, breath: policy.breath(time: time, reducesMotion: settings.reduceMotion)))
    }

    /// Shows what background saves reported, and closes the form once its save is done.
    func collectBackgroundResults() {
        let results = library.takeBackgroundResults()
        guard let ui else { return }
        reportSaveProblems(ui)
        for error in results.errors {
            // A full disk is said once: the punches' toast already says it (two toasts
            // stacked at a small window covered the form's Choose picture…).
            if recorder.problem != nil, error.diskFull, recorder.problemIsDiskFull { continue }
            ui.showToast(Self.sentence(error.text), kind: .error, duration: 6)
        }
        for notice in results.notices { ui.showToast(notice, kind: .notice, duration: 3) }
        // The save's outcome arrives in the same frame as the end of "busy".
        if let saved = forms.saving, !library.isBusy, results.changed || !results.errors.isEmpty {
            finishSaving(saved, succeeded: results.errors.isEmpty)
        }
        if results.changed { policy.libraryChanged(self) }
    }

    /// A message written for the command line ("the disk … is full; free some space")
    /// as a sentence for the screen: a capital first letter and a full stop.
    static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        let capital = first.uppercased() + text.dropFirst()
        return capital.last.map { ".!?…。！？؟".contains($0) } == true ? capital : capital + "."
    }

    /// Tells the user when punches stop being saved (and why), and when they are again.
    func reportSaveProblems(_ ui: UIContext) {
        let problem = recorder.problem
        guard problem != shownSaveProblem else { return }
        if let problem {
            ui.showToast(problem, kind: .error, duration: 8)
        } else {
            ui.showToast(tr("Punches are being saved again."), duration: 3)
        }
        shownSaveProblem = problem
    }

    /// Whether frames must keep coming (animation, a picture loading); otherwise the
    /// loop can sleep until input arrives. Toasts and the Undo offers say through the
    /// UI when they next change (a fade, their end), like every widget that moves.
    public var wantsContinuousFrames: Bool {
        stage.isAnimating || pictures.isLoading || library.isBusy || screenAnimates
            || ui?.nextChange == 0 || policy.isAnimating
    }

    /// Screens that move by themselves: the games' clocks, a folder still being listed.
    /// The others (Manage, the grid, Settings, Stats...) hold still between inputs and
    /// say through the UI when something of theirs moves.
    var screenAnimates: Bool {
        switch shown {
        case .rush, .versus, .summary: return true
        case .editor(_, let picker?): return picker.isListing
        default: return false
        }
    }

    /// True while only the policy's slow loop moves (a kiosk's attract loop).
    public var isOnlyAttracting: Bool {
        policy.isOnlyAttracting(on: page) && !controller.isAnimating
    }
}
