@testable import DashCatalog
import Foundation
import Testing
import WidgetDash

/// The stocks and weather widgets: their sample data is deterministic, their parameters
/// resolve (and refuse) as the platter and `config check` need, and every built-in symbol and
/// place fits every family.
@Suite("Stocks and weather")
struct StocksWeatherTests {
    static let context = TimelineProviderContext(family: .systemSmall, date: SampleData.date)
    static let symbols = StockSymbolQuery.symbols.map(\.id)
    static let places = PlaceQuery.places.map(\.id)

    // MARK: Stocks

    @Test func stockSampleIsTheSameForTheSameSymbolAndMoment() throws {
        let a = try #require(StockSample(symbol: "AAPL", at: SampleData.date))
        let b = try #require(StockSample(symbol: "AAPL", at: SampleData.date))
        #expect(a == b)
        // 10:42 UTC is 42 full quarter hours since midnight, plus the opening price.
        #expect(a.prices.count == 43)
        // Later in the day extends the same walk: earlier prices do not change.
        let later = try #require(StockSample(symbol: "AAPL", at: SampleData.date.addingTimeInterval(3600)))
        #expect(Array(later.prices.prefix(43)) == a.prices)
        #expect(later.previousClose == a.previousClose)
    }

    @Test func stockSampleDiffersBetweenSymbolsAndDays() throws {
        let apple = try #require(StockSample(symbol: "AAPL", at: SampleData.date))
        let msft = try #require(StockSample(symbol: "MSFT", at: SampleData.date))
        let tomorrow = try #require(StockSample(symbol: "AAPL", at: SampleData.date.addingTimeInterval(86_400)))
        #expect(apple.prices != msft.prices)
        #expect(apple.previousClose != tomorrow.previousClose)
        for symbol in Self.symbols {
            let s = try #require(StockSample(symbol: symbol, at: SampleData.date))
            #expect(s.prices.allSatisfy { $0.isFinite && $0 > 0 })
            #expect(s.low <= s.price && s.price <= s.high)
        }
    }

    @Test func changeIsSignedAndFormattedWithoutALocale() {
        #expect(StockSample.signed(1.234) == "+1.23")
        #expect(StockSample.signed(-0.4) == "−0.40")
        #expect(StockSample.signed(0.001) == "0.00")
        #expect(StockSample.money(1234.5) == "1234.50")
        #expect(StockSample.money(64.07) == "64.07")
    }

    @Test func symbolParameterResolvesKnownTickersIgnoringCase() async throws {
        #expect(StocksIntent.parameterDeclarations.map(\.name) == ["symbol", "symbols"])
        #expect(StocksIntent().symbol.id == "AAPL")
        #expect(try await StocksIntent.resolved(["symbol": "msft"]).symbol.id == "MSFT")
        #expect(try await StocksIntent.resolved(["symbol": " brk.b "]).symbol.id == "BRK.B")
        let error = await #expect(throws: InvalidParameterError.self) { try await StocksIntent.resolved(["symbol": "NOPE"]) }
        #expect(error?.description == "no symbol \"NOPE\"")
    }

    @Test func symbolQuerySuggestsAndSearches() async throws {
        let query = StockSymbolQuery()
        #expect(try await query.suggestedEntities().count == 12)
        #expect(try await query.entities(matching: "micro").map(\.id) == ["MSFT"])
        #expect(try await query.entities(matching: "nvda").map(\.id) == ["NVDA"])
        #expect(try await query.entities(matching: "").count == 12)
        #expect(try await query.entities(matching: "zzz").isEmpty)
    }

    @Test func stocksTimelineReloadsAfterFifteenMinutes() async throws {
        let intent = try await StocksIntent.resolved(["symbol": "TSLA"])
        let timeline = try await StocksProvider().timeline(for: intent, in: Self.context)
        #expect(timeline.entries.count == 1)
        #expect(timeline.entries.first?.sample?.symbol == "TSLA")
        #expect(timeline.policy == .after(SampleData.date.addingTimeInterval(15 * 60)))
    }

    @Test func anUnknownSymbolSaysSoInTheWidget() {
        let entry = StocksProvider().entry(StockSymbolEntity(id: "ZZZZ"), at: SampleData.date)
        #expect(entry.sample == nil)
        let small = Render.lines(kind: "stocks", entry: entry, .systemSmall).joined(separator: "\n")
        #expect(small.contains("Unknown symbol"))
        #expect(small.contains("ZZZZ"))
        #expect(Render.lines(kind: "stocks", entry: entry, .accessoryInline).joined().contains("Unknown symbol ZZZZ"))
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .accessoryRectangular, .accessoryInline])
    func everySymbolFitsAndIsLabelledSample(family: WidgetFamily) {
        for symbol in Self.symbols {
            for hours in [0.0, 6, 14, 23.9] {
                let date = SampleData.date.addingTimeInterval(hours * 3600)
                let entry = StocksProvider().entry(StockSymbolEntity(id: symbol), at: date)
                let text = Render.lines(kind: "stocks", entry: entry, family, now: date).joined(separator: "\n")
                #expect(!text.contains("…"), "\(symbol) \(family):\n\(text)")
                #expect(text.lowercased().contains("sample"), "\(symbol) \(family)")
                #expect(text.contains(symbol))
            }
        }
    }

    @Test func sparklineRowsAreAsWideAsTheValues() {
        let rows = Sparkline.rows([1, 2, 3, 4, 5], width: 10, height: 2)
        #expect(rows == ["  ▁▄█", "▁▅███"])
        #expect(Sparkline.rows([7, 7], width: 4, height: 1) == ["▄▄"])
        #expect(Sparkline.rows([1, 2, 3], width: 2, height: 1) == ["▁█"])
    }

    // MARK: Weather

    @Test func forecastIsTheSameForTheSamePlaceAndHour() throws {
        let a = try #require(WeatherForecast(placeID: "london", at: SampleData.date))
        let b = try #require(WeatherForecast(placeID: "london", at: SampleData.date.addingTimeInterval(-17 * 60)))
        #expect(a == b)
        #expect(a.hourly.count == 6)
        #expect(a.low <= a.now.temperature && a.now.temperature <= a.high)
        // The hour after is the first hour of the forecast made an hour earlier.
        let next = try #require(WeatherForecast(placeID: "london", at: SampleData.date.addingTimeInterval(3600)))
        #expect(next.now.temperature == a.hourly[0].temperature)
        #expect(next.now.condition == a.hourly[0].condition)
        #expect(Array(next.hourly.prefix(5)) == Array(a.hourly.dropFirst()))
    }

    @Test func forecastHoursAreLocalAndDiffer() throws {
        let tokyo = try #require(WeatherForecast(placeID: "tokyo", at: SampleData.date))
        let london = try #require(WeatherForecast(placeID: "london", at: SampleData.date))
        // 10:42 UTC is 19:42 in Tokyo and 10:42 in London (winter time).
        #expect(tokyo.now.hour == 19)
        #expect(london.now.hour == 10)
        #expect(tokyo.hourly.map(\.hour) == [20, 21, 22, 23, 0, 1])
        #expect(tokyo.hourly[0].date == Date(timeIntervalSince1970: 1_795_345_200))
        // November: Singapore is warmer than Reykjavik.
        let singapore = try #require(WeatherForecast(placeID: "singapore", at: SampleData.date))
        let reykjavik = try #require(WeatherForecast(placeID: "reykjavik", at: SampleData.date))
        #expect(singapore.low > reykjavik.high)
    }

    @Test func placeParameterResolvesIdsAndNames() async throws {
        #expect(WeatherIntent.parameterDeclarations.map(\.name) == ["place", "file", "location", "units"])
        #expect(WeatherIntent().place.id == "london")
        #expect(try await WeatherIntent.resolved(["place": "tokyo"]).place.id == "tokyo")
        #expect(try await WeatherIntent.resolved(["place": "New York"]).place.id == "new-york")
        #expect(try await WeatherIntent.resolved(["place": "sao paulo"]).place.id == "sao-paulo")
        let error = await #expect(throws: InvalidParameterError.self) { try await WeatherIntent.resolved(["place": "Atlantis"]) }
        #expect(error?.description == "no place \"Atlantis\"")
    }

    @Test func placeQuerySuggestsAndSearches() async throws {
        let query = PlaceQuery()
        #expect(try await query.suggestedEntities().count == 12)
        #expect(try await query.entities(matching: "united states").map(\.id) == ["new-york", "san-francisco", "chicago"])
        #expect(try await query.entities(matching: "SYD").map(\.id) == ["sydney"])
        #expect(PlaceEntity(id: "sao-paulo").displayRepresentation == DisplayRepresentation(title: "São Paulo", subtitle: "Brazil"))
    }

    @Test func weatherTimelineHasAnEntryPerHourAndReloadsHourly() async throws {
        // A preview's timeline: outside one, nothing configured says how to set a location (issue 16).
        let preview = TimelineProviderContext(family: .systemSmall, isPreview: true, date: SampleData.date)
        let timeline = try await WeatherProvider().timeline(for: WeatherIntent(), in: preview)
        #expect(timeline.entries.count == 7)
        #expect(timeline.entries.first?.date == SampleData.date)
        let hours = timeline.entries.dropFirst().map(\.date.timeIntervalSince1970)
        #expect(hours == (1...6).map { 1_795_341_600 + Double($0) * 3600 })
        // Each future entry carries the forecast for its own hour.
        let first = try #require(timeline.entries.first?.forecast)
        for (i, entry) in timeline.entries.dropFirst().enumerated() {
            #expect(entry.forecast?.now.temperature == first.hourly[i].temperature)
        }
        #expect(timeline.policy == .after(SampleData.date.addingTimeInterval(3600)))
    }

    @Test func anUnknownPlaceSaysSoInTheWidget() {
        let entry = WeatherProvider().entry(PlaceEntity(id: "atlantis"), at: SampleData.date)
        #expect(entry.forecast == nil)
        let small = Render.lines(kind: "weather", entry: entry, .systemSmall).joined(separator: "\n")
        #expect(small.contains("Unknown place"))
        #expect(small.contains("atlantis"))
        #expect(Render.lines(kind: "weather", entry: entry, .accessoryInline).joined().contains("Unknown place atlantis"))
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    func everyPlaceFits(family: WidgetFamily) {
        for place in Self.places {
            for hours: Double in [0, 5, 11, 17, 24, 24 * 60] {
                let date = SampleData.date.addingTimeInterval(hours * 3600)
                let entry = WeatherProvider().entry(PlaceEntity(id: place), at: date)
                let text = Render.lines(kind: "weather", entry: entry, family, now: date).joined(separator: "\n")
                #expect(!text.contains("…"), "\(place) \(family):\n\(text)")
                if family != .accessoryCircular { #expect(text.lowercased().contains("sample"), "\(place) \(family)") }
            }
        }
    }
}
