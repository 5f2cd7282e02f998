@testable import DashCatalog
import DashCore
import Foundation
import Testing
import WidgetDash

/// The screen-time widget over reports the test makes: the week (from Monday), its one-entry
/// timeline, its panels and its states.
@Suite("Screen time widget")
struct ScreenTimeWidgetTests {
    static let now = SampleData.date                       // Sunday 22 November 2026, 10:42:17 UTC
    static func day(_ text: String) -> ScreenTimeReport.Day { ScreenTimeReport.Day(text)! }

    static func provider(_ report: ScreenTimeReport?) -> ScreenTimeProvider {
        var p = ScreenTimeProvider()
        p.report = { report }
        p.timeZone = TimeZone(identifier: "UTC")!
        return p
    }

    @Test("The week starts on Monday: Sunday counts in the week that ends, Monday starts a new one")
    func weekBoundary() {
        let seconds: [ScreenTimeReport.Day: Double] = [
            Self.day("2026-11-15"): 600,     // the Sunday of the week before
            Self.day("2026-11-16"): 3600,    // Monday
            Self.day("2026-11-22"): 1800,    // Sunday, the end of that week
            Self.day("2026-11-23"): 900,     // Monday, a new week
        ]
        let sunday = ScreenTimeFacts(ScreenTimeReport(seconds: seconds, today: Self.day("2026-11-22")))
        #expect(sunday.todayIndex == 6)
        #expect(sunday.weekTotal == 5400)
        #expect(sunday.week == [3600, 0, 0, 0, 0, 0, 1800])
        #expect(sunday.earlierWeeks[0] == 600)
        #expect(sunday.dailyAverage == 5400.0 / 7)
        let monday = ScreenTimeFacts(ScreenTimeReport(seconds: seconds, today: Self.day("2026-11-23")))
        #expect(monday.todayIndex == 0)
        #expect(monday.week == [900, nil, nil, nil, nil, nil, nil])
        #expect(monday.weekTotal == 900)
        #expect(monday.earlierWeeks == [5400, 600, 0])
        #expect(monday.dailyAverage == 900)
        // Across a year: Thursday 31 December 2026, week from Monday 28th.
        let newYear = ScreenTimeFacts(ScreenTimeReport(seconds: [Self.day("2026-12-28"): 60, Self.day("2027-01-01"): 60], today: Self.day("2026-12-31")))
        #expect(newYear.todayIndex == 3 && newYear.weekTotal == 60)
    }

    @Test("One entry, dated 30 minutes on (or at midnight), policy .atEnd")
    func timeline() async throws {
        let report = ScreenTimeReport(seconds: [Self.day("2026-11-22"): 3000], today: Self.day("2026-11-22"), currentSession: 120)
        let t = try await Self.provider(report).timeline(in: TimelineProviderContext(family: .systemSmall, date: Self.now))
        #expect(t.policy == .atEnd)
        #expect(t.entries.count == 1)
        #expect(t.entries[0].date == Self.now.addingTimeInterval(1800))
        #expect(t.entries[0].measuredAt == Self.now)
        let late = Date(timeIntervalSince1970: 1_795_391_000)   // 23:43:20 UTC
        let capped = try await Self.provider(report).timeline(in: TimelineProviderContext(family: .systemSmall, date: late))
        #expect(capped.entries[0].date == Date(timeIntervalSince1970: 1_795_392_000))
    }

    @Test("Today counts on screen by itself while the dashboard is in the foreground")
    func liveToday() async throws {
        let report = ScreenTimeReport(seconds: [Self.day("2026-11-22"): 3000], today: Self.day("2026-11-22"), currentSession: 120)
        let entry = try await Self.provider(report).timeline(in: TimelineProviderContext(family: .systemSmall, date: Self.now)).entries[0]
        let description = try #require(BuiltinWidgets().widgetDescriptions.first { $0.kind == "screentime" })
        let panel = WidgetPanel(description: description, family: .systemSmall)
        let first = panel.render(entry: entry, environment: Render.environment(.systemSmall), now: Self.now)
        let later = panel.render(entry: entry, environment: Render.environment(.systemSmall), now: Self.now.addingTimeInterval(65))
        #expect(first.canvas.lines.joined().contains("50:00"), "\(first.canvas.lines)")
        #expect(first.canvas.lines.joined().contains("now 2:00"))
        #expect(later.canvas.lines.joined().contains("51:05"), "\(later.canvas.lines)")
        #expect(first.nextRefresh == Self.now.addingTimeInterval(1))
        // Off screen (a report read while suspended), the figures are plain words and do not tick.
        let still = ScreenTimeReport(seconds: [Self.day("2026-11-22"): 3000], today: Self.day("2026-11-22"))
        let off = try await Self.provider(still).timeline(in: TimelineProviderContext(family: .systemSmall, date: Self.now)).entries[0]
        let offPanel = panel.render(entry: off, environment: Render.environment(.systemSmall), now: Self.now)
        #expect(offPanel.canvas.lines.joined().contains("50 m"))
        #expect(offPanel.nextRefresh == nil)
    }

    @Test("Panels: bars per day, totals, damaged values named; inline and rectangular in words")
    func panels() async throws {
        var report = ScreenTimeProvider.sample(at: Self.now)
        report.ignored = ["2026-11-20: expected seconds from 0 to 90000"]
        let entry = ScreenTimeEntry(date: Self.now, measuredAt: Self.now, report: report)
        let large = try FeedWidgetTests.panel("screentime", entry, .systemLarge).joined(separator: "\n")
        for word in ["Mon", "Sun", "This week", "Last week", "On screen now", "1 damaged value ignored: 2026-11-20"] {
            #expect(large.contains(word), "\(word)\n\(large)")
        }
        let medium = try FeedWidgetTests.panel("screentime", entry, .systemMedium).joined(separator: "\n")
        #expect(medium.contains("Mo Tu We Th Fr Sa Su") && medium.contains("12 h 18 m"), "\(medium)")
        #expect(try FeedWidgetTests.panel("screentime", entry, .accessoryInline).joined().contains("⧗ Today 1 h 00 m · week 12 h 18 m"))
        let rectangular = try FeedWidgetTests.panel("screentime", entry, .accessoryRectangular).joined(separator: "\n")
        #expect(rectangular.contains("Week") && rectangular.contains("12 h 18 m"), "\(rectangular)")
    }

    @Test("Where nothing measures (a snapshot), the widget says so")
    func unmeasured() async throws {
        let entry = try await Self.provider(nil).timeline(in: TimelineProviderContext(family: .systemMedium, date: Self.now)).entries[0]
        let medium = try FeedWidgetTests.panel("screentime", entry, .systemMedium).joined(separator: "\n")
        #expect(medium.contains("Not measured") && medium.contains("counted while widgetdash"), "\(medium)")
        #expect(try FeedWidgetTests.panel("screentime", entry, .accessoryInline).joined().contains("⧗ Screen time: only in widgetdash run"))
    }

    @Test("Durations read as hours and minutes")
    func durations() {
        #expect(ScreenTimeDays.duration(0) == "0 m")
        #expect(ScreenTimeDays.duration(59) == "0 m")
        #expect(ScreenTimeDays.duration(41 * 60) == "41 m")
        #expect(ScreenTimeDays.duration(2 * 3600 + 5 * 60) == "2 h 05 m")
        #expect(ScreenTimeDays.duration(-5) == "0 m")
    }
}
