@testable import DashCatalog
import DashTesting
import Foundation
import Synchronization
import Testing
import WidgetDash

/// The URLs a fake network was asked for.
final class URLLog: Sendable {
    let urls = Mutex<[String]>([])
}

/// Weather, stocks and http with live data: each reads the documented JSON of its service
/// (through a fake network that answers like the fixture server), shows a kept answer with its
/// age and the reason, and says what is wrong when there is nothing to show.
@Suite("Network widgets")
struct NetworkWidgetTests {
    static let now = FeedWidgetTests.now

    /// A network answering `answer(url)`; a nil answer is `failure`, with `kept` (if any) kept.
    static func network(sources: [String: String] = [:], kept: String? = nil, failure: HTTPFailure = HTTPFailure(.status(503)),
                        seen: URLLog? = nil, _ answer: @escaping @Sendable (String) -> String?) -> WidgetNetwork {
        WidgetNetwork(backing: .init(sources: sources) { request in
            seen?.urls.withLock { $0.append(request.url) }
            if let body = answer(request.url) { return .success(HTTPAnswer(status: 200, body: Data(body.utf8), fetched: now)) }
            if let kept {
                return .success(HTTPAnswer(status: 200, body: Data(kept.utf8), fetched: now.addingTimeInterval(-7200), failure: failure, failures: 1))
            }
            return .failure(failure)
        })
    }

    static func openMeteo(_ url: String) -> String? {
        if url.contains("/v1/search") { return OpenMeteoFixture.search(url.contains("name=Tokyo") ? "Tokyo" : "Nowhere") }
        if url.contains("/v1/forecast") { return OpenMeteoFixture.forecast(now: now, current: 17.3) }
        return nil
    }

    static func weather(_ network: WidgetNetwork, location: String = "Tokyo", family: WidgetFamily = .systemMedium) async throws -> Timeline<WeatherEntry> {
        var provider = WeatherProvider()
        provider.network = network
        let intent = WeatherIntent()
        intent.location = location
        intent.units = "metric"
        return try await provider.timeline(for: intent, in: FeedWidgetTests.context(family))
    }

    @Test func weatherGeocodesACityAndShowsItsCurrentTemperature() async throws {
        let seen = URLLog()
        let network = Self.network(sources: ["open_meteo": "http://127.0.0.1:1", "open_meteo_geocoding": "http://127.0.0.1:2/"], seen: seen, Self.openMeteo)
        let timeline = try await Self.weather(network)
        let urls = seen.urls.withLock { $0 }
        #expect(urls.first == "http://127.0.0.1:2/v1/search?name=Tokyo&count=1&language=en&format=json")
        #expect(urls.last?.hasPrefix("http://127.0.0.1:1/v1/forecast?latitude=35.6895&longitude=139.69171&current=temperature_2m,weather_code") == true)
        let entry = try #require(timeline.entries.first)
        #expect(entry.forecast?.now.temperature == 17 && entry.forecast?.placeID == "Tokyo" && entry.stale == nil)
        #expect(entry.forecast?.daily.count == 2 && entry.forecast?.high == 20)
        #expect(timeline.entries.count == 7)
        #expect(timeline.policy == .after(Self.now.addingTimeInterval(1800)))
        let medium = try FeedWidgetTests.panel("weather", entry, .systemMedium).joined(separator: "\n")
        #expect(medium.contains("Tokyo") && medium.contains("17°") && medium.contains("just now"), "\(medium)")
        #expect(!medium.lowercased().contains("sample"))
        let large = try FeedWidgetTests.panel("weather", entry, .systemLarge).joined(separator: "\n")
        #expect(large.contains("Today") && large.contains("H:20° L:14°"), "\(large)")
        for family in [WidgetFamily.systemSmall, .accessoryCircular, .accessoryRectangular, .accessoryInline] {
            #expect(try FeedWidgetTests.panel("weather", entry, family).joined().contains("17°"), "\(family)")
        }
    }

    @Test func coordinatesNeedNoGeocoding() async throws {
        let seen = URLLog()
        let timeline = try await Self.weather(Self.network(seen: seen, Self.openMeteo), location: "35.68, 139.69")
        #expect(seen.urls.withLock { $0.count } == 1)
        #expect(timeline.entries.first?.forecast?.placeID == "35.68,139.69")
    }

    @Test func aKeptForecastLooksStaleAndTheDetailViewSaysWhy() async throws {
        let kept = OpenMeteoFixture.forecast(now: Self.now, current: 17.3)
        let network = Self.network(kept: kept) { url in url.contains("/v1/search") ? OpenMeteoFixture.search("Tokyo") : nil }
        let timeline = try await Self.weather(network)
        let entry = try #require(timeline.entries.first)
        #expect(entry.stale == "HTTP 503" && entry.forecast?.now.temperature == 17)
        // A failure retries sooner than the half hour: 30 s after the first.
        #expect(timeline.policy == .after(Self.now.addingTimeInterval(30)))
        let medium = try FeedWidgetTests.panel("weather", entry, .systemMedium).joined(separator: "\n")
        #expect(medium.contains("2 h ago"), "\(medium)")
        let large = try FeedWidgetTests.panel("weather", entry, .systemLarge).joined(separator: "\n")
        #expect(large.contains("Offline: HTTP 503"), "\(large)")
        #expect(try FeedWidgetTests.panel("weather", entry, .accessoryInline).joined().contains("(2 h ago)"))
    }

    @Test func withNothingFetchedThePanelSaysWhy() async throws {
        let timeline = try await Self.weather(Self.network(failure: HTTPFailure(.timedOut)) { _ in nil })
        let entry = try #require(timeline.entries.first)
        #expect(entry.problem == "Tokyo: cannot look the place up: timed out")
        let unknown = try await Self.weather(Self.network(Self.openMeteo), location: "Atlantis")
        #expect(unknown.entries.first?.problem?.contains("no place called \"Atlantis\"") == true)
        let broken = try await Self.weather(Self.network { $0.contains("search") ? OpenMeteoFixture.search("Tokyo") : #"{"hourly": {}}"# })
        #expect(broken.entries.first?.problem == "Tokyo: forecast: hourly.time: missing")
        // No network service (a snapshot): nothing is fetched, and the panel says so.
        let offline = try await Self.weather(WidgetNetwork())
        #expect(offline.entries.first?.problem == "Tokyo: live weather needs the dashboard (no network here)")
    }

    @Test func openMeteoWeatherCodesMapToConditions() {
        #expect(OpenMeteo.condition(wmo: 0) == .clear)
        #expect(OpenMeteo.condition(wmo: 2) == .partlyCloudy)
        #expect(OpenMeteo.condition(wmo: 45) == .fog)
        #expect(OpenMeteo.condition(wmo: 53) == .drizzle)
        #expect(OpenMeteo.condition(wmo: 81) == .rain)
        #expect(OpenMeteo.condition(wmo: 75) == .snow)
        #expect(OpenMeteo.condition(wmo: 96) == .thunderstorm)
        #expect(OpenMeteo.condition(wmo: 1e300) == .cloudy)
        #expect(OpenMeteo.coordinates("91,0") == nil && OpenMeteo.coordinates("Tokyo") == nil)
    }

    // MARK: Stocks

    @Test func stocksFetchASymbolWithoutAStoreKeyAndAStoreValueWins() async throws {
        let seen = URLLog()
        var provider = StocksProvider()
        provider.store = FeedWidgetTests.store(["stocks.MSFT": .number(415.5)])
        provider.network = Self.network(sources: ["yahoo_finance": "http://127.0.0.1:3"], seen: seen) { url in
            url.contains("/SAP.DE?") ? YahooChartFixture.chart(symbol: "SAP.DE", currency: "EUR", prices: [228.1, 230, 231.45], previousClose: 228.1,
                                                              now: Self.now, open: Self.now.addingTimeInterval(3600), close: Self.now.addingTimeInterval(7200)) : nil
        }
        let intent = StocksIntent()
        intent.symbols = "SAP.DE MSFT"
        let entry = try #require(try await provider.timeline(for: intent, in: FeedWidgetTests.context(.systemMedium)).entries.first)
        #expect(seen.urls.withLock { $0 } == ["http://127.0.0.1:3/v8/finance/chart/SAP.DE?range=1d&interval=5m"])
        let sap = try #require(entry.quotes.first)
        #expect(sap.sample?.price == 231.45 && sap.sample?.prices.count == 3 && sap.currency == "EUR" && sap.isOpen == false)
        #expect(entry.quotes.last?.source == .store("stocks.MSFT"))
        let medium = try FeedWidgetTests.panel("stocks", entry, .systemMedium).joined(separator: "\n")
        #expect(medium.contains("EUR · closed") && medium.contains("231.45") && medium.contains("415.50"), "\(medium)")
    }

    @Test func aKeptQuoteSaysHowOldAndWhy() async throws {
        var provider = StocksProvider()
        provider.store = FeedWidgetTests.store([:])
        provider.network = Self.network(kept: YahooChartFixture.chart(symbol: "AAPL", currency: "USD", prices: [230, 231.45], previousClose: 229, now: Self.now)) { _ in nil }
        let timeline = try await provider.timeline(for: StocksIntent(), in: FeedWidgetTests.context(.systemMedium))
        let entry = try #require(timeline.entries.first)
        #expect(timeline.policy == .after(Self.now.addingTimeInterval(30)))
        let medium = try FeedWidgetTests.panel("stocks", entry, .systemMedium).joined(separator: "\n")
        #expect(medium.contains("⚠ 2 h ago") && medium.contains("Offline: HTTP 503") && medium.contains("231.45"), "\(medium)")
        // Nothing kept: the reason, and how a script can still set a price.
        provider.network = Self.network(failure: HTTPFailure(.tls, "SSL certificate problem")) { _ in nil }
        let failed = try #require(try await provider.timeline(for: StocksIntent(), in: FeedWidgetTests.context(.systemMedium)).entries.first)
        let text = try FeedWidgetTests.panel("stocks", failed, .systemMedium).joined(separator: "\n")
        #expect(text.contains("TLS failed: SSL certificate problem") && text.contains("widgetdash set stocks.AAPL PRICE"), "\(text)")
    }

    @Test func anUnknownSymbolSaysWhatTheSourceSaid() throws {
        #expect(throws: FeedError("No data found, symbol may be delisted")) {
            try YahooChart.quote(from: YahooChartFixture.notFound, symbol: "NOPE", now: Self.now)
        }
        #expect(throws: FeedError.self) { try YahooChart.quote(from: "<html>", symbol: "X", now: Self.now) }
    }

    // MARK: http

    static func http(_ parameters: [String: String], _ network: WidgetNetwork) async throws -> HTTPEntry {
        let provider = HTTPProvider(network: network)
        return try #require(try await provider.timeline(in: FeedWidgetTests.context(.systemSmall, parameters)).entries.first)
    }

    @Test func anHTTPWidgetShowsTheSelectedValueInItsStyle() async throws {
        let body = #"{"runs": [{"minutes": 12}, {"minutes": 15}, {"minutes": 9}], "status": "green\u001b[31m"}"#
        let network = Self.network { _ in body }
        let status = try await Self.http(["url": "http://127.0.0.1:4/s", "select": "status"], network)
        // Text from outside is sanitised: no escape sequence reaches a cell.
        #expect(status.value?.displayText.hasPrefix("green") == true && status.value?.displayText.contains("\u{1B}") == false)
        let spark = try await Self.http(["url": "http://127.0.0.1:4/s", "select": ".runs[*].minutes", "style": "sparkline"], network)
        #expect(spark.value == .array([.number(12), .number(15), .number(9)]))
        let last = try await Self.http(["url": "http://127.0.0.1:4/s", "select": "runs[-1].minutes", "style": "stat", "label": "min"], network)
        #expect(last.value == .number(9))
        let missing = try await Self.http(["url": "http://127.0.0.1:4/s", "select": ".nope"], network)
        #expect(missing.problem == "select \".nope\": nothing there in the answer")
        let stale = try await Self.http(["url": "http://127.0.0.1:4/s", "select": "status"], Self.network(kept: body) { _ in nil })
        let panel = try FeedWidgetTests.panel("http", stale, .systemMedium).joined(separator: "\n")
        #expect(panel.contains("2 h ago · HTTP 503"), "\(panel)")
    }

    @Test func headerValuesTakeVariablesFromTheEnvironment() {
        let env = ["TOKEN": "abc", "USER_1": "ann"]
        #expect(HTTPProvider.headers("Authorization: Bearer $TOKEN\nX-User: ${USER_1}-x\nbroken line", environment: env)
                == ["Authorization": "Bearer abc", "X-User": "ann-x"])
        #expect(HTTPProvider.expand("$ 5 ${UNSET} $", environment: env) == "$ 5  $")
    }

    @Test func selectionPathsFollowTheDocumentedSyntax() throws {
        let json = try JSONValue.parse(#"{"a": {"b.c": [1, 2, {"d": "x"}]}, "list": [{"n": 1}, {"n": 2}]}"#)
        #expect(try JSONSelection(".a[\"b.c\"][2].d").select(in: json) == .string("x"))
        #expect(try JSONSelection("$.a[\"b.c\"][-3]").select(in: json) == .number(1))
        #expect(try JSONSelection("list[*].n").select(in: json) == .array([.number(1), .number(2)]))
        #expect(try JSONSelection(".").select(in: json) == json)
        #expect(try JSONSelection("").select(in: json) == json)
        #expect(try JSONSelection(".a.missing").select(in: json) == nil)
        #expect(throws: JSONSelection.SyntaxError.self) { try JSONSelection(".a[") }
        #expect(throws: JSONSelection.SyntaxError.self) { try JSONSelection("a..b") }
        #expect(throws: JSONSelection.SyntaxError.self) { try JSONSelection(".a[x]") }
    }
}
