import ImmediateUI
import Localization

/// Undo after a delete: the deleted target is kept for about 8 s, with a toast that
/// offers it back (Ctrl+Z, pad Y, a click or tap on the toast).
extension AppSession {
    static let undoSeconds = 8.0

    /// Deletes a target, offering Undo; a previous delete's Undo ends.
    func deleteOfferingUndo(_ id: Int64, now: Double) {
        if let previous = pendingUndo { library.endUndo(previous.id) }
        if let target = library.targets.first(where: { $0.id == id }) {
            pendingUndo = (id, target.name, now + Self.undoSeconds)
        }
        library.delete(id)
    }

    /// Ctrl+Z and pad Y: undoes the later of the last delete and the last wash.
    func undoLast() {
        if let washUntil = stage.washUndoUntil, (pendingUndo?.until ?? -.infinity) <= washUntil {
            stage.undoLastWash(now: simulatedTime)
        } else {
            undoLastDelete()
        }
    }

    /// W, a pad's X and the Wash button: the selected target's marks wash off, with Undo.
    func washSelected(now time: Double) {
        stage.washSelected(time: time, undoSeconds: Self.undoSeconds, now: simulatedTime)
    }

    func undoLastDelete() {
        guard let undo = pendingUndo else { return }
        pendingUndo = nil
        library.undoDelete(undo.id, unsavedPunches: recorder.unsaved(for: undo.id))
        // TRANSLATORS: %s is the target's name; its delete was undone.
        ui?.showToast(tr("Restored “%s”.", undo.name), duration: 2)
    }

    /// Shows the Undo toast while it lasts; ends the Undo (the picture goes) after.
    func buildUndoToast(_ ui: UIContext) {
        guard let undo = pendingUndo else { return }
        if ui.time >= undo.until {
            pendingUndo = nil
            library.endUndo(undo.id)
            return
        }
        // It holds still until it ends.
        ui.needsFrame(in: undo.until - ui.time)
        // TRANSLATORS: %s is the deleted target's name.
        if ui.actionToast("undo-delete", message: tr("Deleted “%s”", undo.name), action: tr("Undo")) {
            undoLastDelete()
        }
    }
}
