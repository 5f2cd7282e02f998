import Foundation
import WidgetDash

extension ICalendar {
    /// A repetition rule (RFC 5545 §3.3.10): every part of `RECUR`.
    public struct Rule: Hashable, Sendable {
        public enum Frequency: String, Sendable, CaseIterable {
            case secondly = "SECONDLY", minutely = "MINUTELY", hourly = "HOURLY"
            case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"

            /// Finer than a day: the period is one second, minute or hour.
            var isTimeOfDay: Bool { self == .secondly || self == .minutely || self == .hourly }
        }

        /// A `BYDAY` entry: `MO` (every Monday) or `2MO`, `-1FR` (the second Monday, the last Friday).
        public struct WeekdayNumber: Hashable, Sendable {
            /// 0 for every such weekday in the period; otherwise counted from the start (1…53)
            /// or from the end (−1…−53).
            public var ordinal: Int
            /// Monday 0 … Sunday 6.
            public var weekday: Int

            public init(_ ordinal: Int = 0, _ weekday: Int) {
                self.ordinal = ordinal
                self.weekday = weekday
            }
        }

        public var frequency: Frequency
        public var interval = 1
        public var count: Int?
        public var until: Time?
        public var byDay: [WeekdayNumber] = []
        public var byMonthDay: [Int] = []
        public var byYearDay: [Int] = []
        public var byWeekNo: [Int] = []
        /// Months, 1…12.
        public var byMonth: [Int] = []
        public var byHour: [Int] = []
        public var byMinute: [Int] = []
        public var bySecond: [Int] = []
        public var bySetPos: [Int] = []
        /// The day weeks start on, Monday 0 … Sunday 6 (RFC 5545's default is Monday).
        public var weekStart = 0

        public init(frequency: Frequency) {
            self.frequency = frequency
        }
    }

    static let weekdayCodes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    /// The most values one `BY…` list may hold: more than any list that means something.
    static let maxListLength = 400

    /// `FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20261231T235959Z` and every other part of RFC 5545 §3.3.10.
    static func rule(_ raw: String) throws(FeedError) -> Rule {
        var parts: [String: String] = [:]
        for part in raw.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { throw FeedError("expected NAME=VALUE parts, found \"\(text(String(part)))\"") }
            parts[pair[0].uppercased()] = String(pair[1]).uppercased()
        }
        guard let name = parts["FREQ"] else { throw FeedError("FREQ is missing") }
        guard let frequency = Rule.Frequency(rawValue: name) else {
            throw FeedError("FREQ=\(text(name)) is not a frequency (SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY, YEARLY are)")
        }
        var rule = Rule(frequency: frequency)
        if let interval = parts["INTERVAL"] {
            guard let n = Int(interval), n >= 1, n <= 1_000_000 else { throw FeedError("INTERVAL: expected a whole number ≥ 1") }
            rule.interval = n
        }
        if let count = parts["COUNT"] {
            guard let n = Int(count), n >= 1 else { throw FeedError("COUNT: expected a whole number ≥ 1") }
            rule.count = n
        }
        // RFC 5545 forbids COUNT with UNTIL; a file that has both ends at whichever comes first.
        if let until = parts["UNTIL"] { rule.until = try time(until, parameters: [:]) }
        if let byDay = parts["BYDAY"] {
            rule.byDay = try list(byDay, part: "BYDAY", expected: "days such as MO,WE or 2MO,-1FR") { code in
                guard code.count >= 2, let day = weekdayCodes.firstIndex(of: String(code.suffix(2))) else { return nil }
                let prefix = code.dropLast(2)
                if prefix.isEmpty { return Rule.WeekdayNumber(0, day) }
                guard let n = Int(prefix), n != 0, (-53...53).contains(n) else { return nil }
                return Rule.WeekdayNumber(n, day)
            }
        }
        rule.byMonthDay = try numbers(parts["BYMONTHDAY"], part: "BYMONTHDAY", range: -31...31, signed: true)
        rule.byYearDay = try numbers(parts["BYYEARDAY"], part: "BYYEARDAY", range: -366...366, signed: true)
        rule.byWeekNo = try numbers(parts["BYWEEKNO"], part: "BYWEEKNO", range: -53...53, signed: true)
        rule.byMonth = try numbers(parts["BYMONTH"], part: "BYMONTH", range: 1...12, signed: false)
        rule.byHour = try numbers(parts["BYHOUR"], part: "BYHOUR", range: 0...23, signed: false)
        rule.byMinute = try numbers(parts["BYMINUTE"], part: "BYMINUTE", range: 0...59, signed: false)
        rule.bySecond = try numbers(parts["BYSECOND"], part: "BYSECOND", range: 0...60, signed: false).map { min($0, 59) }
        rule.bySetPos = try numbers(parts["BYSETPOS"], part: "BYSETPOS", range: -366...366, signed: true)
        if let start = parts["WKST"] {
            guard let day = weekdayCodes.firstIndex(of: start) else { throw FeedError("WKST: expected a day such as MO") }
            rule.weekStart = day
        }
        return rule
    }

    /// A comma-separated `BY…` list, each value checked; a bad one names the part and the value.
    private static func list<T>(_ raw: String, part: String, expected: String, _ read: (Substring) -> T?) throws(FeedError) -> [T] {
        var out: [T] = []
        for item in raw.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = read(item) else {
                throw FeedError("\(part): expected \(expected), found \"\(text(String(item.prefix(20))))\"")
            }
            out.append(value)
            if out.count > maxListLength { throw FeedError("\(part): more than \(maxListLength) values") }
        }
        return out
    }

    /// Whole numbers in `range` (0 excluded when `signed`: it means nothing there).
    private static func numbers(_ raw: String?, part: String, range: ClosedRange<Int>, signed: Bool) throws(FeedError) -> [Int] {
        guard let raw else { return [] }
        let expected = signed ? "whole numbers from \(range.lowerBound) to \(range.upperBound), not 0" : "whole numbers from \(range.lowerBound) to \(range.upperBound)"
        return try list(raw, part: part, expected: expected) { item -> Int? in
            guard let n = Int(item), range.contains(n), !(signed && n == 0) else { return nil }
            return n
        }
    }
}
