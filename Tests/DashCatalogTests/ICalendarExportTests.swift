@testable import DashCatalog
import Foundation
import Testing
import WidgetDash

/// Calendars in the shapes Google Calendar, Outlook (Exchange) and Apple Calendar export them:
/// their zone blocks, their extra properties, their folding, and their ways of moving,
/// cancelling and adding occurrences.
@Suite("iCalendar: exported calendars")
struct ICalendarExportTests {
    static func utc(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

    static func crlf(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: "\r\n") }

    /// Google: X-WR-TIMEZONE, a VTIMEZONE for the calendar's zone, UTC DTSTAMPs, a weekday
    /// stand-up with an EXDATE, a moved and a cancelled occurrence (RECURRENCE-ID), a yearly
    /// all-day birthday, a last-Friday rule in UTC, and a description folded at 75 octets.
    static let google = crlf("""
        BEGIN:VCALENDAR
        PRODID:-//Google Inc//Google Calendar 70.9054//EN
        VERSION:2.0
        CALSCALE:GREGORIAN
        METHOD:PUBLISH
        X-WR-CALNAME:Ana Silva
        X-WR-TIMEZONE:Europe/Lisbon
        BEGIN:VTIMEZONE
        TZID:Europe/Lisbon
        X-LIC-LOCATION:Europe/Lisbon
        BEGIN:STANDARD
        TZOFFSETFROM:+0100
        TZOFFSETTO:+0000
        TZNAME:WET
        DTSTART:19701025T020000
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
        END:STANDARD
        BEGIN:DAYLIGHT
        TZOFFSETFROM:+0000
        TZOFFSETTO:+0100
        TZNAME:WEST
        DTSTART:19700329T010000
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
        END:DAYLIGHT
        END:VTIMEZONE
        BEGIN:VEVENT
        DTSTART;TZID=Europe/Lisbon:20261005T093000
        DTEND;TZID=Europe/Lisbon:20261005T094500
        RRULE:FREQ=WEEKLY;WKST=MO;BYDAY=MO,TU,WE,TH,FR
        EXDATE;TZID=Europe/Lisbon:20261124T093000
        DTSTAMP:20261120T101500Z
        UID:4c1r9d2o3n0k7m6e5v5b3qg8s0@google.com
        CREATED:20260928T120000Z
        DESCRIPTION:Daily check-in for the platform team. Join with Google Meet: ht
         tps://meet.google.com/abc-defg-hij
        LAST-MODIFIED:20261120T101400Z
        LOCATION:
        SEQUENCE:2
        STATUS:CONFIRMED
        SUMMARY:Stand-up
        TRANSP:OPAQUE
        END:VEVENT
        BEGIN:VEVENT
        DTSTART;TZID=Europe/Lisbon:20261126T110000
        DTEND;TZID=Europe/Lisbon:20261126T111500
        DTSTAMP:20261120T101500Z
        UID:4c1r9d2o3n0k7m6e5v5b3qg8s0@google.com
        RECURRENCE-ID;TZID=Europe/Lisbon:20261126T093000
        CREATED:20260928T120000Z
        LAST-MODIFIED:20261120T101400Z
        SEQUENCE:3
        STATUS:CONFIRMED
        SUMMARY:Stand-up (moved)
        TRANSP:OPAQUE
        END:VEVENT
        BEGIN:VEVENT
        DTSTART;TZID=Europe/Lisbon:20261127T093000
        DTEND;TZID=Europe/Lisbon:20261127T094500
        DTSTAMP:20261120T101500Z
        UID:4c1r9d2o3n0k7m6e5v5b3qg8s0@google.com
        RECURRENCE-ID;TZID=Europe/Lisbon:20261127T093000
        SEQUENCE:3
        STATUS:CANCELLED
        SUMMARY:Stand-up
        END:VEVENT
        BEGIN:VEVENT
        DTSTART;VALUE=DATE:20101123
        DTEND;VALUE=DATE:20101124
        RRULE:FREQ=YEARLY
        DTSTAMP:20261120T101500Z
        UID:7h2k3j4l5m6n7b8v9c0x1z2a3s@google.com
        SUMMARY:Sam's birthday
        TRANSP:TRANSPARENT
        END:VEVENT
        BEGIN:VEVENT
        DTSTART:20260130T170000Z
        DTEND:20260130T180000Z
        RRULE:FREQ=MONTHLY;BYDAY=-1FR
        DTSTAMP:20261120T101500Z
        UID:9q8w7e6r5t4y3u2i1o0p@google.com
        SUMMARY:Team drinks
        LOCATION:The Anchor\\, Rua do Alecrim 12\\, Lisboa
        END:VEVENT
        END:VCALENDAR
        """)

    @Test func googleCalendarExport() throws {
        let calendar = try ICalendar.parse(Self.google)
        #expect(calendar.problems.isEmpty, "\(calendar.problems)")
        let lisbon = TimeZone(identifier: "Europe/Lisbon")!
        let week = calendar.occurrences(from: Self.utc("2026-11-23T00:00:00Z"), to: Self.utc("2026-11-30T00:00:00Z"), in: lisbon)
        #expect(week.map(\.title) == ["Sam's birthday", "Stand-up", "Stand-up", "Stand-up (moved)", "Team drinks"])
        #expect(week.map(\.start) == ["2026-11-23T00:00:00Z", "2026-11-23T09:30:00Z", "2026-11-25T09:30:00Z", "2026-11-26T11:00:00Z",
                                      "2026-11-27T17:00:00Z"].map(Self.utc))
        #expect(week[0].isAllDay && week[0].end == Self.utc("2026-11-24T00:00:00Z"))
        #expect(week[4].location == "The Anchor, Rua do Alecrim 12, Lisboa")
        // Summer time ends on 25 October: 09:30 is 08:30 UTC on Friday 23, 09:30 UTC on Monday 26.
        let change = calendar.occurrences(from: Self.utc("2026-10-23T00:00:00Z"), to: Self.utc("2026-10-27T00:00:00Z"), in: lisbon)
        #expect(change.filter { $0.title == "Stand-up" }.map(\.start) == ["2026-10-23T08:30:00Z", "2026-10-26T09:30:00Z"].map(Self.utc))
        #expect(!change.contains { $0.title == "Team drinks" })          // the last Friday of October is the 30th
    }

    /// Outlook: a Windows zone name ("W. Europe Standard Time", known from CLDR's table; the
    /// file's VTIMEZONE with Outlook's 1601 onsets would give the same offsets); X-MICROSOFT-CDO-* properties, a VALARM, a long
    /// folded UID, a weekly rule with UNTIL, a numbered-weekday rule with COUNT, and an all-day event.
    static let outlook = crlf("""
        BEGIN:VCALENDAR
        METHOD:PUBLISH
        PRODID:Microsoft Exchange Server 2010
        VERSION:2.0
        X-WR-CALNAME:Calendar
        BEGIN:VTIMEZONE
        TZID:W. Europe Standard Time
        BEGIN:STANDARD
        DTSTART:16010101T030000
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0100
        RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10
        END:STANDARD
        BEGIN:DAYLIGHT
        DTSTART:16010101T020000
        TZOFFSETFROM:+0100
        TZOFFSETTO:+0200
        RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3
        END:DAYLIGHT
        END:VTIMEZONE
        BEGIN:VEVENT
        DESCRIPTION:\\n
        RRULE:FREQ=WEEKLY;UNTIL=20270325T090000Z;INTERVAL=1;BYDAY=TH;WKST=MO
        UID:040000008200E00074C5B7101A82E00800000000D0E3C0A1B2C3D401000000000000000
         010000000A1B2C3D4E5F60718293A4B5C6D7E8F90
        SUMMARY:Quarterly review prep
        DTSTART;TZID=W. Europe Standard Time:20261001T100000
        DTEND;TZID=W. Europe Standard Time:20261001T110000
        CLASS:PUBLIC
        PRIORITY:5
        DTSTAMP:20261120T093000Z
        TRANSP:OPAQUE
        STATUS:CONFIRMED
        SEQUENCE:0
        LOCATION:Room 4.12
        X-MICROSOFT-CDO-APPT-SEQUENCE:0
        X-MICROSOFT-CDO-BUSYSTATUS:BUSY
        X-MICROSOFT-CDO-INTENDEDSTATUS:BUSY
        X-MICROSOFT-CDO-ALLDAYEVENT:FALSE
        X-MICROSOFT-CDO-IMPORTANCE:1
        X-MICROSOFT-CDO-INSTTYPE:1
        X-MICROSOFT-DONOTFORWARDMEETING:FALSE
        X-MICROSOFT-DISALLOW-COUNTER:FALSE
        BEGIN:VALARM
        DESCRIPTION:REMINDER
        TRIGGER;RELATED=START:-PT15M
        ACTION:DISPLAY
        END:VALARM
        END:VEVENT
        BEGIN:VEVENT
        RRULE:FREQ=MONTHLY;COUNT=12;BYDAY=2TU
        UID:040000008200E00074C5B7101A82E00800000000F1E2D3C4B5A6978801000000000000000
         010000000FFEEDDCCBBAA99887766554433221100
        SUMMARY:Patch Tuesday
        DTSTART;TZID=W. Europe Standard Time:20260113T190000
        DTEND;TZID=W. Europe Standard Time:20260113T200000
        DTSTAMP:20261120T093000Z
        X-MICROSOFT-CDO-ALLDAYEVENT:FALSE
        END:VEVENT
        BEGIN:VEVENT
        UID:040000008200E00074C5B7101A82E0080000000011223344556677880100000000000000
        SUMMARY:Company holiday
        DTSTART;VALUE=DATE:20261127
        DTEND;VALUE=DATE:20261128
        DTSTAMP:20261120T093000Z
        X-MICROSOFT-CDO-ALLDAYEVENT:TRUE
        END:VEVENT
        END:VCALENDAR
        """)

    @Test func outlookExportWithAWindowsZoneName() throws {
        let calendar = try ICalendar.parse(Self.outlook)
        #expect(calendar.problems.isEmpty, "\(calendar.problems)")
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let autumn = calendar.occurrences(from: Self.utc("2026-10-19T00:00:00Z"), to: Self.utc("2026-11-02T00:00:00Z"), in: berlin)
        // 10:00 in W. Europe time: 08:00 UTC in summer time (until 25 October), 09:00 after.
        #expect(autumn.filter { $0.title == "Quarterly review prep" }.map(\.start) == ["2026-10-22T08:00:00Z", "2026-10-29T09:00:00Z"].map(Self.utc))
        #expect(autumn.first?.location == "Room 4.12")
        let november = calendar.occurrences(from: Self.utc("2026-11-01T00:00:00Z"), to: Self.utc("2026-12-01T00:00:00Z"), in: berlin)
        #expect(november.filter { $0.title == "Patch Tuesday" }.map(\.start) == [Self.utc("2026-11-10T18:00:00Z")])
        #expect(november.filter { $0.title == "Company holiday" }.map(\.start) == [Self.utc("2026-11-26T23:00:00Z")])
        // The weekly rule ends with UNTIL on 25 March 2027 (a Thursday, 10:00 CET = 09:00 UTC, included).
        let spring = calendar.occurrences(from: Self.utc("2027-03-15T00:00:00Z"), to: Self.utc("2027-04-15T00:00:00Z"), in: berlin)
        #expect(spring.filter { $0.title == "Quarterly review prep" }.map(\.start) == ["2027-03-18T09:00:00Z", "2027-03-25T09:00:00Z"].map(Self.utc))
        // Patch Tuesday: twelve, January to December 2026, then no more.
        let year = calendar.occurrences(from: Self.utc("2026-01-01T00:00:00Z"), to: Self.utc("2027-12-31T00:00:00Z"), in: berlin)
        #expect(year.filter { $0.title == "Patch Tuesday" }.count == 12)
    }

    /// Apple Calendar: X-APPLE-* properties (one with quoted parameters holding colons), a
    /// VTIMEZONE with only current rules, X-WR-TIMEZONE for floating times, VALARMs, an RDATE
    /// and an EXDATE, and a first-Saturday rule across the change to winter time.
    static let apple = crlf("""
        BEGIN:VCALENDAR
        METHOD:PUBLISH
        VERSION:2.0
        X-WR-CALNAME:Home
        PRODID:-//Apple Inc.//macOS 15.1//EN
        X-APPLE-CALENDAR-COLOR:#1BADF8
        X-WR-TIMEZONE:America/Los_Angeles
        CALSCALE:GREGORIAN
        BEGIN:VTIMEZONE
        TZID:America/Los_Angeles
        BEGIN:DAYLIGHT
        TZOFFSETFROM:-0800
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
        DTSTART:20070311T020000
        TZNAME:PDT
        TZOFFSETTO:-0700
        END:DAYLIGHT
        BEGIN:STANDARD
        TZOFFSETFROM:-0700
        RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
        DTSTART:20071104T020000
        TZNAME:PST
        TZOFFSETTO:-0800
        END:STANDARD
        END:VTIMEZONE
        BEGIN:VEVENT
        CREATED:20260901T180000Z
        UID:5F1C2A3B-9D8E-4F7A-B6C5-1234567890AB
        RRULE:FREQ=MONTHLY;INTERVAL=1;BYDAY=1SA
        DTEND;TZID=America/Los_Angeles:20260905T120000
        TRANSP:OPAQUE
        X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC
        SUMMARY:Farmers market
        LAST-MODIFIED:20261101T120000Z
        DTSTAMP:20261101T120000Z
        DTSTART;TZID=America/Los_Angeles:20260905T100000
        SEQUENCE:1
        X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS="1 Ferry Building, San Francis
         co, CA";X-APPLE-RADIUS=70;X-TITLE="Ferry Building: Marketplace":geo:37.7955,-
         122.3937
        LOCATION:Ferry Building\\nSan Francisco
        BEGIN:VALARM
        X-WR-ALARMUID:0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9
        UID:0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9
        TRIGGER:-PT30M
        ATTACH;VALUE=URI:Chord
        ACTION:AUDIO
        X-APPLE-DEFAULT-ALARM:TRUE
        ACKNOWLEDGED:20261003T163000Z
        END:VALARM
        END:VEVENT
        BEGIN:VEVENT
        CREATED:20261020T180000Z
        UID:8E7D6C5B-4A39-2817-0605-F4E3D2C1B0A9
        RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=4
        RDATE:20261128T090000
        EXDATE:20261117T180000
        DTSTART:20261103T180000
        DTEND:20261103T190000
        SUMMARY:Yoga
        X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC
        DTSTAMP:20261101T120000Z
        END:VEVENT
        BEGIN:VEVENT
        UID:1F2E3D4C-5B6A-7988-A7B6-C5D4E3F2A1B0
        DTSTART;VALUE=DATE:20261126
        DTEND;VALUE=DATE:20261127
        SUMMARY:Thanksgiving
        X-APPLE-UNIVERSAL-ID:2b6a3c1e-6f1d-4b5a-9c8e-7d6f5e4d3c2b
        DTSTAMP:20261101T120000Z
        END:VEVENT
        END:VCALENDAR
        """)

    @Test func appleCalendarExport() throws {
        let calendar = try ICalendar.parse(Self.apple)
        #expect(calendar.problems.isEmpty, "\(calendar.problems)")
        let la = TimeZone(identifier: "America/Los_Angeles")!
        let events = calendar.occurrences(from: Self.utc("2026-10-01T00:00:00Z"), to: Self.utc("2026-12-10T00:00:00Z"), in: la)
        // 10:00 in Los Angeles: 17:00 UTC in summer time, 18:00 after 1 November.
        #expect(events.filter { $0.title == "Farmers market" }.map(\.start) == ["2026-10-03T17:00:00Z", "2026-11-07T18:00:00Z", "2026-12-05T18:00:00Z"].map(Self.utc))
        #expect(events.first { $0.title == "Farmers market" }?.location == "Ferry Building San Francisco")
        // Floating times are read in X-WR-TIMEZONE even on a dashboard in Berlin: Tuesdays 3,
        // 10 and 24 (17 excluded, the fourth of COUNT=4 counted), and the added Saturday class.
        let berlinView = calendar.occurrences(from: Self.utc("2026-10-01T00:00:00Z"), to: Self.utc("2026-12-10T00:00:00Z"), in: TimeZone(identifier: "Europe/Berlin")!)
        #expect(berlinView.filter { $0.title == "Yoga" }.map(\.start)
                == ["2026-11-04T02:00:00Z", "2026-11-11T02:00:00Z", "2026-11-25T02:00:00Z", "2026-11-28T17:00:00Z"].map(Self.utc))
        #expect(events.filter { $0.title == "Thanksgiving" }.map(\.start) == [Self.utc("2026-11-26T08:00:00Z")])
    }

    @Test func aVTimeZoneWithoutAnOlsonNameAppliesItsOwnRules() throws {
        let text = Self.crlf("""
            BEGIN:VCALENDAR
            VERSION:2.0
            BEGIN:VEVENT
            UID:x
            SUMMARY:Defined after use
            DTSTART;TZID=Customized Time Zone:20260320T090000
            RRULE:FREQ=DAILY;COUNT=3
            END:VEVENT
            BEGIN:VTIMEZONE
            TZID:Customized Time Zone
            BEGIN:STANDARD
            DTSTART:16010101T030000
            TZOFFSETFROM:+1100
            TZOFFSETTO:+1000
            RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=4
            END:STANDARD
            BEGIN:DAYLIGHT
            DTSTART:16010101T020000
            TZOFFSETFROM:+1000
            TZOFFSETTO:+1100
            RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=10
            END:DAYLIGHT
            END:VTIMEZONE
            END:VCALENDAR
            """)
        let calendar = try ICalendar.parse(text)
        #expect(calendar.problems.isEmpty, "\(calendar.problems)")
        // Sydney-like rules: +11 in March; 09:00 is 22:00 UTC the day before.
        let events = calendar.occurrences(from: Self.utc("2026-03-01T00:00:00Z"), to: Self.utc("2026-04-01T00:00:00Z"), in: TimeZone(identifier: "UTC")!)
        #expect(events.map(\.start) == ["2026-03-19T22:00:00Z", "2026-03-20T22:00:00Z", "2026-03-21T22:00:00Z"].map(Self.utc))
        // And +10 after the first Sunday of April (5 April 2026).
        let april = try ICalendar.parse(text.replacingOccurrences(of: "20260320T090000", with: "20260404T090000"))
            .occurrences(from: Self.utc("2026-04-01T00:00:00Z"), to: Self.utc("2026-05-01T00:00:00Z"), in: TimeZone(identifier: "UTC")!)
        #expect(april.map(\.start) == ["2026-04-03T22:00:00Z", "2026-04-04T23:00:00Z", "2026-04-05T23:00:00Z"].map(Self.utc))
    }

    @Test func aWindowsZoneNameWithoutItsVTimeZoneIsStillKnown() throws {
        let text = Self.crlf("""
            BEGIN:VCALENDAR
            VERSION:2.0
            BEGIN:VEVENT
            UID:w
            SUMMARY:Board call
            DTSTART;TZID="Eastern Standard Time":20261030T090000
            RRULE:FREQ=DAILY;COUNT=4
            END:VEVENT
            END:VCALENDAR
            """)
        let calendar = try ICalendar.parse(text)
        #expect(calendar.problems.isEmpty, "\(calendar.problems)")
        // America/New_York: EDT until 1 November 2026, EST after.
        let events = calendar.occurrences(from: Self.utc("2026-10-30T00:00:00Z"), to: Self.utc("2026-11-03T00:00:00Z"), in: TimeZone(identifier: "UTC")!)
        #expect(events.map(\.start) == ["2026-10-30T13:00:00Z", "2026-10-31T13:00:00Z", "2026-11-01T14:00:00Z", "2026-11-02T14:00:00Z"].map(Self.utc))
        // Every name in the table is one the system knows.
        #expect(ICalendar.windowsZones.filter { TimeZone(identifier: $0.value) == nil }.isEmpty)
    }
}
