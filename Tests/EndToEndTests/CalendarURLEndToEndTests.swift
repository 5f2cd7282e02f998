import DashTesting
import Foundation
import Testing

/// The calendar's `url=` through the real binary: a Google-shaped .ics from a fixture server on
/// 127.0.0.1, then, with the server gone, the kept calendar with its age in a new dashboard.
@Suite("Calendar URL end to end", .serialized)
struct CalendarURLEndToEndTests {
    /// A calendar as Google exports it (`…/calendar/ical/…/basic.ics`): CRLF lines, a VTIMEZONE,
    /// a daily event in that zone (so it is always in the week ahead) and a folded description.
    static let google = [
        "BEGIN:VCALENDAR", "PRODID:-//Google Inc//Google Calendar 70.9054//EN", "VERSION:2.0", "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH", "X-WR-CALNAME:Team", "X-WR-TIMEZONE:Europe/Berlin",
        "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "X-LIC-LOCATION:Europe/Berlin",
        "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "TZNAME:CEST", "DTSTART:19700329T020000",
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT",
        "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET", "DTSTART:19701025T030000",
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD", "END:VTIMEZONE",
        "BEGIN:VEVENT", "DTSTART;TZID=Europe/Berlin:20240102T093000", "DTEND;TZID=Europe/Berlin:20240102T094500",
        "RRULE:FREQ=DAILY", "DTSTAMP:20261120T080000Z", "UID:standup-1@google.com", "CREATED:20231220T101010Z",
        "DESCRIPTION:Join with Google Meet: https://meet.google.com/abc-defg-hij\\n\\nLearn more about Meet at: h",
        " ttps://support.google.com/a/users/answer/9282720", "LAST-MODIFIED:20240101T101010Z", "LOCATION:",
        "SEQUENCE:0", "STATUS:CONFIRMED", "SUMMARY:Daily stand-up", "TRANSP:OPAQUE", "END:VEVENT",
        "END:VCALENDAR", "",
    ].joined(separator: "\r\n")

    @Test func aCalendarURLIsListedAndKeptWithItsAgeAfterTheServerIsGone() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let server = try HTTPFixtureServer { request in
            guard request.path == "/calendar/ical/team%40example.com/public/basic.ics" else { return .status(404) }
            return .init(status: 200, body: Array(Self.google.utf8), contentType: "text/calendar; charset=UTF-8")
        }
        let env = try NetworkEndToEndTests.environment(config: "", base: server.baseURL)
        let widget = "calendar@large:url=\(server.baseURL)/calendar/ical/team%40example.com/public/basic.ics"
        let first = try TmuxSession(command: [binary, "--widget", widget], width: 100, height: 40, environment: env)
        #expect(first.waitFor("Daily stand-up", timeout: 10), "\(first.screenText)")
        #expect(first.screenText.contains("127.0.0.1, fetched just now"), "\(first.screenText)")
        first.send(keys: "q")
        #expect(first.waitForExit(timeout: 5) == 0)
        #expect(server.requests.map(\.path) == ["/calendar/ical/team%40example.com/public/basic.ics"], "\(server.requests.map(\.path))")
        server.stop()

        // The server is gone: a new dashboard shows the kept events, says it is offline and how old they are.
        let second = try TmuxSession(command: [binary, "--widget", widget], width: 100, height: 40, environment: env)
        #expect(second.waitFor("Offline", timeout: 10), "\(second.screenText)")
        #expect(second.screenText.contains("Daily stand-up"), "\(second.screenText)")
        #expect(second.screenText.contains("unreachable"), "\(second.screenText)")
        #expect(second.screenText.contains("just now") || second.screenText.contains("min ago"), "\(second.screenText)")
        second.send(keys: "q")
        #expect(second.waitForExit(timeout: 5) == 0)
    }
}
