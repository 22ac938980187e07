import Foundation

extension Localization {
    /// A calendar in the user's locale: its first weekday is the locale's (Monday in
    /// Germany, Sunday in the US, Saturday in Egypt).
    public static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        calendar.timeZone = .current
        return calendar
    }

    /// A day as the locale writes it short ("14. Nov.", "14 nov.", "11月14日").
    public static func shortDate(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(locale: locale, calendar: calendar, timeZone: .current).month(.abbreviated).day())
    }
}
