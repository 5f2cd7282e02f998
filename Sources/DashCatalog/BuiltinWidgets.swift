import Foundation
import WidgetDash

/// The widgets that ship with widgetdash, in the gallery's order (the hero first).
///
/// ```swift
/// let kinds = BuiltinWidgets().widgetDescriptions.map(\.kind) // ["clock", "calendar", "system", "bank", "health"]
/// ```
public struct BuiltinWidgets: WidgetBundle {
    public init() {}

    public var body: some Widget {
        ClockWidget()
        CalendarWidget()
        SystemWidget()
        BankWidget()
        HealthWidget()
        // Interactive: buttons and toggles that run intents.
        CounterWidget()
        TodoWidget()
        TimerWidget()
        // Controls for the control center (c).
        LightControl()
        FlashlightControl()
        // Fed from scripts through the shared store (widgetdash set / push).
        NotesWidget()
        TextDataWidget()
        GaugeDataWidget()
        ListDataWidget()
        SparklineDataWidget()
        StatDataWidget()
    }
}

/// Fixed inputs for previews, goldens and tests, so a render never depends on the real clock.
public enum SampleData {
    /// Sunday 22 November 2026, 10:42:17 UTC: the moment every sample entry shows.
    public static let date = Date(timeIntervalSince1970: 1_795_344_137)
}

/// Date arithmetic and wording shared by the built-in widgets.
///
/// Names are spelled out here rather than taken from `DateFormatter`, because a formatter
/// follows the process locale, and a widget's text must be the same on every machine (and in
/// every golden file); the calendar and time zone come from the view's environment.
enum DateWords {
    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let months = ["January", "February", "March", "April", "May", "June", "July",
                         "August", "September", "October", "November", "December"]

    /// The full weekday name for a `Calendar` weekday number (1 is Sunday).
    static func weekday(_ number: Int) -> String { weekdays[((number - 1) % 7 + 7) % 7] }

    /// The three-letter weekday name for a `Calendar` weekday number (1 is Sunday).
    static func shortWeekday(_ number: Int) -> String { String(weekday(number).prefix(3)) }

    /// The full month name for a month number (1 is January).
    static func month(_ number: Int) -> String { months[((number - 1) % 12 + 12) % 12] }

    /// The three-letter month name for a month number (1 is January).
    static func shortMonth(_ number: Int) -> String { String(month(number).prefix(3)) }

    /// A number with a leading zero below 10: "07".
    static func pad2(_ value: Int) -> String { value < 10 && value >= 0 ? "0\(value)" : String(value) }

    /// The calendar of the environment with the environment's time zone applied.
    static func calendar(_ calendar: Calendar, in timeZone: TimeZone) -> Calendar {
        var c = calendar
        c.timeZone = timeZone
        return c
    }

    /// The ISO 8601 week number of `date` in `timeZone` (weeks start on Monday; week 1 holds
    /// the year's first Thursday), whatever calendar the user has, because that is the number
    /// printed in diaries and used at work.
    static func isoWeek(of date: Date, in timeZone: TimeZone) -> Int {
        var iso = Calendar(identifier: .iso8601)
        iso.timeZone = timeZone
        return iso.component(.weekOfYear, from: date)
    }

    /// How far through its day `date` is, from 0 to 1.
    static func dayFraction(of date: Date, calendar: Calendar) -> Double {
        guard let day = calendar.dateInterval(of: .day, for: date), day.duration > 0 else { return 0 }
        return min(1, max(0, date.timeIntervalSince(day.start) / day.duration))
    }

    /// How far through its year `date` is, from 0 to 1.
    static func yearFraction(of date: Date, calendar: Calendar) -> Double {
        guard let year = calendar.dateInterval(of: .year, for: date), year.duration > 0 else { return 0 }
        return min(1, max(0, date.timeIntervalSince(year.start) / year.duration))
    }

    /// A fraction as a whole percentage: "44%".
    static func percent(_ fraction: Double) -> String {
        guard fraction.isFinite else { return "–%" }
        return "\(Int((min(1, max(0, fraction)) * 100).rounded()))%"
    }
}
