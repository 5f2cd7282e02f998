@testable import DashCatalog
import DashTesting
import Foundation
import Synchronization
import Testing
import WidgetDash

/// The calendar's `url=`: webcal becomes https, the body goes through the same parser as a file,
/// a kept calendar shows its age and why the fetch failed, and the reload policy.
@Suite("Calendar URL")
struct CalendarURLTests {
    static let now = FeedWidgetTests.now
    static let ics = FeedWidgetTests.ics

    static func provider(_ network: WidgetNetwork) -> CalendarProvider {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = FeedWidgetTests.utc
        var provider = CalendarProvider(now: FixedClock(date: now).now, calendar: utc)
        provider.network = network
        provider.configDirectory = NSTemporaryDirectory() + "no-such-\(UUID().uuidString)"
        return provider
    }

    static func timeline(_ network: WidgetNetwork, _ parameters: [String: String]) async throws -> Timeline<CalendarEntry> {
        try await provider(network).timeline(in: FeedWidgetTests.context(.systemMedium, parameters))
    }

    @Test func webcalIsFetchedOverHTTPSAndOtherSchemesAreRefused() {
        #expect(CalendarProvider.fetchURL("webcal://calendar.example.com/basic.ics") == "https://calendar.example.com/basic.ics")
        #expect(CalendarProvider.fetchURL("WEBCALS://calendar.example.com/x.ics") == "https://calendar.example.com/x.ics")
        #expect(CalendarProvider.fetchURL(" https://a.example/b.ics ") == "https://a.example/b.ics")
        #expect(CalendarProvider.fetchURL("http://127.0.0.1:8080/c.ics") == "http://127.0.0.1:8080/c.ics")
        #expect(CalendarProvider.fetchURL("file:///etc/passwd") == nil)
        #expect(CalendarProvider.fetchURL("calendar.ics") == nil)
        #expect(CalendarProvider.fetchURL("webcal://") == nil)
        #expect(CalendarProvider.name(ofURL: "webcal://calendar.google.com/calendar/ical/x/basic.ics") == "calendar.google.com")
    }

    @Test func aFetchedCalendarListsItsEventsWithEntriesAtTheirBoundariesAndReloadsHalfHourly() async throws {
        let seen = URLLog()
        let network = NetworkWidgetTests.network(seen: seen) { $0.hasSuffix("/basic.ics") ? Self.ics : nil }
        let timeline = try await Self.timeline(network, ["url": "webcal://calendar.example.com/cal/basic.ics"])
        #expect(seen.urls.withLock { $0 } == ["https://calendar.example.com/cal/basic.ics"])
        #expect(timeline.policy == .after(Self.now.addingTimeInterval(1800)))
        let midnight = Date(timeIntervalSince1970: 1_795_305_600)
        let at = { (day: Double, hour: Double) in midnight.addingTimeInterval(day * 86_400 + hour * 3600) }
        #expect(timeline.entries.map(\.date) == [Self.now, at(0, 12), at(1, 0), at(1, 9.5), at(1, 9.75), at(2, 0)])
        let first = try #require(timeline.entries.first?.agenda)
        #expect(first.events.first?.title == "Brunch with Ana" && first.error == nil && first.stale == nil)
        #expect(first.source == .service("calendar.example.com") && first.fetched == Self.now)
        let large = try FeedWidgetTests.panel("calendar", timeline.entries[0], .systemLarge).joined(separator: "\n")
        #expect(large.contains("Brunch with Ana") && large.contains("calendar.example.com, fetched just now"), "\(large)")
    }

    @Test func aKeptCalendarShowsItsAgeAndTheFailureAndRetriesSooner() async throws {
        let network = NetworkWidgetTests.network(kept: Self.ics, failure: HTTPFailure(.unreachable)) { _ in nil }
        let timeline = try await Self.timeline(network, ["url": "https://calendar.example.com/basic.ics"])
        let first = try #require(timeline.entries.first?.agenda)
        #expect(first.stale == "unreachable" && first.fetched == Self.now.addingTimeInterval(-7200))
        #expect(first.events.first?.title == "Brunch with Ana")
        #expect(timeline.policy == .after(Self.now.addingTimeInterval(30)))
        let entry = try #require(timeline.entries.first)
        let large = try FeedWidgetTests.panel("calendar", entry, .systemLarge).joined(separator: "\n")
        // The detail view says how old and why; the list's own note would repeat it.
        #expect(large.contains("⚠ Offline, kept from 2 h ago") && large.contains("│ unreachable"), "\(large)")
        #expect(!large.contains("⚠ offline"), "\(large)")
        let medium = try FeedWidgetTests.panel("calendar", entry, .systemMedium).joined(separator: "\n")
        #expect(medium.contains("⚠ offline, fetched 2 h ago") && medium.contains("Brunch with Ana"), "\(medium)")
        let inline = try FeedWidgetTests.panel("calendar", entry, .accessoryInline).joined()
        #expect(inline.contains("(2 h ago)"), "\(inline)")
    }

    @Test func problemsAreSaidNotCrashedOn() async throws {
        let nothing = NetworkWidgetTests.network(failure: HTTPFailure(.status(404))) { _ in nil }
        let missing = try await Self.timeline(nothing, ["url": "https://calendar.example.com/gone.ics"])
        #expect(missing.entries.first?.agenda?.error == "calendar.example.com: HTTP 404")
        #expect(missing.policy == .after(Self.now.addingTimeInterval(300)))
        let html = NetworkWidgetTests.network { _ in "<html>sign in</html>" }
        let wrong = try await Self.timeline(html, ["url": "https://calendar.example.com/x.ics"])
        #expect(wrong.entries.first?.agenda?.error == "calendar.example.com: line 1: expected BEGIN:VCALENDAR (not an iCalendar file)")
        let big = NetworkWidgetTests.network(failure: HTTPFailure(.tooLarge)) { _ in nil }
        let tooLarge = try await Self.timeline(big, ["url": "https://calendar.example.com/huge.ics"])
        #expect(tooLarge.entries.first?.agenda?.error == "calendar.example.com: answer too large")
        let both = try await Self.timeline(html, ["url": "https://calendar.example.com/x.ics", "file": "work.ics"])
        #expect(both.entries.first?.agenda?.error == "calendar: set file= or url=, not both")
        let scheme = try await Self.timeline(html, ["url": "ftp://calendar.example.com/x.ics"])
        #expect(scheme.entries.first?.agenda?.error == "calendar.example.com: url= takes an http, https or webcal URL")
    }

    @Test func withoutANetworkNothingIsSent() async throws {
        let timeline = try await Self.provider(WidgetNetwork()).timeline(in: FeedWidgetTests.context(.systemMedium, ["url": "webcal://calendar.example.com/x.ics"]))
        #expect(timeline.entries.first?.agenda?.error == "calendar.example.com: a calendar URL needs the dashboard (no network here)")
    }
}
