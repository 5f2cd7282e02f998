import Foundation

/// The one parser of ISO-8601 dates with a zone (RFC 3339's internet date-time) in the project.
///
/// Every date that comes from outside (pushed timelines, `--at`, `run --start`, `todo add --due`,
/// activity payloads and `--stale-date`, scenario files, the weather file, a command widget's
/// JSON) is read here. It is written by hand, in one pass over at most ``maximumLength`` bytes,
/// because Foundation's `ISO8601DateFormatter` traps (SIGFPE) on a fraction of 35 digits or more.
///
/// Accepted: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; `t` or a space may stand for `T`,
/// `z` for `Z`, and the offset may be `±HHMM` or `±HH`. The fraction keeps nanoseconds (as far
/// as `Date`'s Double holds them); later digits are read and ignored.
///
/// ```swift
/// InternetDate.parse("2026-11-22T09:00:00.25+01:00")  // 08:00:00.25 UTC
/// ```
public enum InternetDate {
    /// The longest text read as a date, in UTF-8 bytes; longer text is not a date.
    public static let maximumLength = 64
    /// Fraction digits that count; the rest are below what a `Date` keeps anyway.
    public static let fractionDigitsKept = 9

    /// The date `text` names, or nil when it is not an internet date-time with a zone.
    public static func parse(_ text: some StringProtocol) -> Date? {
        let utf8 = text.utf8
        guard utf8.count <= maximumLength else { return nil }
        var reader = Reader(bytes: Array(utf8))
        return reader.read()
    }

    /// Whether `seconds` since 1970 names a moment in the years 0001-9999: outside that range
    /// calendar arithmetic traps or loses the day, so dates given as numbers are checked here.
    public static func isInRange(secondsSince1970 seconds: Double) -> Bool {
        seconds.isFinite && seconds >= -62_135_596_800 && seconds < 253_402_300_800
    }

    /// Days from 1970-01-01 to the given day of the proleptic Gregorian calendar.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        // The era-based count of "chrono-Compatible Low-Level Date Algorithms" (H. Hinnant).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `date` as `ISO8601DateFormatter` writes it in UTC (`2026-11-22T09:00:00Z`, with
    /// `.SSS` when `milliseconds`), or nil outside the years 1583-9999, which are left to it.
    ///
    /// The formatter (CoreFoundation over ICU) takes the milliseconds since 1970 as a Double,
    /// `(sinceReferenceDate + 978307200) * 1000 + 0.5`, and ICU truncates that toward the past,
    /// so a date is rounded to the nearest millisecond; the same arithmetic here gives the same
    /// text. Before 1583 ICU's calendar is the Julian one, and from 10000 its years have five
    /// digits, so those stay with the formatter.
    static func utcText(_ date: Date, milliseconds: Bool) -> String? {
        let millis = (date.timeIntervalSinceReferenceDate + 978_307_200) * 1000 + 0.5
        // 1583-01-01 and 10000-01-01, in milliseconds since 1970.
        guard millis >= -12_212_553_600_000, millis < 253_402_300_800_000 else { return nil }
        let whole = Int64(millis.rounded(.down))
        let days = Int(whole >= 0 ? whole / 86_400_000 : (whole - 86_399_999) / 86_400_000)
        let inDay = Int(whole - Int64(days) * 86_400_000)
        // The inverse of daysSince1970 ("chrono-Compatible Low-Level Date Algorithms").
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func digits(_ value: Int, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        var text = digits(year, 4) + "-" + digits(month, 2) + "-" + digits(day, 2) + "T"
        text += digits(inDay / 3_600_000, 2) + ":" + digits(inDay / 60_000 % 60, 2) + ":" + digits(inDay / 1000 % 60, 2)
        if milliseconds { text += "." + digits(inDay % 1000, 3) }
        return text + "Z"
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func read() -> Date? {
            guard let year = number(4), expect(UInt8(ascii: "-")),
                  let month = number(2), (1...12).contains(month), expect(UInt8(ascii: "-")),
                  let day = number(2), day >= 1, day <= InternetDate.daysIn(month: month, year: year),
                  let separator = next(), separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == UInt8(ascii: " "),
                  let hour = number(2), hour <= 23, expect(UInt8(ascii: ":")),
                  let minute = number(2), minute <= 59, expect(UInt8(ascii: ":")),
                  let second = number(2), second <= 59 else { return nil }
            var nanoseconds = 0
            if peek() == UInt8(ascii: ".") {
                index += 1
                var digits = 0
                while let d = peek(), isDigit(d) {
                    if digits < InternetDate.fractionDigitsKept { nanoseconds = nanoseconds * 10 + Int(d - 48) }
                    digits += 1
                    index += 1
                }
                guard digits > 0 else { return nil }
                for _ in digits..<max(digits, InternetDate.fractionDigitsKept) { nanoseconds *= 10 }
            }
            guard let offset = zoneOffset(), index == bytes.count else { return nil }
            let days = InternetDate.daysSince1970(year: year, month: month, day: day)
            let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
            // Relative to 2001 as Date keeps it, so the fraction loses as little as possible.
            return Date(timeIntervalSinceReferenceDate: Double(seconds - 978_307_200) + Double(nanoseconds) / 1e9)
        }

        /// `Z`, or `±HH[:MM]`/`±HHMM`, as seconds east of UTC.
        mutating func zoneOffset() -> Int? {
            guard let sign = next() else { return nil }
            if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") { return 0 }
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), let hours = number(2), hours <= 23 else { return nil }
            var minutes = 0
            if index < bytes.count {
                if peek() == UInt8(ascii: ":") { index += 1 }
                guard let m = number(2), m <= 59 else { return nil }
                minutes = m
            }
            let offset = hours * 3600 + minutes * 60
            return sign == UInt8(ascii: "-") ? -offset : offset
        }

        /// Exactly `count` decimal digits.
        mutating func number(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<count {
                let d = bytes[index]
                guard isDigit(d) else { return nil }
                value = value * 10 + Int(d - 48)
                index += 1
            }
            return value
        }

        mutating func expect(_ byte: UInt8) -> Bool {
            guard peek() == byte else { return false }
            index += 1
            return true
        }

        mutating func next() -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }

        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }
        func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
    }
}
