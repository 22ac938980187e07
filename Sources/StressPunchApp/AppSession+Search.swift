import AppModel
import LibraryUI
import Raster

/// Searching More targets and Manage: the filter's life (it starts afresh whenever one
/// of them opens from elsewhere, and survives the form they lead to), text input for
/// typing to search, and the row an Add leaves highlighted.
extension AppSession {
    /// Whether printable text goes to a text field or a list's search right now: then
    /// keys that type (`?`, letters, digits) must type, not act as shortcuts.
    public var takesTypedText: Bool {
        (ui?.wantsTextInput ?? false) || showsSearch
    }

    /// True on a page with a search field, with no dialog over it.
    var showsSearch: Bool {
        guard ui?.isModalOpen == false else { return false }
        switch shown {
        case .allTargets, .manage(nil): return true
        default: return false
        }
    }

    /// Text input stays on while a searched page shows, so typing there reaches the
    /// search without focusing it first. Not for a finger: it would bring up an
    /// on-screen keyboard nobody asked for; a tap on the field does that.
    var wantsTextInput: Bool {
        guard let ui else { return false }
        return ui.wantsTextInput || (showsSearch && !ui.pointerIsTouch)
    }

    /// Where the input method's window goes while the search takes text unfocused.
    var searchFieldArea: Rect? { showsSearch ? listFilter.fieldRect : nil }

    /// Starts the filter afresh when More targets or Manage opens from elsewhere, and
    /// lets it go on other pages; the form (and its picker) keeps it for the way back.
    func keepListFilter() {
        switch page {
        case .allTargets, .manage:
            guard listFilter.page != page else { return }
            listFilter.reset(for: page)
            // What had the focus belongs to the page left behind; the same id on this
            // page (the other page's search field) must not inherit it.
            ui?.setFocus(nil)
        case .editor, .picker:
            break
        default:
            if listFilter.page != nil { listFilter.reset(for: nil) }
        }
    }

    /// After an Add that leads back to Manage: the new row is shown and highlighted. A
    /// search it does not match is cleared, or the row would stay hidden.
    func highlightAdded(_ id: Int64) {
        guard listFilter.page == .manage else { return }
        if let target = library.targets.first(where: { $0.id == id }), !listFilter.accepts(target) {
            listFilter.text = ""
        }
        listFilter.highlightID = id
        listFilter.highlightStart = nil
    }
}
