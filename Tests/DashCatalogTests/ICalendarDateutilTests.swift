@testable import DashCatalog
import Foundation
import Testing
import WidgetDash

/// 300 random rules (every frequency from MINUTELY to YEARLY, with INTERVAL, numbered BYDAY,
/// BYMONTHDAY, BYMONTH, BYYEARDAY, BYWEEKNO, BYHOUR, BYMINUTE, BYSETPOS, WKST and COUNT) and the
/// starts python-dateutil gives for them (`scripts/rrule-fixtures.py` wrote
/// `Goldens/rrule-dateutil.json`): an independent implementation of RFC 5545 to agree with.
@Suite("iCalendar: agreement with python-dateutil")
struct ICalendarDateutilTests {
    struct Case: Decodable {
        var dtstart: String
        var rule: String
        var through: String
        var starts: [String]
    }

    static func cases() throws -> [Case] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/rrule-dateutil.json")
        return try JSONDecoder().decode([Case].self, from: Data(contentsOf: url))
    }

    static func stamp(_ date: Date) -> String {
        let t = Int(date.timeIntervalSince1970)
        let day = Int((Double(t) / 86_400).rounded(.down))
        let (y, m, d) = DateWords.civil(fromDays: day)
        let s = t - day * 86_400
        return String(format: "%04d%02d%02dT%02d%02d%02d", y, m, d, s / 3600, s / 60 % 60, s % 60)
    }

    @Test func everyRuleGivesDateutilsStarts() throws {
        let cases = try Self.cases()
        #expect(cases.count == 300)
        let utc = try #require(TimeZone(identifier: "UTC"))
        var disagreements: [String] = []
        for c in cases {
            let text = ["BEGIN:VCALENDAR", "BEGIN:VEVENT", "SUMMARY:x", "DTSTART:\(c.dtstart)", "RRULE:\(c.rule)", "END:VEVENT", "END:VCALENDAR"]
                .joined(separator: "\r\n")
            let calendar = try ICalendar.parse(text)
            let first = ICalendarRFCExampleTests.day(String(c.dtstart.prefix(8)))
            let last = ICalendarRFCExampleTests.day(c.through)
            let starts = calendar.occurrences(from: Date(timeIntervalSince1970: Double(first * 86_400)),
                                              to: Date(timeIntervalSince1970: Double((last + 1) * 86_400)), in: utc).map { Self.stamp($0.start) }
            if starts != c.starts || !calendar.problems.isEmpty {
                let extra = starts.filter { !c.starts.contains($0) }.prefix(3), missing = c.starts.filter { !starts.contains($0) }.prefix(3)
                disagreements.append("\(c.dtstart) \(c.rule): \(starts.count) vs \(c.starts.count); extra \(extra), missing \(missing) \(calendar.problems)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) rules disagree:\n\(disagreements.prefix(15).joined(separator: "\n"))")
    }
}
