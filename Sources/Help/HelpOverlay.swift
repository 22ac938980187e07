import AppModel
import ImmediateUI
import Localization
import Raster

/// The help overlay: a modal card over the screen with what each input does there,
/// in four columns (two rows of two on a narrow window). Close, Esc, F1, `?` or a
/// pad's B or Back closes it.
public enum HelpOverlay {
    /// Builds it for this frame; true when it was asked to close.
    public static func build(_ sheet: HelpSheet, ui: UIContext, layout: MainLayout) -> Bool {
        let s = layout.scale
        let w = Float(layout.width), h = Float(layout.height)
        let scope = ui.beginModal("Help", title: tr("Help"))
        defer { ui.endModal(scope) }
        ui.draw(.rect(Rect(x: 0, y: 0, width: w, height: h), color: ui.theme.scrim, cornerRadius: 0))
        let wide = w >= 1100 * s
        let columns = wide ? 4 : 2
        let rows = wide ? 1 : 2
        // Nearly the window's height: at 1280x720 every line of the punch screen's fits.
        let margin = max(16 * s, h * 0.04)
        let card = Rect(x: max(16 * s, (w - 1180 * s) / 2), y: margin, width: min(w - 32 * s, 1180 * s), height: h - 2 * margin)
        ui.panel(card, shadow: true)
        let pad = 24 * s
        // TRANSLATORS: the help's heading; %s is the page's name ("Help — Settings").
        ui.label(tr("Help — %s", sheet.title), style: .title, in: Rect(x: card.minX + pad, y: card.minY + pad * 0.6, width: card.width - 2 * pad - 140 * s, height: 44 * s))
        var closed = ui.button(tr("Close"), style: .primary, in: Rect(x: card.maxX - pad - 120 * s, y: card.minY + pad * 0.6, width: 120 * s, height: 44 * s)).clicked
        let top = card.minY + pad * 0.6 + 60 * s
        let gap = 18 * s
        // Along the bottom: the keys that work everywhere, in as many columns as fit
        // the longest whole (a fixed six or four cut labels and dropped the last keys
        // on a small window), and as many rows as they need.
        let keyFont = ui.font(16, .bold), keyDoesFont = ui.font(16)
        let keyColumn = (sheet.anywhere.map { ui.textWidth($0.input, font: keyFont) }.max() ?? 0) + 8 * s
        let widest = keyColumn + 4 * s + (sheet.anywhere.map { ui.textWidth($0.does, font: keyDoesFont) }.max() ?? 0) + 16 * s
        let stripWidth = card.width - 2 * pad
        let perRow = max(1, min(wide ? 6 : 4, Int(stripWidth / max(1, widest))))
        let stripRows = (sheet.anywhere.count + perRow - 1) / perRow
        let stripHeight = 32 * s + Float(stripRows) * 30 * s
        let strip = Rect(x: card.minX + pad, y: card.maxY - pad - stripHeight, width: stripWidth, height: stripHeight)
        // TRANSLATORS: the heading of the keys that work on every page.
        ui.drawFitted(tr("Anywhere"), in: Rect(x: strip.minX, y: strip.minY, width: strip.width, height: 28 * s),
                      font: ui.font(ui.theme.fontSize, .bold), color: ui.theme.highlight)
        let cell = strip.width / Float(perRow)
        for (index, line) in sheet.anywhere.enumerated() {
            let x = strip.minX + Float(index % perRow) * cell, y = strip.minY + 32 * s + Float(index / perRow) * 30 * s
            let keyWidth = min(cell * 0.45, keyColumn)
            ui.drawFitted(line.input, in: Rect(x: x, y: y, width: keyWidth, height: 28 * s), font: keyFont, color: ui.theme.text)
            ui.drawFitted(line.does, in: Rect(x: x + keyWidth + 4 * s, y: y, width: max(0, cell - keyWidth - 12 * s), height: 28 * s),
                          font: keyDoesFont, color: ui.theme.textMuted)
        }
        let columnWidth = (card.width - 2 * pad - gap * Float(columns - 1)) / Float(columns)
        let lineHeight = 24 * s
        let doesFont = ui.font(16)
        let textWidth = columnWidth - 28 * s
        // A description takes the lines it wraps to (two in English at most, three in a
        // longer language); the cards then scroll where they do not all fit.
        func lines(_ line: HelpSheet.Line) -> Float { Float(max(1, ui.lineCount(line.does, font: doesFont, width: textWidth))) }
        func needed(_ section: (device: HelpSheet.Device, lines: [HelpSheet.Line])) -> Float {
            44 * s + section.lines.reduce(0) { $0 + lineHeight * (1.35 + lines($1)) } + 4 * s
        }
        // The cards share the room when every line fits; where they do not (a small
        // window, a large size) each row is as tall as its lines and the cards scroll.
        let body = Rect(x: card.minX + pad, y: top, width: card.width - 2 * pad, height: max(1, strip.minY - gap - top))
        let shared = (body.height - gap * Float(rows - 1)) / Float(rows)
        let rowHeights = (0..<rows).map { row in
            max(shared, sheet.sections.enumerated().filter { $0.offset / columns == row }.map { needed($0.element) }.max() ?? 0)
        }
        let content = rowHeights.reduce(0, +) + gap * Float(rows - 1)
        // Only what shows whole is drawn: a line the scroll's edge would cut in half
        // waits above or below, where the scrollbar says there is more.
        let shown = body.insetBy(-4 * s)
        func whole(_ top: Float, _ height: Float) -> Bool { top >= shown.minY - 0.5 && top + height <= shown.maxY + 0.5 }
        ui.scrollPage("help-cards", contentHeight: content, in: body, bleed: 4) { area in
            for (index, section) in sheet.sections.enumerated() {
                let column = index % columns, row = index / columns
                let rowTop = area.minY + rowHeights.prefix(row).reduce(0, +) + gap * Float(row)
                let box = Rect(x: area.minX + Float(column) * (columnWidth + gap), y: rowTop, width: columnWidth, height: rowHeights[row])
                ui.draw(.rect(box, color: ui.theme.backgroundDeep.withAlpha(0.55), cornerRadius: ui.theme.cornerRadius * s))
                if whole(box.minY + 8 * s, 32 * s) {
                    ui.drawFitted(section.device.title, in: Rect(x: box.minX + 14 * s, y: box.minY + 8 * s, width: box.width - 28 * s, height: 32 * s),
                                  font: ui.font(ui.theme.fontSize, .bold), color: ui.theme.highlight)
                }
                var y = box.minY + 44 * s
                for line in section.lines {
                    let count = lines(line)
                    defer { y += lineHeight * (1.35 + count) }
                    guard whole(y, lineHeight * (0.95 + count)) else { continue }
                    ui.drawFitted(line.input, in: Rect(x: box.minX + 14 * s, y: y, width: textWidth, height: lineHeight),
                                  font: ui.font(17, .bold), color: ui.theme.text)
                    ui.draw(.text(line.does, Rect(x: box.minX + 14 * s, y: y + lineHeight * 0.95, width: textWidth, height: lineHeight * count),
                                  font: doesFont, color: ui.theme.textMuted, alignment: .leading, maxLines: Int(count)))
                }
            }
        }
        if ui.takeBack() { closed = true }
        if closed { ui.closeModal() }
        return closed
    }
}
