import AppModel
import Challenges
import ImmediateUI
import Localization
import PunchScene

/// The games on the punch screen and leaving: the 30-second rush, its record, what
/// this session added up to, and the summary shown on the way out.
extension AppSession {
    /// Whether punches land on this screen (the punch screen, a rush or versus on the
    /// clock). Not during the 3-2-1: a punch then showed its number, counted for the
    /// library, and not for the game the screen was counting down to.
    var isPunchScreen: Bool {
        switch shown {
        case .main: return true
        case .rush(let run): return run.phase == .running
        case .versus(let run): return run.phase == .running
        default: return false
        }
    }

    /// Whether the punch scene is drawn behind this screen.
    var showsPunchScene: Bool {
        switch shown {
        case .main, .rush, .versus, .summary: return true
        default: return false
        }
    }

    func startRush() {
        guard hasTargetToPunch() else { return }
        keepDraft()
        shown = .rush(RushRun(previousBest: record.rushBest))
    }

    func startVersus() {
        guard hasTargetToPunch() else { return }
        keepDraft()
        shown = .versus(VersusRun())
    }

    /// A challenge needs a target; with none it says how to get one.
    private func hasTargetToPunch() -> Bool {
        guard library.selected == nil else { return true }
        // TRANSLATORS: Ctrl+N is the shortcut of Add; Manage is the library screen's button.
        ui?.showToast(tr("Add a target first (Ctrl+N), or restore the built-in ones in Manage."), kind: .error, duration: 4)
        return false
    }

    /// Who threw a punch, as a versus tells players apart.
    func source(of punch: PunchController.LandedPunch) -> PunchSource {
        switch punch.input {
        case .gamepad: return .gamepad(punch.gamepad ?? 0)
        case .touch: return punch.x < Float(stage.layout.width) / 2 ? .touchLeft : .touchRight
        case .keyboard: return .keyboard
        case .mouse: return .mouse
        }
    }

    /// Takes the punches the scene landed since last asked (after each event, and
    /// each frame for punches landed another way): the session's tally, the policy's
    /// board, the marks, and the rush's or versus's while one runs.
    func keepScore() {
        stage.takeLanded(now: simulatedTime) { punch in
            policy.punchLanded(session: self)
            record.strongest = max(record.strongest, punch.strength)
            record.bestCombo = max(record.bestCombo, punch.combo)
            switch shown {
            case .rush(let run): run.landed(strength: punch.strength, combo: punch.combo)
            case .versus(let run): run.landed(strength: punch.strength, from: source(of: punch))
            default: break
            }
        }
    }

    /// A rush that just ended keeps its record, once.
    func finishRushIfDone() {
        guard case .rush(let run) = shown, run.phase == .finished, !run.isRecorded else { return }
        run.isRecorded = true
        guard run.result.punches > 0 else { return }
        let best = run.result.best(with: record.rushBest)
        if best != record.rushBest {
            record.rushBest = best
            library.saveSettings(best.settings)
        }
    }

    /// Leaving by the user's hand (Ctrl+Q, the close button): after a real session its
    /// summary shows first; asked again, or without one, the app quits.
    func requestQuitFromUser() {
        guard policy.allowsQuit else { return }
        if unsavedFormHoldsQuit() { return }
        if case .summary = shown {
            controller.requestQuit()
            return
        }
        guard policy.offersSessionSummary, controller.punchesLanded >= SessionSummary.minimumPunches, !record.summaryShown else {
            controller.requestQuit()
            return
        }
        record.summaryShown = true
        keepDraft()
        ui?.setFocus(nil)
        shown = .summary(SessionSummary(punches: controller.punchesLanded, strongest: record.strongest,
                                        bestCombo: record.bestCombo))
    }

    /// Builds the challenge over the punch scene and carries out its answer.
    func buildChallenge(_ ui: UIContext, time: Double) {
        let screens = ChallengeScreens(ui: ui, layout: stage.layout)
        if case .versus(let run) = shown {
            // Each pad's reticle wears its player's colour, as their score does (a pad
            // beside the mouse is Player 2, orange, though it is the first pad).
            for reticle in controller.reticles {
                if let seat = run.colorSeat(for: .gamepad(reticle.gamepad)) { controller.setReticleColor(seat, forGamepad: reticle.gamepad) }
            }
        }
        switch shown {
        case .rush(let run):
            switch screens.rush(run) {
            case .again: startRush()
            case .done: shown = .main
            default: if run.phase != .finished && ui.backRequested { shown = .main }
            }
        case .versus(let run):
            switch screens.versus(run, colors: MainSceneRenderer.reticleColors) {
            case .again: startVersus()
            case .done: shown = .main
            default: if run.phase != .finished && ui.backRequested { shown = .main }
            }
        case .summary(let summary):
            switch screens.summary(summary, time: time) {
            case .breathe: summary.startBreathing()
            case .quit: if policy.allowsQuit { controller.requestQuit() }
            case .keepPunching: shown = .main
            default: break
            }
        default:
            break
        }
    }

    /// One fixed step of the challenge's clock.
    func stepChallenge(_ dt: Double) {
        switch shown {
        case .rush(let run): run.step(dt)
        case .versus(let run): run.step(dt)
        case .summary(let summary): summary.step(dt)
        default: break
        }
    }
}

/// What this session adds up to beside the punch count (the punch scene's one count):
/// the user's best rush, the strongest punch and longest combo landed, and whether
/// the summary on the way out already showed.
struct SessionRecord {
    var rushBest: RushRecord?
    var strongest = 0
    var bestCombo = 0
    var summaryShown = false
}
