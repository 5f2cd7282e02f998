@testable import DashCatalog
import Foundation
import Testing
import WidgetDash

/// The iCalendar reader on files with the cases real calendars have: zones, UTC and floating
/// times, all-day events, folded lines, daily and weekly rules, exceptions, moved occurrences,
/// daylight-saving changes, and broken events next to good ones.
@Suite("iCalendar")
struct ICalendarTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    static func date(_ iso: String) -> Date {
        let f = ISO8601DateFormatter()
        return f.date(from: iso)!
    }

    /// A calendar file around `events`, with CRLF line ends as RFC 5545 has them.
    static func ics(_ events: String...) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"] + events + ["END:VCALENDAR"])
            .joined(separator: "\r\n").replacingOccurrences(of: "\n", with: "\r\n").replacingOccurrences(of: "\r\r\n", with: "\r\n")
    }

    static func occurrences(_ text: String, from: String, to: String, in zone: TimeZone = utc) throws -> [CalendarEvent] {
        try ICalendar.parse(text).occurrences(from: date(from), to: date(to), in: zone)
    }

    @Test func utcZonedFloatingAndAllDayTimes() throws {
        let text = Self.ics("""
            BEGIN:VEVENT
            UID:a
            SUMMARY:UTC call
            DTSTART:20261122T090000Z
            DTEND:20261122T093000Z
            END:VEVENT
            """, """
            BEGIN:VEVENT
            UID:b
            SUMMARY:Berlin lunch
            DTSTART;TZID=Europe/Berlin:20261122T120000
            DTEND;TZID=Europe/Berlin:20261122T130000
            END:VEVENT
            """, """
            BEGIN:VEVENT
            UID:c
            SUMMARY:Floating yoga
            DTSTART:20261122T180000
            DURATION:PT1H15M
            END:VEVENT
            """, """
            BEGIN:VEVENT
            UID:d
            SUMMARY:Holiday
            DTSTART;VALUE=DATE:20261123
            DTEND;VALUE=DATE:20261125
            END:VEVENT
            """)
        // Floating times and dates are the dashboard's: here New York (UTC−5 in November).
        let events = try Self.occurrences(text, from: "2026-11-22T00:00:00Z", to: "2026-11-30T00:00:00Z", in: Self.newYork)
        #expect(events.map(\.title) == ["UTC call", "Berlin lunch", "Floating yoga", "Holiday"])
        #expect(events[0].start == Self.date("2026-11-22T09:00:00Z"))
        #expect(events[0].end == Self.date("2026-11-22T09:30:00Z"))
        #expect(events[1].start == Self.date("2026-11-22T11:00:00Z"))        // 12:00 CET
        #expect(events[2].start == Self.date("2026-11-22T23:00:00Z"))        // 18:00 EST
        #expect(events[2].end == Self.date("2026-11-23T00:15:00Z"))
        #expect(events[3].isAllDay)
        #expect(events[3].start == Self.date("2026-11-23T05:00:00Z"))        // midnight in New York
        #expect(events[3].end == Self.date("2026-11-25T05:00:00Z"))          // DTEND is exclusive: two days
    }

    @Test func foldedLinesEscapesAndHostileText() throws {
        let text = Self.ics("""
            BEGIN:VEVENT
            SUMMARY:Planning\\, budget\\; and a very long title that an editor fo
             lded onto a second line
            LOCATION:Room 1\\nFloor 2 \u{1B}[31mred\u{1B}[0m
            DTSTART:20261122T150000Z
            END:VEVENT
            """)
        let events = try Self.occurrences(text, from: "2026-11-22T00:00:00Z", to: "2026-11-23T00:00:00Z")
        let event = try #require(events.first)
        #expect(event.title == "Planning, budget; and a very long title that an editor folded onto a second line")
        #expect(event.location?.contains("\u{1B}") == false)
        #expect(event.location?.hasPrefix("Room 1 Floor 2") == true)
        // No DTEND or DURATION: an event of no length.
        #expect(event.end == event.start)
        // LF-only files and tab continuations are read too.
        let lf = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:One\n\ttwo\nDTSTART:20261122T150000Z\nEND:VEVENT\nEND:VCALENDAR\n"
        #expect(try Self.occurrences(lf, from: "2026-11-22T00:00:00Z", to: "2026-11-23T00:00:00Z").map(\.title) == ["Onetwo"])
    }

    @Test func dailyRulesWithCountUntilIntervalAndByDay() throws {
        let text = Self.ics("""
            BEGIN:VEVENT
            UID:count
            SUMMARY:Count
            DTSTART:20261120T080000Z
            RRULE:FREQ=DAILY;COUNT=3
            END:VEVENT
            """, """
            BEGIN:VEVENT
            UID:until
            SUMMARY:Until
            DTSTART:20261121T090000Z
            RRULE:FREQ=DAILY;UNTIL=20261124T090000Z
            END:VEVENT
            """, """
            BEGIN:VEVENT
            UID:interval
            SUMMARY:Every other day
            DTSTART:20261101T100000Z
            RRULE:FREQ=DAILY;INTERVAL=2
            END:VEVENT
            """, """
            BEGIN:VEVENT
            UID:weekdays
            SUMMARY:Weekdays
            DTSTART:20261120T070000Z
            RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR
            END:VEVENT
            """)
        let events = try Self.occurrences(text, from: "2026-11-20T00:00:00Z", to: "2026-11-28T00:00:00Z")
        func days(_ title: String) -> [Int] {
            events.filter { $0.title == title }.map { DateWords.civil(fromDays: DateWords.localDay(of: $0.start, in: Self.utc)).day }
        }
        #expect(days("Count") == [20, 21, 22])
        #expect(days("Until") == [21, 22, 23, 24])                       // UNTIL is inclusive
        #expect(days("Every other day") == [21, 23, 25, 27])             // from 1 November: odd days
        #expect(days("Weekdays") == [20, 23, 24, 25, 26, 27])            // Friday, then Monday to Friday
    }

    @Test func weeklyRulesWithByDayIntervalAndDateUntil() throws {
        let text = Self.ics("""
            BEGIN:VEVENT
            UID:mwf
            SUMMARY:Gym
            DTSTART:20261118T063000Z
            RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=5
            END:VEVENT
            """, """
            BEGIN:VEVENT
            UID:fortnight
            SUMMARY:Fortnightly
            DTSTART:20261102T120000Z
            RRULE:FREQ=WEEKLY;INTERVAL=2
            END:VEVENT
            """, """
            BEGIN:VEVENT
            UID:until
            SUMMARY:Until Sunday
            DTSTART;VALUE=DATE:20261108
            RRULE:FREQ=WEEKLY;UNTIL=20261129
            END:VEVENT
            """)
        let events = try Self.occurrences(text, from: "2026-11-01T00:00:00Z", to: "2026-12-31T00:00:00Z")
        func days(_ title: String) -> [String] {
            events.filter { $0.title == title }.map {
                let c = DateWords.civil(fromDays: DateWords.localDay(of: $0.start, in: Self.utc))
                return "\(c.month)/\(c.day)"
            }
        }
        // Wednesday 18: We 18, Fr 20, Mo 23, We 25, Fr 27 (five in all).
        #expect(days("Gym") == ["11/18", "11/20", "11/23", "11/25", "11/27"])
        #expect(days("Fortnightly") == ["11/2", "11/16", "11/30", "12/14", "12/28"])
        // A date-only UNTIL includes that day.
        #expect(days("Until Sunday") == ["11/8", "11/15", "11/22", "11/29"])
    }

    @Test func countIncludesOccurrencesBeforeTheWindow() throws {
        let text = Self.ics("""
            BEGIN:VEVENT
            SUMMARY:Course
            DTSTART:20250101T090000Z
            RRULE:FREQ=WEEKLY;COUNT=100
            END:VEVENT
            """)
        // 100 weeks from 1 January 2025 end on 25 November 2026 (the 100th).
        let events = try Self.occurrences(text, from: "2026-11-20T00:00:00Z", to: "2026-12-31T00:00:00Z")
        #expect(events.map(\.start) == [Self.date("2026-11-25T09:00:00Z")])
    }

    @Test func exdatesAndMovedOrCancelledOccurrences() throws {
        let text = Self.ics("""
            BEGIN:VEVENT
            UID:standup
            SUMMARY:Stand-up
            DTSTART;TZID=Europe/Berlin:20261123T093000
            DTEND;TZID=Europe/Berlin:20261123T094500
            RRULE:FREQ=DAILY;COUNT=5
            EXDATE;TZID=Europe/Berlin:20261124T093000,20261125T093000
            END:VEVENT
            """, """
            BEGIN:VEVENT
            UID:standup
            RECURRENCE-ID;TZID=Europe/Berlin:20261126T093000
            SUMMARY:Stand-up (moved)
            DTSTART;TZID=Europe/Berlin:20261126T110000
            DTEND;TZID=Europe/Berlin:20261126T111500
            END:VEVENT
            """, """
            BEGIN:VEVENT
            UID:gone
            SUMMARY:Cancelled party
            STATUS:CANCELLED
            DTSTART:20261123T180000Z
            END:VEVENT
            """)
        let events = try Self.occurrences(text, from: "2026-11-22T00:00:00Z", to: "2026-12-01T00:00:00Z", in: Self.berlin)
        #expect(events.map(\.title) == ["Stand-up", "Stand-up (moved)", "Stand-up"])
        #expect(events.map(\.start) == [Self.date("2026-11-23T08:30:00Z"), Self.date("2026-11-26T10:00:00Z"), Self.date("2026-11-27T08:30:00Z")])
    }

    @Test func repeatsKeepTheirLocalTimeAcrossDaylightSavingChanges() throws {
        let text = Self.ics("""
            BEGIN:VEVENT
            SUMMARY:Berlin weekly
            DTSTART;TZID=Europe/Berlin:20261019T090000
            RRULE:FREQ=WEEKLY;COUNT=3
            END:VEVENT
            """, """
            BEGIN:VEVENT
            SUMMARY:New York daily
            DTSTART;TZID=America/New_York:20261031T090000
            RRULE:FREQ=DAILY;COUNT=3
            END:VEVENT
            """, """
            BEGIN:VEVENT
            SUMMARY:Spring
            DTSTART;TZID=Europe/Berlin:20260328T093000
            RRULE:FREQ=DAILY;COUNT=2
            END:VEVENT
            """)
        let events = try Self.occurrences(text, from: "2026-03-01T00:00:00Z", to: "2026-12-01T00:00:00Z")
        // Europe: summer time ends on 25 October 2026; 09:00 is 07:00 UTC before, 08:00 after.
        #expect(events.filter { $0.title == "Berlin weekly" }.map(\.start)
                == ["2026-10-19T07:00:00Z", "2026-10-26T08:00:00Z", "2026-11-02T08:00:00Z"].map(Self.date))
        // United States: it ends on 1 November 2026.
        #expect(events.filter { $0.title == "New York daily" }.map(\.start)
                == ["2026-10-31T13:00:00Z", "2026-11-01T14:00:00Z", "2026-11-02T14:00:00Z"].map(Self.date))
        // Europe: summer time starts on 29 March 2026.
        #expect(events.filter { $0.title == "Spring" }.map(\.start) == ["2026-03-28T08:30:00Z", "2026-03-29T07:30:00Z"].map(Self.date))
    }

    @Test func aTimeInTheSpringGapMovesForwardAndPrefixedZonesAreFound() throws {
        let text = Self.ics("""
            BEGIN:VEVENT
            SUMMARY:Gap
            DTSTART;TZID=Europe/Berlin:20260329T023000
            END:VEVENT
            """, """
            BEGIN:VEVENT
            SUMMARY:Mozilla
            DTSTART;TZID=/mozilla.org/20050126_1/Europe/Berlin:20261122T100000
            END:VEVENT
            """)
        let events = try Self.occurrences(text, from: "2026-03-01T00:00:00Z", to: "2026-12-01T00:00:00Z")
        #expect(events.map(\.start) == [Self.date("2026-03-29T01:30:00Z"), Self.date("2026-11-22T09:00:00Z")])   // 03:30 CEST; 10:00 CET
    }

    @Test func brokenEventsAreSkippedWithTheirLineAndTheRestKept() throws {
        let text = """
            BEGIN:VCALENDAR
            BEGIN:VEVENT
            SUMMARY:No start
            END:VEVENT
            BEGIN:VEVENT
            SUMMARY:Bad start
            DTSTART:2026-11-22
            END:VEVENT
            BEGIN:VEVENT
            SUMMARY:Good
            DTSTART:20261122T120000Z
            BEGIN:VALARM
            TRIGGER:-PT15M
            END:VALARM
            END:VEVENT
            BEGIN:VEVENT
            SUMMARY:Fortnightly
            DTSTART:20261122T130000Z
            RRULE:FREQ=FORTNIGHTLY
            END:VEVENT
            BEGIN:VEVENT
            SUMMARY:Unknown zone
            DTSTART;TZID=Mars/Olympus:20261122T140000
            END:VEVENT
            BEGIN:VEVENT
            SUMMARY:Bad day
            DTSTART:20260231T100000Z
            END:VEVENT
            this line has no colon
            BEGIN:VEVENT
            SUMMARY:Never closed
            DTSTART:20261122T160000Z
            END:VCALENDAR
            """
        let calendar = try ICalendar.parse(text)
        let events = calendar.occurrences(from: Self.date("2026-11-22T00:00:00Z"), to: Self.date("2026-11-23T00:00:00Z"), in: Self.utc)
        #expect(events.map(\.title) == ["Good", "Fortnightly", "Unknown zone"])
        #expect(events.last?.start == Self.date("2026-11-22T14:00:00Z"))
        let problems = calendar.problems.joined(separator: "\n")
        #expect(problems.contains("line 2: the event has no DTSTART"), "\(problems)")
        #expect(problems.contains("line 7: DTSTART: expected a date such as 20261122 or 20261122T090000Z, found \"2026-11-22\""), "\(problems)")
        #expect(problems.contains("line 19: RRULE: FREQ=FORTNIGHTLY is not a frequency"), "\(problems)")
        #expect(problems.contains("unknown TZID \"Mars/Olympus\""), "\(problems)")
        #expect(problems.contains("line 27: DTSTART: no such day"), "\(problems)")
        #expect(problems.contains("line 30: BEGIN:VEVENT is never closed"), "\(problems)")
    }

    @Test func aHostileFileOfEndlessRulesStopsWithinItsBudget() throws {
        let endless = (0..<2000).map { n in
            "BEGIN:VEVENT\nSUMMARY:Spam \(n)\nDTSTART:00010101T000000Z\nRRULE:FREQ=DAILY;COUNT=999999999\nEND:VEVENT"
        }
        let text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:Real\nDTSTART:20261122T120000Z\nEND:VEVENT\n" + endless.joined(separator: "\n") + "\nEND:VCALENDAR"
        let calendar = try ICalendar.parse(text)
        #expect(calendar.events.count == 2001)
        let clock = ContinuousClock()
        var events: [CalendarEvent] = []
        let elapsed = clock.measure {
            events = calendar.occurrences(from: Self.date("2026-11-22T00:00:00Z"), to: Self.date("2026-11-23T00:00:00Z"), in: Self.utc)
        }
        // A figure, not an assertion: timings on a shared machine are not for tests.
        print("iCalendar: 2000 endless daily rules expanded within the budget in \(elapsed)")
        #expect(events.contains { $0.title == "Real" })
    }

    @Test func aRuleWithEveryHourMinuteAndSecondStaysBounded() throws {
        let all = { (n: Int) in (0..<n).map(String.init).joined(separator: ",") }
        let text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:Flood\nDTSTART:20261101T000000Z\n"
            + "RRULE:FREQ=YEARLY;BYDAY=MO,TU,WE,TH,FR,SA,SU;BYHOUR=\(all(24));BYMINUTE=\(all(60));BYSECOND=\(all(60))\nEND:VEVENT\n"
            + "BEGIN:VEVENT\nSUMMARY:Real\nDTSTART:20261122T120000Z\nEND:VEVENT\nEND:VCALENDAR"
        let calendar = try ICalendar.parse(text)
        let events = calendar.occurrences(from: Self.date("2026-11-22T00:00:00Z"), to: Self.date("2026-11-29T00:00:00Z"), in: Self.utc)
        // One start a second for a week would be 604,800: the walk stops at its cap, the rest is kept.
        #expect(events.filter { $0.title == "Flood" }.count == ICalendar.maxOccurrences)
        #expect(events.contains { $0.title == "Real" })
    }

    @Test func textThatIsNotICalendarIsAnErrorWithItsLine() {
        #expect(throws: FeedError("line 2: expected BEGIN:VCALENDAR (not an iCalendar file)")) { try ICalendar.parse("\n{\"events\": []}") }
        #expect(throws: FeedError.self) { try ICalendar.parse("") }
    }

    @Test func rulesAndDurationsAreReadOrRefusedClearly() throws {
        let rule = try ICalendar.rule("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;WKST=SU;UNTIL=20261231T235959Z")
        #expect(rule.frequency == .weekly && rule.interval == 2 && rule.byDay == [.init(0, 0), .init(0, 2)] && rule.weekStart == 6)
        let monthly = try ICalendar.rule("FREQ=MONTHLY;BYDAY=2MO,-1FR;BYMONTHDAY=-1,15;BYSETPOS=-1;BYMONTH=1,12")
        #expect(monthly.byDay == [.init(2, 0), .init(-1, 4)] && monthly.byMonthDay == [-1, 15] && monthly.bySetPos == [-1] && monthly.byMonth == [1, 12])
        #expect(throws: FeedError("BYDAY: expected days such as MO,WE or 2MO,-1FR, found \"0MO\"")) {
            try ICalendar.rule("FREQ=MONTHLY;BYDAY=0MO")
        }
        #expect(throws: FeedError("BYMONTHDAY: expected whole numbers from -31 to 31, not 0, found \"32\"")) {
            try ICalendar.rule("FREQ=MONTHLY;BYMONTHDAY=32")
        }
        #expect(throws: FeedError("BYMONTH: expected whole numbers from 1 to 12, found \"13\"")) { try ICalendar.rule("FREQ=YEARLY;BYMONTH=13") }
        #expect(throws: FeedError("INTERVAL: expected a whole number ≥ 1")) { try ICalendar.rule("FREQ=DAILY;INTERVAL=0") }
        #expect(throws: FeedError("FREQ is missing")) { try ICalendar.rule("COUNT=3") }
        #expect(ICalendar.duration("PT1H30M") == 5400)
        #expect(ICalendar.duration("P1D") == 86_400)
        #expect(ICalendar.duration("P2W") == 1_209_600)
        #expect(ICalendar.duration("-PT15M") == -900)
        #expect(ICalendar.duration("1H") == nil)
        #expect(ICalendar.duration("PT") == nil)
    }

    @Test func monthlyAndYearlyRepeatOnTheSameDaySkippingShortMonths() throws {
        let text = Self.ics("""
            BEGIN:VEVENT
            SUMMARY:Rent
            DTSTART;VALUE=DATE:20260131
            RRULE:FREQ=MONTHLY;COUNT=4
            END:VEVENT
            """, """
            BEGIN:VEVENT
            SUMMARY:Anniversary
            DTSTART;VALUE=DATE:20201122
            RRULE:FREQ=YEARLY
            END:VEVENT
            """)
        let events = try Self.occurrences(text, from: "2026-01-01T00:00:00Z", to: "2026-12-31T00:00:00Z")
        // 31 February, April and June do not exist: they are skipped and not counted.
        #expect(events.filter { $0.title == "Rent" }.map(\.start)
                == ["2026-01-31T00:00:00Z", "2026-03-31T00:00:00Z", "2026-05-31T00:00:00Z", "2026-07-31T00:00:00Z"].map(Self.date))
        #expect(events.filter { $0.title == "Anniversary" }.map(\.start) == [Self.date("2026-11-22T00:00:00Z")])
    }

    @Test func anAllDayEventEndsAtMidnightOnADayTheClocksChange() throws {
        let text = Self.ics("""
            BEGIN:VEVENT
            SUMMARY:Spring fair
            DTSTART;VALUE=DATE:20200329
            DTEND;VALUE=DATE:20200330
            RRULE:FREQ=YEARLY
            END:VEVENT
            """, """
            BEGIN:VEVENT
            SUMMARY:Autumn retreat
            DTSTART;VALUE=DATE:20261024
            DURATION:P2D
            END:VEVENT
            """)
        let events = try Self.occurrences(text, from: "2026-03-01T00:00:00Z", to: "2026-12-01T00:00:00Z", in: Self.berlin)
        // 29 March 2026 has 23 hours in Berlin: midnight to midnight is 23:00Z to 22:00Z.
        #expect(events.map(\.start) == ["2026-03-28T23:00:00Z", "2026-10-23T22:00:00Z"].map(Self.date))
        #expect(events.map(\.end) == ["2026-03-29T22:00:00Z", "2026-10-25T23:00:00Z"].map(Self.date))
    }
}
