@testable import DashCatalog
import DashTesting
import Foundation
import Testing
@testable import WidgetDash

/// Numbers from outside that no widget can draw (1e300 degrees, a time 10^43 seconds away, two
/// values so far apart that their difference is infinite) are refused or drawn clamped, never
/// trapped on: the feeds fuzz target found the first (docs/fuzzing.md), a search for the same
/// conversion found the rest. Each of these stopped the dashboard before.
@Suite("Numbers too large to draw")
struct HugeNumberTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    /// The fuzzer's input: an Open-Meteo answer whose hours include times of 10^14 and 10^43
    /// seconds, out of order. Those hours are read as missing; the others, sorted, are drawn.
    @Test func openMeteoHoursOutOfRangeAreMissing() throws {
        let finding = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/corpus/feeds/finding-weather-times-out-of-range.json")
        let text = String(decoding: try Data(contentsOf: finding).dropFirst(), as: UTF8.self)
        let document = try OpenMeteo.document(fromForecast: text, place: "Tokyo", fetched: Self.now)
        #expect(document.hours.count == 24)
        #expect(document.hours.map(\.date) == document.hours.map(\.date).sorted())
        #expect(document.hours.allSatisfy { InternetDate.isInRange(secondsSince1970: $0.date.timeIntervalSince1970) })
        let forecast = try #require(WeatherForecast(document: document, at: Self.now))
        let lines = try FeedWidgetTests.panel("weather", WeatherEntry(date: Self.now, place: PlaceEntity(id: "Tokyo"), forecast: forecast), .systemLarge)
        #expect(lines.joined().contains("\(forecast.now.temperature)°"), "\(lines.joined(separator: "\n"))")
    }

    /// A forecast a script pushed with an impossible temperature says which field is wrong.
    @Test func aPushedForecastWithAnImpossibleTemperatureIsRefused() {
        let text = #"{"hours": [{"time": "2026-11-27T10:00:00Z", "temperature": 1e300, "condition": "clear"}]}"#
        #expect(throws: FeedError("hours[0].temperature: 1e+300 is not a temperature (expected -1000 to 1000)")) {
            try ForecastDocument.parse(text)
        }
        let cold = #"{"hours": [{"time": "2026-11-27T10:00:00Z", "temperature": -1000, "condition": "snow"}]}"#
        #expect((try? ForecastDocument.parse(cold))?.hours.first?.temperature == -1000)
    }

    /// Values so far apart that max − min is infinite still draw a sparkline, lowest to highest.
    @Test func sparklinesOfValuesFarApart() {
        #expect(SparklineDataView.line([1e308, -1e308, 0], width: 10) == "█▁▅")
        #expect(Sparkline.rows([-1e308, 0, 1e308], width: 3, height: 1) == ["▁▅█"])
        // The same values nearer together draw the same: halving changes no fraction.
        #expect(SparklineDataView.line([1, -1, 0], width: 10) == "█▁▅")
        // Their labels are numbers, not three hundred digits.
        #expect(formatNumber(-1e308) == "-1e+308" && formatNumber(2.25) == "2.2")
    }

    @Test func amountsTooLargeForCents() {
        #expect(StockSample.money(1e300) == "1e+300")
        #expect(StockSample.money(1234.5) == "1234.50")
        #expect(SystemStats.decimal(1e300, places: 1) == "1e+300")
        #expect(SystemStats.decimal(0.52, places: 2) == "0.52")
        // A Prometheus range of 1e300 seconds goes into the query as it is, for the server to refuse.
        #expect(PrometheusProvider.number(-1e300) == "-1e+300")
        #expect(PrometheusProvider.number(1_795_340_537) == "1795340537" && PrometheusProvider.number(0.5) == "0.5")
    }

    /// A live text counting to or from a moment 10^300 seconds away (an extension can send one).
    @Test func liveTextsFarFromNow() {
        let far = Date(timeIntervalSince1970: 1e300)
        let calendar = Calendar(identifier: .gregorian)
        for style in [Text.DateStyle.relative, .offset, .timer] {
            let (text, _) = DateText.format(far, style: style, now: Self.now, calendar: calendar)
            #expect(!text.isEmpty, "\(style)")
        }
    }

    /// An all-day event lasting 10^20 weeks counted its days in an `Int`: the event is skipped
    /// with its line named, and a file (or a calendar at a URL) keeps the rest.
    @Test func anEventLongerThanDatesGoIsSkipped() throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:1@x\r\nDTSTART;VALUE=DATE:20261127\r\n" +
            "DURATION:P99999999999999999999W\r\nSUMMARY:Forever\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:2@x\r\n" +
            "DTSTART;VALUE=DATE:20261127\r\nDURATION:P3650D\r\nSUMMARY:Ten years\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let calendar = try ICalendar.parse(text)
        #expect(calendar.problems == ["line 6: DURATION: P99999999999999999999W is longer than 10,000 years (event skipped)"])
        #expect(calendar.events.map(\.title) == ["Ten years"])
    }
}
