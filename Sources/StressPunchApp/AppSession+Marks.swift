import AppModel
import Foundation
import ImmediateUI
import Input
import Localization
import PunchScene
import Raster
import StressCore

/// The marks hits leave, and the wash that takes them off: W, a pad's X, the Wash
/// button by the target, `targets wash` on the command line; Undo brings them back
/// as it does a delete.
extension AppSession {
    static let washSeconds = 0.8

    /// The landed punch's mark on the target it landed on, in its tool's style (a
    /// pillow leaves none).
    func markLanded(_ punch: PunchController.LandedPunch, on targetID: Int64) {
        guard punch.tool.leavesMark else { return }
        markBook.hit(targetID, u: punch.u, v: punch.v, strength: punch.strength, tool: punch.tool,
                     at: wallClock().timeIntervalSince1970, now: simulatedTime)
    }

    /// The selected target's marks, if it has any (read in the background the first time).
    var selectedMarks: MarkSet? {
        guard let id = library.selectedID else { return nil }
        return markBook.marks(of: id)
    }

    /// Whether the selected target has marks to wash off.
    public var canWash: Bool { !(selectedMarks?.isEmpty ?? true) && washing == nil }

    /// Washes the selected target: the wipe runs, and Undo is offered.
    func washSelected(now: Double) {
        guard canWash, let target = library.selected else { return }
        washing = (target.id, now)
        let old = markBook.wash(target.id, now: simulatedTime)
        pendingWashUndo = (target.id, target.name, old, now + Self.undoSeconds)
    }

    /// The picture as the frame shows it: with its marks, and mid-wash the marks
    /// still ahead of the wipe (drawn from the marks the wash took).
    func markedPicture(_ image: RasterImage, time: Double) -> RasterImage {
        guard let id = library.selectedID else { return image }
        if let wash = washing, wash.id == id, let undo = pendingWashUndo, undo.id == id {
            let progress = Float((time - wash.start) / Self.washSeconds)
            if progress < 1 {
                return markPainter.picture(image, with: MarkSet(undo.old), wipe: max(0, progress))
            }
            washing = nil
        } else if washing != nil {
            washing = nil
        }
        guard let marks = markBook.marks(of: id), !marks.isEmpty else { return image }
        return markPainter.picture(image, with: marks)
    }

    /// Undo of the last wash, while its toast shows.
    func undoLastWash() {
        guard let undo = pendingWashUndo else { return }
        pendingWashUndo = nil
        washing = nil
        markBook.restore(undo.old, of: undo.id, now: simulatedTime)
        // TRANSLATORS: %s is the target's name.
        ui?.showToast(tr("The marks are back on “%s”.", undo.name), duration: 2)
    }

    /// The wash's Undo toast, for as long as Undo is offered.
    func buildWashUndoToast(_ ui: UIContext) {
        guard let undo = pendingWashUndo else { return }
        if ui.time >= undo.until {
            pendingWashUndo = nil
            return
        }
        ui.needsFrame(in: undo.until - ui.time)
        // TRANSLATORS: %s is the target's name; its marks were washed off.
        if ui.actionToast("undo-wash", message: tr("Washed “%s”", undo.name), action: tr("Undo")) {
            undoLastWash()
        }
    }

    /// The Wash button, at the stage's lower left, while there is something to wash.
    func buildWashButton(_ ui: UIContext) {
        guard canWash, case .main = shown else { return }
        // TRANSLATORS: the button that cleans the marks off the target.
        if ui.button(trc("button", "Wash"), icon: "🧽", style: .secondary, in: controller.layout.washButton).clicked {
            washSelected(now: ui.time)
        }
    }
}
