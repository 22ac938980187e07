// LibraryListExample owns a ready-made frame of the "Manage library" list at any
// length, for the `library_scroll_10k` bench and as a worked example of a virtualized
// list: building a frame costs O(visible rows), never O(rows).

import Input
import Raster

public enum LibraryListExample {
    /// What one built frame held.
    public struct FrameStats: Sendable, Hashable {
        public var rowsBuilt: Int
        public var commandCount: Int
    }

    /// Builds one frame of a library list of `names.count` rows (each with a
    /// thumbnail placeholder, a name, a favorite star and an Edit button) at `offset`
    /// pixels scrolled, and returns what it built. `ui.commands` holds the frame.
    @discardableResult
    public static func buildFrame(
        _ ui: UIContext, names: [String], favorites: Set<Int> = [], offset: Float? = nil, input: [InputEvent] = [],
        width: Int = 1280, height: Int = 720, time: Double = 0
    ) -> FrameStats {
        ui.begin(input: input, width: width, height: height, time: time)
        if let offset { ui.setScrollOffset("library", offset) }
        var rows = 0
        ui.beginColumn(in: ui.bounds, padding: 24)
        ui.label("Manage library", style: .title)
        let list = ui.beginScrollList("library", count: names.count, rowHeight: 88, spacing: 8)
        for index in list.visibleRange {
            rows += 1
            let rect = list.rect(for: index)
            ui.pushID(index)
            ui.panel(rect, shadow: false)
            ui.beginRow(in: rect, spacing: 12, padding: 12)
            ui.fillRect(ui.nextRect(64), color: ui.theme.backgroundDeep, cornerRadius: ui.px(8))
            ui.label(names[index], in: ui.nextRect(leaving: 48 + 12 + 80))
            _ = ui.toggle("favorite", isOn: favorites.contains(index))
            ui.button("Edit")
            ui.endLayout()
            ui.popID()
        }
        ui.endScrollList(list)
        ui.endLayout()
        let commands = ui.end()
        return FrameStats(rowsBuilt: rows, commandCount: commands.count)
    }
}
