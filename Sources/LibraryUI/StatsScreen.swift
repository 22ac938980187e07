import AppModel
import Foundation
import ImmediateUI
import Localization
import Raster
import StressCore
import TargetStore

extension LibraryScreens {
    // MARK: Stats

    /// What the user did, as charts: punches per day over the last 30 days (each bar
    /// says its numbers when hovered or focused), the most punched targets and the
    /// hardest hits. `days` is nil while the days load (off the frame path).
    public func stats(days: [DayTotal]?) -> Action {
        var action = Action.none
        let s = layout.scale
        let (header, back) = pageHeader(title: tr("Your punches"), back: tr("Back"), backWidth: 120)
        if back { action = .show(.main) }
        let targets = library.targets
        let total = days?.reduce(0) { $0 + $1.punches } ?? 0
        let strongest = days?.map(\.strongest).max() ?? 0
        let bestCombo = targets.map(\.bestCombo).max() ?? 0
        // One punch alone is no combo: the best combo is said from two in a row.
        let summary: String
        if days == nil {
            summary = tr("Counting…")
        } else if bestCombo >= 2 {
            // TRANSLATORS: the Stats screen's summary: punches in the last 30 days, the strongest punch's strength, the most punches in a row.
            summary = trn("%d punch in 30 days · strongest %d · best combo %d", "%d punches in 30 days · strongest %d · best combo %d",
                          total, strongest, bestCombo)
        } else {
            // TRANSLATORS: the Stats screen's summary: punches in the last 30 days and the strongest punch's strength.
            summary = trn("%d punch in 30 days · strongest %d", "%d punches in 30 days · strongest %d", total, strongest)
        }
        subtitle(summary, under: header)
        // Laid out to fit, not a list: above the toasts' band, which no chart moves for.
        let body = pageBody(under: header, reservingToastBand: true)
        let gap = 20 * s
        // The rankings side by side where both have room, else one under the other. Each
        // part keeps a least height its rows read at; a window too small for them all
        // (480x360, a large "size of everything") scrolls, as Settings does.
        let sideBySide = body.width >= 720 * s
        let chartLeast = 180 * s, rankingLeast = 230 * s
        let least = chartLeast + gap + (sideBySide ? rankingLeast : 2 * rankingLeast + gap)
        let mostPunched = targets.filter { $0.punchCount > 0 }.sorted { ($0.punchCount, $1.name) > ($1.punchCount, $0.name) }
        let hardest = targets.filter { $0.strongest > 0 }.sorted { ($0.strongest, $1.name) > ($1.strongest, $0.name) }
        // Home and End on the chart go to its first day and to today, as in any row; the
        // page would take them first (to scroll), so they are taken here, before it.
        let page = ui.id("stats")
        let dayIDs = (0..<(days?.count ?? 0)).map { WidgetID.of("day", in: WidgetID.of(Int64($0), in: page)) }
        if let focused = ui.focused, dayIDs.contains(focused) {
            if ui.takeKey(.end), let today = dayIDs.last {
                ui.focusNow(today)
            } else if ui.takeKey(.home), let first = dayIDs.first {
                ui.focusNow(first)
            }
        }
        ui.scrollPage("stats", contentHeight: max(body.height, least), in: body) { content in
            let rankingHeight = sideBySide ? max(rankingLeast, (content.height - gap) * 0.5)
                                           : max(rankingLeast, (content.height - 2 * gap) * 0.3)
            let chartRect = Rect(x: content.minX, y: content.minY, width: content.width,
                                 height: max(chartLeast, content.height - gap - (sideBySide ? rankingHeight : 2 * rankingHeight + gap)))
            if let days {
                dailyChart(days, in: chartRect)
            } else {
                ui.panel(chartRect, shadow: true)
                ui.spinner(in: Rect(x: chartRect.center.x - 24 * s, y: chartRect.center.y - 24 * s, width: 48 * s, height: 48 * s))
            }
            let top = chartRect.maxY + gap
            let width = sideBySide ? (content.width - gap) / 2 : content.width
            let second = sideBySide ? Rect(x: content.minX + width + gap, y: top, width: width, height: rankingHeight)
                                    : Rect(x: content.minX, y: top + rankingHeight + gap, width: width, height: rankingHeight)
            ranking(tr("Most punched"), mostPunched.prefix(5).map { ($0, $0.punchCount, Localization.formatted($0.punchCount)) },
                    empty: tr("Punch a target and it shows here."), color: ui.theme.accent,
                    in: Rect(x: content.minX, y: top, width: width, height: rankingHeight))
            ranking(tr("Hardest hits"), hardest.prefix(5).map { ($0, $0.strongest, Localization.formatted($0.strongest)) },
                    empty: tr("Your strongest punches show here."), color: Color(hex: 0xFF4B3E), scaleTo: 999, in: second)
        }
        if ui.backRequested { action = .show(.main) }
        return action
    }

    /// One bar a day, today on the right; the tallest day sets the scale. A bar under
    /// the pointer or the focus (arrows and the d-pad move it) shows its day's numbers.
    private func dailyChart(_ days: [DayTotal], in rect: Rect) {
        let s = layout.scale
        ui.panel(rect, shadow: true)
        let pad = 18 * s
        ui.label(tr("Punches per day"), style: .body, in: Rect(x: rect.minX + pad, y: rect.minY + pad * 0.6, width: rect.width / 2, height: 30 * s))
        let plot = Rect(x: rect.minX + pad, y: rect.minY + 52 * s, width: rect.width - 2 * pad, height: rect.height - 52 * s - 40 * s)
        let highest = days.map(\.punches).max() ?? 0
        let most = max(1, highest)
        if highest > 0 {
            ui.label(Localization.formatted(highest), style: .muted, alignment: .trailing,
                     in: Rect(x: rect.maxX - pad - 120 * s, y: rect.minY + pad * 0.6, width: 120 * s, height: 30 * s))
        }
        // A faint line at the top of the scale and the ground line.
        ui.draw(.rect(Rect(x: plot.minX, y: plot.minY, width: plot.width, height: max(1, s)), color: ui.theme.textMuted.withAlpha(0.18), cornerRadius: 0))
        ui.draw(.rect(Rect(x: plot.minX, y: plot.maxY, width: plot.width, height: max(1, 2 * s)), color: ui.theme.textMuted.withAlpha(0.35), cornerRadius: 0))
        let slot = plot.width / Float(max(1, days.count))
        let barWidth = max(2, slot * 0.68)
        var tip: (text: String, anchor: Rect, top: Float)?
        for (index, day) in days.enumerated() {
            let x = plot.minX + Float(index) * slot + (slot - barWidth) / 2
            let height = day.punches == 0 ? 0 : max(3 * s, plot.height * Float(day.punches) / Float(most))
            let bar = Rect(x: x, y: plot.maxY - height, width: barWidth, height: height)
            let hitArea = Rect(x: plot.minX + Float(index) * slot, y: plot.minY, width: slot, height: plot.height)
            ui.pushID(index)
            let dayID = ui.id("day")
            let state = ui.updateControl(dayID, hitArea, activatesOnKeys: false, ringRadius: 6 * s)
            ui.popID()
            let isToday = index == days.count - 1
            let lit = state.isHot || state.isFocused
            if height > 0 {
                let color = lit ? ui.theme.highlight : isToday ? ui.theme.accentHover : ui.theme.accent
                ui.draw(.rect(bar, color: color, cornerRadius: min(barWidth / 2, 6 * s)))
            }
            if lit {
                let label = Self.chartDate(day.day)
                let text: String
                if day.punches == 0 {
                    // TRANSLATORS: a bar of the punches-per-day chart; %s is its day ("Jan 15", as the locale writes it).
                    text = tr("%s: no punches", label)
                } else {
                    // TRANSLATORS: a bar of the punches-per-day chart: %2$s its day ("Jan 15"), %1$d the punches, %3$d the strongest's strength.
                    text = trn("%2$s: %1$d punch · strongest %3$d", "%2$s: %1$d punches · strongest %3$d", day.punches, label, day.strongest)
                }
                tip = (text, hitArea, bar.minY)
            }
            // A date under every seventh bar, counting back from today.
            if (days.count - 1 - index) % 7 == 0 {
                ui.drawFitted(isToday ? tr("Today") : Self.chartDate(day.day), in: Rect(x: hitArea.center.x - 60 * s, y: plot.maxY + 6 * s, width: 120 * s, height: 28 * s), font: ui.font(ui.theme.fontSize * 0.8), color: ui.theme.textMuted, alignment: .center)
            }
        }
        if let tip {
            let font = ui.font(ui.theme.fontSize * 0.9, .bold)
            let width = ui.textWidth(tip.text, font: font) + 28 * s
            let x = min(max(rect.minX + 8 * s, tip.anchor.center.x - width / 2), rect.maxX - width - 8 * s)
            // Above its bar where there is room, else at the top beside it.
            let above = tip.top - 48 * s
            let box = Rect(x: x, y: above >= plot.minY ? above : plot.minY + 4 * s, width: width, height: 40 * s)
            // Above the focus ring, which runs around the whole column of the bar.
            ui.drawAbove {
                ui.draw(.shadow(box, cornerRadius: 10 * s, blur: 10 * s, offset: Point(0, 3 * s), color: ui.theme.shadow))
                ui.draw(.rect(box, color: ui.theme.backgroundDeep, cornerRadius: 10 * s))
                ui.drawFitted(tip.text, in: box, font: font, color: ui.theme.text, alignment: .center)
            }
        }
    }

    /// A day key (YYYY-MM-DD, local) as the user's locale writes a day short ("Jan 15",
    /// "15. Jan.", "1月15日"); the key itself when it is not one.
    static func chartDate(_ day: String) -> String {
        let parts = day.split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), (1...12).contains(month),
              let dayNumber = Int(parts[2]), (1...31).contains(dayNumber) else { return day }
        // Noon, so no daylight-saving change moves it to another day.
        let components = DateComponents(year: year, month: month, day: dayNumber, hour: 12)
        guard let date = Localization.calendar.date(from: components) else { return day }
        return Localization.shortDate(date)
    }

    /// A titled card of up to five targets with a bar each, longest first.
    private func ranking(
        _ title: String, _ rows: [(target: StressTarget, value: Int, text: String)], empty: String, color: Color,
        scaleTo fixedScale: Int? = nil, in rect: Rect
    ) {
        let s = layout.scale
        ui.panel(rect, shadow: true)
        let pad = 18 * s
        ui.label(title, style: .body, in: Rect(x: rect.minX + pad, y: rect.minY + pad * 0.6, width: rect.width - 2 * pad, height: 30 * s))
        guard !rows.isEmpty else {
            ui.label(empty, style: .muted, alignment: .center, maxLines: 2,
                     in: Rect(x: rect.minX + pad, y: rect.center.y - 20 * s, width: rect.width - 2 * pad, height: 60 * s))
            return
        }
        let top = rect.minY + 52 * s
        let rowHeight = min(56 * s, (rect.maxY - pad - top) / 5)
        let most = Float(fixedScale ?? max(1, rows.map(\.value).max() ?? 1))
        for (index, row) in rows.enumerated() {
            let y = top + Float(index) * rowHeight
            let thumb = rowHeight * 0.8
            if let picture = thumbnail(row.target) {
                ui.image(picture, in: Rect(x: rect.minX + pad, y: y + (rowHeight - thumb) / 2, width: thumb, height: thumb),
                         cornerRadius: 8 * s, fit: picture.isOpaque ? .fill : .fit)
            }
            let textX = rect.minX + pad + thumb + 12 * s
            let nameWidth = min(220 * s, (rect.maxX - pad - textX) * 0.42)
            ui.drawFitted(row.target.name, in: Rect(x: textX, y: y, width: nameWidth, height: rowHeight), font: ui.font(ui.theme.fontSize * 0.9), color: ui.theme.text, alignment: .leading)
            let barX = textX + nameWidth + 10 * s
            let numberWidth = 64 * s
            let barRoom = max(0, rect.maxX - pad - numberWidth - barX)
            let barHeight = rowHeight * 0.34
            ui.draw(.rect(Rect(x: barX, y: y + (rowHeight - barHeight) / 2, width: barRoom, height: barHeight),
                          color: ui.theme.backgroundDeep, cornerRadius: barHeight / 2))
            ui.draw(.rect(Rect(x: barX, y: y + (rowHeight - barHeight) / 2, width: max(barHeight, barRoom * Float(row.value) / most),
                               height: barHeight), color: color, cornerRadius: barHeight / 2))
            ui.drawFitted(row.text, in: Rect(x: rect.maxX - pad - numberWidth, y: y, width: numberWidth, height: rowHeight), font: ui.font(ui.theme.fontSize * 0.9, .bold), color: ui.theme.text, alignment: .trailing)
        }
    }
}
