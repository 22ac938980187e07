import AppModel
import ImmediateUI
import Localization
import PunchScene
import Raster
import StressCore

/// The marks hits leave, and the wash that takes them off: W, a pad's X, the Wash
/// button by the target, `targets wash` on the command line; Undo brings them back
/// as it does a delete. And the stage's own controls: the tool strip and Wash.
extension PunchStage {
    static let washSeconds = 0.8

    /// The landed punch's mark on the target it landed on, in its tool's style (a
    /// pillow leaves none).
    func markLanded(_ punch: PunchController.LandedPunch, now: Double) {
        guard punch.tool.leavesMark else { return }
        markBook.hit(punch.targetID, u: punch.u, v: punch.v, strength: punch.strength, tool: punch.tool,
                     at: controller.wallClock(), now: now)
    }

    /// The selected target's marks, if it has any (read in the background the first time).
    var selectedMarks: MarkSet? {
        guard let id = library.selectedID else { return nil }
        return markBook.marks(of: id)
    }

    /// Whether the selected target has marks to wash off.
    public var canWash: Bool { !(selectedMarks?.isEmpty ?? true) && washing == nil }

    /// Washes the selected target: the wipe runs from `time` (the frame clock), and
    /// Undo is offered for `undoSeconds`.
    func washSelected(time: Double, undoSeconds: Double, now: Double) {
        guard canWash, let target = library.selected else { return }
        washing = (target.id, time)
        let old = markBook.wash(target.id, now: now)
        pendingWashUndo = (target.id, target.name, old, time + undoSeconds)
    }

    /// Every target washed clean at once, without the wipe or an Undo (an idle reset).
    func washAll(now: Double) {
        washing = nil
        pendingWashUndo = nil
        markBook.washAll(now: now)
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

    /// Until when the wash's Undo is offered (frame time), or nil.
    var washUndoUntil: Double? { pendingWashUndo?.until }

    /// Undo of the last wash, while its toast shows.
    func undoLastWash(now: Double) {
        guard let undo = pendingWashUndo else { return }
        pendingWashUndo = nil
        washing = nil
        markBook.restore(undo.old, of: undo.id, now: now)
        // TRANSLATORS: %s is the target's name.
        ui?.showToast(tr("The marks are back on “%s”.", undo.name), duration: 2)
    }

    /// The wash's Undo toast, for as long as Undo is offered.
    func buildWashUndoToast(_ ui: UIContext, now: Double) {
        guard let undo = pendingWashUndo else { return }
        if ui.time >= undo.until {
            pendingWashUndo = nil
            return
        }
        ui.needsFrame(in: undo.until - ui.time)
        // TRANSLATORS: %s is the target's name; its marks were washed off.
        if ui.actionToast("undo-wash", message: tr("Washed “%s”", undo.name), action: tr("Undo")) {
            undoLastWash(now: now)
        }
    }

    /// The Wash button, at the stage's lower left, while there is something to wash.
    func buildWashButton(_ ui: UIContext, undoSeconds: Double, now: Double) {
        guard canWash else { return }
        // TRANSLATORS: the button that cleans the marks off the target.
        if ui.button(trc("button", "Wash"), icon: "🧽", style: .secondary, in: layout.washButton).clicked {
            washSelected(time: ui.time, undoSeconds: undoSeconds, now: now)
        }
    }

    /// The strip of tools down the stage's left edge: the chosen one lit up.
    func buildToolStrip(_ ui: UIContext) {
        let layout = self.layout
        // A near miss of a tool (between two, or just off the strip) chooses nothing
        // and punches nothing.
        ui.claim(layout.toolStrip.insetBy(-6 * layout.scale))
        let side = Int(layout.toolButtonSide * 0.76)
        for (index, tool) in PunchTool.allCases.enumerated() {
            let rect = layout.toolButton(index)
            let icon = renderer.toolIcons.icon(tool, side: side)
            if ui.imageButton(tool.displayName, picture: icon, selected: tool == settings.value.tool, in: rect,
                              tooltip: layout.toolStripIsColumn ? .trailing : .above).clicked {
                requests.append(.chooseTool(tool))
            }
        }
    }
}
