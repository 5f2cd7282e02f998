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
    public init() {}
}

/// The sky in one hour, with the SF Symbol that shows it.
public enum WeatherCondition: String, CaseIterable, Hashable, Sendable {
    case clear, partlyCloudy, cloudy, fog, drizzle, rain, thunderstorm, snow

    /// The condition in words: "Partly cloudy".
    public var name: String {
        switch self {
        case .clear: "Clear"
        case .partlyCloudy: "Partly cloudy"
        case .cloudy: "Cloudy"
        case .fog: "Fog"
        case .drizzle: "Drizzle"
        case .rain: "Rain"
        case .thunderstorm: "Thunderstorms"
        case .snow: "Snow"
        }
    }

    /// The SF Symbol name, by day or by night.
    public func symbol(night: Bool) -> String {
        switch self {
        case .clear: night ? "moon.stars" : "sun.max"
        case .partlyCloudy: night ? "cloud" : "cloud.sun"
        case .cloudy: "cloud"
        case .fog: "cloud.fog"
        case .drizzle: "cloud.drizzle"
        case .rain: "cloud.rain"
        case .thunderstorm: "cloud.bolt"
        case .snow: "cloud.snow"
        }
    }
}

/// One hour of a SAMPLE forecast.
public struct WeatherHour: Hashable, Sendable {
    /// The start of the hour.
    public let date: Date
    /// The local hour, 0 to 23.
    public let hour: Int
    /// °C, whole degrees.
    public let temperature: Int
    public let condition: WeatherCondition
    public var isNight: Bool { hour < 7 || hour >= 19 }
    public var symbol: String { condition.symbol(night: isNight) }
}

/// A SAMPLE forecast for one place: made up, deterministic, never fetched.
///
/// There is no network, so the weather comes from the place's climate (a yearly mean and
/// swing), a seeded daily departure and a daily curve peaking mid-afternoon; the seed is the
/// place and the local day, so the same place and hour always give the same forecast.
public struct WeatherForecast: Hashable, Sendable {
    /// The hours shown after the current one.
    public static let hoursAhead = 6

    public let placeID: String
    /// The hour `date` falls in.
    public let now: WeatherHour
    /// The local day's highest and lowest temperatures.
    public let high: Int
    public let low: Int
    /// The next `hoursAhead` hours.
    public let hourly: [WeatherHour]

    init(placeID: String, now: WeatherHour, high: Int, low: Int, hourly: [WeatherHour]) {
        self.placeID = placeID
        self.now = now
        self.high = high
        self.low = low
        self.hourly = hourly
    }

    /// The forecast for `placeID` as of `date`; nil when the place is not one of the built-in ones.
    public init?(placeID: String, at date: Date) {
        guard let place = PlaceQuery.known[placeID] else { return nil }
        let zone = TimeZone(identifier: place.zone) ?? TimeZone(secondsFromGMT: 0) ?? .current
        let hourStart = Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 3600).rounded(.down) * 3600)
        let today = Self.hours(place, zone: zone, day: DateWords.localDay(of: hourStart, in: zone))
        let local = hourStart.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: hourStart))
        let hourOfDay = Int(local.truncatingRemainder(dividingBy: 86_400) / 3600 + 24) % 24
        var ahead: [WeatherHour] = []
        var day = DateWords.localDay(of: hourStart, in: zone)
        var hours = today
        var index = hourOfDay
        for _ in 0..<Self.hoursAhead {
            index += 1
            if index == 24 { index = 0; day += 1; hours = Self.hours(place, zone: zone, day: day) }
            ahead.append(hours[index])
        }
        self.placeID = place.id
        now = WeatherHour(date: hourStart, hour: hourOfDay, temperature: today[hourOfDay].temperature, condition: today[hourOfDay].condition)
        high = today.map(\.temperature).max() ?? now.temperature
        low = today.map(\.temperature).min() ?? now.temperature
        hourly = ahead.enumerated().map { i, h in
            WeatherHour(date: hourStart.addingTimeInterval(Double(i + 1) * 3600), hour: h.hour, temperature: h.temperature, condition: h.condition)
        }
    }

    /// What the next hours bring, in words: "Rain for the next 6 hours", "Cloudy from 15:00".
    public var outlook: String {
        guard let change = hourly.first(where: { $0.condition != now.condition }) else {
            return "\(now.condition.name) for the next \(hourly.count) hours"
        }
        return "\(change.condition.name) from \(DateWords.pad2(change.hour)):00"
    }

    /// The 24 hours of one local day (counted from 1970-01-01) at a place.
    static func hours(_ place: PlaceQuery.Place, zone: TimeZone, day: Int) -> [WeatherHour] {
        var random = SeededRandom(seed: SeededRandom.hash(place.id) ^ UInt64(truncatingIfNeeded: day &* 0x2545_F491))
        let civil = DateWords.civil(fromDays: day)
        let dayOfYear = Double(day - DateWords.daysFromCivil(year: civil.year, month: 1, day: 1))
        // Warmest around 20 July in the north, 20 January in the south.
        let peak = place.south ? 20.0 : 201.0
        let seasonal = place.mean + place.swing * cos(2 * Double.pi * (dayOfYear - peak) / 365.25)
        let departure = (random.unit() - 0.5) * 6
        let range = 2 + random.unit() * 3 * (1.2 - place.wet)
        // A day's sky: a main condition, which may change once, in the afternoon.
        let wetness = random.unit()
        let main = Self.condition(wetness: wetness, wet: place.wet, cold: seasonal + departure < 2)
        let later = Self.condition(wetness: random.unit(), wet: place.wet, cold: seasonal + departure < 2)
        let change = 12 + Int(random.unit() * 8)
        return (0..<24).map { hour in
            let curve = cos(2 * Double.pi * (Double(hour) - 15) / 24)
            let t = seasonal + departure + range * curve + (random.unit() - 0.5)
            let start = Date(timeIntervalSince1970: Double(day) * 86_400 + Double(hour) * 3600 - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(day) * 86_400))))
            return WeatherHour(date: start, hour: hour, temperature: Int(t.rounded()), condition: hour < change ? main : later)
        }
    }

    /// A condition from a random number and how wet the place is.
    static func condition(wetness: Double, wet: Double, cold: Bool) -> WeatherCondition {
        let x = wetness * (0.6 + wet)
        switch x {
        case ..<0.35: return .clear
        case ..<0.6: return .partlyCloudy
        case ..<0.8: return .cloudy
        case ..<0.88: return .fog
        case ..<1.0: return cold ? .snow : .drizzle
        case ..<1.3: return cold ? .snow : .rain
        default: return .thunderstorm
        }
    }
}

/// One hour at one place, with its forecast (nil for an unknown place or a problem).
public struct WeatherEntry: TimelineEntry {
    public let date: Date
    public let place: PlaceEntity
    public let forecast: WeatherForecast?
    /// Where the forecast came from; `.sample` is labelled as such on screen.
    public var source: FeedSource = .sample
    /// When the forecast was made (from the document), for "updated 10:00".
    public var updated: Date?
    /// Why the configured forecast cannot be shown: the file, the field, what was expected.
    public var problem: String?
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
        let loaded: (ForecastDocument, FeedSource)?
        do { loaded = try load(configuration) } catch let error {
            return Timeline(entries: [WeatherEntry(date: now, place: place, forecast: nil, problem: error.message)], policy: policy)
        }
        guard let (document, source) = loaded else {
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

/// The weather somewhere: now, the day's high and low, and the next hours, from a clearly
/// labelled SAMPLE forecast.
public struct WeatherWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "weather", intent: WeatherIntent.self, provider: WeatherProvider()) { entry in
            WeatherView(entry: entry)
        }
        .configurationDisplayName("Weather")
        .description("The weather now and the next hours, from a forecast file or the store (else a sample forecast); press e for the place or file.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    }
}

struct WeatherView: View {
    let entry: WeatherEntry

    @Environment(\.widgetFamily) private var family
    @Environment(\.timeZone) private var timeZone

    var body: some View {
        content.frame(maxWidth: .infinity, maxHeight: .infinity, alignment: family == .accessoryCircular ? .top : .topLeading)
    }

    @ViewBuilder
    private var content: some View {
        if let problem = entry.problem {
            FeedProblemView(title: "Weather", message: problem)
        } else if let forecast = entry.forecast {
            layout(forecast)
        } else if family == .accessoryInline {
            Text("Unknown place \(entry.place.id)")
        } else if family == .accessoryCircular {
            VStack(spacing: 0) {
                Text("Unknown")
                Text("place")
            }
        } else {
            VStack(alignment: .leading, spacing: 0) {
                Text("Unknown place").bold()
                Text(entry.place.id).foregroundStyle(.secondary)
                if family != .accessoryRectangular { Spacer(minLength: 0) }
                Text("press e to choose").foregroundStyle(.secondary)
            }
        }
    }

    @ViewBuilder
    private func layout(_ f: WeatherForecast) -> some View {
        let now = Image(systemName: f.now.symbol)
        let highLow = "H:\(f.high)° L:\(f.low)°"
        let sample = entry.source.isSample
        let name = sample ? entry.place.name : f.placeID
        switch family {
        case .accessoryInline:
            HStack(spacing: 1) {
                now
                Text("\(name) \(f.now.temperature)° \(highLow)\(sample ? " (sample)" : "")")
            }
        case .accessoryCircular:
            VStack(spacing: 0) {
                now
                Text("\(f.now.temperature)°").bold()
                Text("\(f.high)/\(f.low)").foregroundStyle(.secondary)
            }
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                HStack(spacing: 1) {
                    Text(name).bold()
                    now
                    Text("\(f.now.temperature)°")
                }
                Text(f.now.condition.name)
                Text(sample ? "\(highLow) sample" : highLow).foregroundStyle(.secondary)
            }
        case .systemMedium:
            VStack(alignment: .leading, spacing: 0) {
                HStack(spacing: 1) {
                    Text(name).bold()
                    Spacer(minLength: 0)
                    Text(sample ? "SAMPLE FORECAST" : updatedText).foregroundStyle(.tertiary)
                }
                HStack(spacing: 1) {
                    now
                    Text("\(f.now.temperature)°").font(.title)
                    Text(f.now.condition.name)
                    Spacer(minLength: 0)
                    Text(highLow).foregroundStyle(.secondary)
                }
                Text(f.outlook).foregroundStyle(.secondary)
                Spacer(minLength: 0)
                hours(f.hourly, columns: 6, width: 7, stacked: true)
            }
        default:
            VStack(alignment: .leading, spacing: 0) {
                Text(name).bold()
                HStack(spacing: 1) {
                    now
                    Text("\(f.now.temperature)°").font(.title)
                }
                Text(f.now.condition.name).foregroundStyle(.secondary)
                Text(highLow).foregroundStyle(.secondary)
                Spacer(minLength: 0)
                hours(f.hourly, columns: 3, width: 6)
                Text(sample ? "sample forecast" : updatedText).foregroundStyle(.tertiary)
            }
        }
    }

    /// "updated 10:00" when the forecast says when it was made, else where it came from.
    private var updatedText: String {
        guard let updated = entry.updated else { return entry.source.shortName }
        return "updated \(Feeds.clock(updated, in: timeZone))"
    }

    /// The next hours in columns: the hour, the sky, the temperature.
    /// With `stacked`, the sky and the temperature take a row each.
    private func hours(_ hours: [WeatherHour], columns: Int, width: Int, stacked: Bool = false) -> some View {
        HStack(spacing: 0) {
            ForEach(Array(hours.prefix(columns).enumerated()), id: \.offset) { _, hour in
                VStack(alignment: .leading, spacing: 0) {
                    Text(DateWords.pad2(hour.hour)).foregroundStyle(.secondary)
                    if stacked {
                        Image(systemName: hour.symbol)
                        Text("\(hour.temperature)°")
                    } else {
                        HStack(spacing: 1) {
                            Image(systemName: hour.symbol)
                            Text("\(hour.temperature)°")
                        }
                    }
                }
                .frame(width: Double(width), alignment: .leading)
            }
        }
    }
}
