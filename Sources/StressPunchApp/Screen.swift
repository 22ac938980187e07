import AppModel
import Challenges
import LibraryUI

/// Which screen shows, with what only that screen has: a dialog belongs to Manage,
/// the picker to the form it chooses for. A picker without its form, or a delete
/// dialog over the grid, cannot be expressed, so nothing has to repair them.
enum Screen {
    case main
    case allTargets
    case manage(ManageDialog?)
    case editor(TargetEditor, picker: PicturePicker?)
    case stats
    case settings
    case rush(RushRun)
    case versus(VersusRun)
    case summary(SessionSummary)
    case operatorMenu

    /// Manage's confirmations.
    enum ManageDialog: Equatable {
        case confirmDelete(Int64)
        case confirmRestore
    }

    /// The page this is (the form with its picker open is the picker's page).
    var page: Page {
        switch self {
        case .main: return .main
        case .allTargets: return .allTargets
        case .manage: return .manage
        case .editor(_, let picker): return picker == nil ? .editor : .picker
        case .stats: return .stats
        case .settings: return .settings
        case .rush: return .rush
        case .versus: return .versus
        case .summary: return .summary
        case .operatorMenu: return .operatorMenu
        }
    }

    /// The open form, if this is the form (or its picker).
    var editor: TargetEditor? {
        if case .editor(let editor, _) = self { return editor }
        return nil
    }

    var picker: PicturePicker? {
        if case .editor(_, let picker) = self { return picker }
        return nil
    }

    /// The screen a page name leads to, when it needs nothing more (a form and its
    /// picker are opened with their own state, never by name).
    init?(_ page: Page) {
        switch page {
        case .main: self = .main
        case .allTargets: self = .allTargets
        case .manage: self = .manage(nil)
        case .stats: self = .stats
        case .settings: self = .settings
        case .operatorMenu: self = .operatorMenu
        case .editor, .picker, .rush, .versus, .summary: return nil
        }
    }
}
