import Foundation
import WidgetDash

/// A place a weather widget can show: one of the built-in cities.
public struct PlaceEntity: AppEntity {
    /// The city's slug: `london`, `new-york`.
    public let id: String

    public init(id: String) { self.id = id }

    public static let typeDisplayRepresentation: DisplayRepresentation = "Place"
    public static let defaultQuery = PlaceQuery()

    /// The city, or nil for a place the sample forecast does not know.
    var place: PlaceQuery.Place? { PlaceQuery.known[id] }

    /// The city's name ("New York"), or the id for an unknown place.
    public var name: String { place?.name ?? id }

    public var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: name, subtitle: place?.country) }
}

/// Finds places among the built-in cities, by name, country or id, ignoring case.
public struct PlaceQuery: EntityQuery {
    public init() {}

    /// A city and the climate its sample forecast is made from.
    struct Place: Sendable {
        let id: String
        let name: String
        let country: String
        let zone: String
        /// The yearly mean temperature and half its yearly swing, in °C.
        let mean: Double
        let swing: Double
        /// True south of the equator (summer in January).
        let south: Bool
        /// How wet it is, from 0 (desert) to 1.
        let wet: Double
    }

    static let places: [Place] = [
        Place(id: "london", name: "London", country: "United Kingdom", zone: "Europe/London", mean: 11.5, swing: 7, south: false, wet: 0.6),
        Place(id: "paris", name: "Paris", country: "France", zone: "Europe/Paris", mean: 12.5, swing: 8, south: false, wet: 0.5),
        Place(id: "berlin", name: "Berlin", country: "Germany", zone: "Europe/Berlin", mean: 10, swing: 10, south: false, wet: 0.5),
        Place(id: "new-york", name: "New York", country: "United States", zone: "America/New_York", mean: 13, swing: 12, south: false, wet: 0.45),
        Place(id: "san-francisco", name: "San Francisco", country: "United States", zone: "America/Los_Angeles", mean: 14.5, swing: 3.5, south: false, wet: 0.3),
        Place(id: "chicago", name: "Chicago", country: "United States", zone: "America/Chicago", mean: 10.5, swing: 14, south: false, wet: 0.45),
        Place(id: "tokyo", name: "Tokyo", country: "Japan", zone: "Asia/Tokyo", mean: 16, swing: 10, south: false, wet: 0.5),
        Place(id: "singapore", name: "Singapore", country: "Singapore", zone: "Asia/Singapore", mean: 27.5, swing: 1, south: false, wet: 0.8),
        Place(id: "dubai", name: "Dubai", country: "United Arab Emirates", zone: "Asia/Dubai", mean: 28, swing: 8, south: false, wet: 0.05),
        Place(id: "sydney", name: "Sydney", country: "Australia", zone: "Australia/Sydney", mean: 18, swing: 5, south: true, wet: 0.4),
        Place(id: "sao-paulo", name: "São Paulo", country: "Brazil", zone: "America/Sao_Paulo", mean: 20, swing: 3.5, south: true, wet: 0.55),
        Place(id: "reykjavik", name: "Reykjavik", country: "Iceland", zone: "Atlantic/Reykjavik", mean: 5, swing: 6, south: false, wet: 0.65),
    ]

    static let known: [String: Place] = Dictionary(uniqueKeysWithValues: places.map { ($0.id, $0) })

    public func entities(for identifiers: [String]) async throws -> [PlaceEntity] {
        identifiers.compactMap { Self.normalized($0) }.map(PlaceEntity.init(id:))
    }

    public func suggestedEntities() async throws -> [PlaceEntity] {
        Self.places.map { PlaceEntity(id: $0.id) }
    }

    public func entities(matching string: String) async throws -> [PlaceEntity] {
        let query = string.trimmingCharacters(in: .whitespaces)
        guard !query.isEmpty else { return try await suggestedEntities() }
        return Self.places
            .filter { [$0.id, $0.name, $0.country].contains { $0.localizedCaseInsensitiveContains(query) } }
            .map { PlaceEntity(id: $0.id) }
    }

    /// The known id a typed place stands for (" New York " is `new-york`); nil for an unknown one.
    static func normalized(_ text: String) -> String? {
        let id = text.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: " ", with: "-")
        if known[id] != nil { return id }
        return places.first { $0.name.compare(text.trimmingCharacters(in: .whitespaces), options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame }?.id
    }
}

/// A weather widget's one option: where.
public struct WeatherIntent: WidgetConfigurationIntent {
    public static let title = "Weather"
    @Parameter(title: "Place") public var place: PlaceEntity = PlaceEntity(id: "london")
    /// A forecast JSON file (``ForecastDocument``); empty: the store key `weather.forecast`,
    /// else `forecast.json` in the config directory, else the sample for `place`.
    @Parameter(title: "Forecast file") public var file: String = ""
    /// A city (`Tokyo`, looked up once with Open-Meteo's geocoding) or `lat,lon`: the live
    /// forecast from Open-Meteo; `[weather] location` in config.toml sets the default.
    @Parameter(title: "Location (a city or lat,lon)") public var location: String = ""
    /// `metric` or `imperial`; empty: the locale's (imperial in the United States).
    @Parameter(title: "Units (metric or imperial)") public var units: String = ""
    public init() {}
}

/// One hour at one place, with its forecast (nil for an unknown place or a problem).
public struct WeatherEntry: TimelineEntry, FeedEntry {
    public let date: Date
    public let place: PlaceEntity
    public let forecast: WeatherForecast?
    /// Where the forecast came from; `.sample` is labelled as such on screen.
    public var source: FeedSource = .sample
    /// When the forecast was made (from the document), for "updated 10:00".
    public var updated: Date?
    /// Why the configured forecast cannot be shown: the file, the field, what was expected.
    public var problem: String?
    /// For a live forecast kept after a failed fetch: why the latest fetch failed ("HTTP 503").
    public var stale: String?
    /// True when nothing is configured outside a preview: the panel says how to set a location.
    public var needsLocation = false
}

/// An entry now and one at each of the next six hours (each with that hour's forecast, so the
/// widget stays right between reloads), and a reload every hour.
///
/// The forecast is the `file=` parameter's, else the store key `weather.forecast`, else
/// `forecast.json` in the config directory, else the clearly labelled sample for `place`.
public struct WeatherProvider: AppIntentTimelineProvider {
    /// The store the `weather.forecast` key is read from (tests give their own).
    var store: WidgetSharedStore = .shared
    /// The directory a relative `file=` and the default `forecast.json` are in.
    var configDirectory: String? = nil
    /// Where live forecasts are fetched (tests give their own).
    var network: WidgetNetwork = .shared

    public init() {}

    /// How long until the provider is asked again.
    public static let refresh: TimeInterval = 3600
    /// The store key a script writes a forecast to.
    public static let storeKey = "weather.forecast"

    public func placeholder(in context: Context) -> WeatherEntry {
        entry(PlaceEntity(id: "london"), at: SampleData.date)
    }

    public func snapshot(for configuration: WeatherIntent, in context: Context) async -> WeatherEntry {
        if context.isPreview { return entry(configuration.place, at: context.date) }
        return (try? await timeline(for: configuration, in: context).entries.first) ?? entry(configuration.place, at: context.date)
    }

    public func timeline(for configuration: WeatherIntent, in context: Context) async throws -> Timeline<WeatherEntry> {
        let now = context.date
        let policy = TimelineReloadPolicy.after(now.addingTimeInterval(Self.refresh))
        let place = configuration.place
        let location = configuration.location.trimmingCharacters(in: .whitespaces)
        if !location.isEmpty, !context.isPreview {
            return await liveTimeline(location: location, units: configuration.units, place: place, now: now)
        }
        let loaded: (ForecastDocument, FeedSource)?
        do { loaded = try load(configuration) } catch let error {
            return Timeline(entries: [WeatherEntry(date: now, place: place, forecast: nil, problem: error.message)], policy: policy)
        }
        guard let (document, source) = loaded else {
            if !context.isPreview {
                return Timeline(entries: [WeatherEntry(date: now, place: place, forecast: nil, needsLocation: true)], policy: policy)
            }
            let nextHour = (now.timeIntervalSince1970 / 3600).rounded(.down) * 3600 + 3600
            let later = (0..<WeatherForecast.hoursAhead).map { Date(timeIntervalSince1970: nextHour + Double($0) * 3600) }
            return Timeline(entries: ([now] + later).map { entry(place, at: $0) }, policy: policy)
        }
        // An entry at each forecast hour ahead, each with the forecast as of that hour.
        let ahead = document.hours.map(\.date).filter { $0 > now }.prefix(WeatherForecast.hoursAhead)
        let entries = ([now] + ahead).map { date in
            let forecast = WeatherForecast(document: document, at: date)
            return WeatherEntry(date: date, place: place, forecast: forecast, source: source, updated: document.updated,
                                problem: forecast == nil ? Self.stale(document) : nil)
        }
        return Timeline(entries: entries, policy: policy)
    }

    /// The configured forecast and where it came from; nil when nothing is configured.
    func load(_ configuration: WeatherIntent) throws(FeedError) -> (ForecastDocument, FeedSource)? {
        let (path, named) = Feeds.file(named: configuration.file, default: "forecast.json", in: configDirectory)
        if !named, let stored = try Feeds.storeValue(Self.storeKey, store: store) {
            do { return (try ForecastDocument.decode(stored.value), .store(Self.storeKey)) } catch { throw error.at(Self.storeKey) }
        }
        if !named && !Feeds.exists(path) { return nil }
        let text = try Feeds.read(path)
        let name = (path as NSString).lastPathComponent
        do { return (try ForecastDocument.parse(text), .file(path)) } catch { throw error.at(name) }
    }

    static func stale(_ document: ForecastDocument) -> String {
        let day = DateWords.civil(fromDays: DateWords.localDay(of: document.end, in: document.timeZone))
        return "out of date: the forecast ended \(day.day) \(DateWords.shortMonth(day.month)) \(Feeds.clock(document.end, in: document.timeZone))"
    }

    func entry(_ place: PlaceEntity, at date: Date) -> WeatherEntry {
        WeatherEntry(date: date, place: place, forecast: WeatherForecast(placeID: place.id, at: date))
    }
}

/// The weather somewhere: now, the day's high and low, the next hours and days, live from
/// Open-Meteo for a `location`, or from a forecast file or the store; a clearly labelled
/// SAMPLE forecast only in previews and placeholders.
public struct WeatherWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "weather", intent: WeatherIntent.self, provider: WeatherProvider()) { entry in
            WeatherView(entry: entry)
        }
        .configurationDisplayName("Weather")
        .description("The weather now, the next hours and days: live from Open-Meteo for location= (a city or lat,lon), or from a forecast file or the store.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
        .layoutUnit(.cells)
    }
}

