import Foundation
import WidgetDash

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

    /// The `Calendar` weekday number (1 is Sunday) of a day counted from 1970-01-01, a Thursday.
    static func weekdayNumber(ofDay days: Int) -> Int { ((days % 7) + 7 + 4) % 7 + 1 }

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
    ///
    /// Plain arithmetic on days rather than a new ISO 8601 `Calendar` per call: making a calendar
    /// is slow, and a month grid asks for six week numbers every time it is drawn.
    static func isoWeek(of date: Date, in timeZone: TimeZone) -> Int {
        isoWeek(ofDay: localDay(of: date, in: timeZone))
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The Gregorian year, month and day of a day counted from 1970-01-01.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The day (counted from 1970-01-01) that `date` falls on in `timeZone`.
    static func localDay(of date: Date, in timeZone: TimeZone) -> Int {
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        return Int(clamping: local / 86_400, rounding: .down)
    }

    /// The ISO week number of a day counted from 1970-01-01.
    static func isoWeek(ofDay days: Int) -> Int {
        let weekday = ((days % 7) + 7 + 3) % 7 + 1                // ISO: Monday 1 … Sunday 7
        let thursday = days - weekday + 4                         // the Thursday decides the year
        let year = civil(fromDays: thursday).year
        return (thursday - daysFromCivil(year: year, month: 1, day: 1)) / 7 + 1
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
    static func percent(_ fraction: Double) -> String { wholePercent(fraction) + "%" }

    /// A fraction as a whole percentage without its sign, for a number drawn large: "44"; "–"
    /// for a fraction that is not a number.
    static func wholePercent(_ fraction: Double) -> String {
        guard fraction.isFinite else { return "–" }
        return String(Int((min(1, max(0, fraction)) * 100).rounded()))
    }
}

extension EnvironmentValues {
    /// The environment's calendar with the environment's time zone applied: the calendar the
    /// clock, calendar and countdown widgets read their date in.
    var zonedCalendar: Calendar { DateWords.calendar(calendar, in: timeZone) }
}
