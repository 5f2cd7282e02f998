import DashTesting
import Foundation
import Testing

/// Weather, stocks, calendar and reminders fed with real data, through the real binary.
@Suite("Feeds end to end", .serialized)
struct FeedsEndToEndTests {
    static func iso(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }

    /// `20261122T093000Z`.
    static func ics(_ date: Date) -> String {
        iso(date).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
    }

    @Test func todoAddTakesADueDateAndRefusesABadOne() throws {
        guard let binary = WidgetDashBinary.path else {
            Issue.record("the widgetdash binary is missing")
            return
        }
        let env = WidgetDashBinary.isolatedEnvironment()
        let added = try StoreEndToEndTests.run(binary, ["todo", "add", "Pay rent", "--due", "2026-11-23T09:00"], environment: env)
        #expect(added.status == 0 && added.out == "added #1: Pay rent (due 2026-11-23T09:00)\n", "\(added)")
        let zoned = try StoreEndToEndTests.run(binary, ["todo", "add", "Call", "--due", "2026-11-23T18:30:00+01:00"], environment: env)
        #expect(zoned.status == 0 && zoned.out.contains("(due 2026-11-23T17:30)"), "\(zoned)")
        let bad = try StoreEndToEndTests.run(binary, ["todo", "add", "Never", "--due", "soon"], environment: env)
        #expect(bad.status == 64)
        #expect(bad.err.contains("--due: expected a date such as 2026-11-23, 2026-11-23T09:00 or 2026-11-23T09:00:00Z, found \"soon\""), "\(bad.err)")
        let list = try StoreEndToEndTests.run(binary, ["todo", "list"], environment: env)
        #expect(list.out == "[ ] #1 Pay rent (due 2026-11-23T09:00)\n[ ] #2 Call (due 2026-11-23T17:30)\n", "\(list.out)")
    }

    @Test func feedsShowInARunningDashboardAndFollowWrites() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let env = WidgetDashBinary.isolatedEnvironment()
        let config = try #require(env["XDG_CONFIG_HOME"]) + "/widgetdash"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        let hour = (Date().timeIntervalSince1970 / 3600).rounded(.down) * 3600
        let hours = (-1...8).map { i in
            #"{"time": "\#(Self.iso(Date(timeIntervalSince1970: hour + Double(i) * 3600)))", "temperature": \#(10 + i), "condition": "rain"}"#
        }
        try #"{"place": "Gotham", "timeZone": "UTC", "hours": [\#(hours.joined(separator: ","))]}"#
            .write(toFile: config + "/forecast.json", atomically: true, encoding: .utf8)
        let start = Date(timeIntervalSince1970: hour + 2 * 3600)
        try """
            BEGIN:VCALENDAR\r
            BEGIN:VEVENT\r
            SUMMARY:Launch review\r
            DTSTART:\(Self.ics(start))\r
            DURATION:PT30M\r
            END:VEVENT\r
            END:VCALENDAR\r

            """.write(toFile: config + "/calendar.ics", atomically: true, encoding: .utf8)
        // SAP.DE has no store key, so it is fetched live (issue 16): from a closed local port here.
        try "[sources]\nyahoo_finance = \"http://127.0.0.1:9\"\n".write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        let tmux = try TmuxSession(command: [binary, "--widget", "weather@medium", "--widget", "stocks@medium:symbols=SAP.DE",
                                             "--widget", "calendar@medium", "--widget", "reminders@medium"],
                                   width: 100, height: 30, environment: env)
        #expect(tmux.waitFor("Launch review", timeout: 10), "\(tmux.screenText)")
        #expect(tmux.waitFor("Gotham", timeout: 5), "\(tmux.screenText)")
        #expect(tmux.waitFor("widgetdash set stocks.SAP.DE PRICE", timeout: 5), "\(tmux.screenText)")
        #expect(tmux.screenText.contains("unreachable"), "\(tmux.screenText)")
        #expect(tmux.waitFor("Nothing due", timeout: 5), "\(tmux.screenText)")
        #expect(!tmux.screenText.lowercased().contains("sample"), "\(tmux.screenText)")
        // A script writes a price; the stocks widget follows without a key press.
        let set = try StoreEndToEndTests.run(binary, ["set", "stocks.SAP.DE", #"{"price": 231.45, "previousClose": 228.1}"#], environment: env)
        #expect(set.status == 0, "\(set.err)")
        #expect(tmux.waitFor("231.45", timeout: 5), "\(tmux.screenText)")
        // `todo add` tells the dashboard, too.
        let due = Self.iso(Date(timeIntervalSince1970: hour + 5 * 3600)).prefix(16)
        let todo = try StoreEndToEndTests.run(binary, ["todo", "add", "Water the plants", "--due", String(due)], environment: env)
        #expect(todo.status == 0, "\(todo.err)")
        #expect(tmux.waitFor("Water the plants", timeout: 5), "\(tmux.screenText)")
        // A forecast written to the store wins over the file; a broken one is shown as such.
        let broken = try StoreEndToEndTests.run(binary, ["set", "weather.forecast", #"{"hours": []}"#], environment: env)
        #expect(broken.status == 0, "\(broken.err)")
        #expect(tmux.waitFor("hours: empty", timeout: 5), "\(tmux.screenText)")
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }

    @Test func aCalendarInAZoneOnlyItsFileDefinesRepeatsIntoToday() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let env = WidgetDashBinary.isolatedEnvironment()
        let config = try #require(env["XDG_CONFIG_HOME"]) + "/widgetdash"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        // Outlook's shape: a Windows zone name defined by the file (here two hours east of UTC all
        // year), a weekly rule on today's weekday that began three weeks ago, one week cancelled.
        let hour = (Date().timeIntervalSince1970 / 3600).rounded(.down) * 3600
        let start = Date(timeIntervalSince1970: hour + 2 * 3600 - 21 * 86_400)
        let local = Self.ics(start.addingTimeInterval(2 * 3600)).dropLast()            // wall time at +02:00
        let skipped = Self.ics(start.addingTimeInterval(7 * 86_400 + 2 * 3600)).dropLast()
        let weekday = ["TH", "FR", "SA", "SU", "MO", "TU", "WE"][Int(start.timeIntervalSince1970 + 2 * 3600) / 86_400 % 7]
        try """
            BEGIN:VCALENDAR\r
            PRODID:Microsoft Exchange Server 2010\r
            BEGIN:VTIMEZONE\r
            TZID:E. Somewhere Standard Time\r
            BEGIN:STANDARD\r
            DTSTART:16010101T000000\r
            TZOFFSETFROM:+0200\r
            TZOFFSETTO:+0200\r
            END:STANDARD\r
            END:VTIMEZONE\r
            BEGIN:VEVENT\r
            UID:weekly-1\r
            SUMMARY:Weekly sync\r
            RRULE:FREQ=WEEKLY;BYDAY=\(weekday);WKST=MO\r
            EXDATE;TZID=E. Somewhere Standard Time:\(skipped)\r
            DTSTART;TZID=E. Somewhere Standard Time:\(local)\r
            DURATION:PT30M\r
            X-MICROSOFT-CDO-BUSYSTATUS:BUSY\r
            END:VEVENT\r
            END:VCALENDAR\r

            """.write(toFile: config + "/calendar.ics", atomically: true, encoding: .utf8)
        let tmux = try TmuxSession(command: [binary, "--widget", "calendar@large"], width: 100, height: 40, environment: env)
        #expect(tmux.waitFor("Weekly sync", timeout: 10), "\(tmux.screenText)")
        // Two hours from now (UTC here), read through the file's own zone.
        let clock = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: hour + 2 * 3600)).dropFirst(11).prefix(5)
        #expect(tmux.screenText.contains(String(clock)), "\(clock) in \(tmux.screenText)")
        #expect(!tmux.screenText.contains("TZID") && !tmux.screenText.contains("line "), "\(tmux.screenText)")
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }
}
