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

    /// The weekday's short name in the user's language ("Di", "mar.", "周二").
    public static func shortWeekday(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(locale: locale, calendar: calendar, timeZone: .current).weekday(.abbreviated))
    }

    /// A day as the locale writes it short ("14. Nov.", "14 nov.", "11月14日").
    public static func shortDate(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(locale: locale, calendar: calendar, timeZone: .current).month(.abbreviated).day())
    }

    /// A day and month as numbers ("14.11.", "14/11", "11/14").
    public static func numericDate(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(locale: locale, calendar: calendar, timeZone: .current).month(.defaultDigits).day())
    }
}
