@testable import DashCatalog
import DashCore
import DashTesting
import Foundation
import Testing
import WidgetDash

/// Weather, stocks, calendar and reminders fed with real data: files and store values
/// (good, malformed and edge cases), their timelines and policies, and their panels.
@Suite("Feed widgets")
struct FeedWidgetTests {
    static let now = SampleData.date                       // Sunday 22 November 2026, 10:42:17 UTC
    static let utc = TimeZone(identifier: "UTC")!

    /// A fresh directory, removed when the test ends.
    final class TempDirectory {
        let path: String
        init() throws {
            path = NSTemporaryDirectory() + "feeds-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        func write(_ name: String, _ text: String) throws { try text.write(toFile: path + "/" + name, atomically: true, encoding: .utf8) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    /// A store holding `values` (as a script's `widgetdash set` would).
    static func store(_ values: [String: JSONValue], modified: Date = now) -> WidgetSharedStore {
        WidgetSharedStore(backing: .init(value: { key in values[key].map { .init(value: $0, modified: modified) } }, timeline: { _ in nil }))
    }

    static func context(_ family: WidgetFamily = .systemSmall, at date: Date = now, _ parameters: [String: String] = [:]) -> TimelineProviderContext {
        TimelineProviderContext(family: family, date: date, parameters: parameters)
    }

    /// The whole panel of `kind` drawing `entry`, as the dashboard draws it.
    static func panel(_ kind: String, _ entry: any TimelineEntry, _ family: WidgetFamily, now: Date = now) throws -> [String] {
        let description = try #require(BuiltinWidgets().widgetDescriptions.first { $0.kind == kind })
        let lines = WidgetPanel(description: description, family: family)
            .render(entry: entry, environment: Render.environment(family), now: now).canvas.lines
        for line in lines { #expect(TextWidth.width(of: line) == family.size.width, "\(kind)@\(family.shortName): \(line)") }
        return lines
    }

    // MARK: - Weather

    /// Hourly from 09:00 to 16:00 UTC on the sample day, in Lisbon (UTC in November).
    static let forecast = """
        {"place": "Lisbon", "timeZone": "Europe/Lisbon", "updated": "2026-11-22T09:55:00Z", "source": "my script",
         "hours": [
          {"time": "2026-11-22T12:00:00Z", "temperature": 17.4, "condition": "sunny"},
          {"time": "2026-11-22T09:00:00Z", "temperature": 12.6, "condition": "fog"},
          {"time": "2026-11-22T10:00:00Z", "temperature": 14.1, "condition": "Partly cloudy"},
          {"time": "2026-11-22T11:00:00Z", "temperature": 15.9, "condition": "partlyCloudy"},
          {"time": 1795352400, "temperature": 18, "condition": "clear"},
          {"time": "2026-11-22T14:00:00Z", "temperature": 16.5, "condition": "overcast"},
          {"time": "2026-11-22T15:00:00Z", "temperature": 14, "condition": "showers"},
          {"time": "2026-11-22T16:00:00Z", "temperature": -0.4, "condition": "thunderstorm"}
         ]}
        """

    @Test func forecastJSONIsReadInTimeOrderWithSynonyms() throws {
        let doc = try ForecastDocument.parse(Self.forecast)
        #expect(doc.place == "Lisbon")
        #expect(doc.timeZone.identifier == "Europe/Lisbon")
        #expect(doc.updated == Date(timeIntervalSince1970: 1_795_341_300))
        #expect(doc.hours.count == 8)
        #expect(doc.hours.map(\.date) == doc.hours.map(\.date).sorted())
        #expect(doc.hours.map(\.condition) == [.fog, .partlyCloudy, .partlyCloudy, .clear, .clear, .cloudy, .rain, .thunderstorm])
        // 10:42 is in the 10:00 hour; the day's high and low come from the day's hours.
        let f = try #require(WeatherForecast(document: doc, at: Self.now))
        #expect(f.now.temperature == 14 && f.now.hour == 10 && f.now.condition == .partlyCloudy)
        #expect(f.high == 18 && f.low == 0)
        #expect(f.hourly.map(\.hour) == [11, 12, 13, 14, 15, 16])
        // Before the first hour the first is shown; after the last hour's end there is nothing.
        #expect(WeatherForecast(document: doc, at: Self.now.addingTimeInterval(-5 * 3600))?.now.hour == 9)
        #expect(WeatherForecast(document: doc, at: Date(timeIntervalSince1970: 1_795_370_400 + 3600)) == nil)
    }

    @Test(arguments: [
        ("[1, 2", "forecast: not JSON: line 1, column 6: expected ',' or ']' in the array, found the end of the text"),
        ("[]", "expected an object with \"hours\""),
        ("{\"place\": \"X\"}", "hours: missing"),
        ("{\"hours\": {}}", "hours: expected an array of hours"),
        ("{\"hours\": []}", "hours: empty (expected at least one hour)"),
        ("{\"hours\": [3]}", "hours[0]: expected an object with time, temperature and condition"),
        ("{\"hours\": [{\"time\": \"today\", \"temperature\": 1, \"condition\": \"clear\"}]}",
         "hours[0].time: expected an ISO-8601 date with a zone (2026-11-22T09:00:00Z), found \"today\""),
        ("{\"hours\": [{\"time\": \"2026-11-22T09:00:00\", \"temperature\": 1, \"condition\": \"clear\"}]}",
         "hours[0].time: expected an ISO-8601 date with a zone (2026-11-22T09:00:00Z), found \"2026-11-22T09:00:00\""),
        ("{\"hours\": [{\"time\": 0, \"temperature\": \"warm\", \"condition\": \"clear\"}]}", "hours[0].temperature: expected a number"),
        ("{\"hours\": [{\"time\": 0, \"temperature\": 1}]}", "hours[0].condition: missing"),
        ("{\"hours\": [{\"time\": 0, \"temperature\": 1, \"condition\": \"hail\"}]}",
         "hours[0].condition: expected one of clear, partlyCloudy, cloudy, fog, drizzle, rain, thunderstorm, snow, found \"hail\""),
        ("{\"timeZone\": \"Mars/Base\", \"hours\": [{\"time\": 0, \"temperature\": 1, \"condition\": \"clear\"}]}",
         "timeZone: no time zone \"Mars/Base\" (expected a name such as Europe/Lisbon)"),
        ("{\"place\": 7, \"hours\": []}", "place: expected a string"),
    ])
    func malformedForecastsSayWhereAndWhat(text: String, message: String) {
        #expect(throws: FeedError(message)) { try ForecastDocument.parse(text) }
    }

    @Test func weatherFromAFileHasAnEntryForEachForecastHour() async throws {
        let dir = try TempDirectory()
        try dir.write("lisbon.json", Self.forecast)
        var provider = WeatherProvider()
        provider.configDirectory = dir.path
        provider.store = Self.store([:])
        let intent = try await WeatherIntent.resolved(["file": "lisbon.json"])
        let timeline = try await provider.timeline(for: intent, in: Self.context())
        #expect(timeline.policy == .after(Self.now.addingTimeInterval(3600)))
        // Now, then each forecast hour ahead (six at most), each carrying that hour as "now".
        #expect(timeline.entries.map(\.date) == [Self.now] + (1...6).map { Date(timeIntervalSince1970: 1_795_341_600 + Double($0) * 3600) })
        #expect(timeline.entries.map { $0.forecast?.now.hour } == [10, 11, 12, 13, 14, 15, 16])
        #expect(timeline.entries.allSatisfy { $0.source == .file(dir.path + "/lisbon.json") && $0.problem == nil })
        let small = try Self.panel("weather", timeline.entries[0], .systemSmall).joined(separator: "\n")
        #expect(small.contains("Lisbon") && small.contains("14°") && small.contains("updated 09:55"), "\(small)")
        #expect(!small.lowercased().contains("sample"))
    }

    @Test func weatherReadsTheStoreKeyThenTheDefaultFileThenTheSample() async throws {
        let dir = try TempDirectory()
        var provider = WeatherProvider()
        provider.configDirectory = dir.path
        provider.store = Self.store([:])
        let intent = WeatherIntent()
        // Nothing configured: the panel says how to set a location (issue 16: the sample only
        // in previews and placeholders, labelled).
        var first = try #require(try await provider.timeline(for: intent, in: Self.context()).entries.first)
        #expect(first.needsLocation && first.forecast == nil)
        #expect(try Self.panel("weather", first, .systemMedium).joined(separator: "\n").contains("location=Tokyo"))
        // The default file.
        try dir.write("forecast.json", Self.forecast)
        first = try #require(try await provider.timeline(for: intent, in: Self.context()).entries.first)
        #expect(first.source == .file(dir.path + "/forecast.json"))
        // The store key wins over the default file.
        provider.store = Self.store(["weather.forecast": try JSONValue.parse(Self.forecast.replacingOccurrences(of: "\"place\": \"Lisbon\"", with: "\"place\": \"Porto\""))])
        first = try #require(try await provider.timeline(for: intent, in: Self.context()).entries.first)
        #expect(first.source == .store("weather.forecast") && first.forecast?.placeID == "Porto", "\(first.source) \(first.problem ?? "")")
    }

    @Test func weatherProblemsShowInTheWidgetInEveryFamily() async throws {
        let dir = try TempDirectory()
        try dir.write("bad.json", "{\"hours\": [{\"time\": 0, \"temperature\": 1, \"condition\": \"hail\"}]}")
        var provider = WeatherProvider()
        provider.configDirectory = dir.path
        provider.store = Self.store([:])
        let cases: [(String, String)] = [
            ("bad.json", "bad.json: hours[0].condition: expected one of"),
            ("missing.json", "\(dir.path)/missing.json: no such file"),
            (dir.path, "\(dir.path) is a directory, expected a file"),
        ]
        for (file, message) in cases {
            let entry = try #require(try await provider.timeline(for: try await WeatherIntent.resolved(["file": file]), in: Self.context()).entries.first)
            #expect(entry.problem?.hasPrefix(message) == true, "\(entry.problem ?? "no problem")")
            for family in WeatherWidget().body._description.supportedFamilies {
                let text = try Self.panel("weather", entry, family).joined(separator: "\n")
                #expect(text.contains("⚠"), "\(family)\n\(text)")
            }
        }
        // A forecast that is over says so rather than showing old weather as current.
        try dir.write("old.json", "{\"timeZone\": \"UTC\", \"hours\": [{\"time\": \"2026-11-21T09:00:00Z\", \"temperature\": 1, \"condition\": \"clear\"}]}")
        let old = try #require(try await provider.timeline(for: try await WeatherIntent.resolved(["file": "old.json"]), in: Self.context()).entries.first)
        #expect(old.problem == "out of date: the forecast ended 21 Nov 10:00")
        // A store value that is not a forecast names the key.
        provider.store = Self.store(["weather.forecast": .string("sunny")])
        let stored = try #require(try await provider.timeline(for: WeatherIntent(), in: Self.context()).entries.first)
        #expect(stored.problem == "weather.forecast: expected an object with \"hours\"")
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    func weatherFromAFileGolden(family: WidgetFamily) throws {
        let doc = try ForecastDocument.parse(Self.forecast)
        let entry = WeatherEntry(date: Self.now, place: PlaceEntity(id: "london"), forecast: WeatherForecast(document: doc, at: Self.now),
                                 source: .file("/home/me/.config/widgetdash/forecast.json"), updated: doc.updated)
        Golden.assertMatches(try Self.panel("weather", entry, family), named: "weather-file-\(family.shortName)")
    }

    // MARK: - Stocks

    @Test func stockQuotesAreReadInEveryDocumentedShape() throws {
        let number = try StockQuoteFeed.decode(.number(231.45), symbol: "AAPL")
        #expect(number.price == 231.45 && number.change == 0 && number.prices == [231.45])
        #expect(try StockQuoteFeed.decode(.string(" 99.5 "), symbol: "X").price == 99.5)
        let array = try StockQuoteFeed.decode(try JSONValue.parse("[228.1, 229.4, 231.45]"), symbol: "AAPL")
        #expect(array.previousClose == 228.1 && array.price == 231.45)
        let object = try StockQuoteFeed.decode(try JSONValue.parse(#"{"price": 232, "previousClose": 230, "history": [229, 231]}"#), symbol: "AAPL")
        #expect(object.prices == [229, 231, 232] && object.previousClose == 230 && object.changeText == "▲ +2.00 (+0.87%)")
        let historyOnly = try StockQuoteFeed.decode(try JSONValue.parse(#"{"history": [10, 9]}"#), symbol: "X")
        #expect(historyOnly.price == 9 && historyOnly.previousClose == 10)
    }

    @Test(arguments: [
        (#""cheap""#, "expected a price, an array of prices or an object with \"price\", found \"cheap\""),
        ("[]", "(array): expected a non-empty array of prices"),
        (#"[1, "2", 3]"#, "(array)[1]: expected a number"),
        (#"{"price": "high"}"#, "price: expected a number"),
        (#"{"previousClose": 3}"#, "price: missing (and no history)"),
        (#"{"history": [1, null]}"#, "history[1]: expected a number"),
        ("true", "expected a price, an array of prices or an object with \"price\""),
    ])
    func malformedQuotesSayWhat(json: String, message: String) throws {
        let value = try JSONValue.parse(json)
        #expect(throws: FeedError(message)) { try StockQuoteFeed.decode(value, symbol: "AAPL") }
    }

    @Test func stocksReadTheStoreAndFallBackToTheLabelledSample() async throws {
        var provider = StocksProvider()
        provider.store = Self.store(["stocks.SAP.DE": try JSONValue.parse(#"{"price": 231.45, "previousClose": 228.1, "history": [228.1, 229, 230.5]}"#)],
                                    modified: Date(timeIntervalSince1970: 1_795_343_400))
        let intent = try await StocksIntent.resolved(["symbols": "sap.de AAPL ZZZZ sap.de"])
        let timeline = try await provider.timeline(for: intent, in: Self.context(.systemMedium))
        #expect(timeline.policy == .after(Self.now.addingTimeInterval(15 * 60)))
        let entry = try #require(timeline.entries.first)
        #expect(entry.quotes.map(\.symbol) == ["SAP.DE", "AAPL", "ZZZZ"])
        #expect(entry.quotes.map(\.source) == [.store("stocks.SAP.DE"), .sample, .sample])
        #expect(entry.quotes[0].sample?.price == 231.45 && entry.quotes[2].sample == nil)
        #expect(entry.symbol.id == "SAP.DE")
        let medium = try Self.panel("stocks", entry, .systemMedium)
        Golden.assertMatches(medium, named: "stocks-feed-medium")
        let text = medium.joined(separator: "\n")
        #expect(text.contains("updated 10:30") && text.contains("231.45") && text.contains("+1.47%"), "\(text)")
        #expect(text.contains("no data: set stocks.ZZZZ"))
        // AAPL is not in the feed: its row is the sample's, and says so.
        #expect(medium.first { $0.contains("AAPL") }?.contains("sample data") == true, "\(text)")
        for family in [WidgetFamily.systemSmall, .accessoryRectangular, .accessoryInline] {
            let lines = try Self.panel("stocks", entry, family)
            Golden.assertMatches(lines, named: "stocks-feed-\(family.shortName)")
            #expect(!lines.joined().lowercased().contains("sample"), "\(family)")
        }
    }

    @Test func aSymbolThatCannotNameAKeyOrABadValueShowsTheProblem() async throws {
        var provider = StocksProvider()
        provider.store = Self.store(["stocks.AAPL": .string("n/a")])
        let bad = try #require(try await provider.timeline(for: try await StocksIntent.resolved(["symbols": "^GSPC"]), in: Self.context()).entries.first)
        #expect(bad.problem == "symbols: \"^GSPC\" cannot name a store key (letters, digits, '.', '-', '_')")
        let value = try #require(try await provider.timeline(for: StocksIntent(), in: Self.context()).entries.first)
        #expect(value.problem?.hasPrefix("stocks.AAPL: expected a price") == true)
        for family in StocksWidget().body._description.supportedFamilies {
            #expect(try Self.panel("stocks", value, family).joined().contains("⚠"), "\(family)")
        }
    }

    // MARK: - Reminders

    @Test func listsStoredBeforeDueDatesStillDecode() throws {
        let old = #"[{"id": 1, "text": "Milk", "done": true}, {"id": 2, "text": "Call Sam", "done": false}]"#
        let items = try JSONDecoder().decode([TodoItem].self, from: Data(old.utf8))
        #expect(items.map(\.due) == [nil, nil])
        let withDue = TodoItem(id: 3, text: "Rent", due: Self.now)
        let round = try JSONDecoder().decode(TodoItem.self, from: JSONEncoder().encode(withDue))
        #expect(round == withDue)
    }

    @Test func remindersHaveAnEntryAtEachDueMomentAndAtMidnight() async throws {
        var provider = RemindersProvider()
        provider.timeZone = Self.utc
        let items = RemindersEntry.sample
        provider.items = { items }
        let timeline = try await provider.timeline(in: Self.context())
        #expect(timeline.policy == .atEnd)
        let midnight = Date(timeIntervalSince1970: 1_795_305_600 + 86_400)
        // Now; Call Sam at 12:30; midnight; Dentist tomorrow at 08:15 (the passport is 5 days out).
        #expect(timeline.entries.map(\.date) == [Self.now, Date(timeIntervalSince1970: 1_795_350_600), midnight, midnight.addingTimeInterval(8.25 * 3600)])
        #expect(timeline.entries.map { $0.overdue.map(\.text) } == [["Pay rent"], ["Pay rent", "Call Sam"], ["Pay rent", "Call Sam"], ["Pay rent", "Call Sam", "Dentist"]])
        // Done items are not due; undated ones come last.
        #expect(timeline.entries[0].items.map(\.text) == ["Pay rent", "Call Sam", "Dentist", "Renew passport", "Water the plants"])
        #expect(timeline.entries[0].doneCount == 1)
        let medium = try Self.panel("reminders", timeline.entries[1], .systemMedium).joined(separator: "\n")
        #expect(medium.contains("2 overdue") && medium.contains("! 12:30") && medium.contains("Mon 08:15"), "\(medium)")
        // With nothing due the timeline still ends, at midnight, so it is asked again then.
        provider.items = { [] }
        let empty = try await provider.timeline(in: Self.context())
        #expect(empty.entries.map(\.date) == [Self.now, midnight])
        #expect(try Self.panel("reminders", empty.entries[0], .systemSmall).joined().contains("Nothing due"))
    }

    @Test func aLongListStaysWithinTheEntryCap() async throws {
        var provider = RemindersProvider()
        provider.timeZone = Self.utc
        let items = (1...100).map { TodoItem(id: $0, text: "Item \($0)", due: Self.now.addingTimeInterval(Double($0) * 600)) }
        provider.items = { items }
        let timeline = try await provider.timeline(in: Self.context())
        #expect(timeline.entries.count == RemindersProvider.maxEntries)
        #expect(timeline.entries.map(\.date) == timeline.entries.map(\.date).sorted())
    }

    // MARK: - Calendar

    static let ics = """
        BEGIN:VCALENDAR
        VERSION:2.0
        BEGIN:VEVENT
        UID:1
        SUMMARY:Brunch with Ana
        LOCATION:Café Lisboa
        DTSTART:20261122T103000Z
        DTEND:20261122T120000Z
        END:VEVENT
        BEGIN:VEVENT
        UID:2
        SUMMARY:Early run
        DTSTART:20261122T070000Z
        DTEND:20261122T080000Z
        END:VEVENT
        BEGIN:VEVENT
        UID:3
        SUMMARY:Stand-up
        DTSTART;TZID=Europe/Lisbon:20261123T093000
        DTEND;TZID=Europe/Lisbon:20261123T094500
        RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR
        END:VEVENT
        BEGIN:VEVENT
        UID:4
        SUMMARY:Sam's birthday
        DTSTART;VALUE=DATE:20261123
        END:VEVENT
        BEGIN:VEVENT
        SUMMARY:Broken
        DTSTART:yesterday
        END:VEVENT
        END:VCALENDAR
        """

    static func calendarProvider(_ dir: TempDirectory) -> CalendarProvider {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = Self.utc
        var provider = CalendarProvider(now: FixedClock(date: Self.now).now, calendar: utc)
        provider.configDirectory = dir.path
        return provider
    }

    @Test func calendarEntriesFallOnEventStartsEndsAndMidnights() async throws {
        let dir = try TempDirectory()
        try dir.write("calendar.ics", Self.ics)
        let timeline = try await Self.calendarProvider(dir).timeline(in: Self.context())
        #expect(timeline.policy == .atEnd)
        let midnight = Date(timeIntervalSince1970: 1_795_305_600)
        let at = { (day: Double, hour: Double) in midnight.addingTimeInterval(day * 86_400 + hour * 3600) }
        // Now (brunch under way); its end; tomorrow's midnight; stand-up start and end; the day after's midnight.
        #expect(timeline.entries.map(\.date) == [Self.now, at(0, 12), at(1, 0), at(1, 9.5), at(1, 9.75), at(2, 0)])
        let first = try #require(timeline.entries.first?.agenda)
        #expect(first.events.first?.title == "Brunch with Ana")
        #expect(!first.events.contains { $0.title == "Early run" })
        #expect(first.problems == ["line 30: DTSTART: expected a date such as 20261122 or 20261122T090000Z, found \"yesterday\" (event skipped)"])
        // Once the brunch is over it is gone; the list is a window over the day.
        #expect(timeline.entries[1].agenda?.events.first?.title == "Sam's birthday")
        // The week ahead: Monday, Wednesday and Friday stand-ups.
        #expect(first.events.filter { $0.title == "Stand-up" }.count == 3)
        let medium = try Self.panel("calendar", timeline.entries[0], .systemMedium).joined(separator: "\n")
        #expect(medium.contains("now   Brunch with Ana") && medium.contains("Tomorrow") && medium.contains("⚠ line 30"), "\(medium)")
    }

    @Test func calendarWithoutAFileIsTheMonthAndANamedFileThatIsMissingIsAnError() async throws {
        let dir = try TempDirectory()
        let plain = try await Self.calendarProvider(dir).timeline(in: Self.context())
        #expect(plain.entries.allSatisfy { $0.agenda == nil } && plain.entries.count == 3)
        let missing = try await Self.calendarProvider(dir).timeline(in: Self.context(.systemSmall, ["file": "work.ics"]))
        #expect(missing.entries.first?.agenda?.error == "\(dir.path)/work.ics: no such file")
        try dir.write("notes.ics", "hello\n")
        let wrong = try await Self.calendarProvider(dir).timeline(in: Self.context(.systemSmall, ["file": "notes.ics"]))
        #expect(wrong.entries.first?.agenda?.error == "notes.ics: line 1: expected BEGIN:VCALENDAR (not an iCalendar file)")
        for family in CalendarWidget().body._description.supportedFamilies {
            let entry = try #require(wrong.entries.first)
            #expect(try Self.panel("calendar", entry, family).joined().contains("⚠"), "\(family)")
        }
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular, .accessoryInline])
    func calendarEventsGolden(family: WidgetFamily) throws {
        let entry = CalendarEntry(date: Self.now, agenda: CalendarAgenda.sample)
        Golden.assertMatches(try Self.panel("calendar", entry, family), named: "calendar-events-\(family.shortName)")
        let empty = CalendarEntry(date: Self.now, agenda: CalendarAgenda(events: [], source: .file("/x/calendar.ics")))
        let text = try Self.panel("calendar", empty, family).joined()
        #expect(text.contains("no events") || text.contains("No events"), "\(family): \(text)")
    }
}
